"""Source trees: read-only views of a repository's files.

* :class:`FsTree` - a directory on disk.
* :class:`MemoryTree` - files held in a dict (tests, trees read from git).
* :class:`OverlayTree` - another tree with some files replaced, added or
  deleted in memory; :func:`apply_patch` builds one from a patch.

Nothing here ever writes to disk.  Paths are relative POSIX strings
(``pkg/mod.py``).  ``paths()`` lists only ``.py`` files; ``read()`` and
``exists()`` work for any file.

The :class:`SourceTree` protocol also asks each tree what it did not list
(``notes``), whether a path resolves inside it (``inside``) and whether it would
list a ``.py`` file at a path (``is_excluded``).
"""

from __future__ import annotations

import dataclasses
import errno
import os
import stat
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, Optional, Protocol

from reuse_audit.errors import PatchError, UsageError
from reuse_audit.paths import SKIP_DIRS, ExcludePatterns, parents, skipped_dir_name
from reuse_audit.source.patch import (
    ADDED,
    COPIED,
    DELETED,
    MODIFIED,
    RENAMED,
    FilePatch,
    Patch,
    apply_file_patch,
    check_path,
)

__all__ = [
    "SourceTree", "FsTree", "MemoryTree", "OverlayTree", "CallbackFiles", "apply_patch", "patch_changes",
    "SKIP_DIRS", "ExcludePatterns",
    "skipped_dir_name", "MAX_FILE_BYTES", "is_size_note",
]

#: A directory holding this file is a virtual environment and never walked into.
VENV_MARKER = "pyvenv.cfg"

#: ``.py`` files larger than this are not analysed (a note names them), in the
#: repository or in the change: such files are generated (data tables,
#: embedded resources), parsing one costs seconds and gigabytes (tree-sitter
#: needs about 100 bytes of memory a byte of source), and nobody
#: re-implements them.
MAX_FILE_BYTES = 10 * 1024 * 1024


_TOO_BIG = "skipped: file of "


def too_big(size: int) -> str:
    """The note for a file skipped by :data:`MAX_FILE_BYTES`."""
    return (
        f"{_TOO_BIG}{size / 1048576:.1f} MB, larger than the {MAX_FILE_BYTES / 1048576:g} MB limit "
        "(generated code?)"
    )


def is_size_note(message: str) -> bool:
    """Whether ``message`` is the note of :func:`too_big`."""
    return message.startswith(_TOO_BIG)


def _special_kind(entry: os.DirEntry) -> str:
    try:
        mode = entry.stat(follow_symlinks=False).st_mode
    except OSError:
        return "unknown type"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special file"


class SourceTree(Protocol):
    """What every tree answers: the four trees of the project (:class:`FsTree`,
    :class:`MemoryTree`, :class:`OverlayTree` and git's ``GitTree``) implement all of it."""

    def paths(self) -> tuple[str, ...]:
        """Sorted POSIX relative paths of the ``.py`` files in the tree."""
        ...

    def read(self, path: str) -> bytes:
        """The bytes of the file at ``path``; KeyError if there is none."""
        ...

    def exists(self, path: str) -> bool:
        """Whether anything (file or directory) is at ``path``."""
        ...

    @property
    def notes(self) -> list[tuple[str, str]]:
        """(path, reason) for each file or folder the tree does not list though it is there."""
        ...

    def inside(self, path: str) -> bool:
        """False when ``path`` resolves, through a symbolic link, outside the tree."""
        ...

    def is_excluded(self, path: str) -> bool:
        """True when ``paths()`` would not list a ``.py`` file at ``path`` (excluded, skipped folder)."""
        ...


def bytes_reader(tree: "SourceTree") -> Callable[[str], Optional[bytes]]:
    """``read(path)``: the bytes of a file of ``tree``, None when it has none (a report's source)."""

    def read(path: str) -> Optional[bytes]:
        try:
            return tree.read(path)
        except (KeyError, OSError):
            return None

    return read


def _valid(path: str) -> bool:
    try:
        check_path(path)
    except PatchError:
        return False
    return True


# ---------------------------------------------------------------------------
# FsTree
# ---------------------------------------------------------------------------


