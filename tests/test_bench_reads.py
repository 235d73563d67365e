"""reuse_audit/app/reads/shell.py: shell commands and their outputs -> (file, line range) reads.

Each row of the table is run for real (bash, in a small workspace) so that the
output is the one an agent would see; the reads are computed with that
output and, where the command alone decides, without it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reuse_audit.app.reads.model import Read
from reuse_audit.app.reads.shell import (
    file_reader,
    merge_reads,
    parse_shell,
    parse_shown,
    reads_from_command,
    split_lines,
    workspace_path,
)

MOD_LINES = [f"def f{i}(x):" if i % 5 == 1 else f"    return x + {i}  # line {i}" for i in range(1, 61)]
OTHER_LINES = [f"value_{i} = {i} * 2  # other {i}" for i in range(1, 31)]
BIG_LINES = [f"big_{i:04d} = compute({i}, 'a fairly long line of text to fill the file')" for i in range(1, 601)]


@pytest.fixture(scope="module")
def ws(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("reads")
    ws = root / "ws"
    (ws / "src" / "pkg").mkdir(parents=True)
    (ws / "src" / "pkg" / "mod.py").write_text("\n".join(MOD_LINES) + "\n")
    (ws / "src" / "pkg" / "__init__.py").write_text("from .mod import f1\n__all__ = ['f1']\n")
    (ws / "other.py").write_text("\n".join(OTHER_LINES) + "\n")
    (ws / "notes.txt").write_text("first note line here\nsecond note line here\n")
    (ws / "big.py").write_text("\n".join(BIG_LINES) + "\n")
    site = root / "venv" / "lib" / "python3.11" / "site-packages" / "pkg"
    site.mkdir(parents=True)
    (site / "mod.py").write_text("\n".join(MOD_LINES) + "\n")
    return ws


def roots(ws: Path) -> list[Path]:
    return [ws / "src", ws]


def run(ws: Path, command: str) -> str:
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = str(ws / "src")
    proc = subprocess.run(
        command, shell=True, executable="/bin/bash", cwd=ws, env=env, capture_output=True, text=True, errors="replace", timeout=30
    )
    return proc.stdout + proc.stderr


def reads(ws: Path, command: str, output, read_file=None, cwd=None):
    return reads_from_command(command, output, cwd or ws, ws, roots(ws), read_file or file_reader())


O = "other.py"
M = "src/pkg/mod.py"
INIT = "src/pkg/__init__.py"

# command, expected reads ((path, start, end), ...), also expected without output?
TABLE = [
    ("cat other.py", [(O, 1, 30)], True),
    ("cat -n other.py", [(O, 1, 30)], True),
    ("cat other.py src/pkg/__init__.py", [(O, 1, 30), (INIT, 1, 2)], True),
    ("cat 'other.py'", [(O, 1, 30)], True),
    ('cat "src/pkg/__init__.py"', [(INIT, 1, 2)], True),
    ("cat src/pkg/*.py", [(INIT, 1, 2), (M, 1, 60)], True),
    ("cat src/pkg/{__init__,mod}.py", [(INIT, 1, 2), (M, 1, 60)], True),
    ("head -n 5 other.py", [(O, 1, 5)], True),
    ("head -5 other.py", [(O, 1, 5)], True),
    ("head other.py", [(O, 1, 10)], True),
    ("head -n -25 other.py", [(O, 1, 5)], True),
    ("head -n 2 other.py notes.txt", [(O, 1, 2), ("notes.txt", 1, 2)], True),
    ("tail -n 3 other.py", [(O, 28, 30)], True),
    ("tail -3 other.py", [(O, 28, 30)], True),
    ("tail -n +28 other.py", [(O, 28, 30)], True),
    ("tail other.py", [(O, 21, 30)], True),
    ("sed -n '10,20p' other.py", [(O, 10, 20)], True),
    ("sed -n 10,+2p other.py", [(O, 10, 12)], True),
    ("sed -n -e 1,2p -e 5p other.py", [(O, 1, 2), (O, 5, 5)], True),
    ("sed -n '1,2p;5p' other.py", [(O, 1, 2), (O, 5, 5)], True),
    ("sed -n '25,$p' other.py", [(O, 25, 30)], True),
    ("sed -n 3p other.py", [(O, 3, 3)], True),
    ("sed 5q other.py", [(O, 1, 5)], True),
    ("sed -n '/def f6(/,/def f11(/p' src/pkg/mod.py", [(M, 6, 11)], True),
    ("sed -n '/^def f16(/,/^def /p' src/pkg/mod.py", [(M, 16, 21)], True),
    ("nl other.py", [(O, 1, 30)], True),
    ("nl -ba other.py | sed -n '10,12p'", [(O, 10, 12)], True),
    ("cat -n src/pkg/mod.py | sed -n '40,42p'", [(M, 40, 42)], True),
    ("grep -n 'value_1[0-9] ' other.py", [(O, 10, 19)], True),
    ("grep 'value_1[0-9] ' other.py", [(O, 10, 19)], True),
    ("grep -E 'value_(3|7) ' other.py", [(O, 3, 3), (O, 7, 7)], True),
    ("grep -rn 'def f1\\b' src", [(M, 1, 1)], True),
    ("grep -rn --include='*.py' 'return x + 33 ' .", [(M, 33, 33)], True),
    ("grep -n -A2 'def f6(' src/pkg/mod.py", [(M, 6, 8)], True),
    ("grep -n -B 1 -A 1 'line 30$' src/pkg/mod.py", [(M, 29, 31)], True),
    ("grep -in 'VALUE_5 ' other.py", [(O, 5, 5)], True),
    ("grep -n value_3 other.py src/pkg/mod.py", [(O, 3, 3), (O, 30, 30)], True),
    ("grep -c value other.py", [], True),
    ("grep -l value other.py", [], True),
    ("awk 'NR>=3 && NR<=4' other.py", [(O, 3, 4)], True),
    ("awk 'NR==7' other.py", [(O, 7, 7)], True),
    ("awk 'NR>=2 && NR<=3 {print NR\": \"$0}' other.py", [(O, 2, 3)], True),
    ("cd src && cat pkg/__init__.py", [(INIT, 1, 2)], True),
    ("cd src/pkg; sed -n 1,3p ../../other.py", [(O, 1, 3)], True),
    ("cat other.py | head -3", [(O, 1, 3)], True),
    ("cat other.py | head -n 50", [(O, 1, 30)], True),
    ("head -20 other.py | tail -5", [(O, 16, 20)], True),
    ("cat other.py | grep -n 'value_2[0-9] '", [(O, 20, 29)], True),
    ("grep -n 'def ' src/pkg/mod.py | head -3", [(M, 1, 1), (M, 6, 6), (M, 11, 11)], True),
    ("sed -n '2,4p' other.py && sed -n '8p' other.py", [(O, 2, 4), (O, 8, 8)], True),
    ("echo hi; cat notes.txt", [("notes.txt", 1, 2)], True),
    ("timeout 5 cat notes.txt", [("notes.txt", 1, 2)], True),
    ("less other.py", [(O, 1, 30)], True),
    ("more notes.txt", [("notes.txt", 1, 2)], True),
    ("head -n 3 < other.py", [(O, 1, 3)], True),
    ("cat other.py | tee /dev/null | sed -n 4p", [(O, 4, 4)], True),
    ("python -c \"print(open('other.py').read())\"", [(O, 1, 30)], True),
    ("python3 -c \"print(open('other.py').read()[:60])\"", [(O, 1, 2)], None),
    ("python3 - <<'EOF'\nwith open('notes.txt') as f:\n    print(f.read())\nEOF", [("notes.txt", 1, 2)], True),
    ("cd src && python -c 'import inspect, pkg.mod as m; print(inspect.getsource(m.f6))'", [(M, 6, 10)], False),
    ("python -c 'import inspect; from pkg.mod import f11; print(inspect.getsource(f11))'", [(M, 11, 15)], False),
    ("cat $(python -c 'import pkg; print(pkg.__file__)')", [(INIT, 1, 2)], True),
    ("find src -name '*.py' | xargs grep -n 'return x + 33 '", [(M, 33, 33)], False),
    ("bash -c 'cd src && cat pkg/__init__.py'", [(INIT, 1, 2)], True),
    ("sh -c \"sed -n '3,4p' other.py\" | cat", [(O, 3, 4)], True),
    ("find src -name '__init__.py' -exec cat {} \\;", [(INIT, 1, 2)], False),
    ("find . -path './src/*' -name 'mod.py' -exec sed -n '2,3p' {} +", [(M, 2, 3)], False),
    ("find . -name '*.py' | sort", [], True),
    ("cat -A notes.txt", [("notes.txt", 1, 2)], True),
    ("sed -i 's/x/y/' /dev/null && echo done", [], True),
    ("cat other.py > /tmp/reads-test-copy.txt", [], True),
    ("cat <<'EOF' > new_module.py\ndef g():\n    return 1\nEOF", [], True),
    ("ls && wc -l other.py", [], True),
    ("python -c 'import pkg; print(pkg.f1(1))'", [], True),
    ("cat missing.py", [], True),
    ("cd nowhere && cat other.py", [], None),  # cat never ran: only the output tells
    ("# just a comment", [], True),
]


@pytest.mark.parametrize("command,expected,without_output", TABLE, ids=[row[0][:60] for row in TABLE])
def test_command_table(ws, command, expected, without_output):
    output = run(ws, command)
    want = list(merge_reads(Read(*row) for row in expected))
    assert reads(ws, command, output) == want, output[:500]
    if without_output is True:
        assert reads(ws, command, None) == want
    elif without_output is False:
        assert reads(ws, command, None) == []


def test_site_packages_path_maps_to_the_workspace(ws):
    site_file = ws.parent / "venv" / "lib" / "python3.11" / "site-packages" / "pkg" / "mod.py"
    command = f"sed -n 3,4p {site_file}"
    assert reads(ws, command, run(ws, command)) == [Read(M, 3, 4)]
    assert workspace_path(str(site_file), ws, ws, roots(ws), lambda p: p.is_file()) == M
    # a path outside the workspace with no workspace counterpart is no read
    assert workspace_path("/usr/lib/python3/dist-packages/nothere/x.py", ws, ws, roots(ws), lambda p: p.is_file()) is None
    assert workspace_path("../elsewhere.py", ws, ws, roots(ws)) is None
    assert workspace_path("src/./pkg/../pkg/mod.py", ws, ws) == M


def test_relative_paths_resolve_against_the_cwd(ws):
    command = "sed -n 1,2p ../other.py"
    assert reads(ws, command, run(ws / "src", command), cwd=ws / "src") == [Read(O, 1, 2)]


@pytest.mark.parametrize("command", ["grep -² 'value_3 ' other.py", "sed -n ²p other.py", "bat -r ² other.py"])
def test_a_digit_that_is_no_decimal_digit_is_no_number(ws, command):
    """``"²".isdigit()`` is true but ``\\d`` and ``int()`` refuse it: such an option or sed
    address is not a count or a line number (it raised), and the tool's error shows no line."""
    assert reads(ws, command, run(ws, command)) == []
    reads(ws, command, None)  # the command alone: no exception


