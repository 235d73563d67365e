"""File digests: the sha256 of each file of a tree, through the facts cache's stat table."""

from __future__ import annotations

import hashlib
import os
from typing import Iterable, Mapping, Optional

from ..cache import FactsCache
from ..errors import UsageError
from ..model import Note
from ..tree import FsTree, OverlayTree, SourceTree


def unreadable(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, UsageError):
        return str(exc)
    return type(exc).__name__


def digest_files(tree: SourceTree, paths: Iterable[str], cache: Optional[FactsCache]) -> tuple[dict[str, str], dict[str, bytes], list[Note]]:
    """sha256 of each readable path, the bytes read on the way, and notes on unreadable files.

    With a cache and a tree on disk, a file whose size, times and inode are
    those recorded with its digest is not read again.
    """
    notes: list[Note] = []
    digests: dict[str, str] = {}
    contents: dict[str, bytes] = {}
    paths = list(paths)
    disk = _on_disk(tree) if cache is not None else None
    if disk is None:
        for path in paths:
            try:
                data = tree.read(path)
            except (OSError, KeyError, UsageError) as exc:
                notes.append(Note(path, f"skipped: cannot read file ({unreadable(exc)})"))
                continue
            contents[path] = data
            digests[path] = hashlib.sha256(data).hexdigest()
        return digests, contents, notes
    root, changes = disk
    known = cache.get_stats(root)
    fresh = []
    for path in paths:
        if path in changes:
            data = changes[path]
            if data is None:
                notes.append(Note(path, "skipped: cannot read file (KeyError)"))
                continue
        else:
            try:
                st = os.stat(os.path.join(root, *path.split("/")))
            except OSError:
                st = None
            if st is not None:
                seen = known.get(path)
                if seen is not None and seen[:4] == (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns):
                    digests[path] = seen[4]
                    continue
            try:
                data = tree.read(path)
            except (OSError, KeyError, UsageError) as exc:
                notes.append(Note(path, f"skipped: cannot read file ({unreadable(exc)})"))
                continue
            if st is not None:
                fresh.append((path, st, hashlib.sha256(data).hexdigest()))
                contents[path] = data
                digests[path] = fresh[-1][2]
                continue
        contents[path] = data
        digests[path] = hashlib.sha256(data).hexdigest()
    if fresh:
        cache.put_stats(root, fresh)
    return digests, contents, notes


def _on_disk(tree: SourceTree) -> Optional[tuple[str, Mapping[str, Optional[bytes]]]]:
    """(real root, in-memory changes) of a directory tree, or of one overlaid in memory."""
    changes: Mapping[str, Optional[bytes]] = {}
    base = tree
    if type(tree) is OverlayTree:
        changes = tree.changes
        base = tree.base
    if type(base) is not FsTree:
        return None
    return os.path.realpath(base.root), changes
