"""What the change replaced: the old versions of the functions it modifies, and its moves.

A linter that judges a modified function must judge what the change did to
it, not the function as a whole: a one-line fix in a function that already
shared most of its callees with another must not report the overlap that was
already there.  :class:`Before` gives the rules the old version of each
modified function, read from the tree before the change and resolved there
(its callees, RA001) or tokenized (its token sequence, RA003), and only when a
rule asks: most changes never need it.

:func:`find_moves` tells which added functions are *moves*: their normalised
token sequence (RA003's, ``tokens.tokenize``) equals, or is at least
``min-similarity`` similar to, that of a function the change removes or
rewrites.  Code moved between files, into or out of a class, or turned into
module functions by an indentation slip (``-    @staticmethod`` /
``+@staticmethod``) is not new code.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Optional

from reuse_audit.facts.model import FileFacts, Function
from reuse_audit.facts.rows import TokenEntry
from reuse_audit.index.full import build_index
from reuse_audit.index.lazy import LazyRepoIndex, build_lazy_index
from reuse_audit.index.tokens import file_entries, similarity
from reuse_audit.settings import Settings
from reuse_audit.source.tree import SourceTree

TokenPair = tuple[str, str]  # (normalised sequence, literals), as tokens.tokenize gives


def tokens_of(data: bytes, spans: Iterable[tuple[str, int, int, int]]) -> dict[str, TokenPair]:
    """local name -> (sequence, literals) of the functions of one file, given as (local, line, col, end line)."""
    return {e.local_name: (e.seq, e.literals) for e in map(TokenEntry._make, file_entries(data, spans))}


def _read(read: Callable[[str], bytes], path: str) -> Optional[bytes]:
    try:
        return read(path)
    except Exception:  # unreadable: nothing to compare
        return None


class Before:
    """The old versions of the modified functions of a change.

    ``old``: after-tree qualname -> (old path, old local name).  The old tree's
    index is built the first time a rule asks for callees, lazily (only the
    modules that resolving those functions reads are parsed).
    """

    def __init__(
        self,
        tree: SourceTree,
        old: Mapping[str, tuple[str, str]],
        before_facts: Callable[[str], Optional[FileFacts]],
        settings: Settings,
        cache=None,
        jobs: int = 0,
    ):
        self.tree = tree
        self.old = dict(old)
        self.before_facts = before_facts
        self.settings = settings
        self.cache = cache
        self.jobs = jobs
        self._index = None
        self._tokens: dict[str, dict[str, TokenPair]] = {}

    def _old_index(self):
        if self._index is None:
            self._index = _lazy_index(self.tree, self.settings, self.cache, self.jobs, sorted({p for p, _ in self.old.values()}))
        return self._index

    def _ask(self, question):
        """``question(index of the old tree)``; lazily, or from the full index when the lazy one
        cannot say (its answer is then ignored: ``lazy.Inexact``)."""
        index = self._old_index()
        answer = question(index)
        if index.inexact() is None:
            return answer
        self._index = build_index(self.tree, self.settings, None, self.jobs, file_notes=False)
        return question(self._index)

    def function(self, qualname: str) -> Optional[Function]:
        """The old version of the modified function ``qualname``, resolved in the old tree."""
        where = self.old.get(qualname)
        if where is None:
            return None
        path, local = where

        def old_function(index) -> Optional[Function]:
            module = index.module_of_path.get(path)
            return None if module is None else index.functions.get(f"{module}.{local}")

        return self._ask(old_function)

    def defines(self, qualname: str) -> bool:
        """Did the tree before the change define the function ``qualname``?"""
        return self._ask(lambda index: qualname in index.functions)

    def callees(self, qualname: str) -> Optional[frozenset[str]]:
        fn = self.function(qualname)
        return None if fn is None else fn.callees

    def tokens(self, qualname: str) -> Optional[TokenPair]:
        """(sequence, literals) of the old version of ``qualname`` (RA003's tokens)."""
        where = self.old.get(qualname)
        if where is None:
            return None
        path, local = where
        if path not in self._tokens:
            facts = self.before_facts(path)
            data = _read(self.tree.read, path)
            spans = [(f.local_name, f.line, f.col, f.end_line) for f in facts.functions] if facts is not None else []
            self._tokens[path] = tokens_of(data, spans) if data is not None else {}
        return self._tokens[path].get(local)


def _lazy_index(tree: SourceTree, settings: Settings, cache, jobs: int, changed: list[str]) -> LazyRepoIndex:
    """The lazy index of the old tree, whatever snapshots the cache holds (it answers few questions)."""
    index = build_lazy_index(tree, settings, cache, jobs, changed, whatever_the_cache_holds=True)
    assert isinstance(index, LazyRepoIndex)  # (whatever the cache holds: never declined)
    return index


def find_moves(
    added: Mapping[str, TokenPair],
    replaced: Iterable[tuple[str, TokenPair]],
    min_similarity: float,
) -> frozenset[str]:
    """The added functions (qualname -> tokens) that are moves of the ``replaced`` ones.

    ``replaced``: (local name, tokens) of the functions the change removes or
    rewrites.  An added function is a move when its sequence equals, or is at
    least ``min_similarity`` similar to, that of a replaced function.  One
    replaced function explains one move: when the change removes one function
    and adds two copies of it, the first (most similar, then of the same name,
    then by name) is the move and the other a copy of it.
    """
    olds = sorted(replaced)
    pairs = []
    for qualname, (seq, _) in sorted(added.items()):
        n = len(seq)
        name = qualname.rpartition(".")[2]
        for i, (old_name, (old, _)) in enumerate(olds):
            m = len(old)
            renamed = old_name.rpartition(".")[2] != name  # the same name first
            if old == seq:
                pairs.append((-1.0, renamed, qualname, i))
                continue
            # Indel similarity is at most 2 * min / (n + m): skip pairs too unequal in length
            if n + m == 0 or 2 * min(n, m) / (n + m) < min_similarity:
                continue
            score = similarity(seq, old)
            if score >= min_similarity:
                pairs.append((-score, renamed, qualname, i))
    moved: set[str] = set()
    used: set[int] = set()
    for _, _, qualname, i in sorted(pairs):
        if qualname not in moved and i not in used:
            moved.add(qualname)
            used.add(i)
    return frozenset(moved)
