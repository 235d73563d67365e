"""One hardened git runner (issue 28, point 8): ``reuse_audit/source/gitrun.py``.

Every git command of the engine, of the benchmark and of the scripts goes through :func:`run_git`
(GitPython's own commands through :func:`harden_gitpython`): a grep of the code finds no
other git command line.  The runner's protections hold for every caller, ``isolated``
drops what the surrounding environment says, and every failure is one GitError.
"""

from __future__ import annotations

import ast
import os
import shutil
import stat
from pathlib import Path

import pytest

from gitrepo import GitRepo, isolated_git
from reuse_audit import api
from reuse_audit.source import git as gitsource
from reuse_audit.source.blame import line_dates
from reuse_audit.source.gitrun import SAFE_GIT_CONFIG, GitError, git_options, run_git

ROOT = Path(__file__).resolve().parents[1]
CODE = (ROOT / "reuse_audit", ROOT / "rules", ROOT / "benchmark", ROOT / "scripts")  # the scripts: run on mirrors and clones too
SKIPPED = (ROOT / "benchmark" / "suites",)  # data: the chains' pinned sources, not the tool's code

#: Files that may build a git command line, and why.
EXCEPTIONS = {
    "reuse_audit/source/gitrun.py": "the runner itself",
}

#: GitPython methods of ``repo.git`` that are not git commands.
GITPYTHON_SETTINGS = {"set_persistent_git_options", "update_environment"}

#: Calls that start a process from a command string.
PROCESS_CALLS = {"run", "Popen", "call", "check_call", "check_output", "getoutput", "getstatusoutput", "system", "popen"}


def _git_command_lines(path: Path) -> list[str]:
    """Where ``path`` builds a git command line: a list or tuple starting with ``"git"``, a
    string ``"git ..."`` handed to a call (a shell), or a GitPython command (``repo.git.log(...)``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
            first = node.elts[0]
            if isinstance(first, ast.Constant) and first.value == "git":
                found.append(f"line {node.lineno}: {ast.unparse(node)[:60]}")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute) and func.value.attr == "git":
                if func.attr not in GITPYTHON_SETTINGS:
                    found.append(f"line {node.lineno}: GitPython command {func.attr}")
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            for arg in node.args[:1] if name in PROCESS_CALLS else ():
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("git "):
                    found.append(f"line {node.lineno}: shell command {arg.value[:40]!r}")
    return sorted(found, key=lambda where: int(where.split(":")[0].split()[1]))


def test_no_git_command_line_is_built_outside_the_runner():
    offenders = {}
    for folder in CODE:
        for path in sorted(folder.rglob("*.py")):
            if any(path.is_relative_to(skipped) for skipped in SKIPPED):
                continue
            rel = path.relative_to(ROOT).as_posix()
            found = _git_command_lines(path)
            if found and rel not in EXCEPTIONS:
                offenders[rel] = found
    assert offenders == {}, "run git through reuse_audit.source.gitrun.run_git (or reuse_audit.api.run_git)"
    for rel in EXCEPTIONS:  # an exception that no longer builds a command line is removed from the list
        assert _git_command_lines(ROOT / rel), rel


def test_the_grep_finds_each_kind_of_command_line(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import subprocess\n"
        "subprocess.run(['git', 'status'])\n"
        "subprocess.run(('git', '-C', root, 'log'))\n"
        "subprocess.run('git diff HEAD', shell=True)\n"
        "repo.git.log('--oneline')\n"
        "repo.git.update_environment(A='1')\n"
        "print('git is fine in a message')\n"
    )
    assert [line.split(":")[0] for line in _git_command_lines(sample)] == ["line 2", "line 3", "line 4", "line 5"]


# ---------------------------------------------------------------------------
# the runner
# ---------------------------------------------------------------------------


@pytest.fixture
def trapped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[GitRepo, Path]:
    """A repository whose configuration names an fsmonitor command and whose hooks write markers."""
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", {"pkg/mod.py": "def f():\n    return 1\n"})
    markers = tmp_path / "markers"
    markers.mkdir()
    repo.git("config", "core.fsmonitor", f"touch {markers}/fsmonitor; true")
    hooks = repo.path / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    for name in ("post-index-change", "reference-transaction", "post-commit", "pre-commit"):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\ntouch {markers}/{name}\n")
        hook.chmod(hook.stat().st_mode | stat.S_IXUSR)
    (repo.path / "pkg" / "mod.py").write_text("def f():\n    return 2\n")
    return repo, markers


def test_the_traps_work(trapped):
    repo, markers = trapped
    repo.git("status", "--porcelain")
    assert (markers / "fsmonitor").exists()


def test_the_runner_runs_no_program_the_repository_configures(trapped):
    repo, markers = trapped
    root = repo.path
    assert b"pkg/mod.py" in run_git(["status", "--porcelain"], root)
    run_git(["ls-files", "--error-unmatch", "--", "pkg/mod.py"], root)
    run_git(["add", "-A"], root)
    run_git(["commit", "-q", "-m", "change"], root)
    run_git(["status", "--porcelain"], root, isolated=True)
    assert sorted(os.listdir(markers)) == []


def test_blame_runs_no_program_the_repository_configures(trapped):
    """``check PATH`` dates lines with ``git blame`` on the working tree, which ran the
    repository's ``core.fsmonitor`` command before it went through the runner."""
    repo, markers = trapped
    written = line_dates(repo.path)
    assert written is not None
    assert written("pkg/mod.py", 1) is not None
    assert sorted(os.listdir(markers)) == []


