"""The change set: which functions a change adds, or whose body it changes.

A file change is a pair (old path, new path); ``None`` on one side means the
file was added or deleted.  A function is *added* when its qualified name is
new in its file, *modified* when its source text (from ``def`` to its end)
differs from the old file's function of the same name.  Functions that only
moved, because lines above them changed, are unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Optional

from .index import RepoIndex
from .model import ChangedFunction, ChangeSet, FileFacts, Note


@dataclass(frozen=True)
class FileChange:
    old_path: Optional[str]  # None: added
    new_path: Optional[str]  # None: deleted

    @property
    def status(self) -> str:
        if self.old_path is None:
            return "added"
        if self.new_path is None:
            return "deleted"
        return "modified" if self.old_path == self.new_path else "renamed"


def build_change_set(
    changes: Iterable[FileChange],
    after: RepoIndex,
    before_facts: Callable[[str], Optional[FileFacts]],
    notes: Iterable[Note] = (),
) -> ChangeSet:
    """``before_facts(path)`` gives the old file's facts (None if unreadable)."""
    changed: list[ChangedFunction] = []
    added, modified, deleted, renamed = [], [], [], []
    for change in sorted(changes, key=lambda c: (c.new_path or "", c.old_path or "")):
        status = change.status
        if status == "added":
            added.append(change.new_path)
        elif status == "deleted":
            deleted.append(change.old_path)
            continue
        elif status == "modified":
            modified.append(change.new_path)
        else:
            renamed.append((change.old_path, change.new_path))
        path = change.new_path
        if not path.endswith(".py"):
            continue
        old_digests: dict[str, str] = {}
        if change.old_path is not None and change.old_path.endswith(".py"):
            old = before_facts(change.old_path)
            if old is not None:
                old_digests = {f.local_name: f.body_digest for f in old.functions}
        for qualname in after.by_path.get(path, ()):
            fn = after.functions[qualname]
            old_digest = old_digests.get(fn.fact.local_name)
            if old_digest is None:
                changed.append(ChangedFunction(qualname, "added"))
            elif old_digest != fn.fact.body_digest:
                changed.append(ChangedFunction(qualname, "modified"))
    return ChangeSet(
        changed=tuple(changed),
        added_files=tuple(added),
        modified_files=tuple(modified),
        deleted_files=tuple(deleted),
        renamed_files=tuple(renamed),
        notes=tuple(notes),
    )
