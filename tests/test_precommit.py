"""The pre-commit hook (.pre-commit-hooks.yaml) and the README's recipes, run by the real ``pre-commit``.

pre-commit's ``language: python`` would pip-install this checkout and its
dependencies from the network, which tests must not use: the test repository
gets the README's ``repo: local`` hook (``language: system``, the fields of OUR
hook definition), and finds ``reuse-audit`` on PATH (this venv's bin).  The
README's pinned ``rev`` is resolved by pre-commit's own clone, in a clone of
this repository the test makes (issue 27: ``rev: v0.1.0`` named no tag).
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


def readme_snippets() -> list[str]:
    """The ```yaml blocks of the README's pre-commit section, as written."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## pre-commit\n", 1)[1].split("\n## ", 1)[0]
    return [block.split("```", 1)[0] for block in section.split("```yaml\n")[1:]]


def readme_snippet(repo: str) -> str:
    """The README's snippet whose (first) repo is ``repo`` ("local", or the URL)."""
    (snippet,) = [s for s in readme_snippets() if yaml.safe_load(s)["repos"][0]["repo"].startswith(repo)]
    return snippet


def test_the_readme_local_hook_is_our_hook_run_from_the_environment():
    (hook,) = yaml.safe_load(readme_snippet("local"))["repos"][0]["hooks"]
    ours = our_hook()
    assert hook == {**{key: ours[key] for key in hook if key != "language"}, "language": "system"}
    assert set(hook) == set(EXPECTED) | {"name"}


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
    (repo.path / ".pre-commit-config.yaml").write_text(readme_snippet("local"), encoding="utf-8")  # as the README has it
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


# ---------------------------------------------------------------------------
# the README's pinned rev resolves (it named a tag v0.1.0 that does not exist)


def this_repository(tmp_path: Path) -> str:
    """A clone of this checkout, as pre-commit would fetch the repository (skipped outside git)."""
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--git-dir"], capture_output=True).returncode != 0:
        pytest.skip("the checkout is not a git repository")
    clone = tmp_path / "reuse-audit.git"
    done = run(["git", "clone", "-q", "--bare", "--no-local", str(ROOT), str(clone)], tmp_path)
    assert done.returncode == 0, done.stderr
    return str(clone)


def pre_commit_clone(tmp_path: Path, repo: str, rev: str) -> Path:
    """What `pre-commit run` does first with a remote hook: its own clone of REPO at REV."""
    from pre_commit.store import Store

    return Path(Store(str(tmp_path / "store")).clone(repo, rev))


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    isolated_git(tmp_path, monkeypatch)
    monkeypatch.setenv("PRE_COMMIT_HOME", str(tmp_path / "pre-commit-home"))
    return tmp_path


def test_the_readme_rev_is_a_commit_holding_the_hook(isolated: Path):
    config = yaml.safe_load(readme_snippet("https://"))
    (remote,) = config["repos"]
    assert remote["repo"] == "https://github.com/reuse-audit/reuse-audit" and remote["hooks"] == [{"id": "reuse-audit"}]
    rev = remote["rev"]
    assert len(rev) == 40 and all(c in "0123456789abcdef" for c in rev), f"rev {rev!r} is no full commit SHA"
    clone = this_repository(isolated)
    if subprocess.run(["git", "-C", clone, "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True).returncode:
        pytest.skip(f"{rev} is not in this clone (a shallow or partial history)")
    checkout = pre_commit_clone(isolated, clone, rev)
    from pre_commit.clientlib import load_manifest

    assert [hook["id"] for hook in load_manifest(str(checkout / ".pre-commit-hooks.yaml"))] == ["reuse-audit"]
    # the Action's uses: names the same commit, which holds action.yml
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"uses: reuse-audit/reuse-audit@{rev}" in readme
    assert (checkout / "action.yml").is_file()


def test_a_tag_the_repository_lacks_does_not_resolve(isolated: Path):
    # the friction itself: pre-commit failed on `rev: v0.1.0` ("pathspec 'v0.1.0' did not match")
    from pre_commit.util import CalledProcessError

    clone = this_repository(isolated)
    assert subprocess.run(["git", "-C", clone, "tag", "--list", "v0.1.0"], capture_output=True, text=True).stdout == ""
    with pytest.raises(CalledProcessError, match="pathspec 'v0.1.0' did not match"):
        pre_commit_clone(isolated, clone, "v0.1.0")


def test_autoupdate_pins_the_newest_commit(isolated: Path):
    # with no tag to name, `pre-commit autoupdate` writes the SHA of the default branch's head
    clone = this_repository(isolated)
    project = GitRepo(isolated / "project")
    config = project.path / ".pre-commit-config.yaml"
    config.write_text(readme_snippet("https://").replace("https://github.com/reuse-audit/reuse-audit", clone), encoding="utf-8")
    done = run([sys.executable, "-m", "pre_commit", "autoupdate"], project.path)
    assert done.returncode == 0, done.stdout + done.stderr
    head = subprocess.run(["git", "-C", clone, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert yaml.safe_load(config.read_text(encoding="utf-8"))["repos"][0]["rev"] == head
