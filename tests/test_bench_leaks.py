"""`bench verify`'s leak check: a requirement or signature must not give a repository target away
(benchmark/leaks.py; issue 26, point 3)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.leaks import TargetText, chain_leaks, code_shaped, literal_pieces, source_words, turn_leaks
from reuse_audit.benchmark.model import Target, Turn

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")

SOURCE = '''
def convert_value(value, value_serializer=None, filter=None):
    """Convert a value. This docstring says: documented behaviour here."""
    if value_serializer is not None:
        value = value_serializer(value)
    if os.path.isdir(value):
        pass
    raise ValueError(f"{value!r} is not one of {choices}.")
    raise ValueError("parameter")
'''


def target(name="pkg.tz._impl.convert_value", canonical=None, kind="function", source=SOURCE) -> TargetText:
    identifiers, literals = source_words(source)
    return TargetText(name, canonical or name, kind, identifiers, literals)


def turn(requirement: str, *signatures: str) -> Turn:
    return Turn(1, requirement, "tools/mod.py", "tools.mod", signatures or ("def run(text: str, tz=None) -> str",),
                Path("t.py"), Path("s.py"), (Target("pkg.tz._impl.convert_value", "repo"),))


def leaks(requirement: str, *signatures: str, targets=None, earlier=()) -> list[tuple[str, str, str]]:
    found = turn_leaks(turn(requirement, *signatures), targets or [target()], "pkg", earlier)
    return sorted((l.kind, l.text, l.where) for l in found)


def test_code_shape():
    assert code_shaped("value_serializer") and code_shaped("_parser") and code_shaped("BadParameter")
    assert code_shaped("utf8") and code_shaped("NOTHING")
    assert not code_shaped("value") and not code_shaped("Choice") and not code_shaped("windowed")


def test_a_plain_requirement_over_the_package_does_not_leak():
    assert leaks("Convert the text the way pkg converts a value, rendering values with a hook.") == []


def test_qualified_names_of_the_target_or_its_module_leak():
    assert leaks("Use `pkg.tz` for it.") == [("qualified", "pkg.tz", "requirement")]
    assert leaks("x", "def run(text) -> pkg.tz._impl.Thing") == [("qualified", "pkg.tz._impl.Thing", "signatures[0]")]
    assert leaks("see _impl.convert_value") == [("qualified", "_impl.convert_value", "requirement")]


def test_the_target_name_leaks_when_code_shaped_anywhere_and_a_plain_one_only_as_code():
    assert leaks("it calls convert_value internally") == [("target", "convert_value", "requirement")]
    plain = [target("pkg.more.windowed", source="def windowed(seq, n):\n    return seq\n")]
    assert leaks("a windowed view of the sequence", targets=plain) == []
    assert leaks("like `windowed` does", targets=plain) == [("target", "windowed", "requirement")]
    assert leaks("call windowed(seq, 3)", targets=plain) == [("target", "windowed", "requirement")]
    assert leaks("x", "def windowed(seq)", targets=plain) == [("target", "windowed", "signatures[0]")]


def test_a_parameter_named_like_a_module_part_is_no_leak():
    # module part `tz` of pkg.tz._impl: the turn's own parameter `tz`, in backticks or not
    assert leaks("`tz` is the zone; tz may be None.") == []
    assert leaks("use `tz` here", "def run(text)") == [("target", "tz", "requirement")]


def test_a_method_target_names_its_class():
    method = [target("pkg.types.Choice.convert", kind="method", source="def convert(self, value):\n    return value\n")]
    assert leaks("build a `Choice` of the options", targets=method) == [("target", "Choice", "requirement")]
    assert leaks("a choice of the options", targets=method) == []


def test_distinctive_identifiers_of_the_source_leak_and_common_ones_do_not():
    assert leaks("with a `value_serializer` hook") == [("identifier", "value_serializer", "requirement")]
    assert leaks("x", "def run(value, value_serializer=None)") == [("identifier", "value_serializer", "signatures[0]")]
    # plain words (value, filter) and common Python names (isdir) are everybody's
    assert leaks("the `value`, a `filter`, isdir") == []


def test_distinctive_literals_leak_but_not_one_plain_word_or_the_docstring():
    assert leaks("Fail with the message 'X is not one of A, B.'") == [("literal", "is not one of", "requirement")]
    assert leaks("the parameter is missing; documented behaviour here") == []
    assert literal_pieces("{value!r} is not one of {choices}.") == ["is not one of"]
    assert literal_pieces("%(name)s: no such option") == [": no such option"]


def test_names_of_earlier_turns_are_allowed():
    # a self target may be named: its module parts and function name are the agent's own
    own = [target(source="def convert_value(x):\n    return display_name(x)\n")]
    assert leaks("build on display_name", targets=own) == [("identifier", "display_name", "requirement")]
    assert leaks("build on display_name", targets=own, earlier=["tools.names.display_name"]) == []


@pytest.fixture
def chain_dir(tmp_path):
    folder = tmp_path / "click-mini"
    shutil.copytree(FIXTURE, folder)
    shutil.copytree(Path(click.__file__).parent, folder / "click-src" / "click", ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_chain_leaks_reads_the_targets_source_from_the_chain(chain_dir):
    found = chain_leaks(load_chain(chain_dir))
    assert found[1] == [] and found[3] == []
    # turn 2's signature keeps get_app_dir's own parameter name
    assert {(l.kind, l.text, l.target) for l in found[2]} == {("identifier", "app_name", "click.utils.get_app_dir")}


def test_cli_leaks_fails_a_study_chain_and_warns_for_a_smoke_one(chain_dir):
    file = chain_dir / "chain.yaml"
    file.write_text(file.read_text().replace("level: smoke\n", "level: study\n"))
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "verify", str(chain_dir), "--leaks"], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert "click-mini turn 2: FAIL: leak: the signatures[0] names app_name, an identifier of the source of target click.utils.get_app_dir" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "1 chain(s), 3 turn(s): 1 turn(s) leak."
    file.write_text(file.read_text().replace("level: study\n", "level: smoke\n"))
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "verify", str(chain_dir), "--leaks"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "click-mini turn 2: warning: leak:" in proc.stdout
