"""Fetching a chain's source and preparing its workspace (hermetic: no network)."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

import click
import pytest
import yaml

from reuse_audit.benchmark import fetch as fetch_mod
from reuse_audit.benchmark import workspace as ws_mod
from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.fetch import (
    fetch_source,
    find_import_root,
    safe_extract,
    tree_digest,
)
from reuse_audit.benchmark.model import Source
from reuse_audit.benchmark.workspace import MARKER, PREPARING, Workspace, runner_git_dir
from reuse_audit.errors import UsageError

CLICK_DIR = Path(click.__file__).parent
CLICK_VERSION = metadata.version("click")


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    """Any pip call that a test did not mock fails the test."""

    def refuse(args):
        raise AssertionError(f"unexpected pip call: {args}")

    monkeypatch.setattr(fetch_mod, "_run_pip", refuse)


def write_chain(folder: Path, source: dict, chain_id: str = "click-format-1") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "turn1").mkdir(exist_ok=True)
    (folder / "turn1" / "test_turn1.py").write_text("def test_x():\n    pass\n")
    (folder / "turn1" / "solution.py").write_text("def wrap_help(text, width=78):\n    return text\n")
    data = {
        "id": chain_id,
        "source": source,
        "turns": [
            {
                "requirement": "Write wrap_help.",
                "path": "click_tools/formatting.py",
                "module": "click_tools.formatting",
                "signatures": ["def wrap_help(text: str, width: int = 78) -> str"],
                "tests": "turn1/test_turn1.py",
                "solution": "turn1/solution.py",
            }
        ],
    }
    (folder / "chain.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return folder


def copy_click_repo(repo: Path) -> Path:
    """A repository around a copy of the installed click, with tests, history and caches to strip."""
    shutil.copytree(CLICK_DIR, repo / "click", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (repo / "tests").mkdir()
    (repo / "tests" / "__init__.py").write_text("")
    (repo / "tests" / "test_basic.py").write_text("def test_it():\n    assert True\n")
    (repo / "tests" / "fixtures").mkdir()
    (repo / "tests" / "fixtures" / "data.txt").write_text("data\n")
    (repo / "conftest.py").write_text("import pytest\n")
    (repo / "click" / "test_private.py").write_text("def test_private():\n    pass\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "index.rst").write_text("docs\n")
    (repo / ".git").mkdir()
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (repo / ".hg").mkdir()
    (repo / ".hg" / "store").write_text("x\n")
    (repo / "click" / "__pycache__").mkdir(exist_ok=True)
    (repo / "click" / "__pycache__" / "core.cpython-311.pyc").write_bytes(b"\0\0")
    (repo / "README.md").write_text("click copy\n")
    return repo


@pytest.fixture
def click_chain(tmp_path):
    copy_click_repo(tmp_path / "repo")
    folder = write_chain(
        tmp_path / "chains" / "click-format-1",
        {"kind": "path", "path": "../../repo", "package": "click", "import_name": "click"},
    )
    return load_chain(folder)


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout


def files_of(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and ".git" not in p.relative_to(root).parts}


# ---------------------------------------------------------------------------
# the workspace over a copy of click
# ---------------------------------------------------------------------------


def test_click_workspace_strips_tests_and_history(click_chain, tmp_path):
    ws = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    root = ws.root
    files = files_of(root)
    assert "click/__init__.py" in files and "click/core.py" in files
    # click/testing.py (CliRunner) is not a test file by name, and stays; click does not import it
    assert "click/testing.py" in files
    assert not any(f.startswith("tests/") for f in files)
    assert "conftest.py" not in files and "click/test_private.py" not in files
    assert "docs/index.rst" in files and "README.md" in files
    assert not (root / "tests").exists() and not (root / ".hg").exists()
    assert not any("__pycache__" in f or f.endswith(".pyc") for f in files)
    assert ws.removed_tests == (
        "click/test_private.py",
        "conftest.py",
        "tests/__init__.py",
        "tests/fixtures/data.txt",
        "tests/test_basic.py",
    )
    assert ws.kept_helpers == ()
    # our own repository, next to the workspace: the source's history file is not in it
    assert (ws.git_dir / MARKER).is_file() and not (ws.git_dir / PREPARING).exists()
    assert ws.git_dir == root.parent / "ws.git" and not (root / ".git" / MARKER).exists()
    assert git(root, "rev-list", "--count", "HEAD").strip() == "1"
    assert ws.import_root == root and ws.python_path == [root]
    tracked = set(git(root, "ls-files").split())
    assert tracked == files


def test_click_workspace_imports_from_the_workspace(click_chain, tmp_path):
    ws = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    assert ws.check_import() == (ws.root / "click" / "__init__.py").resolve()
    # an agent's new top-level module next to the package is importable too, and edits are live
    (ws.root / "click_tools").mkdir()
    (ws.root / "click_tools" / "formatting.py").write_text(
        "from click.formatting import wrap_text\n\ndef wrap_help(text, width=78):\n    return wrap_text(text, width)\n"
    )
    (ws.root / "click" / "formatting.py").write_text(
        (ws.root / "click" / "formatting.py").read_text() + "\nLIVE_EDIT = 1\n"
    )
    code = (
        "import click, click.formatting, click_tools.formatting as f\n"
        "print(click.__file__); print(click.formatting.LIVE_EDIT); print(f.wrap_help('a b', 10))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=ws.subprocess_env(), capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == str(ws.root / "click" / "__init__.py")
    assert lines[1:] == ["1", "a b"]
    assert not list(ws.root.rglob("__pycache__"))  # PYTHONDONTWRITEBYTECODE


def test_env(click_chain, tmp_path, monkeypatch):
    ws = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    monkeypatch.setenv("PYTHONPATH", "/somewhere/else")
    env = ws.env
    assert env["PYTHONPATH"].split(":") == [str(ws.root), "/somewhere/else"]
    assert env["PYTHONDONTWRITEBYTECODE"] == "1" and env["PYTHONNOUSERSITE"] == "1"
    monkeypatch.delenv("PYTHONPATH")
    assert ws.env["PYTHONPATH"] == str(ws.root)
    full = ws.subprocess_env({"EXTRA": "1"})
    assert full["PYTHONPATH"] == str(ws.root) and full["EXTRA"] == "1" and "PATH" in full


def test_baseline_is_deterministic(click_chain, tmp_path):
    a = Workspace.prepare(click_chain, tmp_path / "one" / "ws", tmp_path / "cache")
    b = Workspace.prepare(click_chain, tmp_path / "two" / "elsewhere", tmp_path / "cache2")
    assert a.baseline == b.baseline == a.head()
    assert len(a.baseline) == 40
    commit = a.repo.commit(a.baseline)
    assert commit.authored_date == commit.committed_date == 946684800
    assert commit.author.name == ws_mod.AUTHOR_NAME and commit.committer.email == ws_mod.AUTHOR_EMAIL
    assert commit.message.startswith("baseline: click-format-1")
    assert a.repo.config_reader("repository").get_value("user", "name") == ws_mod.AUTHOR_NAME
    assert (a.root / ".gitignore").read_text().splitlines()[:3] == ["__pycache__/", "*.pyc", ".pytest_cache/"]


def test_reset_to_restores_exactly(click_chain, tmp_path):
    ws = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    before = {f: (ws.root / f).read_bytes() for f in files_of(ws.root)}
    (ws.root / "click" / "core.py").write_text("broken\n")  # modified
    (ws.root / "click" / "utils.py").unlink()  # deleted
    (ws.root / "click_tools").mkdir()
    (ws.root / "click_tools" / "new.py").write_text("x = 1\n")  # untracked
    (ws.root / "click" / "__pycache__").mkdir()
    (ws.root / "click" / "__pycache__" / "core.cpython-311.pyc").write_bytes(b"\0")  # ignored
    (ws.root / ".pytest_cache").mkdir()
    (ws.root / ".pytest_cache" / "v").write_text("x")  # ignored
    (ws.root / "inner").mkdir()
    subprocess.run(["git", "init", "-q"], cwd=ws.root / "inner", check=True)  # a nested repository
    ws.reset_to(ws.baseline)
    after = {f: (ws.root / f).read_bytes() for f in files_of(ws.root)}
    assert after == before
    assert not (ws.root / "click_tools").exists() and not (ws.root / ".pytest_cache").exists()
    assert not (ws.root / "inner").exists()
    assert git(ws.root, "status", "--porcelain", "--ignored") == ""


def test_commit_turn_and_diff(click_chain, tmp_path):
    ws = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    (ws.root / "click_tools").mkdir()
    (ws.root / "click_tools" / "formatting.py").write_text("def wrap_help(text, width=78):\n    return text\n")
    (ws.root / "click_tools" / "__pycache__").mkdir()
    (ws.root / "click_tools" / "__pycache__" / "formatting.cpython-311.pyc").write_bytes(b"\0")
    sha1 = ws.commit_turn(1)
    assert sha1 != ws.baseline and ws.head() == sha1
    assert ws.repo.commit(sha1).message.strip() == "turn 1"
    assert ws.changed_files(ws.baseline, sha1) == ["click_tools/formatting.py"]
    diff = ws.diff(ws.baseline, sha1)
    assert diff.startswith("diff --git a/click_tools/formatting.py b/click_tools/formatting.py\nnew file mode 100644\n")
    index = [line for line in diff.splitlines() if line.startswith("index ")]
    assert len(index) == 1 and len(index[0].split()[1].split("..")[1]) == 40  # full index
    assert diff.endswith("+    return text\n")
    assert diff.count("diff --git") == 1

    # an empty turn still commits; a deletion and a binary file are staged and diffed
    sha2 = ws.commit_turn(2)
    assert sha2 != sha1 and ws.changed_files(sha1, sha2) == [] and ws.diff(sha1, sha2) == ""
    (ws.root / "click" / "_textwrap.py").unlink()
    (ws.root / "click_tools" / "blob.bin").write_bytes(bytes(range(256)))
    sha3 = ws.commit_turn(3)
    assert ws.changed_files(sha2, sha3) == ["click/_textwrap.py", "click_tools/blob.bin"]
    diff3 = ws.diff(sha2, sha3)
    assert "deleted file mode 100644" in diff3 and "GIT binary patch" in diff3

    # going back to turn 1 drops the later turns' files
    ws.reset_to(sha1)
    assert (ws.root / "click" / "_textwrap.py").is_file() and not (ws.root / "click_tools" / "blob.bin").exists()

    # the same turn in another workspace gives the same commit
    other = Workspace.prepare(click_chain, tmp_path / "ws2", tmp_path / "cache")
    (other.root / "click_tools").mkdir()
    (other.root / "click_tools" / "formatting.py").write_text("def wrap_help(text, width=78):\n    return text\n")
    assert other.commit_turn(1) == sha1

    with pytest.raises(UsageError, match="not a commit"):
        ws.diff("--output=x", sha1)
    with pytest.raises(UsageError, match="not a commit: 'f00d'"):
        ws.reset_to("f00d")


def test_prepare_twice_is_idempotent(click_chain, tmp_path):
    ws = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    (ws.root / "click_tools").mkdir()
    (ws.root / "click_tools" / "a.py").write_text("x = 1\n")
    sha1 = ws.commit_turn(1)
    again = Workspace.prepare(click_chain, tmp_path / "ws", tmp_path / "cache")
    assert again.baseline == ws.baseline and again.head() == sha1  # reused as it is, not rebuilt
    assert (again.root / "click_tools" / "a.py").is_file()
    assert again.removed_tests == ws.removed_tests and again.env == ws.env
    opened = Workspace.open(tmp_path / "ws")
    assert opened.baseline == ws.baseline and opened.import_root == ws.import_root


def test_half_prepared_dest_is_redone(click_chain, tmp_path):
    dest = tmp_path / "ws"
    runner_git_dir(dest).mkdir(parents=True)
    (runner_git_dir(dest) / PREPARING).write_text('{"chain": "click-format-1"}\n')
    dest.mkdir()
    (dest / "leftover.py").write_text("x = 1\n")
    ws = Workspace.prepare(click_chain, dest, tmp_path / "cache")
    assert not (dest / "leftover.py").exists() and not (runner_git_dir(dest) / PREPARING).exists()
    assert git(dest, "rev-list", "--count", "HEAD").strip() == "1"
    fresh = Workspace.prepare(click_chain, tmp_path / "fresh", tmp_path / "cache")
    assert ws.baseline == fresh.baseline


def test_workspace_of_another_chain_is_redone(click_chain, tmp_path):
    dest = tmp_path / "ws"
    Workspace.prepare(click_chain, dest, tmp_path / "cache")
    record = json.loads((runner_git_dir(dest) / MARKER).read_text())
    record["chain"] = "another-chain"
    (runner_git_dir(dest) / MARKER).write_text(json.dumps(record))
    (dest / "stale.py").write_text("x = 1\n")
    ws = Workspace.prepare(click_chain, dest, tmp_path / "cache")
    assert not (dest / "stale.py").exists()
    assert json.loads((runner_git_dir(dest) / MARKER).read_text())["chain"] == "click-format-1"
    assert ws.head() == ws.baseline


def test_source_change_redoes_the_workspace(click_chain, tmp_path):
    dest = tmp_path / "ws"
    first = Workspace.prepare(click_chain, dest, tmp_path / "cache")
    (tmp_path / "repo" / "click" / "extra.py").write_text("def f():\n    return 1\n")
    second = Workspace.prepare(click_chain, dest, tmp_path / "cache")
    assert second.baseline != first.baseline and (dest / "click" / "extra.py").is_file()


def test_workspace_inside_the_source_is_refused(click_chain, tmp_path):
    with pytest.raises(UsageError, match="must be outside the source folder"):
        Workspace.prepare(click_chain, tmp_path / "repo" / "ws", tmp_path / "cache")
    assert not (tmp_path / "repo" / "ws").exists()


def test_foreign_folder_is_never_deleted(click_chain, tmp_path):
    dest = tmp_path / "mine"
    dest.mkdir()
    (dest / "precious.txt").write_text("keep me\n")
    with pytest.raises(UsageError, match="not empty and is not a reuse-audit workspace"):
        Workspace.prepare(click_chain, dest, tmp_path / "cache")
    assert (dest / "precious.txt").read_text() == "keep me\n"
    # a foreign git repository neither
    subprocess.run(["git", "init", "-q"], cwd=dest, check=True)
    with pytest.raises(UsageError, match="not a reuse-audit workspace"):
        Workspace.prepare(click_chain, dest, tmp_path / "cache")
    assert (dest / "precious.txt").is_file()
    with pytest.raises(UsageError, match="not a prepared reuse-audit workspace"):
        Workspace.open(dest)


# ---------------------------------------------------------------------------
# runtime test helpers, src layout, import failures
# ---------------------------------------------------------------------------


def make_fakepkg(repo: Path, layout: str = "flat", init_extra: str = "") -> Path:
    base = repo / "src" if layout == "src" else repo
    pkg = base / "fakepkg"
    (pkg / "testing").mkdir(parents=True)
    (pkg / "tests").mkdir()
    (pkg / "__init__.py").write_text(
        "from fakepkg.testing import assert_ok\nfrom .core import run\n" + init_extra
    )
    (pkg / "core.py").write_text(
        "def run():\n"
        "    from . import compat_test\n"
        "    import fakepkg.test.deep\n"
        "    fakepkg.test.deep.go()\n"
        "    return compat_test.VALUE\n"
    )
    (pkg / "compat_test.py").write_text("VALUE = 3\n")  # named like a test, imported in a function
    (pkg / "testing" / "__init__.py").write_text("from .util import assert_ok\n")
    (pkg / "testing" / "util.py").write_text("def assert_ok(x):\n    assert x\n")
    (pkg / "testing" / "data.json").write_text("{}\n")
    (pkg / "testing" / "test_util.py").write_text("def test_u():\n    pass\n")
    (pkg / "tests" / "__init__.py").write_text("")
    (pkg / "tests" / "test_core.py").write_text("from fakepkg import run\n")
    (pkg / "test").mkdir()  # reached only through `import fakepkg.test.deep` + `fakepkg.test.deep.go()`
    (pkg / "test" / "__init__.py").write_text("")
    (pkg / "test" / "deep.py").write_text("def go():\n    return 0\n")
    (pkg / "test" / "test_deep.py").write_text("import fakepkg\n")
    (repo / "tests").mkdir(exist_ok=True)
    (repo / "tests" / "test_top.py").write_text("import fakepkg\n")
    (repo / "setup.cfg").write_text("[metadata]\nname = fakepkg\n")
    (repo / ".gitignore").write_text("src/fakepkg/_version.py\n*.log\n")
    (pkg / "_version.py").write_text("version = '1.0'\n")  # generated: ignored by the repo, in the sdist
    return repo


def fake_chain(tmp_path: Path, layout: str = "flat", init_extra: str = "", version=None):
    make_fakepkg(tmp_path / "repo", layout, init_extra)
    source = {"kind": "path", "path": str(tmp_path / "repo"), "package": "fakepkg", "import_name": "fakepkg"}
    if version:
        source["version"] = version
    return load_chain(write_chain(tmp_path / "chains" / "fake-1", source, chain_id="fake-1"))


def test_runtime_test_helpers_are_kept(tmp_path):
    chain = fake_chain(tmp_path)
    ws = Workspace.prepare(chain, tmp_path / "ws", tmp_path / "cache")
    files = files_of(ws.root)
    assert {
        "fakepkg/testing/__init__.py",
        "fakepkg/testing/util.py",
        "fakepkg/testing/data.json",  # data next to a kept helper
        "fakepkg/compat_test.py",
    } <= files
    assert ws.kept_helpers == (
        "fakepkg/compat_test.py",
        "fakepkg/test/__init__.py",
        "fakepkg/test/deep.py",
        "fakepkg/testing/__init__.py",
        "fakepkg/testing/util.py",
    )
    assert "fakepkg/testing/test_util.py" not in files and "fakepkg/test/test_deep.py" not in files
    assert not (ws.root / "fakepkg" / "tests").exists() and not (ws.root / "tests").exists()
    out = subprocess.run(
        [sys.executable, "-c", "import fakepkg; print(fakepkg.run())"],
        cwd=tmp_path, env=ws.subprocess_env(), capture_output=True, text=True,
    )
    assert out.returncode == 0 and out.stdout.strip() == "3", out.stderr


def test_src_layout_and_ignored_source_files(tmp_path):
    chain = fake_chain(tmp_path, layout="src")
    ws = Workspace.prepare(chain, tmp_path / "ws", tmp_path / "cache")
    assert ws.import_root == ws.root / "src"
    assert ws.python_path == [ws.root / "src", ws.root]
    assert ws.env["PYTHONPATH"].split(":")[:2] == [str(ws.root / "src"), str(ws.root)]
    # the repository's .gitignore skips _version.py, yet it is part of the baseline and survives resets
    assert "src/fakepkg/_version.py" in git(ws.root, "ls-files").split()
    assert ".pytest_cache/" in (ws.root / ".gitignore").read_text()
    (ws.root / "turn.log").write_text("an agent's file the repository ignores\n")
    sha = ws.commit_turn(1)
    assert ws.changed_files(ws.baseline, sha) == ["turn.log"]
    ws.reset_to(ws.baseline)
    assert (ws.root / "src" / "fakepkg" / "_version.py").is_file() and not (ws.root / "turn.log").exists()


def test_package_that_does_not_import(tmp_path):
    chain = fake_chain(tmp_path, init_extra="raise RuntimeError('boom at import')\n")
    dest = tmp_path / "ws"
    with pytest.raises(UsageError) as info:
        Workspace.prepare(chain, dest, tmp_path / "cache")
    message = str(info.value)
    assert message.startswith("fake-1: the package fakepkg does not import in the workspace ")
    assert message.endswith("RuntimeError: boom at import")
    assert (runner_git_dir(dest) / PREPARING).is_file()  # left half-prepared
    init = tmp_path / "repo" / "fakepkg" / "__init__.py"
    init.write_text(init.read_text().replace("raise RuntimeError('boom at import')\n", ""))
    ws = Workspace.prepare(chain, dest, tmp_path / "cache")  # redone
    assert not (runner_git_dir(dest) / PREPARING).exists() and ws.head() == ws.baseline


def test_version_metadata_for_the_workspace(tmp_path):
    chain = fake_chain(tmp_path, version="1.2.3")
    ws = Workspace.prepare(chain, tmp_path / "ws", tmp_path / "cache")
    assert ws.site_dir is not None and ws.site_dir in ws.python_path
    out = subprocess.run(
        [sys.executable, "-c", "import importlib.metadata as m; print(m.version('fakepkg'))"],
        cwd=tmp_path, env=ws.subprocess_env(), capture_output=True, text=True,
    )
    assert out.stdout.strip() == "1.2.3", out.stderr
    assert git(ws.root, "status", "--porcelain", "--ignored") == ""


def test_missing_import_package(tmp_path):
    (tmp_path / "repo" / "other").mkdir(parents=True)
    (tmp_path / "repo" / "other" / "__init__.py").write_text("")
    chain = load_chain(write_chain(
        tmp_path / "chains" / "c", {"kind": "path", "path": "../../repo", "package": "mylib", "import_name": "mylib"}
    ))
    with pytest.raises(UsageError, match=r"no import package 'mylib' found .* set source.import_name"):
        Workspace.prepare(chain, tmp_path / "ws", tmp_path / "cache")


# ---------------------------------------------------------------------------
# fetch
# ---------------------------------------------------------------------------


def test_fetch_installed_version_without_network(tmp_path):
    source = Source(kind="pypi", package="click", version=CLICK_VERSION, import_name="click")
    got = fetch_source(source, cache_dir=tmp_path / "cache")
    assert got.origin == "installed" and got.sha256 is None
    assert got.root == tmp_path / "cache" / "installed" / f"click-{CLICK_VERSION}"
    assert got.import_root == got.root and (got.root / "click" / "__init__.py").is_file()
    assert (got.root / "click" / "formatting.py").read_bytes() == (CLICK_DIR / "formatting.py").read_bytes()
    assert not list(got.root.rglob("*.pyc"))
    again = fetch_source(source, cache_dir=tmp_path / "cache")
    assert again.origin == "installed" and again.digest == got.digest == tree_digest(got.root)


def test_chain_over_installed_click(tmp_path, monkeypatch):
    folder = write_chain(
        tmp_path / "chains" / "c", {"kind": "pypi", "package": "click", "version": CLICK_VERSION, "import_name": "click"}
    )
    monkeypatch.setenv("REUSE_AUDIT_BENCH_CACHE", str(tmp_path / "envcache"))
    chain = load_chain(folder)
    ws = Workspace.prepare(chain, tmp_path / "ws")  # the cache comes from the environment variable
    assert (tmp_path / "envcache" / "installed" / f"click-{CLICK_VERSION}" / "click").is_dir()
    assert ws.check_import() == ws.root / "click" / "__init__.py"
    assert ws.site_dir is None  # the running environment has click's metadata already


def test_default_cache_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("REUSE_AUDIT_BENCH_CACHE", str(tmp_path / "c"))
    assert fetch_mod.default_cache_dir() == tmp_path / "c"
    monkeypatch.delenv("REUSE_AUDIT_BENCH_CACHE")
    import platformdirs

    assert fetch_mod.default_cache_dir() == Path(platformdirs.user_cache_dir("reuse-audit")) / "sources"


def test_fetch_error_names_pip_error(tmp_path, monkeypatch):
    calls = []

    def failing_pip(args):
        calls.append(args)
        return subprocess.CompletedProcess(
            args,
            1,
            stdout="",
            stderr=(
                "ERROR: Could not find a version that satisfies the requirement click==9.9.9 (from versions: 8.1.7)\n"
                "ERROR: No matching distribution found for click==9.9.9\n"
            ),
        )

    monkeypatch.setattr(fetch_mod, "_run_pip", failing_pip)
    source = Source(kind="pypi", package="click", version="9.9.9", import_name="click")
    with pytest.raises(UsageError) as info:
        fetch_source(source, cache_dir=tmp_path / "cache")
    assert str(info.value) == "cannot fetch click==9.9.9 from the package index: No matching distribution found for click==9.9.9"
    assert len(calls) == 2
    assert calls[0][0] == "download" and "--no-deps" in calls[0] and "--no-binary" in calls[0] and "click==9.9.9" in calls[0]
    assert "--only-binary" in calls[1]
    assert [p.name for p in (tmp_path / "cache").iterdir()] == []  # nothing half-written left


def _sdist(path: Path, top: str, files: dict) -> bytes:
    with tarfile.open(path, "w:gz") as tf:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path.read_bytes()


def _fake_pip(tmp_path, kind="sdist"):
    calls = []
    template = tmp_path / "template"
    template.mkdir(exist_ok=True)
    sdist = template / "fakelib-2.0.tar.gz"
    _sdist(sdist, "fakelib-2.0", {
        "PKG-INFO": "Metadata-Version: 2.1\nName: fakelib\nVersion: 2.0\n",
        "src/fakelib/__init__.py": "from .core import f\n",
        "src/fakelib/core.py": "def f():\n    return 2\n",
        "tests/test_core.py": "def test_f():\n    pass\n",
    })
    wheel = template / "fakelib-2.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("fakelib/__init__.py", "def f():\n    return 2\n")
        zf.writestr("fakelib-2.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: fakelib\nVersion: 2.0\n")

    def pip(args):
        calls.append(args)
        dest = Path(args[args.index("-d") + 1])
        if kind == "sdist" and "--no-binary" in args:
            shutil.copy(sdist, dest)
            return subprocess.CompletedProcess(args, 0, "Saved\n", "")
        if kind == "wheel" and "--only-binary" in args:
            shutil.copy(wheel, dest)
            return subprocess.CompletedProcess(args, 0, "Saved\n", "")
        return subprocess.CompletedProcess(args, 1, "", "ERROR: No matching distribution found for fakelib==2.0\n")

    return pip, calls, sdist, wheel


def test_fetch_downloads_checks_and_caches(tmp_path, monkeypatch):
    pip, calls, sdist, _ = _fake_pip(tmp_path)
    monkeypatch.setattr(fetch_mod, "_run_pip", pip)
    sha = fetch_mod.file_sha256(sdist)
    source = Source(kind="pypi", package="fakelib", version="2.0", sha256=sha, import_name="fakelib")
    got = fetch_source(source, cache_dir=tmp_path / "cache")
    assert got.origin == "download" and got.sha256 == sha and got.archive == "fakelib-2.0.tar.gz"
    assert got.root == tmp_path / "cache" / "fakelib-2.0" and got.import_root == got.root / "src"
    assert (got.root / "tests" / "test_core.py").is_file() and got.metadata == got.root / "PKG-INFO"
    record = json.loads((tmp_path / "cache" / "fakelib-2.0.json").read_text())
    assert record["sha256"] == sha and record["digest"] == got.digest
    assert len(calls) == 1
    # later runs use the cache, offline
    monkeypatch.setattr(fetch_mod, "_run_pip", lambda args: pytest.fail("pip called again"))
    again = fetch_source(source, cache_dir=tmp_path / "cache")
    assert again.origin == "cache" and again.root == got.root and again.sha256 == sha
    # ... and a chain recording another checksum is refused there too
    wrong = Source(kind="pypi", package="fakelib", version="2.0", sha256="0" * 64, import_name="fakelib")
    with pytest.raises(UsageError) as info:
        fetch_source(wrong, cache_dir=tmp_path / "cache")
    assert str(info.value) == f"fakelib==2.0: sha256 of fakelib-2.0.tar.gz is {sha}, but the chain records {'0' * 64}"

    # a workspace from the download: tests gone, metadata of the pinned version
    chain = load_chain(write_chain(tmp_path / "chains" / "f", {
        "kind": "pypi", "package": "fakelib", "version": "2.0", "sha256": sha, "import_name": "fakelib"}, "fake-2"))
    ws = Workspace.prepare(chain, tmp_path / "ws", tmp_path / "cache")
    assert ws.import_root == ws.root / "src" and not (ws.root / "tests").exists()
    out = subprocess.run(
        [sys.executable, "-c", "import importlib.metadata as m, fakelib; print(m.version('fakelib'), fakelib.f())"],
        cwd=tmp_path, env=ws.subprocess_env(), capture_output=True, text=True,
    )
    assert out.stdout.strip() == "2.0 2", out.stderr


def test_fetch_checksum_mismatch_on_download(tmp_path, monkeypatch):
    pip, _, sdist, _ = _fake_pip(tmp_path)
    monkeypatch.setattr(fetch_mod, "_run_pip", pip)
    source = Source(kind="pypi", package="fakelib", version="2.0", sha256="ab" * 32, import_name="fakelib")
    with pytest.raises(UsageError) as info:
        fetch_source(source, cache_dir=tmp_path / "cache")
    actual = fetch_mod.file_sha256(sdist)
    assert str(info.value) == f"fakelib==2.0: sha256 of fakelib-2.0.tar.gz is {actual}, but the chain records {'ab' * 32}"
    assert not (tmp_path / "cache" / "fakelib-2.0").exists()


def test_fetch_falls_back_to_the_wheel(tmp_path, monkeypatch):
    pip, calls, _, wheel = _fake_pip(tmp_path, kind="wheel")
    monkeypatch.setattr(fetch_mod, "_run_pip", pip)
    got = fetch_source(Source(kind="pypi", package="fakelib", version="2.0", import_name="fakelib"), cache_dir=tmp_path / "c")
    assert len(calls) == 2 and got.archive == wheel.name and got.sha256 == fetch_mod.file_sha256(wheel)
    assert got.import_root == got.root and (got.root / "fakelib-2.0.dist-info" / "METADATA").is_file()


def test_fetch_path_source(tmp_path):
    make_fakepkg(tmp_path / "repo", layout="src")
    got = fetch_source(Source(kind="path", package="x", path="repo", import_name="fakepkg"), base_dir=tmp_path)
    assert got.origin == "path" and got.root == (tmp_path / "repo").resolve()
    assert got.import_root == got.root / "src"
    with pytest.raises(UsageError, match="folder .* not found"):
        fetch_source(Source(kind="path", package="x", path="nope", import_name="x"), base_dir=tmp_path)


def test_find_import_root(tmp_path):
    (tmp_path / "a" / "lib" / "pkg").mkdir(parents=True)
    (tmp_path / "a" / "lib" / "pkg" / "__init__.py").write_text("")
    assert find_import_root(tmp_path / "a", "pkg") == tmp_path / "a" / "lib"
    (tmp_path / "b" / "python" / "nested").mkdir(parents=True)
    (tmp_path / "b" / "python" / "nested" / "single.py").write_text("")
    assert find_import_root(tmp_path / "b", "single") == tmp_path / "b" / "python" / "nested"
    (tmp_path / "c" / "tests" / "pkg").mkdir(parents=True)
    (tmp_path / "c" / "tests" / "pkg" / "__init__.py").write_text("")
    with pytest.raises(UsageError, match="no import package 'pkg' found"):
        find_import_root(tmp_path / "c", "pkg")


@pytest.mark.parametrize("name", ["../evil.py", "/abs/evil.py", "pkg/../../evil.py"])
def test_safe_extract_rejects_escaping_members(tmp_path, name):
    tar_path = tmp_path / "bad.tar.gz"
    with tarfile.open(tar_path, "w:gz") as tf:
        info = tarfile.TarInfo(name)
        info.size = 1
        tf.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(UsageError, match="refusing to unpack member"):
        safe_extract(tar_path, tmp_path / "out1")
    zip_path = tmp_path / "bad.zip"
    with zipfile.ZipFile(zip_path, "w") as zf:
        zf.writestr(zipfile.ZipInfo(name), "x")
    with pytest.raises(UsageError, match="refusing to unpack member"):
        safe_extract(zip_path, tmp_path / "out2")
    assert not (tmp_path / "evil.py").exists()


def test_safe_extract_rejects_links_leaving_the_folder(tmp_path):
    tar_path = tmp_path / "link.tar.gz"
    with tarfile.open(tar_path, "w:gz") as tf:
        info = tarfile.TarInfo("pkg/link")
        info.type = tarfile.SYMTYPE
        info.linkname = "../../etc/passwd"
        tf.addfile(info)
    with pytest.raises(UsageError, match="link leaves the folder"):
        safe_extract(tar_path, tmp_path / "out")


def test_a_workspace_of_the_earlier_layout_is_moved_out_of_the_agents_reach(click_chain, tmp_path):
    """Earlier versions kept the runner's repository in <workspace>/.git, where the agent could
    write its configuration: it is moved next to the workspace, its configuration rewritten."""
    dest = tmp_path / "ws"
    ws = Workspace.prepare(click_chain, dest, tmp_path / "cache")
    shutil.rmtree(dest / ".git")
    runner_git_dir(dest).rename(dest / ".git")  # the old layout
    with open(dest / ".git" / "config", "a") as handle:
        handle.write("[filter \"evil\"]\n\tclean = touch /nonexistent/evil; cat\n")
    opened = Workspace.open(dest)
    assert opened.baseline == ws.baseline and opened.git_dir == runner_git_dir(dest)
    assert "evil" not in (runner_git_dir(dest) / "config").read_text()
    assert (dest / ".git" / "HEAD").is_file() and not (dest / ".git" / MARKER).exists()
    assert git(dest, "rev-parse", "HEAD").strip() == ws.baseline  # the agent's own .git
