"""One patch applier (issue 28, point 8): ``reuse_audit.source.tree.patch_changes``.

The benchmark replays an agent's recorded patch (``agents/replay.py``, through
``api.patched_files``) and scores a turn's diff (``scoring.score_diff``, through
``api.check_diff``, which applies it with ``apply_patch``).  Both go through the one
applier, so a patch writes the same files in the workspace as the tree the check reads;
they used to be two appliers that disagreed on the patches below.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gitrepo import isolated_git
from reuse_audit import api
from reuse_audit.benchmark.agents.replay import apply_patch_text
from reuse_audit.benchmark.model import Turn
from reuse_audit.benchmark.scoring import score_diff
from reuse_audit.source import tree as tree_module

BEFORE = {
    "pkg/a.py": "".join(f"def f{k}():\n    return {k}\n\n\n" for k in range(8)),
    "pkg/b.py": "".join(f"def g{k}():\n    return {k}\n\n\n" for k in range(8)),
}


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def _write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def _files(root: Path) -> dict[str, bytes]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            full = Path(dirpath) / name
            out[full.relative_to(root).as_posix()] = full.read_bytes()
    return out


@pytest.fixture
def git_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """``git diff -C -M`` of a change made in a real repository: (before files, diff, after files)."""
    isolated_git(tmp_path, monkeypatch)
    root = tmp_path / "made"
    root.mkdir()
    _git(root, "init", "-q")
    _write(root, BEFORE)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "before")
    a = BEFORE["pkg/a.py"]
    # a.py changes, and c.py is a copy of a.py as it was, with a change of its own: git's
    # copy section reads the *old* a.py; b.py is renamed to d.py, and copied to e.py too
    _write(root, {"pkg/a.py": a.replace("return 0", "return 100"), "pkg/c.py": a.replace("return 7", "return 70")})
    os.rename(root / "pkg/b.py", root / "pkg/d.py")
    _write(root, {"pkg/e.py": BEFORE["pkg/b.py"].replace("return 1", "return 10")})
    _git(root, "add", "-A")
    diff = _git(root, "diff", "--cached", "-C", "-C", "-M", "--no-color")
    assert "copy from pkg/a.py" in diff and "rename from pkg/b.py" in diff and "copy from pkg/b.py" in diff
    return BEFORE, diff, _files(root)


def test_the_replay_writes_what_git_made(git_diff, tmp_path):
    before, diff, after = git_diff
    workspace = tmp_path / "ws"
    _write(workspace, before)
    apply_patch_text(diff, workspace, "turn.diff")
    assert _files(workspace) == after


def test_the_check_reads_what_the_replay_writes(git_diff):
    before, diff, after = git_diff
    checked = api.change_from_diff(api.MemoryTree({p: t.encode() for p, t in before.items()}), diff, "turn.diff").after
    assert {p: checked.read(p) for p in checked.paths()} == after
    assert api.patched_files(diff, {p: t.encode() for p, t in before.items()}.get) == {
        "pkg/a.py": after["pkg/a.py"], "pkg/b.py": None, "pkg/c.py": after["pkg/c.py"],
        "pkg/d.py": after["pkg/d.py"], "pkg/e.py": after["pkg/e.py"],
    }


def test_a_hunk_that_creates_a_missing_file_is_applied_by_both(tmp_path):
    """``--- a/X`` / ``+++ b/X`` / ``@@ -0,0 +1 @@`` for a file the tree lacks creates it, as git
    apply does: the check always read it so; the replay refused it."""
    diff = "--- a/pkg/new.py\n+++ b/pkg/new.py\n@@ -0,0 +1 @@\n+x = 1\n"
    workspace = tmp_path / "ws"
    _write(workspace, BEFORE)
    assert apply_patch_text(diff, workspace, "t.diff") == ["pkg/new.py"]
    assert (workspace / "pkg/new.py").read_text() == "x = 1\n"
    checked = api.change_from_diff(api.MemoryTree({p: t.encode() for p, t in BEFORE.items()}), diff, "t.diff").after
    assert checked.read("pkg/new.py") == b"x = 1\n"


def _added(path: str) -> str:
    return f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n@@ -0,0 +1 @@\n+x\n"


REFUSED = {
    "--- a/link.py\n+++ b/link.py\n@@ -1 +1 @@\n-def f0():\n+def h():\n": "link.py is not a regular file in the workspace",
    _added("pkg"): "pkg is not a regular file in the workspace",
    "diff --git a/data.bin b/data.bin\nnew file mode 100644\nBinary files /dev/null and b/data.bin differ\n": "binary patch",
    _added("pkg/a.py/x.py"): "'pkg/a.py' is a file",
}


@pytest.mark.parametrize("diff", list(REFUSED))
def test_the_replay_refuses_a_link_a_folder_and_what_has_no_content(tmp_path, diff):
    workspace = tmp_path / "ws"
    _write(workspace, BEFORE)
    (workspace / "link.py").symlink_to("pkg/a.py")
    with pytest.raises(api.PatchError, match=REFUSED[diff]):
        apply_patch_text(diff, workspace, "t.diff")
    assert _files(workspace) == {p: t.encode() for p, t in BEFORE.items()} | {"link.py": BEFORE["pkg/a.py"].encode()}


def test_replay_and_scoring_call_the_same_applier(tmp_path, monkeypatch):
    applied: list[str] = []
    real = tree_module.apply_file_patch

    def spy(fp, old, source="<patch>"):
        applied.append(source)
        return real(fp, old, source)

    monkeypatch.setattr(tree_module, "apply_file_patch", spy)
    diff = "diff --git a/pkg/new.py b/pkg/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/new.py\n@@ -0,0 +1 @@\n+x = 1\n"
    workspace = tmp_path / "ws"
    _write(workspace, BEFORE)
    apply_patch_text(diff, workspace, "replayed.diff")
    turn = Turn(1, "", "pkg/new.py", "pkg.new", (), tmp_path / "test_new.py", tmp_path / "new.py")
    score_diff(api.MemoryTree({p: t.encode() for p, t in BEFORE.items()}), diff, turn, api.Settings())
    assert applied == ["replayed.diff", "turn 1 diff"]
