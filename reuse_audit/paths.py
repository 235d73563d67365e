"""Path patterns: the folders never walked into, and the ``exclude`` patterns of the settings.

Shared by every source tree (a folder on disk, git's index and commits) and by the
settings (``per-file-ignores``), so that a path is excluded the same way everywhere.
Paths are relative POSIX strings (``pkg/mod.py``).
"""

from __future__ import annotations

import fnmatch
from typing import Iterable

__all__ = ["SKIP_DIRS", "SKIP_DIR_GLOBS", "ALWAYS_SKIPPED", "skipped_dir_name", "skipped_by", "parents", "ExcludePatterns"]

#: Directory names never walked into by :class:`FsTree` (``*.egg-info`` too,
#: and any directory holding a ``pyvenv.cfg``).
SKIP_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "env", ".env",
        "__pycache__", "node_modules", "build", "dist", ".eggs", ".mypy_cache",
        ".pytest_cache", ".ruff_cache", "site-packages",
    }
)
SKIP_DIR_GLOBS = ("*.egg-info",)


#: Folders skipped whatever ``exclude`` says (version control's own, bytecode caches).
ALWAYS_SKIPPED = frozenset({".git", ".hg", ".svn", "__pycache__"})


def skipped_dir_name(name: str, walked: frozenset[str] = frozenset()) -> bool:
    """True for a directory name that is not walked into (:data:`SKIP_DIRS`, ``*.egg-info``),
    unless ``walked`` (``exclude = ["!build/"]``, see :class:`ExcludePatterns`) names it."""
    if name in ALWAYS_SKIPPED:
        return True
    if name in SKIP_DIRS:
        return name not in walked
    return name not in walked and any(fnmatch.fnmatchcase(name, g) and g not in walked for g in SKIP_DIR_GLOBS)


class ExcludePatterns:
    """``exclude`` patterns as :class:`FsTree` reads them (shared by other trees, e.g. git's).

    :func:`fnmatch.fnmatchcase` patterns matched against relative POSIX paths
    (``*`` also matches ``/``); ``dir/`` and ``dir/**`` match the directory
    ``dir`` only (and so everything in it).

    ``!NAME/`` takes a folder name off the folders skipped by default
    (:data:`SKIP_DIRS`, ``*.egg-info``): ``exclude = ["!build/"]`` analyses
    the files under every ``build/`` folder.
    """

    def __init__(self, exclude: Iterable[str] = ()) -> None:
        self.exclude = tuple(exclude)
        self._any_pats: list[str] = []  # files and directories
        self._dir_pats: list[str] = []  # directories only
        walked = set()
        for pat in self.exclude:
            pat = pat.strip()
            if pat.startswith("!"):
                name = pat[1:]
                name = name[:-3] if name.endswith("/**") else name.rstrip("/")
                walked.add(name)
                continue
            pat = pat[2:] if pat.startswith("./") else pat.lstrip("/")  # "/legacy/" is anchored at the root anyway
            if pat.endswith("/**"):
                self._dir_pats.append(pat[:-3])
            elif pat.endswith("/"):
                self._dir_pats.append(pat[:-1])
            else:
                self._any_pats.append(pat)
        self.walked = frozenset(walked)

    def skips_dir_name(self, name: str) -> bool:
        """Whether a folder of this name is skipped by default, and not taken off by ``!NAME/``."""
        return skipped_dir_name(name, self.walked)

    def excludes(self, rel: str, is_dir: bool) -> bool:
        if any(fnmatch.fnmatchcase(rel, p) for p in self._any_pats):
            return True
        return is_dir and any(fnmatch.fnmatchcase(rel, p) for p in self._dir_pats)

    def excludes_path(self, rel: str) -> bool:
        """A file path is excluded when it, or any folder above it, is."""
        if self.excludes(rel, is_dir=False):
            return True
        parts = rel.split("/")
        return any(self.excludes("/".join(parts[:i]), is_dir=True) for i in range(1, len(parts)))


def skipped_by(name: str) -> str:
    """How a folder skipped by default is named in a note: its name, or the glob it matches (``*.egg-info``)."""
    return name if name in SKIP_DIRS else next((g for g in SKIP_DIR_GLOBS if fnmatch.fnmatchcase(name, g)), name)


def parents(path: str) -> list[str]:
    """``a/b/c.py`` -> ``["a", "a/b"]``."""
    parts = path.split("/")
    return ["/".join(parts[:k]) for k in range(1, len(parts))]
