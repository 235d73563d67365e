"""The change set as plain data: the functions a change adds or modifies."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Optional

from reuse_audit.source.note import Note


@dataclass(frozen=True)
class ChangedFunction:
    qualname: str
    status: str  # "added" | "modified"
    old_path: Optional[str] = None  # modified: the file and local name of its old version
    old_local: Optional[str] = None


@dataclass(frozen=True)
class ChangeSet:
    """What a patch adds or changes, by qualified name in the *after* index."""

    changed: tuple[ChangedFunction, ...]
    added_files: tuple[str, ...]
    modified_files: tuple[str, ...]
    deleted_files: tuple[str, ...]
    renamed_files: tuple[tuple[str, str], ...]
    notes: tuple[Note, ...] = ()
    # added functions whose code the change removed or rewrote elsewhere: moved, not new
    moved: frozenset[str] = frozenset()
    # (what the rules read of the trees, the old versions of the modified functions, the files'
    # facts and bytes after the change and when a line was written, is not here: the engine
    # builds it for the rules that need it, lint/providers.py)
    # check PATH...: the functions checked are existing code, not a change's: none of them
    # is "added" (each may be named as another's target, as any existing function may)
    existing: bool = False

    @property
    def qualnames(self) -> frozenset[str]:
        return frozenset(c.qualname for c in self.changed)

    @cached_property
    def added(self) -> frozenset[str]:
        """The functions the change adds (moved ones included); none when they already exist."""
        if self.existing:
            return frozenset()
        return frozenset(c.qualname for c in self.changed if c.status == "added")

    @cached_property
    def helpers(self) -> frozenset[str]:
        """The added functions whose callees count for the functions that call them (``reach``):
        all but the moved ones, which are old code (a function that now delegates to a moved
        helper calls an existing function; it copies nothing)."""
        return self.added - self.moved

    @cached_property
    def _statuses(self) -> dict[str, str]:
        return {c.qualname: c.status for c in self.changed}

    def status(self, qualname: str) -> Optional[str]:
        """``added``, ``modified``, or None when the change did not touch ``qualname``."""
        return self._statuses.get(qualname)
