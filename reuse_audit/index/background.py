"""The full index of a repository, built in the background after a lazy check.

A check with no stored index to start from answers lazily (``lazy.py``): it
parses only what its answer needs, and so leaves no snapshot for the next
check to start from.  ``check`` then starts this process, detached, as
``git gc --auto`` does: after the report is out, it builds the full index of
the repository folder and stores its snapshot in the same cache, so that the
next check starts from it (the changed files re-resolved, see ``index/snapshot.py``)
instead of answering lazily again.  Nothing waits for it, and nothing depends
on it: a check that starts while it runs answers lazily, with the same result.

One build at a time a cache: ``fcntl.flock`` on a lock file in the cache
directory, taken by the check and handed to the build, which holds it until it
ends (the kernel lets go of it when the process does, however it ends).  The
file itself is never removed, so no build can delete another's lock; a build
that runs for an hour still holds it.  Where ``flock`` does not exist, no
background build is started.  ``REUSE_AUDIT_NO_BACKGROUND=1`` turns it off.

The build is a new interpreter, isolated from the checked repository and
from the caller's environment: ``python -I -B`` (no current folder or script
folder on ``sys.path``, no ``PYTHON*`` variables, no user site-packages), run
from the cache directory, with the ``PYTHON*`` variables removed from its
environment.  So a ``reuse_audit.py``, ``tree_sitter.py``, ``sitecustomize.py``
or ``usercustomize.py`` at the root of the checked repository is never run.
"""

from __future__ import annotations

import marshal
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Optional

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from reuse_audit.facts.cache import FactsCache
from reuse_audit.facts.cachedir import NOFOLLOW, open_nofollow, prepare, write_atomic
from reuse_audit.index import build_index
from reuse_audit.settings import Settings
from reuse_audit.source.tree import FsTree, OverlayTree, SourceTree

if TYPE_CHECKING:
    import subprocess

LOCK_NAME = "index-build.lock"
OVERLAY_NAME = "index-build.overlay"  # the checked tree's changes over the folder, for the build
ENV_OFF = "REUSE_AUDIT_NO_BACKGROUND"

# The build's interpreter: isolated (-I: no current folder on sys.path, no PYTHON* variables,
# no user site-packages; -B: no .pyc written).  reuse_audit comes from where it is installed;
# only when it is not importable that way (run from a source folder through PYTHONPATH) is the
# folder it was loaded from added, last.
_BOOT = (
    "import sys, importlib.util\n"
    "if importlib.util.find_spec('reuse_audit') is None: sys.path.append(sys.argv[1])\n"
    "from reuse_audit.index.background import main\n"
    "main(sys.argv[2:])\n"
)


def disabled() -> bool:
    return os.environ.get(ENV_OFF, "") not in ("", "0")


def lock_path(cache_dir: Path) -> Path:
    return Path(cache_dir) / LOCK_NAME


