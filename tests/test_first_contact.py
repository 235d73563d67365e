"""What a ruff user meets first (issue 27, items 1, 2 and 7): ``git diff | reuse-audit check -``
in a checkout that already holds the change, standard input read only for ``-``, the
``concise`` format, a ``.py`` file that cannot be read as Python, and help that reads as
plain text.

The runs that depend on standard input being a real pipe are subprocesses; the rest
run ``main()`` in process.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from cli_support import assert_usage_error, run_cli, script
from gitrepo import BASE_FILES, CORE, REIMPL, GitRepo, isolated_git

from reuse_audit.source.change import ALREADY_APPLIED


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


FINDING = "pkg/new.py:6:1: RA001 [*] 'handle' re-implements 'pkg.core.process'"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    """A committed package; the working tree adds pkg/new.py (a copy of pkg.core.process,
    git add -N so that `git diff` shows it) and appends a line to pkg/core.py."""
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", BASE_FILES)
    repo.write({"pkg/new.py": REIMPL, "pkg/core.py": dedent(CORE) + "\n\nVERSION = 2\n"})
    repo.git("add", "-N", "pkg/new.py")
    return repo


def undo(repo: GitRepo) -> None:
    """Back to the committed tree (git stash refuses intent-to-add files on some versions)."""
    repo.git("reset", "-q")
    repo.git("checkout", "-q", "--", ".")
    repo.git("clean", "-q", "-f")


def snapshot(root: Path) -> dict[str, str]:
    """Every file under ``root`` (but .git) by its digest: what a run must leave as it was."""
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(root).parts
    }


# ---------------------------------------------------------------------------
# 1. a patch the tree already holds is checked against the tree before it


def test_git_diff_piped_in_the_checkout_that_holds_it(repo: GitRepo):
    patch = repo.git("diff").encode()
    assert "+++ b/pkg/new.py" in patch.decode() and "+VERSION = 2" in patch.decode()
    before = snapshot(repo.path)
    run = run_cli(["check", "-", "--no-cache"], cwd=repo.path, stdin=patch)
    # it was exit 2: "hunk 1 of pkg/core.py does not apply (it must apply at the end of the file ...)"
    assert run.returncode == 1, run
    assert FINDING in run.stdout, run
    assert "Found 1 finding in 1 file." in run.stdout, run
    assert "already applied" in run.stderr, run  # a note says what was checked
    assert snapshot(repo.path) == before  # reversed in memory: nothing written
    assert repo.git("status", "--porcelain") == " M pkg/core.py\n A pkg/new.py\n"


def test_an_applied_patch_file_is_checked_like_the_same_patch_not_yet_applied(repo: GitRepo, tmp_path: Path):
    patch = tmp_path / "change.patch"
    patch.write_text(repo.git("diff"), encoding="utf-8")
    applied = run_cli(["check", str(patch), "--no-cache", "--format", "json"], cwd=repo.path, in_process=True)
    undo(repo)  # the tree before the change: the patch applies as it is
    assert not (repo.path / "pkg/new.py").exists()
    fresh = run_cli(["check", str(patch), "--no-cache", "--format", "json"], cwd=repo.path, in_process=True)
    assert applied.returncode == fresh.returncode == 1, (applied, fresh)
    applied_report, fresh_report = json.loads(applied.stdout), json.loads(fresh.stdout)
    assert applied_report["findings"] == fresh_report["findings"]
    # the one difference: a note says the patch was found applied
    assert [n["message"] for n in applied_report["notes"]] == [ALREADY_APPLIED]
    assert fresh_report["notes"] == []


def test_an_applied_patch_that_deletes_and_renames(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # not a git repository: the reversal needs none
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", {**BASE_FILES, "pkg/old.py": "def gone():\n    return 1\n", "pkg/mid.py": REIMPL})
    repo.git("rm", "-q", "pkg/old.py")
    repo.git("mv", "pkg/mid.py", "pkg/new.py")
    patch = repo.git("diff", "--cached", "-M").encode()
    assert b"rename to pkg/new.py" in patch and b"deleted file mode" in patch
    shutil.rmtree(repo.path / ".git")
    run = run_cli(["check", "-", "--no-cache"], cwd=repo.path, stdin=patch, in_process=True)
    # a renamed file is old code: nothing new, and the deleted file must not come back
    assert run.returncode == 0, run
    assert "already applied" in run.stderr, run
    assert not (repo.path / "pkg/old.py").exists() and not (repo.path / "pkg/mid.py").exists()


def test_a_patch_applied_only_in_part_is_refused_in_one_line(repo: GitRepo):
    patch = repo.git("diff").encode()
    (repo.path / "pkg/core.py").write_text(dedent(CORE), encoding="utf-8")  # undo one of its two files
    run = run_cli(["check", "-", "--no-cache"], cwd=repo.path, stdin=patch, in_process=True)
    line = assert_usage_error(run, "pkg/new.py")
    assert "already exists" in line
    assert "nor is the patch already applied there" in line and "is --repo . the tree it was made against?" in line


# ---------------------------------------------------------------------------
# 2. standard input is read for - only


def test_a_bare_check_ignores_a_pipe_that_stays_open(repo: GitRepo):
    # `sleep 8 | reuse-audit check`: a CI runner or an editor leaves such a pipe
    process = subprocess.Popen(
        [script(), "check", "--no-cache"], cwd=repo.path, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        process.wait(timeout=120)  # the pipe is still open: a check that reads it waits, then fails
        out, err = process.stdout.read().decode(), process.stderr.read().decode()
    finally:
        process.stdin.close()
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stdout.close()
        process.stderr.close()
    # it was exit 2 after 5 seconds: "standard input is a pipe that sent nothing in 5 seconds"
    assert process.returncode == 1, out + err
    assert FINDING in out, out + err


def test_a_patch_piped_to_a_bare_check_is_not_read(repo: GitRepo):
    # the working tree is checked, as ruff, flake8 and mypy check files unless given -
    patch = repo.git("diff").encode()
    undo(repo)  # a clean working tree: only the piped patch holds the copy
    run = run_cli(["check", "--no-cache"], cwd=repo.path, stdin=patch)
    assert run.returncode == 0 and "No findings" in run.stdout, run  # it was exit 1: the pipe was read
    run = run_cli(["check", "--no-cache"], cwd=repo.path, stdin=b"not a patch at all\n")
    assert run.returncode == 0 and "No findings" in run.stdout, run  # it was exit 2: "<stdin>: no patch"
    run = run_cli(["check", "-", "--no-cache"], cwd=repo.path, stdin=patch)
    assert run.returncode == 1 and FINDING in run.stdout, run  # with - it is read


def test_check_help_says_standard_input_is_read_for_dash_only():
    run = run_cli(["check", "--help"], in_process=True)
    text = " ".join(run.stdout.split())
    assert "A patch piped to standard input with no PATCH is read" not in text
    assert "Standard input is read only for -" in text, run.stdout


# ---------------------------------------------------------------------------
# 7. help reads as plain text


def every_command():
    import click

    from reuse_audit.app.cli import cli

    def walk(command, path):
        yield path
        if isinstance(command, click.Group):
            for name in command.list_commands(click.Context(command)):
                yield from walk(command.get_command(click.Context(command), name), [*path, name])

    return list(walk(cli, []))


@pytest.mark.parametrize("path", every_command(), ids=lambda path: " ".join(path) or "reuse-audit")
def test_help_has_no_restructuredtext_markup(path: list[str]):
    # `bench report --help` read "an experiment folder of ``bench matrix``"
    run = run_cli([*path, "--help"], in_process=True)
    assert run.returncode == 0, run
    for markup in ("``", ":func:", ":class:", ":data:", ":meth:"):
        assert markup not in run.stdout, f"{markup!r} in `reuse-audit {' '.join(path)} --help`:\n{run.stdout}"
    assert not re.search(r"^\s*\.\. ", run.stdout, re.M), run.stdout  # a directive


# ---------------------------------------------------------------------------
# 7. --format concise: one line a finding


def test_concise_format_prints_one_line_a_finding(repo: GitRepo):
    run = run_cli(["check", "--no-cache", "--format", "concise"], cwd=repo.path, in_process=True)
    assert run.returncode == 1, run
    assert run.stdout.splitlines() == [
        "pkg/new.py:6:1: RA001 [*] 'handle' re-implements 'pkg.core.process' (calls 4 of its 4 callees) without calling it",
        "Found 1 finding in 1 file.",
        "[*] 1 fixable with --fix.",
    ], run
    stats = run_cli(["check", "--no-cache", "--format", "concise", "--statistics"], cwd=repo.path, in_process=True)
    assert stats.returncode == 1 and "RA001  [*] reimplemented-function" in stats.stdout, stats


# ---------------------------------------------------------------------------
# 7. a changed .py file that is not Python is reported as ruff reports a syntax error


NOT_PYTHON = {
    "binary": (b"\x00\x01\x02PK\x03\x04binary\xff\xfe", "not valid UTF-8"),
    "not UTF-8, no coding cookie": (b'def f():\n    return "\xe9\xff"\n', "not valid UTF-8"),
    "syntax error": (b"def f(:\n    return 1\n", "does not parse"),
}


@pytest.fixture
def clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", BASE_FILES)
    return repo


@pytest.mark.parametrize("kind", sorted(NOT_PYTHON))
def test_a_changed_file_that_is_not_python_is_an_error_and_exit_1(clean: GitRepo, kind: str, tmp_path: Path):
    data, why = NOT_PYTHON[kind]
    (clean.path / "pkg/bad.py").write_bytes(data)
    cache = str(tmp_path / "cache")
    for attempt in ("cold", "answered from the cache"):
        run = run_cli(["check", "--cache-dir", cache], cwd=clean.path, in_process=True)
        # it was two notes, "No findings: 0 changed functions checked" and exit 0
        assert run.returncode == 1, (attempt, run)
        first, *rest = run.stdout.splitlines()
        assert first.startswith("pkg/bad.py:1:1: SyntaxError: ") and why in first, (attempt, run)
        assert rest[-1].startswith("Found no findings, but 1 file could not be read as Python: "), (attempt, run)
        assert "pkg/bad.py" not in run.stderr, (attempt, run)  # the error, not notes besides it
    for fmt in ("concise", "full"):
        run = run_cli(["check", "--no-cache", "--format", fmt], cwd=clean.path, in_process=True)
        assert run.returncode == 1 and run.stdout.startswith("pkg/bad.py:1:1: SyntaxError: "), run
    run = run_cli(["check", "--no-cache", "--format", "json"], cwd=clean.path, in_process=True)
    assert run.returncode == 1, run
    (error,) = json.loads(run.stdout)["errors"]
    assert (error["path"], error["line"], error["column"], error["kind"]) == ("pkg/bad.py", 1, 1, "SyntaxError"), error
    run = run_cli(["check", "--no-cache", "--format", "github"], cwd=clean.path, in_process=True)
    assert run.returncode == 1 and "::error file=pkg/bad.py,line=1,col=1,title=SyntaxError::" in run.stdout, run
    run = run_cli(["check", "--no-cache", "--exit-zero"], cwd=clean.path, in_process=True)
    assert run.returncode == 0, run


def test_a_coding_cookie_and_an_unchanged_broken_file_are_no_errors(clean: GitRepo):
    clean.commit("an old broken file", {"pkg/old.py": "def g(:\n    pass\n"})
    (clean.path / "pkg/lat.py").write_bytes(b'# -*- coding: latin-1 -*-\ndef f():\n    return "\xe9"\n')
    run = run_cli(["check", "--no-cache"], cwd=clean.path, in_process=True)
    assert run.returncode == 0 and "No findings" in run.stdout and "SyntaxError" not in run.stdout, run
    assert "pkg/lat.py: decoded with coding cookie latin-1" in run.stderr, run