def _configure_filters(repo: GitRepo, markers: Path, names: tuple[str, ...]) -> None:
    """``.gitattributes`` gives ``*.py`` each filter of ``names`` in turn (the last one wins) and a
    diff driver; the repository's configuration defines them as programs that write a marker."""
    (repo.path / ".gitattributes").write_text("".join(f"*.py filter={name} diff=shown\n" for name in names))
    for name in names:
        for command in ("clean", "smudge"):
            repo.git("config", f"filter.{name}.{command}", f"touch {markers}/{command}-{name.replace('.', '-')}; cat")
        repo.git("config", f"filter.{name}.required", "true")
    repo.git("config", "diff.shown.textconv", f"touch {markers}/textconv; cat")


def test_the_filter_traps_work(trapped):
    repo, markers = trapped
    _configure_filters(repo, markers, ("trap",))
    repo.git("blame", "--porcelain", "-L", "1,1", "--", "pkg/mod.py")
    assert {"clean-trap", "textconv"} <= set(os.listdir(markers))


@pytest.mark.parametrize("names", [("trap",), ("Dotted.Name", "trap"), ("trap", "Dotted.Name")])
def test_blame_runs_no_filter_nor_textconv_the_repository_configures(trapped, names):
    """``git blame`` of the working tree hashes the file through the clean filter that
    ``.gitattributes`` names and ``.git/config`` defines, and shows versions through textconv."""
    repo, markers = trapped
    _configure_filters(repo, markers, names)
    repo.git("add", ".gitattributes")
    repo.git("commit", "-q", "--no-verify", "-m", "attributes")
    for name in os.listdir(markers):
        (markers / name).unlink()
    written = line_dates(repo.path)
    assert written is not None
    assert written("pkg/mod.py", 2) is not None  # (changed in the work tree: written now)
    assert written("pkg/mod.py", 1) is not None
    assert sorted(os.listdir(markers)) == []


def test_blame_of_a_filter_that_cannot_be_turned_off_is_no_date(trapped):
    repo, markers = trapped
    _configure_filters(repo, markers, ("a=b",))
    assert line_dates(repo.path) is None
    assert sorted(os.listdir(markers)) == []


def test_a_git_error_names_the_command_after_the_configuration_options(trapped):
    repo, _ = trapped
    with pytest.raises(GitError) as failed:
        run_git(["-c", "x.y=z", "rev-parse", "--verify", "no-such-ref"], repo.path)
    assert failed.value.verb == "rev-parse"


