"""File digests: the sha256 of each file of a tree, through the facts cache's stat table."""

from __future__ import annotations

import hashlib
import os
import time
from typing import Iterable, Mapping, Optional

from reuse_audit.errors import UsageError
from reuse_audit.facts.cache import RACY_SECONDS, FactsCache
from reuse_audit.source.note import Note
from reuse_audit.source.tree import FsTree, OverlayTree, SourceTree, stat_key_of


def unreadable(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, UsageError):
        return str(exc)
    return type(exc).__name__


def digest_files(tree: SourceTree, paths: Iterable[str], cache: Optional[FactsCache]) -> tuple[dict[str, str], dict[str, bytes], list[Note]]:
    """sha256 of each readable path, the bytes read on the way, and notes on unreadable files.

    With a cache and a tree on disk, a file whose size, times and inode are
    those recorded with its digest is not read again.  The walk of the tree
    gave those (``FsTree.stat_key``), and what is learnt of a file is kept
    with its tree (``FsTree.digested``): the tree after a change, overlaid on
    the tree before, has the same digests for every file the change leaves,
    and neither stats nor reads them again.
    """
    notes: list[Note] = []
    digests: dict[str, str] = {}
    contents: dict[str, bytes] = {}
    data: Optional[bytes]  # a file's bytes; None: an overlay's change that cannot be read
    paths = list(paths)
    disk = _on_disk(tree) if cache is not None else None
    if disk is None or cache is None:  # (no disk without a cache)
        for path in paths:
            try:
                data = tree.read(path)
            except (OSError, KeyError, UsageError) as exc:
                notes.append(Note(path, f"skipped: cannot read file ({unreadable(exc)})"))
                continue
            contents[path] = data
            digests[path] = hashlib.sha256(data).hexdigest()
        return digests, contents, notes
    base, changes = disk
    root = os.path.realpath(base.root)
    learnt = base.digested
    racy = (time.time() - RACY_SECONDS) * 1e9  # a file written since may change again unseen: never learnt
    known: Optional[dict] = None  # the stat cache, read the first time a file is not learnt yet
    fresh = []
    for path in paths:
        if path in changes:
            data = changes[path]
            if data is None:
                notes.append(Note(path, "skipped: cannot read file (KeyError)"))
                continue
        else:
            key = base.stat_key(path)
            if key is None:  # not listed by the walk
                try:
                    st = os.stat(os.path.join(root, *path.split("/")))
                    key = stat_key_of(st)
                except OSError:
                    key = None
            if key is not None:
                seen = learnt.get(path)
                if seen is not None and seen[0] == key:
                    digests[path] = seen[1]
                    continue
                if known is None:
                    known = cache.get_stats(root)
                stored = known.get(path)
                if stored is not None and stored[:4] == key:
                    digests[path] = stored[4]
                    learnt[path] = (key, stored[4])  # (the stat cache holds no racy file)
                    continue
            try:
                data = tree.read(path)
            except (OSError, KeyError, UsageError) as exc:
                notes.append(Note(path, f"skipped: cannot read file ({unreadable(exc)})"))
                continue
            if key is not None:
                digest = hashlib.sha256(data).hexdigest()
                fresh.append((path, key, digest))
                if key[1] < racy and key[3] < racy:
                    learnt[path] = (key, digest)
                contents[path] = data
                digests[path] = digest
                continue
        contents[path] = data
        digests[path] = hashlib.sha256(data).hexdigest()
    if fresh:
        cache.put_stats(root, fresh)
    return digests, contents, notes


def _on_disk(tree: SourceTree) -> Optional[tuple[FsTree, Mapping[str, Optional[bytes]]]]:
    """(the tree on disk, in-memory changes) of a directory tree, or of one overlaid in memory
    (once or more: the tree a fix is verified on is the tree after a change, overlaid)."""
    changes: dict[str, Optional[bytes]] = {}
    base = tree
    while type(base) is OverlayTree:
        for path, data in base.changes.items():
            changes.setdefault(path, data)  # the outer overlay's content wins
        base = base.base
    if type(base) is not FsTree:
        return None
    return base, changes