class FsTree:
    """The ``.py`` files under a directory on disk (read-only).

    The walk is iterative (``os.scandir``), never follows directory symbolic
    links, skips :data:`SKIP_DIRS`, ``*.egg-info``, directories holding a
    ``pyvenv.cfg`` and whatever ``exclude`` matches.  ``exclude`` holds
    :func:`fnmatch.fnmatchcase` patterns matched against the relative POSIX
    path of files and directories (``*`` also matches ``/``); ``dir/`` and
    ``dir/**`` exclude the directory ``dir`` and everything in it.
    A symbolic link to a file is listed when its target is a regular file
    inside the root.  Directories that cannot be read are skipped and noted in
    :attr:`notes`, as are ``.py`` files that cannot be read, that are not
    regular files (a FIFO is never opened) or larger than
    :data:`MAX_FILE_BYTES`, links leading outside the root or to no regular
    file (broken, loops) and file names that are not valid UTF-8.
    """

    def __init__(self, root: Path | str, exclude: Iterable[str] = ()) -> None:
        self.root = Path(root)
        real = os.path.realpath(self.root)
        if not os.path.isdir(real):
            raise UsageError(f"source tree {str(self.root)!r} is not a directory")
        self._real = real
        self._prefix = real if real.endswith(os.sep) else real + os.sep
        self._patterns = ExcludePatterns(exclude)
        self.exclude = self._patterns.exclude
        self._paths: Optional[tuple[str, ...]] = None
        self._notes: list[tuple[str, str]] = []
        self._spared: set[str] = set()
        self._stats: dict[str, tuple[int, int, int, int]] = {}
        # path -> (stat key, sha256) of the files hashed in this process (``index.digest_files``):
        # the tree after a change, overlaid on this one, has the same digests for its unchanged files
        self.digested: dict[str, tuple[tuple[int, int, int, int], str]] = {}

    def __repr__(self) -> str:
        return f"FsTree({str(self.root)!r})"

    def stat_key(self, path: str) -> Optional[tuple[int, int, int, int]]:
        """(size, mtime ns, inode, ctime ns) of a file as the walk found it (through a link:
        of its target), the stat cache's key; None for a path the walk did not list."""
        self.paths()
        return self._stats.get(path)

    @property
    def notes(self) -> list[tuple[str, str]]:
        """(path, reason) for what the walk skipped because it could not read it
        (or would not: :data:`MAX_FILE_BYTES`; but for the files :meth:`spare` names)."""
        self.paths()
        if not self._spared:
            return self._notes
        return [(p, m) for p, m in self._notes if not (p in self._spared and is_size_note(m))]

    def spare(self, paths: Iterable[str]) -> None:
        """A change replaces or deletes ``paths``: whether their new content is
        too big is the change's to say, so the walk's size notes on them are
        dropped (:func:`apply_patch` calls this)."""
        self._spared.update(paths)

    # -- exclusion ----------------------------------------------------------

    def _pattern_excludes(self, rel: str, is_dir: bool) -> bool:
        return self._patterns.excludes(rel, is_dir)

    def _skip_dir(self, rel: str, abs_path: str) -> bool:
        if self._patterns.skips_dir_name(rel.rsplit("/", 1)[-1]):
            return True
        if self._pattern_excludes(rel, True):
            return True
        return os.path.isfile(os.path.join(abs_path, VENV_MARKER))

    def is_excluded(self, path: str) -> bool:
        """True when :meth:`paths` would not list a ``.py`` file at ``path``
        because of where it is (skipped or excluded directory, or pattern)."""
        for parent in parents(path):
            if self._skip_dir(parent, self._abs(parent)):
                return True
        return self._pattern_excludes(path, False)

    # -- paths ----------------------------------------------------------------

    def _abs(self, path: str) -> str:
        return os.path.join(self._real, *path.split("/"))

    def _within(self, real: str) -> bool:
        return real == self._real or real.startswith(self._prefix)

    def inside(self, path: str) -> bool:
        """False when ``path`` is invalid or resolves outside the root."""
        return _valid(path) and self._within(os.path.realpath(self._abs(path)))

    def paths(self) -> tuple[str, ...]:
        if self._paths is None:
            self._paths = self._walk()
        return self._paths

    def _walk(self) -> tuple[str, ...]:
        found: list[str] = []
        notes = self._notes
        stack: list[tuple[str, str]] = [("", self._real)]
        while stack:
            rel_dir, abs_dir = stack.pop()
            try:
                with os.scandir(abs_dir) as entries:
                    for entry in entries:
                        rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
                        self._visit(entry, rel, found, stack)
            except OSError as exc:
                notes.append((rel_dir or ".", f"directory skipped: {exc.strerror or exc}"))
        return tuple(sorted(found))

    def _visit(self, entry: os.DirEntry, rel: str, found: list[str], stack: list[tuple[str, str]]) -> None:
        try:
            rel.encode("utf-8")
        except UnicodeEncodeError:
            self._notes.append((rel.encode("utf-8", "replace").decode(), "skipped: name is not valid UTF-8"))
            return
        try:
            if entry.is_symlink():
                if not entry.name.endswith(".py") or self._pattern_excludes(rel, False):
                    return  # links to directories are never followed
                real = os.path.realpath(entry.path)
                if not self._within(real):
                    self._notes.append((rel, "skipped: symbolic link leads outside the tree"))
                elif os.path.isfile(real):
                    st = os.stat(real)
                    if st.st_size > MAX_FILE_BYTES:
                        self._notes.append((rel, too_big(st.st_size)))
                    else:
                        found.append(rel)
                        self._stats[rel] = stat_key_of(st)
                else:
                    self._notes.append((rel, "skipped: symbolic link does not lead to a regular file (broken, a loop, or a special file)"))
                return
            if entry.is_dir(follow_symlinks=False):
                if not self._skip_dir(rel, entry.path):
                    stack.append((rel, entry.path))
                return
            if not entry.name.endswith(".py") or self._pattern_excludes(rel, False):
                return
            if not entry.is_file(follow_symlinks=False):
                kind = _special_kind(entry)
                self._notes.append((rel, f"skipped: not a regular file ({kind})"))
                return
            st = entry.stat(follow_symlinks=False)
            if st.st_size > MAX_FILE_BYTES:
                self._notes.append((rel, too_big(st.st_size)))
            elif os.access(entry.path, os.R_OK):
                found.append(rel)
                self._stats[rel] = stat_key_of(st)
            else:
                self._notes.append((rel, "skipped: file is not readable"))
        except OSError as exc:
            self._notes.append((rel, f"skipped: {exc.strerror or exc}"))

    # -- reading -------------------------------------------------------------

    def read(self, path: str) -> bytes:
        """The file's bytes.  KeyError when there is no regular file at
        ``path`` inside the root (also for a link leading outside it);
        UsageError when it exists but cannot be read."""
        if not _valid(path):
            raise KeyError(path)
        real = os.path.realpath(self._abs(path))
        if not self._within(real):
            raise KeyError(path)
        try:
            if not stat.S_ISREG(os.stat(real).st_mode):
                raise KeyError(path)
            with open(real, "rb") as handle:
                return handle.read()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            raise KeyError(path) from None
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENAMETOOLONG):
                raise KeyError(path) from None
            raise UsageError(f"cannot read {path!r} in {str(self.root)!r}: {exc.strerror or exc}") from None

    def exists(self, path: str) -> bool:
        """Whether a file, directory or link is at ``path`` (inside the root)."""
        if not _valid(path):
            return False
        full = self._abs(path)
        parent = os.path.realpath(os.path.dirname(full))
        return self._within(parent) and os.path.lexists(full)


