"""`reuse-audit bench verify`: every turn of a chain proven honest, failures named."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

import yaml

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.verify import NO_QUIRK, render_table, verify

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


@pytest.fixture
def chain_dir(tmp_path):
    folder = tmp_path / "click-mini"
    shutil.copytree(FIXTURE, folder)
    shutil.copytree(Path(click.__file__).parent, folder / "click-src" / "click",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_honest_turns_pass_and_a_turn_without_reinvent_fails(chain_dir, tmp_path):
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    by_turn = {c.turn: c for c in checks}
    assert by_turn[1].ok and by_turn[2].ok, render_table(checks)
    assert by_turn[1].tests == "6/6" and by_turn[1].missing == "0/6" and by_turn[1].empty == "0/6"
    assert by_turn[1].reinvent == "6/6 Cdup: click.utils.format_filename RA001: click.utils.format_filename"
    assert by_turn[2].unjudged == ("click_tools.names.display_name",)
    assert by_turn[3].failures == ["no re-inventing solution"]
    # click-mini is a smoke chain: what would fail a study chain is a warning
    assert by_turn[1].warnings[:2] == ["chain: 3 turn(s); the study's chains have 5",
                                       "chain: no provenance (provenance: {method: authored, author: ..., date: ...})"]
    assert by_turn[2].leaks and all(w.startswith("leak: ") or w.startswith("no docs-only") for w in by_turn[2].warnings)
    table = render_table(checks)
    assert "Warnings (level smoke: these would fail a chain at level study):" in table
    assert "click-mini turn 2: leak: the signatures[0] names app_name" in table


DOCS_ONLY = """import os


def display_name(path, shorten=False):
    # from click's docs: "replacing any invalid bytes or surrogate escapes with the replacement character"
    text = os.fsdecode(path)
    if shorten:
        text = os.path.basename(text)
    return text.encode("utf-8", "replace").decode("utf-8")
"""


def study_chain(chain_dir: Path, turns: int, docs_only: dict[int, str], level: str = "study", **top) -> Path:
    """click-mini cut to its first ``turns`` turns at ``level``, with these docs-only solutions."""
    file = chain_dir / "chain.yaml"
    data = yaml.safe_load(file.read_text())
    data["level"] = level
    data["turns"] = data["turns"][:turns]
    for number, source in docs_only.items():
        (chain_dir / f"turn{number}" / "docs_only.py").write_text(source)
        data["turns"][number - 1]["docs_only"] = f"turn{number}/docs_only.py"
    data.update(top)
    file.write_text(yaml.safe_dump(data, sort_keys=False))
    return chain_dir


def test_study_level_fails_leaks_a_docs_only_solution_without_a_quirk_and_the_chain_shape(chain_dir, tmp_path):
    reinvent = (chain_dir / "turn1" / "reinvent.py").read_text()
    study_chain(chain_dir, 2, {1: reinvent, 2: "def config_path(app_name, filename):\n    raise NotImplementedError\n"})
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    first, second = checks
    assert first.failures == [
        "chain: 2 turn(s); the study's chains have 5",
        "chain: no provenance (provenance: {method: authored, author: ..., date: ...})",
        f"the docs-only solution passes every test the reference passes: {NO_QUIRK}",
    ], render_table(checks)
    assert first.docs_only == "6/6"
    assert second.failures == [
        "leak: the requirement names app_name, an identifier of the source of target click.utils.get_app_dir",
        "leak: the signatures[0] names app_name, an identifier of the source of target click.utils.get_app_dir",
        "the docs-only solution passes no test: it is no attempt from the docs "
        "(write what the documentation says, so that only the quirks fail)",
    ], render_table(checks)
    assert not first.warnings and not second.warnings


def test_a_docs_only_solution_that_misses_the_quirks_passes_the_filter(chain_dir, tmp_path):
    provenance = {"method": "authored", "author": "ann", "reviewed_by": ["bob"], "date": "2026-01-02"}
    study_chain(chain_dir, 1, {1: DOCS_ONLY}, provenance=provenance)
    (check,) = verify([load_chain(chain_dir)], tmp_path / "work")
    assert check.failures == ["chain: 1 turn(s); the study's chains have 5"], render_table([check])
    assert check.docs_only == "4/6 fails: test_invalid_bytes_are_replaced, test_surrogate_escape_becomes_replacement_character"


def test_a_study_turn_without_docs_only_fails(chain_dir, tmp_path):
    study_chain(chain_dir, 1, {})
    (check,) = verify([load_chain(chain_dir)], tmp_path / "work")
    assert "no docs-only solution (docs_only): nothing shows that the turn has a quirk worth reading the source for" in check.failures


def test_a_reinvent_that_also_calls_its_target_gives_no_cdup_and_fails(chain_dir, tmp_path):
    # RA001 sees the copy in display_name, but the variant calls format_filename elsewhere:
    # RA002 counts the target reused, and bench run -O reinvent_turns=1 would show no Cdup
    reinvent = chain_dir / "turn1" / "reinvent.py"
    reinvent.write_text(reinvent.read_text() + "\n\nfrom click.utils import format_filename\n\n\n"
                        "def short_name(path):\n    return format_filename(path, shorten=True)\n")
    study_chain(chain_dir, 1, {1: DOCS_ONLY}, level="smoke")
    (check,) = verify([load_chain(chain_dir)], tmp_path / "work")
    assert check.reinvent == "6/6 Cdup: none RA001: click.utils.format_filename"
    assert check.failures == [
        "RA002 reports no declared target reimplemented in the re-inventing solution: bench run -O reinvent_turns=1 "
        "would show no Cdup at this turn (RA001 names click.utils.format_filename, which bench run does not count)"
    ]


def test_reference_that_does_not_call_its_target_fails(chain_dir, tmp_path):
    (chain_dir / "turn1" / "solution.py").write_text((chain_dir / "turn1" / "reinvent.py").read_text())
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    # issue 14: the failure names RA002's status of the target
    assert "reference: target click.utils.format_filename is not called (reimplemented)" in checks[0].failures


def test_reinvent_that_fails_tests_is_reported(chain_dir, tmp_path):
    (chain_dir / "turn1" / "reinvent.py").write_text("def display_name(path, shorten=False):\n    return str(path)\n")
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    failures = checks[0].failures
    assert any(f.startswith("re-inventing solution fails") for f in failures)
    assert ("RA002 reports no declared target reimplemented in the re-inventing solution: "
            "bench run -O reinvent_turns=1 would show no Cdup at this turn") in failures


def test_cli_prints_a_table_and_exits_1_naming_chain_turn_and_reason(chain_dir):
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "verify", str(chain_dir)], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    line = next(l for l in proc.stdout.splitlines() if l.startswith("click-mini  3"))
    assert "FAIL: no re-inventing solution" in line
    assert "1 turn(s) FAILED." in proc.stdout


def test_cli_broken_chain_file_is_a_one_line_error(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "chain.yaml").write_text("id: bad\nsource: {kind: path}\nturns: []\n")
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "verify", str(folder)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("reuse-audit: error: ") and "chain.yaml" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
