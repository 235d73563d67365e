"""RA001 reimplemented-function, on fixture repositories (after ruff's fixtures).

Each case is a folder ``tests/fixtures/ra001/<case>/``:

* ``before/``: the repository before the change;
* ``after/``: only the files the change adds or rewrites; they overlay
  ``before/``.  ``after/.deleted`` lists deleted paths, one a line.  A deleted
  file whose exact content reappears under a new path is a rename;
* ``expected.txt``: what ``reuse-audit check`` prints, less its last line (the
  summary).  Empty: no finding.

The test writes ``before/`` to a temporary folder, makes a ``git diff`` style
patch of the change with difflib, runs the CLI in-process on it and compares.
It expects exit status 1 exactly when ``expected.txt`` has a finding, and, for
the ``suppressed_*`` cases, a summary counting one suppressed finding.

    REUSE_AUDIT_UPDATE_FIXTURES=1 python -m pytest tests/test_ra001.py

rewrites every ``expected.txt``; read each diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from reuse_audit.app.cli import cli

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "ra001"
UPDATE = os.environ.get("REUSE_AUDIT_UPDATE_FIXTURES") == "1"
CASES = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())


# ------------------------------------------------------------------ fixtures


def read_tree(root: Path) -> dict[str, str]:
    """POSIX relative path -> text of every file under ``root`` (``.deleted`` excluded)."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.name != ".deleted" and "__pycache__" not in path.parts:
            out[path.relative_to(root).as_posix()] = path.read_text(encoding="utf-8")
    return out


def load_case(case: str, fixtures: Path = FIXTURES) -> tuple[dict[str, str], dict[str, str]]:
    """The (before, after) trees of a case of ``fixtures`` (RA001's, or another rule's: the same
    layout), ``after`` overlaid on ``before``."""
    folder = fixtures / case
    before = read_tree(folder / "before")
    after = dict(before)
    after.update(read_tree(folder / "after"))
    deleted = folder / "after" / ".deleted"
    if deleted.is_file():
        for line in deleted.read_text(encoding="utf-8").splitlines():
            path = line.strip()
            if path and not path.startswith("#"):
                assert path in before, f"{case}: .deleted lists {path}, which is not in before/"
                del after[path]
    return before, after


# ------------------------------------------------------------------ patch


def _hunks(old: str, new: str) -> list[str]:
    old_lines = old.splitlines(keepends=True)
    new_lines = new.splitlines(keepends=True)
    out = []
    for line in list(difflib.unified_diff(old_lines, new_lines, n=3))[2:]:  # drop difflib's ---/+++ lines
        if line.endswith("\n"):
            out.append(line)
        else:
            out.append(line + "\n\\ No newline at end of file\n")
    return out


def make_patch(before: dict[str, str], after: dict[str, str]) -> str:
    """A ``git diff`` (with rename detection of unchanged files) from ``before`` to ``after``."""
    removed = sorted(set(before) - set(after))
    added = sorted(set(after) - set(before))
    renames: dict[str, str] = {}  # new path -> old path
    for old in removed:
        for new in added:
            if new not in renames and after[new] == before[old]:
                renames[new] = old
                break
    renamed_from = set(renames.values())
    chunks: list[str] = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        if path in renames:
            source = renames[path]
            chunks.append(
                f"diff --git a/{source} b/{path}\nsimilarity index 100%\nrename from {source}\nrename to {path}\n"
            )
        elif path in renamed_from or old == new:
            continue
        elif old is None:
            chunks.append(f"diff --git a/{path} b/{path}\nnew file mode 100644\n")
            if new:
                chunks.append(f"--- /dev/null\n+++ b/{path}\n")
                chunks.extend(_hunks("", new))
        elif new is None:
            chunks.append(f"diff --git a/{path} b/{path}\ndeleted file mode 100644\n")
            if old:
                chunks.append(f"--- a/{path}\n+++ /dev/null\n")
                chunks.extend(_hunks(old, ""))
        else:
            chunks.append(f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n")
            chunks.extend(_hunks(old, new))
    return "".join(chunks)


def write_tree(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))


def run_case(case: str, tmp_path: Path):
    before, after = load_case(case)
    repo = tmp_path / "repo"
    write_tree(repo, before)
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(before, after).encode("utf-8"))
    runner = CliRunner()
    result = runner.invoke(cli, ["check", str(patch), "--repo", str(repo), "--no-cache"], catch_exceptions=False)
    return result


# ------------------------------------------------------------------ tests


def without_fix_mark(line: str) -> str:
    """A finding's headline without the ``[*]`` that marks a safe fix."""
    return re.sub(r"^(\S.*?:\d+:\d+: [A-Z]+\d+) \[\*\] ", r"\1 ", line)


