"""The cache directory, checked before anything in it is read or written.

A cache directory can be shared (a CI cache restored from an archive, a
``--cache-dir`` on a shared volume), so what is in it is not trusted to be
ours.  Before use:

* the directory is created with mode 0700; it must be a directory owned by
  the user running the check and writable by nobody else (a directory owned
  by us but open to others is closed to 0700);
* each file the cache opens must be absent or a regular file owned by the
  user, with one link: a symbolic link (``facts.sqlite -> ~/.bashrc``) or a
  hard link would make a write land in another file;
* files this package writes itself are opened with ``O_NOFOLLOW``, or
  written to a new temporary file in the same directory and renamed.

A cache that fails a check is ignored for the run, with a one-line note
(:class:`UnsafeCache` carries its reason); the check itself goes on.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Union

PathLike = Union[str, "os.PathLike[str]"]
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
SQLITE_SUFFIXES = ("", "-wal", "-shm", "-journal")


class UnsafeCache(OSError):
    """The cache directory, or a file in it, is not safe to use: the message says why."""


def _uid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else -1


def prepare(directory: PathLike) -> Path:
    """Create ``directory`` (0700) if needed and check it; UnsafeCache (or OSError) when unusable."""
    path = Path(directory)
    os.makedirs(path, mode=0o700, exist_ok=True)
    st = os.stat(path)
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafeCache(f"cache ignored: {path}: not a directory")
    uid = _uid()
    if uid >= 0 and st.st_uid != uid:
        raise UnsafeCache(f"cache ignored: {path}: owned by another user (uid {st.st_uid})")
    if stat.S_IMODE(st.st_mode) & 0o077:
        try:
            os.chmod(path, 0o700)  # ours: closed to others (an older version made it 0755)
        except OSError as exc:
            if stat.S_IMODE(st.st_mode) & 0o022:
                raise UnsafeCache(f"cache ignored: {path}: writable by other users ({exc.strerror or exc})") from None
    return path


def check_file(path: PathLike) -> None:
    """UnsafeCache unless ``path`` is absent or a regular file of ours with a single link."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeCache(f"cache ignored: {path}: is a symbolic link")
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeCache(f"cache ignored: {path}: not a regular file")
    uid = _uid()
    if uid >= 0 and st.st_uid != uid:
        raise UnsafeCache(f"cache ignored: {path}: owned by another user (uid {st.st_uid})")
    if st.st_nlink > 1:
        raise UnsafeCache(f"cache ignored: {path}: has other hard links")


def check_database(path: PathLike) -> None:
    """:func:`prepare` the folder of the SQLite file ``path`` and :func:`check_file` it and its journals."""
    prepare(Path(path).parent)
    for suffix in SQLITE_SUFFIXES:
        check_file(f"{os.fspath(path)}{suffix}")


def open_nofollow(path: PathLike, flags: int, mode: int = 0o600) -> int:
    """``os.open`` that never follows a symbolic link at ``path`` (OSError ELOOP on one),
    and refuses a file that :func:`check_file` refuses."""
    fd = os.open(path, flags | NOFOLLOW, mode)
    try:
        st = os.fstat(fd)
        uid = _uid()
        if not stat.S_ISREG(st.st_mode) or (uid >= 0 and st.st_uid != uid) or st.st_nlink > 1:
            raise UnsafeCache(f"cache ignored: {path}: not a regular file of ours with one link")
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_atomic(path: PathLike, data: bytes) -> None:
    """Write ``data`` to a new temporary file beside ``path``, then rename it over ``path``
    (a symbolic link at ``path`` is replaced, never written through)."""
    import tempfile  # here: its import (random, shutil) is ~5 ms that a check answered from the cache need not pay

    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