# ---------------------------------------------------------------------------
# truncated outputs
# ---------------------------------------------------------------------------


def mini_textbased(raw: str) -> str:
    """An observation as mini-swe-agent's mini_textbased.yaml renders a long output."""
    return (
        "<returncode>0</returncode>\n<warning>\nThe output of your last command was too long.\n</warning>"
        f"<output_head>\n{raw[:5000]}\n</output_head>\n<elided_chars>\n{len(raw) - 10000} characters elided\n"
        f"</elided_chars>\n<output_tail>\n{raw[-5000:]}\n</output_tail>"
    )


def mini_json(raw: str) -> str:
    """The same, as mini.yaml (tool calls) renders it."""
    return json.dumps(
        {"returncode": 0, "output_head": raw[:5000], "output_tail": raw[-5000:], "elided_chars": len(raw) - 10000,
         "warning": "Output too long."},
        indent=2,
    )


def shown_counts(raw: str) -> tuple[int, int]:
    """Complete lines at the start of the head and at the end of the tail."""
    head, tail = raw[:5000], raw[-5000:]
    return head.count("\n"), tail.count("\n") - 1  # the tail's first line is cut


@pytest.mark.parametrize("render", [mini_textbased, mini_json])
def test_truncated_cat_counts_only_the_shown_lines(ws, render):
    raw = run(ws, "cat big.py")
    assert len(raw) > 10000
    first, last = shown_counts(raw)
    observation = render(raw)
    assert parse_shown(observation).truncated
    got = reads(ws, "cat big.py", observation)
    assert got == [Read("big.py", 1, first), Read("big.py", 600 - last + 1, 600)]
    assert first < 100 and last < 100  # the middle of the file was never shown