def stat_key_of(st: os.stat_result) -> tuple[int, int, int, int]:
    """A file's stat cache key: (size, mtime ns, inode, ctime ns)."""
    return (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)


# ---------------------------------------------------------------------------
# MemoryTree
# ---------------------------------------------------------------------------


class MemoryTree:
    """Files held in memory: ``MemoryTree({"pkg/mod.py": b"..."})``."""

    def __init__(self, files: Mapping[str, bytes]) -> None:
        self._files: dict[str, bytes] = {}
        for path, data in files.items():
            if not _valid(path):
                raise ValueError(f"MemoryTree: bad path {path!r}")
            if not isinstance(data, (bytes, bytearray, memoryview)):
                raise TypeError(f"MemoryTree: content of {path!r} must be bytes")
            self._files[path] = bytes(data)
        self._dirs = {parent for path in self._files for parent in parents(path)}
        self._paths = tuple(sorted(p for p in self._files if p.endswith(".py")))

    def __repr__(self) -> str:
        return f"MemoryTree({len(self._files)} files)"

    def paths(self) -> tuple[str, ...]:
        return self._paths

    def read(self, path: str) -> bytes:
        return self._files[path]

    def exists(self, path: str) -> bool:
        return path in self._files or path in self._dirs

    def inside(self, path: str) -> bool:
        return _valid(path)

    @property
    def notes(self) -> list[tuple[str, str]]:
        return []  # every file given is listed

    def is_excluded(self, path: str) -> bool:
        return False


