"""Hostile file names never inject a line or a raw control character into any output.

A file name is chosen by the author of the change: a line break in it could
forge a line of the report, a ``::error`` workflow command in a GitHub log or
a header in ``--diff`` output; an escape sequence could clear the terminal.
Every format writes names through reuse_audit/escape.py.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_support import BASE, copy_module, write_tree
from fuzz_support import check_cli, run_main
from reuse_audit.source.patch import parse_patch
from reuse_audit.escape import for_terminal, git_quote
from violation_support import finding as make_finding

HOSTILE = ["\n", "\r", "\t", "\x1b", "\x07", "\x7f", "\x85", "\x9b", "\u2028", "\u202e", '"', "'", "\\", " ", ":", ",", "%", "\udcff", "\udc80", "é"]
NAMES = st.lists(st.sampled_from(HOSTILE) | st.sampled_from(list("abcxyz_")), min_size=1, max_size=12).map("".join)
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _added_patch(path: str, text: str) -> bytes:
    lines = text.splitlines(keepends=True)
    a, b = git_quote(path, "a/"), git_quote(path, "b/")
    head = f"diff --git {a} {b}\nnew file mode 100644\n--- /dev/null\n+++ {b}\n@@ -0,0 +1,{len(lines)} @@\n"
    return (head + "".join("+" + line for line in lines)).encode("utf-8", "surrogateescape")


def _outputs(tmp_path, path: str) -> dict[str, tuple[int, str, str]]:
    repo = tmp_path / "repo"
    if not repo.exists():
        write_tree(repo, BASE)
    patch = tmp_path / "change.patch"
    patch.write_bytes(_added_patch(path, copy_module()))
    runs = {}
    for fmt in ("text", "json", "sarif", "github"):
        runs[fmt] = run_main(["check", str(patch), "--repo", str(repo), "--no-cache", "-j", "1", "--format", fmt])
    runs["diff"] = run_main(["check", str(patch), "--repo", str(repo), "--no-cache", "-j", "1", "--diff", "--unsafe-fixes"])
    return runs


def _strings(value) -> set:
    if isinstance(value, str):
        return {value}
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return set().union(*(_strings(v) for v in items)) if items else set()


def _check_outputs(path: str, runs) -> None:
    for fmt, (code, out, err) in runs.items():
        if fmt != "diff":  # --diff ends with its summary line on stderr
            check_cli(code, out, err)
        assert code == 1, (fmt, out, err)
        for stream in (out, err):
            assert not RAW_CONTROL.search(stream), (fmt, stream)
            assert "\r" not in stream
    text_lines = runs["text"][1].splitlines()
    assert text_lines[0].startswith(for_terminal(f"{path}:"))
    # the finding, its detail, the summary, the fixes line: no forged line
    assert len(text_lines) == 4 and text_lines[2].startswith("Found 1 finding"), text_lines
    github = runs["github"][1].splitlines()
    assert len(github) == 2 and github[0].startswith("::warning file=") and not github[1].startswith("::")
    assert path in _strings(json.loads(runs["json"][1]))  # the exact name, escaped by JSON
    json.loads(runs["sarif"][1])  # SARIF's artifact URIs are percent-encoded
    diff = runs["diff"][1]
    assert diff.startswith("diff --git "), runs["diff"]
    # every line is a diff line; the file names read back as the very path
    files = parse_patch(diff).files
    assert [f.new_path for f in files] == [path]
    assert all(re.match(r"(diff --git |--- |\+\+\+ |@@ |[ +\-\\]|index )", line) for line in diff.splitlines())


# REUSE_AUDIT_HYPOTHESIS_EXAMPLES=2000 searches longer (by hand, not in CI), as in test_fuzz.py
@settings(
    max_examples=int(os.environ.get("REUSE_AUDIT_HYPOTHESIS_EXAMPLES", "0") or 0) or 40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(name=NAMES)
def test_hostile_file_names_stay_inside_their_field_in_every_format(tmp_path_factory, name):
    tmp_path = tmp_path_factory.mktemp("names")
    path = f"pkg/{name}.py"
    _check_outputs(path, _outputs(tmp_path, path))


@pytest.mark.parametrize(
    "path",
    [
        "pkg/x\n::error file=a.py::injected\ny.py",  # the issue's --diff / workflow command injection
        "pkg/x\x1b[2J\x1b[H\x1b[8m.py",  # clears the terminal and hides what follows
        "pkg/caf\udcff \"q\".py",
    ],
)
def test_reported_hostile_names(tmp_path, path):
    _check_outputs(path, _outputs(tmp_path, path))


def test_git_quote_matches_git():
    assert git_quote("pkg/ok.py", "a/") == "a/pkg/ok.py"
    assert git_quote('x"y\\z\n.py', "b/") == '"b/x\\"y\\\\z\\n.py"'
    assert git_quote("caf\xe9\udcff.py") == '"caf\\303\\251\\377.py"'


def test_for_terminal_keeps_ordinary_names():
    assert for_terminal("pkg/café x\\y.py") == "pkg/café x\\y.py"
    assert for_terminal("a\x1b[2Jb\n") == "a\\x1b[2Jb\\n"


def test_colour_survives_escaping_and_a_name_cannot_forge_it(tmp_path):
    """--color always: the colours are written, and an escape sequence in a name is still
    shown escaped (colours come from placeholders whose nonce no name can spell)."""
    from reuse_audit.lint.model import Finding, Report
    from reuse_audit.facts.model import Location
    from reuse_audit.report import RenderContext
    from reuse_audit.report.text import render

    hostile = "pkg/\x1b[2J\ue000x.py"
    finding = make_finding(rule="RA001", location=Location(hostile, 1, 0), function="pkg.f", message="'f' re-implements 'g'",
                      target="pkg.g", target_location=Location("pkg/g.py", 2, 0))
    ctx = RenderContext(rules=(), version="0", source=lambda path: None, color=True)
    out = render(Report(findings=(finding,)), ctx)
    assert "\x1b[2J" not in out and "\\x1b[2J" in out
    assert "\x1b[1m" in out and "\x1b[0m" in out  # the path is bold, the colours survived
