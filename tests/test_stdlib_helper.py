"""A helper built only of standard-library calls, re-implemented under a new name in a new module,
is reported by every surface: ``check``, the pre-commit hook and ``history``.

``min-own-callees`` (the old default) dropped every such copy: 11 of 34 textbook re-implementations
in seven libraries.  Whether a combination of library calls is evidence is now measured in the tree
(``max-common``): this one, no other function combines.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gitrepo import BASE_FILES, GitRepo, isolated_git
from reuse_audit.app.cli import main

PATHS = '''"""Paths."""

import os.path


def resolve_path(path):
    """The absolute, normalised, symlink-free form of a user path."""
    expanded = os.path.expanduser(path)
    absolute = os.path.abspath(expanded)
    return os.path.realpath(os.path.normpath(absolute))
'''

COPY = '''"""Where the exports go."""

import os.path


def export_folder(folder):
    folder = os.path.expanduser(folder)
    folder = os.path.normpath(os.path.abspath(folder))
    return os.path.realpath(folder)
'''

FINDING = "pkg/export.py:6:1: RA001"
MESSAGE = "'export_folder' re-implements 'pkg.paths.resolve_path' (calls 4 of its 4 callees) without calling it"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    isolated_git(tmp_path, monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    repo = GitRepo(tmp_path / "project")
    repo.commit("base", {**BASE_FILES, "pkg/paths.py": PATHS})
    return repo


def run_cli(capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    return exc.value.code, out + err


def test_check_reports_the_stdlib_helper_copy(repo: GitRepo, capsys):
    repo.write({"pkg/export.py": COPY})
    code, out = run_cli(capsys, "check", "--repo", str(repo.path))
    assert code == 1, out
    assert f"{FINDING} {MESSAGE}" in out
    assert "shared: os.path.abspath, os.path.expanduser, os.path.normpath, os.path.realpath" in out


def test_history_reports_the_commit_that_added_it(repo: GitRepo, capsys, tmp_path: Path):
    sha = repo.commit("export folder", {"pkg/export.py": COPY})
    code, out = run_cli(capsys, "history", "--repo", str(repo.path), "--cache-dir", str(tmp_path / "h"), "--format", "json", "-j", "1")
    assert code == 0, out
    doc = json.loads(out[: out.rindex("}") + 1])
    flagged = {c["sha"]: [f["target"] for f in c["findings"]] for c in doc["commits"] if c["findings"]}
    assert flagged == {sha: ["pkg.paths.resolve_path"]}


def test_pre_commit_blocks_the_commit(repo: GitRepo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    pytest.importorskip("pre_commit")
    pytest.importorskip("yaml")
    from test_precommit import BIN, readme_snippet

    monkeypatch.setenv("PRE_COMMIT_HOME", str(tmp_path / "pre-commit-home"))
    monkeypatch.setenv("PATH", f"{BIN}:{__import__('os').environ.get('PATH', '')}")
    (repo.path / ".pre-commit-config.yaml").write_text(readme_snippet("local"), encoding="utf-8")  # as the README has it
    repo.commit("pre-commit config")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(list(args), cwd=repo.path, capture_output=True, text=True, timeout=300)

    assert run(sys.executable, "-m", "pre_commit", "install").returncode == 0
    before = repo.sha("HEAD")
    repo.write({"pkg/export.py": COPY})
    repo.git("add", "pkg/export.py")
    done = run("git", "commit", "-m", "export folder")
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert FINDING in output and "re-implements 'pkg.paths.resolve_path'" in output
    assert repo.sha("HEAD") == before