# ---------------------------------------------------------------------------
# OverlayTree
# ---------------------------------------------------------------------------


class OverlayTree:
    """``base`` with the files in ``changes`` replaced (bytes) or deleted (None)."""

    def __init__(self, base: SourceTree, changes: Mapping[str, Optional[bytes]]) -> None:
        self.base = base
        self._changes: dict[str, Optional[bytes]] = {}
        for path, data in changes.items():
            if not _valid(path):
                raise ValueError(f"OverlayTree: bad path {path!r}")
            self._changes[path] = None if data is None else bytes(data)
        self.changes: Mapping[str, Optional[bytes]] = MappingProxyType(self._changes)
        self._dirs = {
            parent for path, data in self._changes.items() if data is not None for parent in parents(path)
        }
        self._paths: Optional[tuple[str, ...]] = None

    def __repr__(self) -> str:
        return f"OverlayTree({self.base!r}, {len(self._changes)} changes)"

    def paths(self) -> tuple[str, ...]:
        """The base's paths, less the deleted ones and the changed ones over
        :data:`MAX_FILE_BYTES`, plus the added ``.py`` files (not excluded)."""
        if self._paths is None:
            base_paths = self.base.paths()
            listed = set(base_paths)
            result = {p for p in base_paths if p not in self._changes}
            for path, data in self._changes.items():
                if data is None or not path.endswith(".py") or len(data) > MAX_FILE_BYTES:
                    continue
                if path in listed or not self.is_excluded(path):
                    result.add(path)
            self._paths = tuple(sorted(result))
        return self._paths

    def read(self, path: str) -> bytes:
        if path in self._changes:
            data = self._changes[path]
            if data is None:
                raise KeyError(path)
            return data
        return self.base.read(path)

    def exists(self, path: str) -> bool:
        if path in self._dirs:
            return True
        if path in self._changes:
            return self._changes[path] is not None
        return self.base.exists(path)

    @property
    def notes(self) -> list[tuple[str, str]]:
        return []  # a change's notes are its own (apply_patch); the base's are the base's

    def inside(self, path: str) -> bool:
        return self.base.inside(path)

    def is_excluded(self, path: str) -> bool:
        return bool(self.base.is_excluded(path))


# ---------------------------------------------------------------------------
# the patch applier: patch_changes (apply_patch, and api.patched_files, use it)
# ---------------------------------------------------------------------------


class PatchBase(Protocol):
    """What the patch applier reads of the tree a patch applies to (every :class:`SourceTree`,
    and :class:`CallbackFiles`)."""

    def read(self, path: str) -> bytes: ...

    def exists(self, path: str) -> bool: ...

    def inside(self, path: str) -> bool: ...


class CallbackFiles:
    """The files ``current(path)`` gives (None: no file there), as :func:`patch_changes` reads a
    tree: for a caller whose files cannot be listed, only read one by one (the benchmark's
    replay reads its workspace so, refusing what is not a regular file).  A folder is
    not a file here: ``exists`` is True for files only."""

    def __init__(self, current: Callable[[str], Optional[bytes]]) -> None:
        self._current = current
        self._read: dict[str, Optional[bytes]] = {}

    def _get(self, path: str) -> Optional[bytes]:
        if path not in self._read:
            self._read[path] = self._current(path)
        return self._read[path]

    def read(self, path: str) -> bytes:
        data = self._get(path)
        if data is None:
            raise KeyError(path)
        return data

    def exists(self, path: str) -> bool:
        return self._get(path) is not None

    def inside(self, path: str) -> bool:
        return _valid(path)


