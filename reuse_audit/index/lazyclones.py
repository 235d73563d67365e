"""The near-clone rule's clone index answered over the lazy index (``lazy.py``), on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional

from reuse_audit.facts.model import Function
from reuse_audit.facts.rows import TokenEntry
from reuse_audit.index.clonecache import CloneCache
from reuse_audit.index.clones import score_matches
from reuse_audit.index.pool import Begun, compute_entries, raw_files
from reuse_audit.index.protocol import Lookup
from reuse_audit.index.tokens import gram_pattern, lengths, sketch_grams
from reuse_audit.source.note import Note

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.index.lazy import LazyIndex


class LazyCloneIndex:
    """The near-clone rule's clone index (``clones.CloneIndex``, RA003), answered on demand over a lazy index.

    ``similar(q)`` needs the functions whose sketch shares a gram with ``q``'s
    (``clones.score_matches``).  A function holding a gram holds it in its raw
    symbols too (``tokens.gram_pattern``), and so does its file's, tokenized
    from the start: only the files with a match are parsed and tokenized.
    """

    def __init__(self, lazy: "LazyIndex", functions: Lookup[str, Function], min_tokens: int):
        self.lazy = lazy
        self.functions = functions
        self.min_tokens = min_tokens
        self.notes: tuple[Note, ...] = ()
        self._entries: dict[str, dict[str, TokenEntry]] = {}  # path -> local name -> entry
        self._raw: Optional[dict[str, str]] = None  # path -> raw symbols of the whole file
        self._begun: Optional[tuple[dict[str, str], Begun]] = None  # (kept, begun): see begin()

    def _tokenize(self, paths: list[str]) -> None:
        """The entries of the functions of ``paths``: parsed, then tokenized, in processes when there are many."""
        lazy = self.lazy
        paths = [p for p in paths if p not in self._entries]
        lazy.source.compact(paths)
        work = []
        for path in paths:
            data = lazy._contents(path)
            spans = []
            for qualname in lazy.by_path.get(path, ()):
                where = lazy.locate(qualname)
                if where is not None:
                    _, fact = where
                    spans.append((fact.local_name, fact.line, fact.col, fact.end_line))
            if data is not None and spans and path in lazy.module_of_path:
                work.append((path, data, spans))
            self._entries[path] = {}
        for path, entries in compute_entries(work, lazy.source.jobs).items():
            self._entries[path] = {e.local_name: e for e in map(TokenEntry._make, entries)}

    def _entry(self, qualname: str) -> Optional[TokenEntry]:
        where = self.lazy.locate(qualname)
        if where is None:
            return None
        module, fact = where
        self._tokenize([module.path])
        return self._entries[module.path].get(fact.local_name)

    def tokens(self, qualname: str) -> Optional[str]:
        entry = self._entry(qualname)
        return None if entry is None else entry.seq

    def literals(self, qualname: str) -> Optional[str]:
        entry = self._entry(qualname)
        return None if entry is None else entry.literals

    def begin(self, qualnames: Iterable[str]) -> None:
        """Begin the raw symbols of every module file (``_raw_files``) in forked processes, beside
        the rules that run before RA003, when one of the changed functions ``qualnames`` is long
        enough for RA003 to search for (whether it will, it decides itself)."""
        if self._raw is not None or self._begun is not None:
            return
        if not any(len(self.tokens(q) or "") >= self.min_tokens for q in qualnames):
            return
        if self.lazy.inexact is not None:
            return  # the engine builds the full index
        self._begun = self._begin_raw()

    def _begin_raw(self) -> tuple[dict[str, str], Begun]:
        """(the raw symbols the clone cache keeps, the others begun: ``Begun``)."""
        lazy = self.lazy
        paths = [p for p in lazy.paths if p in lazy.module_of_path and lazy.searched(p)]
        digests = lazy.source.digests
        directory = getattr(lazy.source.cache, "directory", None)
        store = CloneCache(directory) if directory is not None else None
        try:
            kept = store.load_raw(digests[p] for p in paths if p in digests) if store is not None else {}
        finally:
            if store is not None:
                store.close()
        raw = {p: kept[digests[p]] for p in paths if digests.get(p) in kept}
        return raw, raw_files([(p, lazy._contents(p) or b"") for p in paths if p not in raw], lazy.source.jobs)

    def close(self) -> None:
        """Stop the processes :meth:`begin` started, if nothing collected their work."""
        if self._begun is not None:
            self._begun[1].close()

    def _raw_files(self) -> dict[str, str]:
        """The raw symbols of every module file, tokenized once from its start (as each
        function is from its ``def``: the tokens of a function are a run of its file's).
        With a cache, they are kept by the file's content digest: the next check (while the
        background build runs, or of another change) reads those of the unchanged files."""
        if self._raw is None:
            begun, self._begun = self._begun or self._begin_raw(), None
            raw, making = begun
            made = making.result()
            raw = {**raw, **made}
            lazy = self.lazy
            digests = lazy.source.digests
            directory = getattr(lazy.source.cache, "directory", None)
            if directory is not None and made:
                store = CloneCache(directory)
                try:
                    store.store_raw({digests[p]: symbols for p, symbols in made.items() if p in digests})
                finally:
                    store.close()
            self._raw = raw
        return self._raw

    def similar(self, qualname: str, min_similarity: float) -> list:
        entry = self._entry(qualname)
        if entry is None or len(entry.seq) < self.min_tokens:
            return []
        low, high = lengths(len(entry.seq), min_similarity)
        low = max(low, self.min_tokens)
        pattern = gram_pattern([g for grams in sketch_grams(entry.seq).values() for g in grams])
        lazy = self.lazy
        raw = self._raw_files()
        paths = [p for p in lazy.paths if p in raw and pattern.search(raw[p])]
        if not lazy.afford(paths):
            return []  # the engine builds the full index (lazy.Inexact)
        self._tokenize(paths)
        sketch = set(entry.prints)
        candidates = []
        for path in paths:
            module = lazy.module_of_path[path]
            for local, other in self._entries[path].items():
                if low <= len(other.seq) <= high and sketch.intersection(other.prints):
                    candidates.append((f"{module}.{local}", other))
        lazy.source.stats["tokenized"] = len(self._entries)
        return score_matches(qualname, entry, candidates, min_similarity, self.functions)
