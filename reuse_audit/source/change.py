"""A change to review: the tree before it, the tree after it and the files it touches,
read from a unified diff, from paths checked as they are, or (``source/git.py``) from git."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Optional

from reuse_audit.errors import PatchError, UsageError
from reuse_audit.paths import ExcludePatterns, parents, skipped_by
from reuse_audit.settings import Settings
from reuse_audit.source.note import Note
from reuse_audit.source.patch import Patch, parse_patch, reverse_patch
from reuse_audit.source.tree import FsTree, OverlayTree, SourceTree, apply_patch, creates_missing


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


@dataclass(frozen=True)
class Provenance:
    """Where the analysed code came from (git), for SARIF versionControlProvenance."""

    repository_uri: str
    revision: str
    branch: Optional[str] = None


@dataclass(frozen=True)
class Change:
    """A change to review: the tree before, the tree after, and the files it touches."""

    before: SourceTree
    after: SourceTree
    files: tuple[FileChange, ...]
    notes: tuple[Note, ...] = ()
    # check PATH...: the functions of the files checked already exist (no diff); see ChangeSet.existing
    existing: bool = False


def change_from_patch(repo: Path, patch_text: str, source: str, settings: Settings = Settings()) -> Change:
    """The change a unified diff makes to the directory ``repo`` (nothing is written)."""
    if not repo.exists():
        raise UsageError(f"--repo {repo}: no such directory")
    if not repo.is_dir():
        raise UsageError(f"--repo {repo}: not a directory")
    before = FsTree(repo, exclude=settings.exclude)
    patch = parse_patch(patch_text, source)  # a patch that does not parse is refused as it is
    change: Optional[Change]
    try:
        change = _patched(before, patch, source)
    except PatchError as exc:
        # `git diff | reuse-audit check -` in the checkout that holds the change: the patch
        # is already applied when its reverse applies (git apply -R --check)
        change = _already_applied(before, patch, source)
        if change is None:
            raise PatchError(
                f"{exc}; nor is the patch already applied there (it does not apply in reverse either): "
                f"is --repo {repo} the tree it was made against?"
            ) from None
    tree_notes = tuple(Note(path, reason) for path, reason in before.notes)
    return Change(change.before, change.after, change.files, change.notes + tree_notes)


#: the note of a check whose patch the tree already holds
ALREADY_APPLIED = "the patch is already applied to the tree: checked against the tree before it (the patch reversed in memory)"


def _already_applied(tree: SourceTree, patch: Patch, source: str) -> Optional[Change]:
    """The change ``patch`` made, when ``tree`` already holds it: the tree before it is
    ``tree`` with the reversed patch applied in memory, the tree after it is ``tree``.
    None when the reversed patch does not apply to ``tree`` either."""
    try:
        reverse = reverse_patch(patch)
        if reverse is None:
            return None
        before, notes = apply_patch(tree, reverse, source)
    except PatchError:
        return None
    files = tuple(
        FileChange(None if fp.status == "copied" or creates_missing(before, fp) else fp.old_path, fp.new_path)
        for fp in patch.files
        if not fp.binary
    )
    all_notes = (Note("", ALREADY_APPLIED), *(Note(path, message) for path, message in notes))
    return Change(before=before, after=tree, files=files, notes=all_notes)


def change_from_paths(root: Path, paths: Iterable[str], settings: Settings = Settings()) -> Change:
    """The files and folders ``paths`` (relative to ``root``, POSIX) checked as if they were new:
    every function in them against the rest of the tree at ``root``, with no diff."""
    tree = FsTree(root, exclude=settings.exclude)
    wanted = [p.strip("/") for p in paths]
    every = tree.paths()
    chosen = [p for p in every if any(w in ("", ".") or p == w or p.startswith(w + "/") for w in wanted)]
    notes = [Note(path, reason) for path, reason in tree.notes]
    for w in wanted:
        if w not in ("", ".") and not any(p == w or p.startswith(w + "/") for p in chosen):
            notes.append(Note(w, "no Python file to check here (not a .py file, or excluded)"))
    files = tuple(FileChange(None, p) for p in chosen)
    return Change(before=tree, after=tree, files=files, notes=tuple(notes), existing=True)


def change_from_files(before: SourceTree, writes: Mapping[str, Optional[bytes]]) -> Change:
    """The change that writes ``writes`` (path -> the file's new bytes, None: removed) over the
    tree ``before``, in memory: a file ``before`` does not hold is added whole."""
    after = OverlayTree(before, writes)
    files = tuple(
        FileChange(path if before.exists(path) else None, None if data is None else path) for path, data in sorted(writes.items())
    )
    return Change(before=before, after=after, files=files, notes=tuple(Note(path, reason) for path, reason in before.notes))


def change_from_diff(before: SourceTree, patch_text: str, source: str) -> Change:
    """The change a unified diff makes to any source tree, applied in memory."""
    return _patched(before, parse_patch(patch_text, source), source)


def _patched(before: SourceTree, patch: Patch, source: str) -> Change:
    after, patch_notes = apply_patch(before, patch, source)
    # A copied file adds every function it holds: the copies are new code.
    # So does a section that creates a file the tree lacks (``@@ -0,0 ...``).
    files = tuple(
        FileChange(None if fp.status == "copied" or creates_missing(before, fp) else fp.old_path, fp.new_path)
        for fp in patch.files
        if not fp.binary
    )
    notes = tuple(Note(path, message) for path, message in patch_notes)
    return Change(before=before, after=after, files=files, notes=notes)


def skipped_notes(change: Change, settings: Settings) -> tuple[Note, ...]:
    """A note for each folder holding changed ``.py`` files that are not checked because of
    where they are: a folder skipped by default (``build/``, ``venv/``...), one holding a
    ``pyvenv.cfg``, or an ``exclude`` pattern.  A change never hides silently."""
    patterns = ExcludePatterns(settings.exclude)
    tree_skips = change.after.is_excluded
    folders: dict[tuple[str, str], int] = {}
    for f in change.files:
        path = f.new_path
        if not path or not path.endswith(".py"):
            continue
        if patterns.excludes_path(path):
            key = (path, "skipped: matches an exclude pattern in [tool.reuse-audit]")
        elif tree_skips(path):
            named = next((p for p in parents(path) if patterns.skips_dir_name(p.rsplit("/", 1)[-1])), None)
            if named is not None:
                name = named.rsplit("/", 1)[-1]
                name = skipped_by(name)
                key = (named, f"changed files skipped: a '{name}/' folder is not analysed by default "
                              f"(exclude = [\"!{name}/\"] in [tool.reuse-audit] analyses it)")
            else:
                folder = next((p for p in parents(path) if tree_skips(p + "/x.py")), path)
                key = (folder, "changed files skipped: a virtual environment (pyvenv.cfg) is not analysed")
        else:
            continue
        folders[key] = folders.get(key, 0) + 1
    notes = []
    for (where, message), count in sorted(folders.items()):
        if message.startswith("changed files"):
            message = message.replace("changed files", f"{count} changed file{'s' if count != 1 else ''}", 1)
        notes.append(Note(where, message))
    return tuple(notes)