def apply_patch(
    base: SourceTree, patch: Patch, source: str = "<patch>"
) -> tuple[OverlayTree, list[tuple[str, str]]]:
    """Apply ``patch`` to ``base`` in memory; return the after-tree and notes
    (:func:`patch_changes` over ``base``)."""
    changes, notes = patch_changes(base, patch, source)
    return OverlayTree(base, changes), notes


def patch_changes(
    base: PatchBase, patch: Patch, source: str = "<patch>", *, contents_only: bool = False
) -> tuple[dict[str, Optional[bytes]], list[tuple[str, str]]]:
    """The one patch applier: what ``patch`` does to the files of ``base``, in memory; returns
    the changes (path -> new content, or None for a file it removes) and notes.

    Every section reads the *before* state (as ``git apply`` does), so the
    type-change pair (delete + add of one path) and copies of a file the patch
    also modifies work.  Rules:

    * an added file (or a rename/copy target) must not exist, unless the patch
      also removes it; no parent of it may be a file;
    * a "modified" section of a file the tree lacks whose one hunk has no old
      lines (``@@ -0,0 +1,N @@``) creates it, as ``git apply`` and GNU patch do;
    * a modified, deleted, renamed or copied file must exist as a file;
    * a path that resolves through a symbolic link outside the tree is refused;
    * binary sections are skipped with a note (a binary deletion is applied);
    * changes to symbolic links (mode 120000) and submodules (160000) are
      skipped with a note (a symlink deletion is applied);
    * the changes hold only files whose content differs.

    With ``contents_only`` (the caller writes the changes as files: nothing may be left
    out), a symbolic link, submodule or binary section is a PatchError instead.

    Errors are PatchError naming the patch source and line, and the file.
    """
    notes: list[tuple[str, str]] = []
    removed = {
        fp.old_path for fp in patch.files if fp.status in (DELETED, RENAMED) and fp.old_path is not None
    }
    removals: set[str] = set()
    writes: dict[str, tuple[bytes, FilePatch]] = {}

    for fp in patch.files:
        where = f"{source}:{fp.header_line}"
        _require_inside(base, fp, where)
        if _not_applied(base, fp, where, contents_only, notes, removals):
            continue
        fp, old = _before(base, fp, removed, where)
        new = apply_file_patch(fp, old, source)
        if fp.status in (DELETED, RENAMED):
            assert fp.old_path is not None
            removals.add(fp.old_path)
        if new is not None:
            assert fp.new_path is not None
            writes[fp.new_path] = (new, fp)

    _require_no_file_as_folder(writes, source)
    spare = getattr(base, "spare", None)
    if spare is not None:  # the change replaces these: its notes name the ones too big
        spare(sorted(set(writes) | removals))
    for path, (data, _) in sorted(writes.items()):
        if path.endswith(".py") and len(data) > MAX_FILE_BYTES:
            notes.append((path, too_big(len(data))))
    return _changed_files(base, writes, removals), notes


def _require_inside(base: PatchBase, fp: FilePatch, where: str) -> None:
    """Every path's directory must stay inside; a file that is read
    (not merely removed or replaced) must itself resolve inside."""
    read_through = fp.status not in (ADDED, DELETED) and not fp.is_symlink and not fp.binary
    for path, whole in ((fp.old_path, read_through), (fp.new_path, False)):
        if path is None:
            continue
        target = path if whole else path.rpartition("/")[0]
        if target and not base.inside(target):
            raise PatchError(
                f"{where}: path {path!r} goes through a symbolic link that leaves the repository"
            )


def _not_applied(
    base: PatchBase, fp: FilePatch, where: str, contents_only: bool, notes: list[tuple[str, str]], removals: set[str]
) -> bool:
    """Is ``fp`` a section whose content is not applied (a submodule, symbolic link or binary
    file)?  Its note goes into ``notes``; a deletion of such a file into ``removals``."""
    shown = fp.path
    if contents_only and (fp.is_submodule or fp.is_symlink):
        raise PatchError(f"{where}: {shown} is a symlink or submodule change, which is not applied to files")
    if fp.is_submodule:
        notes.append((shown, "submodule change skipped"))
        return True
    if (fp.binary and not contents_only) or fp.is_symlink:
        kind = "binary file" if fp.binary else "symbolic link"
        if fp.status == DELETED:
            assert fp.old_path is not None
            if not base.exists(fp.old_path):
                raise PatchError(f"{where}: patch deletes {fp.old_path!r}, which does not exist in the tree")
            removals.add(fp.old_path)
            return True
        notes.append((shown, f"{kind} change not applied: its content after the change is unknown"
                      if fp.binary else f"{kind} change not applied"))
        return True
    return False


