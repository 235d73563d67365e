"""The pre-commit hook (.pre-commit-hooks.yaml), run by the real ``pre-commit``.

pre-commit's ``language: python`` would pip-install this checkout and its
dependencies from the network, which tests must not use: the test repository
gets a ``repo: local`` hook built from OUR hook definition with
``language: system``, and finds ``reuse-audit`` on PATH (this venv's bin).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gitrepo import BASE_FILES, REIMPL, REUSE, GitRepo, isolated_git

yaml = pytest.importorskip("yaml")  # PyYAML comes with pre-commit
pytest.importorskip("pre_commit")

ROOT = Path(__file__).resolve().parent.parent
HOOKS_FILE = ROOT / ".pre-commit-hooks.yaml"
BIN = Path(sys.executable).parent  # where pip put reuse-audit (and pre-commit)

EXPECTED = {
    "id": "reuse-audit",
    "entry": "reuse-audit check --staged",
    "language": "python",
    "types": ["python"],
    "pass_filenames": False,
    "require_serial": True,
}


def our_hook() -> dict:
    hooks = yaml.safe_load(HOOKS_FILE.read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and len(hooks) == 1
    return hooks[0]


def test_hooks_file_has_the_required_fields():
    hook = our_hook()
    assert set(hook) == set(EXPECTED) | {"name", "description"}
    for key, value in EXPECTED.items():
        assert hook[key] == value, key
    assert isinstance(hook["name"], str) and hook["name"].strip()
    assert isinstance(hook["description"], str) and hook["description"].strip()


def test_hooks_file_passes_pre_commit_validation():
    from pre_commit.clientlib import load_manifest

    (loaded,) = load_manifest(str(HOOKS_FILE))
    assert loaded["id"] == "reuse-audit"


def local_config() -> dict:
    hook = our_hook()
    local = {key: hook[key] for key in ("id", "name", "entry", "pass_filenames", "require_serial", "types")}
    local["language"] = "system"
    return {"repos": [{"repo": "local", "hooks": [local]}]}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    if shutil.which("reuse-audit", path=str(BIN)) is None:
        pytest.fail(f"reuse-audit is not installed in {BIN} (pip install -e '.[test]')")
    isolated_git(tmp_path, monkeypatch)
    monkeypatch.setenv("PRE_COMMIT_HOME", str(tmp_path / "pre-commit-home"))
    monkeypatch.setenv("PATH", os.pathsep.join([str(BIN), os.environ.get("PATH", "")]))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # reuse-audit's facts cache
    repo = GitRepo(tmp_path / "project")
    files = dict(BASE_FILES)
    repo.write(files)
    (repo.path / ".pre-commit-config.yaml").write_text(yaml.safe_dump(local_config(), sort_keys=False))
    repo.commit("base with pre-commit config")
    done = run([sys.executable, "-m", "pre_commit", "install"], repo.path)
    assert done.returncode == 0, done.stdout + done.stderr
    return repo


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=os.environ.copy(), timeout=300)


def commit(repo: GitRepo, message: str) -> subprocess.CompletedProcess:
    return run(["git", "commit", "-m", message], repo.path)


def test_commit_of_a_reimplementation_is_blocked(project: GitRepo):
    before = project.sha("HEAD")
    project.write({"pkg/new.py": REIMPL})
    project.git("add", "pkg/new.py")
    done = commit(project, "add handle")
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "reuse-audit" in output and "Failed" in output
    assert "pkg/new.py:6:1: RA001 [*] 'handle' re-implements 'pkg.core.process'" in output  # [*]: a safe fix
    assert "call pkg.core.process (pkg/core.py:6) instead" in output
    assert project.sha("HEAD") == before


def test_commit_that_reuses_the_function_passes(project: GitRepo):
    project.write({"pkg/new.py": REUSE})
    project.git("add", "pkg/new.py")
    done = commit(project, "add handle")
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "reuse-audit" in output and "Passed" in output
    assert "No findings" not in output  # pre-commit hides a passing hook's output
    assert project.git("log", "--format=%s", "-1").strip() == "add handle"


def test_only_the_staged_change_is_checked(project: GitRepo):
    project.write({"pkg/new.py": REUSE})
    project.git("add", "pkg/new.py")
    project.write({"pkg/new.py": REIMPL})  # not staged: not part of the commit
    done = commit(project, "add handle")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (project.path / "pkg" / "new.py").read_text().startswith('"""Written by a coding agent."""')


def test_pre_commit_run_over_a_range(project: GitRepo):
    # `pre-commit run --from-ref/--to-ref` (CI, pre-push) sets PRE_COMMIT_FROM_REF/TO_REF
    project.git("checkout", "-q", "-b", "feature")
    project.write({"pkg/new.py": REIMPL})
    project.git("add", "pkg/new.py")
    project.git("commit", "-q", "--no-verify", "-m", "copy")
    done = run(
        [sys.executable, "-m", "pre_commit", "run", "reuse-audit", "--from-ref", "main", "--to-ref", "feature"],
        project.path,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "pkg/new.py:6:1: RA001 [*] 'handle'" in output


def test_commit_all_is_checked(project: GitRepo):
    # `git commit -a` stages into a temporary index that git names in GIT_INDEX_FILE
    project.write({"pkg/report.py": '"""Reports."""\n'})
    project.git("add", "pkg/report.py")
    project.git("commit", "-q", "--no-verify", "-m", "report module")
    project.write({"pkg/report.py": REIMPL})
    done = run(["git", "commit", "-a", "-m", "edit report"], project.path)
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "pkg/report.py:6:1: RA001 [*] 'handle'" in output
