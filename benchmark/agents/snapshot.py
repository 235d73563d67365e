"""The workspace as it was when a turn started, for computing reads.

Reads are line ranges, and line numbers move when the agent edits a file.
An adapter takes a snapshot before it starts the agent and computes reads
against it:

* a clean git workspace (the runner resets it to the turn's start commit)
  is snapshotted as ``HEAD``'s tree;
* a git workspace with uncommitted or untracked files (a turn's second
  session under ``--feedback lint`` starts where the first one left it) is
  snapshotted as ``HEAD``'s tree and the bytes of those files, read at once
  (up to :data:`MAX_FILE_BYTES` each; a bigger one is read from the disk when
  asked).  Nothing is written: no object, no index (``git add`` would write
  blobs and *freshen* those the runner's object store already holds, which
  the workspace borrows: a change the runner's guard reports);
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

#: a changed file bigger than this is not kept by a snapshot (the disk is read instead)
MAX_FILE_BYTES = 4 * 1024 * 1024


def _git(root: Path, *args: str, env: Optional[dict] = None) -> Optional[bytes]:
    """Git in the agent's workspace through the engine's hardened runner, isolated (no user or
    system configuration, no inherited ``GIT_*`` variable), ``env`` added; None when it fails or
    takes more than 300 s."""
    try:
        return run_git(args, root, env=env, isolated=True, timeout=300)
    except GitError:
        return None


class WorkspaceSnapshot:
    def __init__(self, workspace: Path, tree: Optional[str], files: Optional[dict] = None) -> None:
        self.workspace = Path(os.path.abspath(workspace))
        self.tree = tree
        # the changed files (relative path -> bytes, None: not there, or too big to keep)
        self.files: dict[str, Optional[bytes]] = dict(files or {})

    @classmethod
    def take(cls, workspace: Path, scratch: Path) -> "WorkspaceSnapshot":
        """Snapshot ``workspace`` (``scratch``, a folder outside it, is not needed any more: kept for
        the adapters that give it)."""
        workspace = Path(os.path.abspath(workspace))
        if not (workspace / ".git").exists():
            return cls(workspace, None)
        status = _git(workspace, "status", "--porcelain", "--untracked-files=all", "--no-renames", "-z")
        if status is None:
            return cls(workspace, None)
        head = _git(workspace, "rev-parse", "--verify", "--quiet", "HEAD^{tree}")
        tree = head.decode().strip() if head else None
        files: dict[str, Optional[bytes]] = {}
        for entry in status.split(b"\0"):
            if len(entry) < 4:
                continue
            rel = entry[3:].decode("utf-8", "surrogateescape")
            full = workspace / rel
            try:
                files[rel] = full.read_bytes() if full.is_file() and full.stat().st_size <= MAX_FILE_BYTES else None
            except OSError:
                files[rel] = None
        return cls(workspace, tree if tree or files else None, files)

    def text(self, path: Path) -> Optional[str]:
        """The start-of-turn text of ``path`` (absolute), or None."""
        try:
            rel = Path(os.path.abspath(path)).relative_to(self.workspace).as_posix()
        except ValueError:
            return None
        if rel in self.files:
            data = self.files[rel]
            if data is None or b"\0" in data[:8192]:
                return None
            return data.decode("utf-8", "replace")
        if self.tree is None:
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