def _before(base: PatchBase, fp: FilePatch, removed: set[str], where: str) -> tuple[FilePatch, Optional[bytes]]:
    """(the section, as an addition when it creates a missing file; the file's content before
    it, None for an addition), once the paths it reads exist and those it creates do not."""
    old: Optional[bytes] = None
    if fp.status == ADDED:
        assert fp.new_path is not None
        _require_absent(base, fp.new_path, removed, where)
    elif creates_missing(base, fp):
        # ``--- a/X`` / ``+++ b/X`` / ``@@ -0,0 +1,N @@`` for a file the tree
        # lacks: git apply and GNU patch create it (moatless writes new files so)
        assert fp.new_path is not None
        _require_absent(base, fp.new_path, removed, where)
        fp = dataclasses.replace(fp, old_path=None, status=ADDED)
    else:
        assert fp.old_path is not None
        verb = {DELETED: "deletes", RENAMED: "renames", COPIED: "copies"}.get(fp.status, "modifies")
        old = _require_file(base, fp.old_path, where, verb)
        if fp.status in (RENAMED, COPIED):
            assert fp.new_path is not None
            _require_absent(base, fp.new_path, removed, where)
    return fp, old


def _require_no_file_as_folder(writes: dict[str, tuple[bytes, FilePatch]], source: str) -> None:
    """A file and a directory cannot share a path among the created files."""
    for path, (_, fp) in writes.items():
        for parent in parents(path):
            if parent in writes:
                other = writes[parent][1]
                raise PatchError(
                    f"{source}:{fp.header_line}: patch creates {path!r} inside {parent!r}, "
                    f"which the section at line {other.header_line} makes a file"
                )


def _changed_files(
    base: PatchBase, writes: dict[str, tuple[bytes, FilePatch]], removals: set[str]
) -> dict[str, Optional[bytes]]:
    """Path -> new content (None: removed), without the files whose content stays (a mode-only change)."""
    changes: dict[str, Optional[bytes]] = {path: None for path in removals}
    for path, (data, _) in writes.items():
        changes[path] = data
    for path, changed in list(changes.items()):
        if changed is not None and path not in removals:
            try:
                if base.read(path) == changed:
                    del changes[path]  # mode-only change
            except KeyError:
                pass
    return changes


def creates_missing(base: PatchBase, fp: FilePatch) -> bool:
    """A "modified" section that creates its file: one hunk with no old lines
    (``@@ -0,0 +1,N @@``), for a path that does not exist in the tree."""
    return (
        fp.status == MODIFIED
        and fp.old_path is not None
        and len(fp.hunks) == 1
        and fp.hunks[0].old_start == 0
        and fp.hunks[0].old_len == 0
        and not base.exists(fp.old_path)
    )


def _require_file(base: PatchBase, path: str, where: str, verb: str) -> bytes:
    try:
        return base.read(path)
    except KeyError:
        pass
    if base.exists(path):
        raise PatchError(f"{where}: patch {verb} {path!r}, which is not a regular file in the tree")
    raise PatchError(f"{where}: patch {verb} {path!r}, which does not exist in the tree")


def _require_absent(base: PatchBase, path: str, removed: set[str], where: str) -> None:
    if path not in removed and base.exists(path):
        try:
            base.read(path)
            what = "a file"
        except KeyError:
            what = "a directory"
        raise PatchError(f"{where}: patch creates {path!r}, but {what} of that name already exists")
    for parent in parents(path):
        if parent in removed or not base.exists(parent):
            continue
        try:
            base.read(parent)
        except KeyError:
            continue  # a directory: fine
        raise PatchError(f"{where}: patch creates {path!r}, but {parent!r} is a file")