def check_expected(case_dir: Path, stdout: str) -> tuple[str, str, str]:
    """(findings printed, summary line, expected findings) of a fixture case's run,
    after asserting that the findings are the case's expected.txt (which
    REUSE_AUDIT_UPDATE_FIXTURES=1 rewrites from the run first)."""
    lines = stdout.splitlines()
    # the line counting the fixable findings follows the summary ("[*] 1 fixable with --fix.")
    while lines and lines[-1].startswith(("[*] ", "No safe fixes (")):
        lines.pop()
    assert lines, "no output"
    summary = lines[-1]
    # expected.txt holds what the rules found; the [*] of a finding with a safe fix is the fixes' business
    body = "".join(without_fix_mark(line) + "\n" for line in lines[:-1])
    expected_file = case_dir / "expected.txt"
    if UPDATE:
        expected_file.write_text(body, encoding="utf-8")
    expected = expected_file.read_text(encoding="utf-8")
    assert body == expected, f"{case_dir.name}: output differs\n--- expected\n{expected}--- got\n{body}"
    return body, summary, expected


def test_fixture_cases_exist():
    assert len(CASES) >= 20, CASES
    for case in CASES:
        before, after = load_case(case)
        assert before, f"{case}: empty before/"
        assert after != before, f"{case}: the change changes nothing"
        assert (FIXTURES / case / "expected.txt").is_file(), f"{case}: no expected.txt"


@pytest.mark.parametrize("case", CASES)
def test_ra001_fixture(case: str, tmp_path: Path):
    result = run_case(case, tmp_path)
    assert result.exit_code in (0, 1), f"exit {result.exit_code}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    assert result.stderr == "", f"unexpected notes or errors:\n{result.stderr}"
    body, summary, expected = check_expected(FIXTURES / case, result.stdout)
    assert result.exit_code == (1 if expected.strip() else 0), (result.exit_code, summary)
    match = re.search(r"\((\d+) suppressed\)", summary)
    suppressed = int(match.group(1)) if match else 0
    assert suppressed == (1 if case.startswith("suppressed_") else 0), summary
    if not expected.strip():
        assert summary.startswith("No findings"), summary


def test_make_patch_applies_to_the_after_tree(tmp_path: Path):
    """The engine, given a generated patch, sees exactly the overlaid after/ tree."""
    from reuse_audit.source.change import change_from_patch

    for case in CASES:
        before, after = load_case(case)
        repo = tmp_path / case
        write_tree(repo, before)
        change = change_from_patch(repo, make_patch(before, after), "change.patch")
        seen = {p: change.after.read(p).decode("utf-8") for p in change.after.paths()}
        expected = {p: t for p, t in after.items() if p.endswith(".py")}
        seen = {p: t for p, t in seen.items() if p.endswith(".py")}
        assert seen == expected, case
        statuses = sorted(f.status for f in change.files)
        if case == "negative_file_moved_unchanged":
            assert "renamed" in statuses, statuses


def test_a_pasted_body_is_held_whole_whatever_surrounds_it():
    from reuse_audit.index import body, tokens

    helper = tokens.tokenize(b'def h(p):\n    text = read(p)\n    return parse(text, "utf-8") + 1\n')
    larger = tokens.tokenize(
        b'def big(q, log):\n    log.info("start")\n    text = read(q)\n    out = parse(text, "utf-8") + 1\n'
        b'    log.info("done %s", out)\n    return out\n'
    )
    other = tokens.tokenize(b'def s(p):\n    text = read(p)\n    return parse(text, "latin-1") - 1\n')
    assert body.contained(helper, [larger]) == (1.0, 1.0)
    share, kept = body.contained(helper, [other])
    assert share < 1.0 and kept == 0.5  # one literal of two kept: "utf-8" and 1 against "latin-1" and 1
    # the helpers a copy was split into count with it
    first = tokens.tokenize(b"def a(p):\n    text = read(p)\n    return b(text)\n")
    second = tokens.tokenize(b'def b(text):\n    return parse(text, "utf-8") + 1\n')
    assert body.contained(helper, [first])[0] < body.contained(helper, [first, second])[0]


def test_confidence_is_similarity_unless_the_body_is_held_whole():
    from rules.ra001_reimplemented_function import confidence

    assert confidence(0.55, (0.8, 1.0)) == 0.55  # siblings sharing plumbing
    assert confidence(0.55, (1.0, 1.0)) == 1.0  # a helper pasted into a larger function
    assert confidence(0.55, (1.0, 0.5)) == 0.55  # its shape, but other literals: another job
    assert confidence(None, (1.0, 1.0)) is None  # the code could not be read: no evidence either way
