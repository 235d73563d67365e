"""The options and inputs of ``reuse-audit check`` a user adopting it meets first (issue 17):
a patch piped to a bare ``check``, declared targets that do not exist, the text
report's layout and colour, ``--statistics``, ``--exit-zero``, ``--config``,
per-file ignores, and ``check PATH...``.

Most run ``main()`` in-process; a subprocess only where the process matters
(standard input being a pipe).
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from cli_support import assert_usage_error, make_patch, run_cli
from gitrepo import BASE_FILES, REIMPL, GitRepo, isolated_git

from reuse_audit.cli import main


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    """A committed package, and pkg/new.py (a renamed copy of pkg.core.process) not committed."""
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", BASE_FILES)
    repo.write({"pkg/new.py": REIMPL})
    return repo


def check(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["check", "--no-cache", "--jobs", "1", *args])
    out, err = capsys.readouterr()
    return exc.value.code, out, err


# ---------------------------------------------------------------------------
# a patch on standard input with no PATCH argument


def test_a_patch_piped_to_a_bare_check_is_read(git_repo: GitRepo):
    # the working tree is clean: only the piped patch holds the copy
    patch = make_patch({}, {"pkg/new.py": dedent(REIMPL)})
    git_repo.remove("pkg/new.py")
    run = run_cli(["check", "--no-cache", "--repo", str(git_repo.path)], stdin=patch)
    assert run.returncode == 1, run  # it was "No findings" (exit 0): the working tree was checked
    assert "pkg/new.py:6:1: RA001 'handle' re-implements 'pkg.core.process'" in run.stdout, run


def test_an_empty_pipe_checks_the_working_tree(git_repo: GitRepo):
    run = run_cli(["check", "--no-cache", "--repo", str(git_repo.path)], stdin=b"")
    assert run.returncode == 1 and "pkg/new.py:6:1: RA001" in run.stdout, run


def test_piped_text_that_is_no_patch_is_refused(git_repo: GitRepo):
    run = run_cli(["check", "--no-cache", "--repo", str(git_repo.path)], stdin=b"hello\n")
    assert_usage_error(run, "<stdin>")


# ---------------------------------------------------------------------------
# --targets


def test_a_declared_target_that_does_not_exist_is_an_error(git_repo: GitRepo, capsys: pytest.CaptureFixture, tmp_path: Path):
    targets = tmp_path / "targets.txt"
    targets.write_text("pkg.core.process\n# a comment\npkg.nosuch.fn\n", encoding="utf-8")
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--targets", str(targets))
    assert code == 2, out + err  # it was an RA002 finding at :1:1: "call pkg.nosuch.fn (:0) instead", exit 1
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("reuse-audit: error: --targets "), err
    assert f"{targets}:3: 'pkg.nosuch.fn' is not a function defined in the repository" in err, err


def test_declared_targets_that_exist_still_give_findings(git_repo: GitRepo, capsys: pytest.CaptureFixture, tmp_path: Path):
    targets = tmp_path / "targets.txt"
    targets.write_text("pkg.core.process\n", encoding="utf-8")
    code, out, err = check(capsys, "--repo", str(git_repo.path), "--targets", str(targets))
    assert code == 1 and "RA002" in out, out + err
