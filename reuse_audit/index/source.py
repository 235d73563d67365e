"""The fact source: compact facts of a tree's files, from memory, the cache, or the parser."""

from __future__ import annotations

from typing import Iterable, Optional

from reuse_audit.errors import UsageError
from reuse_audit.facts.cache import FactsCache, load_facts
from reuse_audit.facts.model import (
    FileFacts,
    FunctionFact,
    facts_from_compact,
    function_from_compact,
)
from reuse_audit.facts.rows import FileRow, FunctionRow, NoteInfo
from reuse_audit.index.digests import digest_files, unreadable
from reuse_audit.index.pool import parse_many
from reuse_audit.index.stats import tally
from reuse_audit.source.note import Note
from reuse_audit.source.tree import SourceTree


class FactSource:
    """Compact facts of a tree's files, from memory, the cache, or the parser."""

    def __init__(
        self, tree: SourceTree, cache: Optional[FactsCache], jobs: int, digests: dict[str, str], contents: dict[str, bytes],
        stats: Optional[dict] = None,
    ):
        self.tree = tree
        self.stats: dict[str, object] = stats if stats is not None else {}  # the figures of the build it serves
        self.cache = cache
        self.jobs = jobs
        self.digests = digests
        self.contents = contents
        self.facts: dict[str, tuple] = {}  # path -> compact facts
        self.notes: list[Note] = []
        self._by_local: dict[str, dict[str, tuple]] = {}  # path -> local name -> compact function (the last def)

    def compact(self, paths: Iterable[str]) -> dict[str, tuple]:
        """Facts of the readable paths among ``paths``."""
        wanted = [p for p in paths if p not in self.facts and p in self.digests]
        if wanted:
            self._load(wanted)
        return {p: self.facts[p] for p in paths if p in self.facts}

    def _load(self, paths: list[str]) -> None:
        self.from_cache(paths)
        missing = [p for p in paths if p not in self.facts]
        if not missing:
            return
        sources = self.read(missing, keep=False)
        parsed = parse_many(sources, self.jobs, with_blobs=self.cache is not None)
        tally(self.stats, "parsed", len(parsed))
        rows = {}
        for path, (facts, blob) in parsed.items():
            self.facts[path] = facts
            if blob is not None:
                rows[FileRow._make(facts).digest] = blob
        if self.cache is not None and rows:
            self.cache.put_blobs(sorted(rows.items()))

    def from_cache(self, paths: Iterable[str]) -> None:
        """Take the facts of ``paths`` that the cache holds."""
        cache = self.cache
        if cache is None:
            return
        wanted = [p for p in paths if p not in self.facts and p in self.digests]
        if not wanted:
            return
        blobs = cache.get_blobs(self.digests[p] for p in wanted)
        for path in wanted:
            digest = self.digests[path]
            blob = blobs.get(digest)
            facts = load_facts(blob, digest) if blob is not None else None
            if facts is not None:
                self.facts[path] = facts

    def read(self, paths: Iterable[str], keep: bool = True) -> dict[str, bytes]:
        """The bytes of the readable paths (kept for a later parse when ``keep``); the others are noted."""
        sources: dict[str, bytes] = {}
        for path in paths:
            data = self.contents.get(path) if keep else self.contents.pop(path, None)
            if data is None:
                try:
                    data = self.tree.read(path)
                except (OSError, KeyError, UsageError) as exc:
                    self.notes.append(Note(path, f"skipped: cannot read file ({unreadable(exc)})"))
                    continue
                if keep:
                    self.contents[path] = data
            sources[path] = data
        return sources

    def fact(self, path: str, local_name: str) -> FunctionFact:
        """The FunctionFact of a function (of two defs of one name, the last)."""
        by_local = self._by_local.get(path)
        if by_local is None:
            facts = self.compact([path]).get(path)
            functions = map(FunctionRow._make, FileRow._make(facts).functions) if facts is not None else ()
            by_local = {fn.local_name: fn for fn in functions}  # the last def wins
            if facts is not None:
                self._by_local[path] = by_local  # one pass a file, not one a function
        found = by_local.get(local_name)
        if found is None:
            raise KeyError(f"{path}: no function {local_name!r}")
        return function_from_compact(found)


def read_facts(
    tree: SourceTree,
    paths: Iterable[str],
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
) -> tuple[dict[str, FileFacts], list[Note]]:
    """FileFacts for each readable path; unreadable files become notes."""
    paths = list(paths)
    digests, contents, notes = digest_files(tree, paths, cache)
    source = FactSource(tree, cache, jobs, digests, contents)
    compact = source.compact(paths)
    notes.extend(source.notes)
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    return {p: facts_from_compact(f) for p, f in compact.items()}, notes


def facts_notes(path: str, facts: FileFacts) -> list[Note]:
    return notes_from_info(path, facts.decode_note, facts.syntax_errors)


def info_notes(path: str, info: tuple) -> list[Note]:
    """The notes of a file from its ``NoteInfo`` (``tables.note_info``)."""
    note = NoteInfo._make(info)
    return notes_from_info(path, note.decode_note, note.syntax_errors)


def notes_from_info(path: str, decode_note: Optional[str], syntax_errors: tuple[int, ...]) -> list[Note]:
    notes = []
    if decode_note:
        notes.append(Note(path, decode_note))
    if syntax_errors:
        lines = ", ".join(str(n) for n in syntax_errors[:5])
        more = "..." if len(syntax_errors) > 5 else ""
        notes.append(Note(path, f"syntax error near line {lines}{more}; analysed the functions that parse"))
    return notes