def _take_lock(cache_dir: Path) -> Optional[int]:
    """A descriptor of the lock file holding an exclusive ``flock``; None when another
    process holds it (a build is under way) or locks are not available.  OSError when
    the cache directory cannot be used."""
    if fcntl is None:
        return None
    prepare(cache_dir)
    fd = open_nofollow(lock_path(cache_dir), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None  # held by a live build
    return fd


def running(cache_dir: Path) -> bool:
    """Whether a live process holds ``cache_dir``'s build lock."""
    if fcntl is None:
        return False
    try:
        fd = os.open(lock_path(cache_dir), os.O_RDONLY | NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)  # closing lets go of the shared lock taken to test it


def child_environment(environ: Optional[Mapping[str, str]] = None) -> dict[str, str]:
    """The environment of a process of ours: the caller's, without ``PYTHON*`` variables."""
    environ = os.environ if environ is None else environ
    return {k: v for k, v in environ.items() if not k.startswith("PYTHON")}


def start(
    root: Path,
    cache_dir: Path,
    settings: Settings,
    jobs: int = 0,
    clones: bool = False,
    changes: Optional[Mapping[str, Optional[bytes]]] = None,
    notes: Optional[list] = None,
) -> Optional[subprocess.Popen]:
    """Start a detached build of ``root``'s full index into ``cache_dir`` (None: not started);
    with ``clones`` (RA003 runs), its clone index too.  ``changes``: the files the checked
    tree has in place of the folder's (a patch applied in memory), so that the same check
    again starts from a snapshot of exactly its tree.  Never raises: a cache that cannot be
    written (a full disk, a cache refused by ``cachedir``) adds a line to ``notes``."""
    if disabled():
        return None
    import subprocess  # here: ~4 ms that a check which starts no build need not pay

    fd: Optional[int] = None
    try:
        fd = _take_lock(cache_dir)
        if fd is None:
            return None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        overlay = Path(cache_dir) / OVERLAY_NAME
        if changes:
            write_atomic(overlay, marshal.dumps(dict(changes)))
        else:
            try:
                overlay.unlink()  # an older check's: not this tree
            except FileNotFoundError:
                pass
        package_parent = str(Path(__file__).resolve().parents[2])  # the folder holding reuse_audit/
        command = [sys.executable, "-I", "-B", "-c", _BOOT, package_parent]
        command += [str(Path(root).resolve()), str(Path(cache_dir).resolve()), str(jobs), str(fd)]
        command.append("clones" if clones else "-")
        command.extend(settings.exclude)
        return subprocess.Popen(
            command,
            cwd=str(Path(cache_dir).resolve()),  # never the checked repository
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # not killed with the terminal's process group, nor waited for
            close_fds=True,
            pass_fds=(fd,),  # the build holds the lock from here on
            env=child_environment(),
        )
    except (OSError, ValueError) as exc:
        if notes is not None:
            reason = str(exc) if str(exc).startswith("cache ignored") else f"{cache_dir}: {getattr(exc, 'strerror', None) or exc}"
            notes.append(f"cache not updated (background index build not started): {reason}")
        return None
    finally:
        if fd is not None:
            os.close(fd)  # the child has its own descriptor of the same lock


def start_after(root: Path, cache, settings: Settings, jobs: int, result, change, notes: Optional[list] = None) -> None:
    """After a check (``result``, of ``change``, under ``root``, with the facts cache ``cache``):
    when it answered lazily, and so left no snapshot, start the build of the full index for the
    next check (:func:`start`), with the clone index when one of its rules reads it, and of the
    tree it checked (the folder, or the folder with a patch applied in memory)."""
    lazy = sys.modules.get("reuse_audit.index.lazy")
    # the lazy index's module is imported only to build one: when it was not, the index is full
    # (and importing it to ask would cost the parser's import, ~30 ms)
    if lazy is None or not isinstance(result.index, lazy.LazyRepoIndex):
        return
    clones = any(rule.needs_clones for rule in result.rules)
    start(root, cache.directory, settings, jobs, clones, _changes_over(root, change.after), notes)


def _changes_over(root: Path, tree) -> Optional[Mapping[str, Optional[bytes]]]:
    """The files of ``tree`` that differ from the folder ``root``'s, when it is the folder
    with a patch applied in memory (None: it is not, or it is the folder as it is)."""
    if type(tree) is OverlayTree and type(tree.base) is FsTree and Path(tree.base.root).resolve() == Path(root).resolve():
        return dict(tree.changes)
    return None


# The build's niceness: the lowest priority.  A check started while the build runs gets
# the processor first (at 10, the build still took a tenth of a busy core from it), so
# that check costs what a cold one does; on an idle machine the build runs at full speed.
BUILD_NICENESS = 19


def lower_priority() -> None:
    """Lower this process's priority (and its parser processes') to :data:`BUILD_NICENESS`."""
    try:
        current = os.nice(0)
        if current < BUILD_NICENESS:
            os.nice(BUILD_NICENESS - current)
    except (AttributeError, OSError):
        pass


def build(
    root: Path, cache_dir: Path, jobs: int, exclude: tuple[str, ...], clones: bool = False
) -> None:
    """Build and store the full index of the folder ``root``, and its clone index with
    ``clones`` (the caller holds the lock)."""
    lower_priority()
    settings = Settings(exclude=exclude)
    tree: SourceTree = FsTree(root, exclude=exclude)
    overlay = Path(cache_dir) / OVERLAY_NAME
    try:
        fd = os.open(overlay, os.O_RDONLY | NOFOLLOW)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read()
        overlay.unlink()
        changes = marshal.loads(data)
        if isinstance(changes, dict):
            tree = OverlayTree(tree, changes)
    except (OSError, ValueError, EOFError, TypeError):
        pass
    cache = FactsCache(cache_dir)
    try:
        index = build_index(tree, settings, cache, jobs, tokens=clones)
        if clones:
            from reuse_audit.index.clones import build_clone_index

            build_clone_index(tree, index, settings, cache, jobs=jobs).close()
    finally:
        cache.close()


def wait(cache_dir: Path, timeout: float) -> bool:
    """Wait until no build holds ``cache_dir``'s lock (True), or ``timeout`` seconds (False)."""
    deadline = time.monotonic() + timeout
    while running(cache_dir):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def main(argv: list[str]) -> None:
    """ROOT CACHE_DIR JOBS LOCK_FD clones|- [EXCLUDE...]: the build, holding the lock LOCK_FD."""
    lock_fd = int(argv[3])
    try:
        build(Path(argv[0]), Path(argv[1]), int(argv[2]), tuple(argv[5:]), argv[4] == "clones")
    except BaseException:  # a background build fails silently: the next check answers lazily
        sys.exit(1)
    finally:
        os.close(lock_fd)  # and the lock goes with the process anyway