def test_truncated_pipeline_and_a_block_in_the_elided_middle(ws):
    command = "head -n 300 big.py; sed -n '2p' other.py; tail -n 100 big.py"
    raw = run(ws, command)
    observation = mini_textbased(raw)
    first, last = shown_counts(raw)
    got = reads(ws, command, observation)
    # other.py line 2 was printed in the elided middle: not seen
    assert got == [Read("big.py", 1, first), Read("big.py", 600 - last + 1, 600)]


def test_truncated_nl_output_matches_through_the_line_numbers(ws):
    raw = run(ws, "nl -ba big.py")
    first, _ = shown_counts(raw)
    got = reads(ws, "nl -ba big.py", mini_textbased(raw))
    assert got[0] == Read("big.py", 1, first)


def test_truncated_output_of_an_unknown_command_is_matched_by_content(ws):
    command = "python -c \"import sys; sys.stdout.write(open('big.py').read())\" | cat"
    raw = run(ws, command)
    first, last = shown_counts(raw)
    assert reads(ws, command, mini_textbased(raw)) == [Read("big.py", 1, first), Read("big.py", 600 - last + 1, 600)]


def test_opencode_truncation_marker(ws):
    raw = run(ws, "cat big.py")
    lines = raw.split("\n")[:50]
    shown = "\n".join(lines) + "\n\n...550 lines truncated...\n\nThe tool call succeeded but the output was truncated. Full output saved to: /x\nUse Grep to search the full content or Read with offset/limit to view specific sections."
    assert reads(ws, "cat big.py", shown) == [Read("big.py", 1, 50)]
    old_style = raw[:3000] + "\n\n(Output was truncated due to length limit)"
    got = reads(ws, "cat big.py", old_style)
    assert got == [Read("big.py", 1, raw[:3000].count("\n"))]


