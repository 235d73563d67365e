"""The workspace as it was when a turn started, for computing reads.

Reads are line ranges, and line numbers move when the agent edits a file.
An adapter takes a snapshot before it starts the agent and computes reads
against it:

* a clean git workspace (the runner resets it to the turn's start commit)
  is snapshotted as ``HEAD``'s tree;
* a git workspace with uncommitted or untracked files is snapshotted by
  staging it into a temporary index under the turn directory and writing
  that tree (``git write-tree``; blobs go to the workspace's object store,
  the workspace's own index, HEAD and files are untouched);
* a folder that is not a git repository has no snapshot.

:meth:`WorkspaceSnapshot.reader` returns a file's start-of-turn text, or
None for a file that did not exist then (the caller then reads the disk: a
file created during the turn is read at its end-of-turn content).  This is
exact for the files that matter for recall, library modules and earlier
turns' submissions, which agents are told not to modify.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from reuse_audit.api import GitError, ReadFile, file_reader, run_git

__all__ = ["WorkspaceSnapshot", "turn_reader"]


def _git(root: Path, *args: str, env: Optional[dict] = None) -> Optional[bytes]:
    """Git in the agent's workspace through the engine's hardened runner, isolated (no user or
    system configuration, no inherited ``GIT_*`` variable), ``env`` added (a scratch
    ``GIT_INDEX_FILE``); None when it fails or takes more than 300 s."""
    try:
        return run_git(args, root, env=env, isolated=True, timeout=300)
    except GitError:
        return None


class WorkspaceSnapshot:
    def __init__(self, workspace: Path, tree: Optional[str]) -> None:
        self.workspace = Path(os.path.abspath(workspace))
        self.tree = tree

    @classmethod
    def take(cls, workspace: Path, scratch: Path) -> "WorkspaceSnapshot":
        """Snapshot ``workspace``; ``scratch`` is a folder outside it for the
        temporary index."""
        workspace = Path(os.path.abspath(workspace))
        if not (workspace / ".git").exists():
            return cls(workspace, None)
        status = _git(workspace, "status", "--porcelain", "--untracked-files=all", "-z")
        if status is None:
            return cls(workspace, None)
        if not status.strip(b"\0"):
            tree = _git(workspace, "rev-parse", "--verify", "--quiet", "HEAD^{tree}")
            return cls(workspace, tree.decode().strip() if tree else None)
        scratch.mkdir(parents=True, exist_ok=True)
        index = scratch / ".snapshot-index"
        env = {"GIT_INDEX_FILE": str(index)}
        try:
            if _git(workspace, "rev-parse", "--verify", "--quiet", "HEAD", env=env) is not None:
                _git(workspace, "read-tree", "HEAD", env=env)
            if _git(workspace, "add", "-A", env=env) is None:
                return cls(workspace, None)
            tree = _git(workspace, "write-tree", env=env)
        finally:
            for leftover in (index, Path(str(index) + ".lock")):
                try:
                    leftover.unlink()
                except OSError:
                    pass
        return cls(workspace, tree.decode().strip() if tree else None)

    def text(self, path: Path) -> Optional[str]:
        """The start-of-turn text of ``path`` (absolute), or None."""
        if self.tree is None:
            return None
        try:
            rel = Path(os.path.abspath(path)).relative_to(self.workspace).as_posix()
        except ValueError:
            return None
        data = _git(self.workspace, "cat-file", "blob", f"{self.tree}:{rel}")
        if data is None or b"\0" in data[:8192]:
            return None
        return data.decode("utf-8", "replace")

    def reader(self) -> ReadFile:
        """A caching reader: the snapshot first, then the disk."""
        return file_reader(self.text)


def turn_reader(workspace: Path, scratch: Path) -> ReadFile:
    return WorkspaceSnapshot.take(workspace, scratch).reader()
