"""Near-clone detection (RA003): which functions have almost the same token sequence.

:class:`CloneIndex` maps each fingerprint (``tokens.fingerprints``) to the
functions of at least ``min_tokens`` tokens holding it.
:meth:`CloneIndex.similar` unions the functions that share a fingerprint with
the query, drops those whose length rules the threshold out, and scores the
rest with rapidfuzz's normalised Indel similarity: candidates always come from
the index, never from comparing every pair.  Cheap enough for a repository of
tens of thousands of functions.

The tokens come from ``tokens.py``, the per-file entries are cached in
``clonecache.py``, and many files are tokenized in processes (``pool.py``).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping, Optional, cast

from reuse_audit.errors import UsageError
from reuse_audit.facts.model import Function
from reuse_audit.facts.rows import TokenEntry
from reuse_audit.index.clonecache import CloneCache
from reuse_audit.index.digests import digest_files
from reuse_audit.index.pool import compute_entries
from reuse_audit.index.protocol import Lookup
from reuse_audit.index.repo import RepoIndex
from reuse_audit.index.tokens import (
    EPSILON,
    coverage,
    file_entries,
    lengths,
    share_a_gram,
    sketch_grams,
)
from reuse_audit.settings import Settings
from reuse_audit.source.note import Note

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.facts.cache import FactsCache
    from reuse_audit.source.tree import SourceTree


# --------------------------------------------------------------------------
# the index
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    qualname: str
    similarity: float  # of the two token sequences
    tokens: int  # of the match
    coverage: float  # share of the match's meaning that the query has (``coverage``)
    extra: float  # share of the query's meaning that the match has: below 1, the query does more


class CloneIndex:
    """Fingerprint -> functions of at least ``min_tokens`` tokens, over the files of a RepoIndex.

    With a cache, the fingerprints are looked up in it (:meth:`CloneCache.lookup`)
    and only the entries of the files a query needs are read; without one,
    every file's entries are in memory and the postings are made on the first
    query.  A function is known by (path, number in its file's entries).
    """

    def __init__(
        self,
        index: "RepoIndex",
        tree: "SourceTree",
        min_tokens: int,
        digests: Mapping[str, str],
        entries: dict[str, tuple],
        store: Optional[CloneCache] = None,
        notes: tuple[Note, ...] = (),
    ):
        self.index = index
        self.tree = tree
        self.min_tokens = min_tokens
        self.notes = notes
        self._digest_of = dict(digests)  # path -> digest
        self._paths_of: dict[str, list[str]] = {}
        for path, digest in sorted(self._digest_of.items()):
            self._paths_of.setdefault(digest, []).append(path)
        self._entries = entries  # digest -> entries: all of them when there is no store
        self._store = store
        self._positions: dict[str, dict[str, int]] = {}  # digest -> local name -> number
        self._keys: Optional[list[tuple[str, int]]] = None  # memory mode: function id -> (path, number)
        self._postings: Optional[dict[int, list[int]]] = None

    # -- entries ------------------------------------------------------------

    def _load(self, digests: Iterable[str]) -> None:
        wanted = [d for d in set(digests) if d not in self._entries]
        if not wanted:
            return
        if self._store is not None:
            self._entries.update(self._store.load(wanted))
        missing = [d for d in wanted if d not in self._entries]
        if missing:  # damaged or lost: computed again, and stored again
            new = {}
            for digest in missing:
                entries = _compute(self.tree, self.index, self._paths_of[digest][0], digest)
                if entries is not None:
                    self._entries[digest] = new[digest] = entries
            if self._store is not None:
                self._store.store(new)

    def _memory(self) -> None:
        """Every entry in memory, and no more lookups in the cache (the cache failed, or calibration)."""
        self._load(self._paths_of)
        self._store = None

    def _find(self, qualname: str) -> Optional[tuple[str, int]]:
        """(path, number) of a function of the index."""
        fn = self.index.functions.get(qualname)
        if fn is None:
            return None
        path = fn.location.path
        digest = self._digest_of.get(path)
        module = self.index.module_of_path.get(path)
        if digest is None or module is None:
            return None
        self._load([digest])
        entries = self._entries.get(digest)
        if entries is None:
            return None
        positions = self._positions.get(digest)
        if positions is None:
            positions = self._positions[digest] = {e.local_name: i for i, e in enumerate(map(TokenEntry._make, entries))}
        i = positions.get(qualname[len(module) + 1 :])
        return None if i is None else (path, i)

    def _entry(self, key: tuple[str, int]) -> TokenEntry:
        path, number = key
        return TokenEntry._make(self._entries[self._digest_of[path]][number])

    def _qualname(self, key: tuple[str, int]) -> str:
        return f"{self.index.module_of_path[key[0]]}.{self._entry(key).local_name}"

    def tokens(self, qualname: str) -> Optional[str]:
        """The normalised token sequence of a function (None if unknown)."""
        key = self._find(qualname)
        return None if key is None else self._entry(key).seq

    def literals(self, qualname: str) -> Optional[str]:
        """The hashed values of a function's literals, in order (None if unknown)."""
        key = self._find(qualname)
        return None if key is None else self._entry(key).literals

    def qualnames(self) -> list[str]:
        """Every function with an entry (all files are read)."""
        self._memory()
        out: list[str] = []
        for path in sorted(self._digest_of):
            entries = self._entries.get(self._digest_of[path])
            if entries is not None and path in self.index.module_of_path:
                out.extend(self._qualname((path, i)) for i in range(len(entries)))
        return out

    # -- candidates ---------------------------------------------------------

    def _posting_lists(self) -> dict[int, list[int]]:
        if self._postings is None:
            self._memory()
            keys: list[tuple[str, int]] = []
            postings: dict[int, list[int]] = {}
            least = self.min_tokens
            for path in sorted(self._digest_of):
                entries = self._entries.get(self._digest_of[path])
                for i, entry in enumerate(map(TokenEntry._make, entries or ())):
                    if len(entry.seq) < least:
                        continue
                    ident = len(keys)
                    keys.append((path, i))
                    for h in entry.prints:
                        found = postings.get(h)
                        if found is None:
                            postings[h] = [ident]
                        else:
                            found.append(ident)
            self._keys, self._postings = keys, postings
        return self._postings

    def _candidates(self, key: tuple[str, int], low: float, high: float) -> set[tuple[str, int]]:
        prints = self._entry(key).prints
        low = max(low, self.min_tokens)
        found: set[tuple[str, int]] = set()
        if self._store is not None:
            rows = self._store.lookup(prints, low, high)
            if rows is not None:
                for digest, i, _ in rows:
                    for path in self._paths_of.get(digest, ()):
                        found.add((path, i))
                found.discard(key)
                self._load(self._digest_of[p] for p, _ in found)
                return {k for k in found if k[1] < len(self._entries.get(self._digest_of[k[0]], ()))}
            self._memory()  # the cache failed: from memory
        postings = self._posting_lists()
        keys = self._keys
        assert keys is not None
        for h in prints:
            for ident in postings.get(h, ()):
                found.add(keys[ident])
        found.discard(key)
        return {k for k in found if low <= len(self._entry(k).seq) <= high}

    def candidates(self, qualname: str) -> set[str]:
        """Functions of at least ``min_tokens`` tokens sharing a fingerprint with ``qualname`` (not itself)."""
        key = self._find(qualname)
        if key is None:
            return set()
        return {self._qualname(k) for k in self._candidates(key, 0, math.inf)}

    def similar(self, qualname: str, min_similarity: float) -> list[Match]:
        """Functions of at least ``min_tokens`` tokens whose sequence is at least
        ``min_similarity`` similar to ``qualname``'s, best first.

        Empty when ``qualname`` is unknown or has fewer than ``min_tokens`` tokens.
        """
        key = self._find(qualname)
        if key is None:
            return []
        entry = self._entry(key)
        if len(entry.seq) < self.min_tokens:
            return []
        low, high = lengths(len(entry.seq), min_similarity)
        found = ((self._qualname(k), self._entry(k)) for k in self._candidates(key, low, high))
        return score_matches(qualname, entry, found, min_similarity, self.index.functions)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()



def score_matches(
    qualname: str, entry: tuple, candidates: Iterable[tuple[str, tuple]], min_similarity: float, functions: Lookup[str, Function]
) -> list[Match]:
    """The candidates (qualname, entry) that share a sketch gram with ``entry`` and are at least
    ``min_similarity`` similar to it, best first (``functions``: the index's function table).
    The entries are ``TokenEntry`` fields, typed or plain."""
    entry = TokenEntry._make(entry)
    seq = entry.seq
    t = min(max(min_similarity, EPSILON), 1.0)
    grams = sketch_grams(seq)
    out = []
    score = None
    for name, other_entry in candidates:
        other_entry = TokenEntry._make(other_entry)
        other = other_entry.seq
        if name == qualname or not share_a_gram(grams, other):
            continue
        if score is None:  # most one-function checks have no candidate: rapidfuzz is not imported
            from rapidfuzz.distance import Indel

            score = Indel.normalized_similarity
        sim = score(seq, other, score_cutoff=max(t - EPSILON, 0.0))
        if sim + EPSILON >= min_similarity and name in functions:
            mine, theirs = (seq, entry.literals), (other, other_entry.literals)
            out.append(Match(name, sim, len(other), coverage(mine, theirs), coverage(theirs, mine)))
    out.sort(key=lambda m: (-m.similarity, -m.tokens, m.qualname))
    return out


def _read(tree: "SourceTree", path: str, digest: str) -> Optional[bytes]:
    """The bytes of ``path`` if they are still ``digest``'s."""
    try:
        data = tree.read(path)
    except (OSError, KeyError, ValueError, UsageError):
        return None
    return data if hashlib.sha256(data).hexdigest() == digest else None


def _compute(tree: "SourceTree", index: "RepoIndex", path: str, digest: str) -> Optional[tuple]:
    """The entries of one file of the index, from its bytes (None if they are not ``digest``'s)."""
    data = _read(tree, path, digest)
    return None if data is None else file_entries(data, _spans(index, path))



def _spans(index: "RepoIndex", path: str) -> list[tuple[str, int, int, int]]:
    module = index.module_of_path[path]
    functions = index.functions
    spans = []
    for qualname in index.by_path.get(path, ()):
        loc = functions[qualname].location
        spans.append((qualname[len(module) + 1 :], loc.line, loc.col, loc.end_line))
    return spans


def build_clone_index(
    tree: "SourceTree",
    index: "RepoIndex",
    settings: Settings = Settings(),
    cache: Optional["FactsCache"] = None,
    cache_dir: Optional[Path] = None,
    in_memory: bool = False,
    jobs: int = 0,
) -> CloneIndex:
    """The clone index of ``tree``'s files, whose functions ``index`` lists.

    ``cache`` (the facts cache) gives the cache directory and, from its stat
    table, the digests of unchanged files; ``cache_dir`` alone a directory.
    With neither, nothing is stored and every entry is in memory; so it is
    with ``in_memory`` (every file's entries read from the cache in one query).
    Files the cache does not have are tokenized (in ``jobs`` processes when
    there are many: 0, one per core), and stored.
    """
    paths = sorted(index.module_of_path)
    digests, contents = _digests(tree, paths, cache)
    directory = cache_dir if cache_dir is not None else (cache.directory if cache is not None else None)
    store = CloneCache(directory) if directory is not None else None
    entries: dict[str, tuple] = {}
    if store is not None:
        if in_memory:
            entries = store.load(digests.values())
            known = set(entries)
        else:
            known = store.known(digests.values())
    else:
        known = set()
    missing = sorted(p for p in paths if p in digests and digests[p] not in known)
    if missing:
        if len(missing) > 8:
            # one pass groups every file's functions, instead of a pass a file; a Mapping: this
            # index is the full one (the lazy one answers RA003 with lazyclones.LazyCloneIndex)
            len(cast(Mapping[str, tuple[str, ...]], index.by_path))
        work: list[tuple[str, bytes, list]] = []
        seen: set[str] = set()
        made = index.token_entries or {}  # by the parser processes, on the way
        new: dict[str, tuple] = {}
        for path in missing:
            digest = digests[path]
            if digest in seen:
                continue
            made_digest, made_entries = made.get(path, (None, None))
            if made_digest == digest:
                seen.add(digest)
                new[digest] = made_entries
                continue
            if path not in index.by_path:  # no function: nothing to read or tokenize
                seen.add(digest)
                new[digest] = ()
                continue
            data = contents.get(path)
            if data is None:
                data = _read(tree, path, digest)
                if data is None:
                    continue
            seen.add(digest)
            work.append((digest, data, _spans(index, path)))
        new.update(compute_entries(work, jobs))
        entries.update(new)
        if store is not None:
            store.store(new)
    notes: tuple[Note, ...] = ()
    if store is not None and store.disabled_reason:
        notes = (Note("", store.disabled_reason),)
    if store is not None and (in_memory or not store.usable):
        store.close()
        store = None
    result = CloneIndex(index, tree, settings.min_tokens, digests, entries, store, notes)
    if store is None:
        result._memory()
    return result


def _digests(tree: "SourceTree", paths: list[str], cache: Optional["FactsCache"]) -> tuple[dict, dict]:
    """(path -> sha256, bytes read on the way): through the facts cache's stat table when there is one."""
    try:
        digests, contents, _ = digest_files(tree, paths, cache)
        return digests, contents
    except (TypeError, ValueError, AttributeError):
        pass
    digests, contents = {}, {}
    for path in paths:
        try:
            data = tree.read(path)
        except (OSError, KeyError, ValueError, UsageError):
            continue
        digests[path] = hashlib.sha256(data).hexdigest()
        contents[path] = data
    return digests, contents