def test_parse_shown_of_a_plain_output():
    shown = parse_shown("a\nb\n")
    assert not shown.truncated and shown.full == "a\nb\n"


# ---------------------------------------------------------------------------
# file contents at the time of the command
# ---------------------------------------------------------------------------


def test_reads_use_the_given_reader_not_the_disk(ws):
    """Adapters pass the start-of-turn content: grep is evaluated on it."""
    old = "alpha\nneedle here\nbeta\n"

    def reader(path: Path):
        return old if path.name == "notes.txt" else file_reader()(path)

    assert reads(ws, "grep -n needle notes.txt", None, read_file=reader) == [Read("notes.txt", 2, 2)]
    # the length for tail comes from line_count when given
    got = reads_from_command("tail -n 2 other.py", None, ws, ws, roots(ws), file_reader(), line_count=lambda p: 10)
    assert got == [Read(O, 9, 10)]


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def test_merge_reads_sorts_and_merges_overlaps_and_adjacent_ranges():
    got = merge_reads(
        [Read("b.py", 5, 9), Read("a.py", 10, 12), Read("b.py", 1, 3), Read("b.py", 4, 4), Read("a.py", 1, 2),
         Read("a.py", 11, 20), Read("b.py", 20, 21)]
    )
    assert got == (Read("a.py", 1, 2), Read("a.py", 10, 20), Read("b.py", 1, 9), Read("b.py", 20, 21))
    assert merge_reads([]) == ()


def test_parse_shell_splits_lists_pipelines_quotes_and_heredocs():
    pipelines = parse_shell("cd 'a b' && cat x | head -n 3; python - <<'EOF' > out\nprint('|;&&')\nEOF\necho \"$(pwd)\" # c")
    words = [[[w.text for w in s.words] for s in p] for p in pipelines]
    assert words == [[["cd", "a b"]], [["cat", "x"], ["head", "-n", "3"]], [["python", "-"]], [["echo", "$(pwd)"]]]
    heredoc = pipelines[2][0].redirects[0]
    assert heredoc.op == "<<" and heredoc.body == "print('|;&&')\n"
    assert pipelines[3][0].words[1].dynamic


def test_split_lines_counts_like_sed():
    assert split_lines("a\nb\n") == ["a", "b"]
    assert split_lines("a\r\nb") == ["a", "b"]
    assert split_lines("") == []
    assert split_lines("a\x0cb\n") == ["a\x0cb"]
