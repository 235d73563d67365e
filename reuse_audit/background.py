"""The full index of a repository, built in the background after a lazy check.

A check with no stored index to start from answers lazily (``lazy.py``): it
parses only what its answer needs, and so leaves no snapshot for the next
check to start from.  ``check`` then starts this process, detached, as
``git gc --auto`` does: after the report is out, it builds the full index of
the repository folder and stores its snapshot in the same cache, so that the
next check starts from it (the changed files re-resolved, see ``index.py``)
instead of answering lazily again.  Nothing waits for it, and nothing depends
on it: a check that starts while it runs answers lazily, with the same result.

One build at a time a cache: a lock file in the cache directory, taken with
``O_EXCL`` and removed at the end (a lock older than ``STALE_SECONDS`` is a
crashed build's, and broken).  ``REUSE_AUDIT_NO_BACKGROUND=1`` turns it off.
"""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Mapping, Optional

from .settings import Settings

LOCK_NAME = "index-build.lock"
OVERLAY_NAME = "index-build.overlay"  # the checked tree's changes over the folder, for the build
STALE_SECONDS = 600
ENV_OFF = "REUSE_AUDIT_NO_BACKGROUND"


def disabled() -> bool:
    return os.environ.get(ENV_OFF, "") not in ("", "0")


def lock_path(cache_dir: Path) -> Path:
    return Path(cache_dir) / LOCK_NAME


def _take_lock(cache_dir: Path) -> bool:
    path = lock_path(cache_dir)
    try:
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        try:
            if time.time() - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
        except FileNotFoundError:
            pass
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError:
        return False  # taken (a build is under way), or the cache folder is not writable
    with os.fdopen(fd, "w") as f:
        f.write(str(os.getpid()))
    return True


def start(
    root: Path,
    cache_dir: Path,
    settings: Settings,
    jobs: int = 0,
    clones: bool = False,
    changes: Optional[Mapping[str, Optional[bytes]]] = None,
) -> Optional[subprocess.Popen]:
    """Start a detached build of ``root``'s full index into ``cache_dir`` (None: not started);
    with ``clones`` (RA003 runs), its clone index too.  ``changes``: the files the checked
    tree has in place of the folder's (a patch applied in memory), so that the same check
    again starts from a snapshot of exactly its tree."""
    if disabled() or not _take_lock(cache_dir):
        return None
    if changes:
        try:
            (Path(cache_dir) / OVERLAY_NAME).write_bytes(marshal.dumps(dict(changes)))
        except (OSError, ValueError):
            pass  # the folder alone: the next check starts from a similar tree
    command = [sys.executable, "-m", "reuse_audit.background", str(Path(root).resolve()), str(Path(cache_dir).resolve()), str(jobs)]
    command.append("clones" if clones else "-")
    command.extend(settings.exclude)
    try:
        return subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # not killed with the terminal's process group, nor waited for
            close_fds=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )
    except OSError:
        _release(cache_dir)
        return None


def _release(cache_dir: Path) -> None:
    try:
        lock_path(cache_dir).unlink()
    except OSError:
        pass


def build(root: Path, cache_dir: Path, jobs: int, exclude: tuple[str, ...], clones: bool = False) -> None:
    """Build and store the full index of the folder ``root``, and its clone index with
    ``clones`` (the lock is released at the end)."""
    from .cache import FactsCache
    from .index import build_index
    from .tree import FsTree, OverlayTree, SourceTree

    try:
        os.nice(10)  # the user's next command comes first
    except (AttributeError, OSError):
        pass
    settings = Settings(exclude=exclude)
    tree: SourceTree = FsTree(root, exclude=exclude)
    overlay = Path(cache_dir) / OVERLAY_NAME
    try:
        changes = marshal.loads(overlay.read_bytes())
        overlay.unlink()
        tree = OverlayTree(tree, changes)
    except (OSError, ValueError, EOFError, TypeError):
        pass
    cache = FactsCache(cache_dir)
    try:
        index = build_index(tree, settings, cache, jobs, tokens=clones)
        if clones:
            from .clones import build_clone_index

            build_clone_index(tree, index, settings, cache, jobs=jobs).close()
    finally:
        cache.close()
        _release(cache_dir)


def wait(cache_dir: Path, timeout: float) -> bool:
    """Wait until no build holds ``cache_dir``'s lock (True), or ``timeout`` seconds (False)."""
    deadline = time.monotonic() + timeout
    while lock_path(cache_dir).exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


if __name__ == "__main__":  # python -m reuse_audit.background ROOT CACHE_DIR JOBS clones|- [EXCLUDE...]
    try:
        build(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), tuple(sys.argv[5:]), sys.argv[4] == "clones")
    except BaseException:  # a background build fails silently: the next check answers lazily
        _release(Path(sys.argv[2]))
        sys.exit(1)