def test_the_runners_options_beat_what_a_surrounding_git_passes_down(trapped, monkeypatch):
    repo, _ = trapped
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='touch /nowhere'")
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.hooksPath")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", "/nowhere")
    assert run_git(["config", "core.fsmonitor"], repo.path).strip() == b"false"
    assert run_git(["config", "core.hooksPath"], repo.path).strip() == os.devnull.encode()


def test_isolated_drops_the_inherited_git_variables_and_the_users_configuration(trapped, monkeypatch, tmp_path):
    repo, _ = trapped
    monkeypatch.setenv("GIT_INDEX_FILE", str(tmp_path / "other-index"))
    (tmp_path / "home" / ".gitconfig").write_text("[core]\n\tautocrlf = true\n[test]\n\twhere = global\n")
    # the user's repository: a hook's GIT_INDEX_FILE and the user's configuration hold
    assert run_git(["rev-parse", "--git-path", "index"], repo.path).strip() == str(tmp_path / "other-index").encode()
    assert run_git(["config", "test.where"], repo.path).strip() == b"global"
    # a repository of the tool's own: neither does, and content goes in byte for byte
    assert run_git(["rev-parse", "--git-path", "index"], repo.path, isolated=True).strip() == b".git/index"
    with pytest.raises(GitError):
        run_git(["config", "test.where"], repo.path, isolated=True)
    assert run_git(["config", "core.autocrlf"], repo.path, isolated=True).strip() == b"false"
    # what a caller needs is an argument
    date = run_git(["var", "GIT_AUTHOR_IDENT"], repo.path, isolated=True, env={"GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@b", "GIT_AUTHOR_DATE": "2000-01-01T00:00:00Z"})
    assert date.strip() == b"A <a@b> 946684800 +0000"


def test_input_is_standard_input_and_there_is_none_otherwise(trapped):
    repo, _ = trapped
    sha = run_git(["hash-object", "--stdin"], repo.path, input=b"data\n").strip()
    assert sha == run_git(["hash-object", "--stdin"], repo.path, input=b"data\n").strip()
    assert run_git(["hash-object", "--stdin"], repo.path).strip() == b"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"  # empty


def test_every_failure_is_one_git_error(trapped, tmp_path, monkeypatch):
    repo, _ = trapped
    with pytest.raises(GitError) as failed:
        run_git(["rev-parse", "--verify", "no-such-ref"], repo.path)
    assert failed.value.verb == "rev-parse" and failed.value.status == 128
    assert str(failed.value) == f"{repo.path}: git rev-parse failed: fatal: Needed a single revision"
    assert failed.value.summary == "fatal: Needed a single revision"
    assert isinstance(failed.value, api.UsageError)

    slow = tmp_path / "slow-bin"
    slow.mkdir()
    (slow / "git").write_text(f"#!/bin/sh\nexec {shutil.which('sleep')} 5\n")
    (slow / "git").chmod(0o755)
    monkeypatch.setenv("PATH", str(slow))
    with pytest.raises(GitError) as timed_out:
        run_git(["status"], repo.path, timeout=0.2)
    assert timed_out.value.status is None and str(timed_out.value) == f"{repo.path}: git status timed out after 0.2 s"
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    with pytest.raises(GitError, match="^cannot run git: ") as missing:
        run_git(["status"], repo.path)
    assert missing.value.status is None


def test_gitpython_gets_the_same_options(trapped):
    repo, markers = trapped
    opened = gitsource.find_repository(repo.path)
    try:
        options = opened.git._persistent_git_options
        assert options == git_options() and len(options) == 2 * len(SAFE_GIT_CONFIG)
        assert opened.git.config("core.fsmonitor") == "false"
    finally:
        opened.close()
    assert sorted(os.listdir(markers)) == []


def test_the_benchmark_gets_the_runner_from_the_api():
    assert api.run_git is run_git and api.GitError is GitError
