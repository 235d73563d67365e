"""The lazy index: the repository index of a tree, built only as far as the rules ask.

A full build (``index/full.py``) parses and resolves every file, so that a later
run can start from its stored snapshot.  When there is no snapshot to start
from, the rules of most changes need a small part of it: the changed
functions, the functions that can be their targets, and the modules that
resolving those reads.  This index answers the same questions with the same
answers (``tests/test_lazy.py`` compares the two), parsing a file only when
an answer needs it:

* ``functions[q]``: the module of ``q`` is parsed (any run's facts come from
  the cache, and go to it), then ``q`` and its nested functions are resolved;
  the modules that resolution reads are parsed as it reads them;
* ``by_path[p]``: the functions of one file;
* ``candidates(callees, at_least)``: the functions that may share at least
  ``at_least`` callees with ``callees``.  A text search picks the files where
  they can be (see *Why the text search misses nothing*); only those files are
  parsed, and only their functions with enough matching call sites are
  resolved;
* RA003's ``clones.similar(q)`` (``lazyclones.LazyCloneIndex``): every module file is
  turned into RA003's raw token symbols (no parse), and only the files where
  one of ``q``'s sketch grams can stand are parsed and tokenized.

Its tables are lookups (``index_protocol.Lookup``), not mappings: what it
cannot answer at all, it says up front (:attr:`LazyRepoIndex.capabilities`:
neither every function of the tree nor the inverted callee index), and the
engine builds the full index before running a rule that needs either.  What
only looking can tell is an :class:`Inexact` value, never an exception: from
:func:`build_lazy_index` (a stored snapshot) before anything is built, or
recorded by the question that found it (:meth:`LazyRepoIndex.inexact`), which
is then answered as "none" and every later search with nothing; the engine
reads it after the change set is made and after each rule, and builds the
full index then.

The text search and why it misses nothing: ``textsearch.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar, Iterable, Optional, Union

from reuse_audit.facts.cache import FactsCache
from reuse_audit.facts.parse import decode
from reuse_audit.facts.rows import LOCALS, FunctionRow, ancestors, row_callees
from reuse_audit.index.digests import digest_files
from reuse_audit.index.lazytables import (
    LazyByPath,
    LazyFunctions,
    ModuleTable,
    NotBuilt,
)
from reuse_audit.index.protocol import CALLERS, CAPABILITIES, EVERY_FUNCTION, Inexact
from reuse_audit.index.repo import RepoIndex
from reuse_audit.index.resolve import Module, Resolver, assign_modules, method_name
from reuse_audit.index.snapshot import closest_snapshot
from reuse_audit.index.source import FactSource, info_notes
from reuse_audit.index.stats import new_stats, tally
from reuse_audit.index.tables import note_info
from reuse_audit.index.textsearch import (
    Layout,
    call_offsets,
    call_sites,
    closure,
    has_window,
    name_offsets,
    renames,
)
from reuse_audit.settings import Settings
from reuse_audit.source.note import Note
from reuse_audit.source.tree import SourceTree

__all__ = [
    "LAZY_MAX_FUNCTIONS", "Inexact", "LazyIndex", "LazyRepoIndex", "build_lazy_index", "lazy_possible",
]


# The cost model.  A lazy answer costs the text search (every file read, no parse: paid
# before deciding) and the parse of the files the search keeps; the full build parses and
# resolves every file.  Parsing costs about the same per byte either way, and resolving is
# cheap beside it, so the lazy path is taken while the bytes it has still to parse stay under
# LAZY_SHARE of the bytes of every module file it may search; above, the full build is
# built instead, before any of them is parsed.  (Below LAZY_FLOOR bytes both are quick: the
# lazy path stays, whatever the share.)
LAZY_SHARE = 0.4
LAZY_FLOOR = 1_000_000
# Listing every call site of a file once costs about 35 searches of it for a few names
# (sympy 1.14.0: 2.2 s against 0.065 s a search); a change of many functions asks
# hundreds of searches (a real agent commit of 311 functions: 202, 31 s of its 48 s
# cold).  The first SEARCHES_BEFORE_CALLS searches are plain; later ones read the list:
# never more than about twice the cheaper of the two ways.
SEARCHES_BEFORE_CALLS = 16
# Each changed function asks its own searches and parses the files they keep; past
# this many, the full build is the cheaper (real agent commits to OpenHands, about
# 1,100 files: from 14 changed functions on the lazy path took 1.2 to 4 times the
# full build's time; ``python scripts/realworld.py --timing --commits ...``), and the
# engine builds it at once, before any search.
LAZY_MAX_FUNCTIONS = 12


# --------------------------------------------------------------------------
# the index
# --------------------------------------------------------------------------


class LazyIndex:
    """What the lazy RepoIndex holds: the tree's files, their modules, and a resolver over them."""

    def __init__(
        self,
        paths: tuple[str, ...],
        source: FactSource,
        contents: Callable[[str], Optional[bytes]],
        always: Iterable[str],
        settings: Settings,
        digested: tuple,
    ):
        self.paths = paths
        self.source = source
        self.settings = settings
        self._contents = contents
        self._always = tuple(sorted(set(always) & set(paths)))
        # Library code is searched for targets in library code only, test code in test code
        # only (``scope.allowed_target`` refuses the others): when every changed file is on
        # one side, the files of the other are neither searched nor parsed.
        sides = {settings.is_test(p) for p in self._always}
        self._side: Optional[bool] = sides.pop() if len(sides) == 1 else None
        self._parse_budget: Optional[int] = None  # bytes the lazy path may still parse
        assigned = assign_modules(paths)
        self.module_of_path = {p: info.name for p, info in assigned.items() if info is not None}
        info = {info.name: (p, info.is_package, info.loose) for p, info in assigned.items() if info is not None}
        self.modules = ModuleTable(info, source)
        self.resolver = Resolver(table=self.modules)
        self._callees: dict[tuple[str, str], frozenset[str]] = {}
        self._located: dict[str, Optional[tuple[Module, FunctionRow]]] = {}
        self._nested: dict[str, dict[str, list[FunctionRow]]] = {}
        self._posting_cache: dict[tuple[str, int], dict[str, list[tuple[str, int]]]] = {}
        self._renames: Optional[dict[str, list[tuple[str, str, int]]]] = None
        self._texts: dict[str, bytes] = {}
        self._layouts: dict[str, Layout] = {}
        self._searches = 0  # calls of candidates()
        # the first question found that this index cannot answer exactly or cheaply (Inexact):
        # it and every later question is answered with nothing, and the engine builds the full index
        self.inexact: Optional[Inexact] = None
        self.digested = digested  # what digest_files gave: for a full build after all
        self.by_path = LazyByPath(self)

    def inherit(self, previous: "LazyIndex") -> None:
        """Take ``previous``'s work on each file whose content is the same here (its text, its
        layout, its ``x as y``, its facts): ``previous`` indexed a tree this one differs from
        in a few files (the tree after a change, before its fix is verified on this one).
        What crosses files (modules, resolution, searches) is made again."""
        same = {p for p in self.paths if p in self.source.digests and previous.source.digests.get(p) == self.source.digests[p]}
        self._texts.update((p, t) for p, t in previous._texts.items() if p in same)
        self._layouts.update((p, layout) for p, layout in previous._layouts.items() if p in same)
        self.source.facts.update((p, f) for p, f in previous.source.facts.items() if p in same)
        if previous._renames is not None:
            renamed: dict[str, list[tuple[str, str, int]]] = {}
            for name, found in previous._renames.items():
                kept = [r for r in found if r[1] in same]
                if kept:
                    renamed[name] = kept
            others = {p: t for p, t in ((p, self._text(p)) for p in self.paths if p not in same) if t is not None}
            for name, found in renames(others).items():
                renamed.setdefault(name, []).extend(found)
            self._renames = renamed

    def file_notes(self, path: str) -> tuple[Note, ...]:
        """The notes on one file's own facts (decoding, syntax errors)."""
        facts = self.source.compact([path]).get(path) if path in self.source.digests else None
        info = note_info(facts) if facts is not None else None
        return tuple(info_notes(path, info)) if info is not None else ()

    # -- functions ------------------------------------------------------------

    def locate(self, qualname: str) -> Optional[tuple[Module, FunctionRow]]:
        """(module, compact fact) of the function ``qualname``; None if there is none.

        None, and :attr:`inexact` recorded, when two modules define it (or its nested
        functions), which the full table merges across modules.
        """
        if qualname in self._located:
            return self._located[qualname]
        parts = qualname.split(".")
        found: list[tuple[Module, Optional[FunctionRow]]] = []  # None: it defines only functions nested in it
        for i in range(len(parts) - 1, 0, -1):
            name = ".".join(parts[:i])
            if name not in self.modules:
                continue
            module = self.modules.load(name)
            if module is None:
                continue
            local = ".".join(parts[i:])
            fact = module.functions.get(local)
            if fact is not None:
                found.append((module, fact))
            elif any(key.startswith(local + LOCALS) for key in module.functions):
                found.append((module, None))
        if len(found) > 1:  # (not kept: each time it is asked, it is said)
            self._cannot(Inexact(f"two modules define {qualname}", self.digested))
            return None
        result = None
        if found:
            owner, fact = found[0]
            if fact is not None:
                result = (owner, fact)
        self._located[qualname] = result
        return result

    def is_method(self, qualname: str) -> bool:
        """Is ``qualname`` a function defined in a class (``RepoIndex.is_method``)?"""
        found = self.locate(qualname)
        return found is not None and found[1].class_name is not None

    def _nested_in(self, module: Module) -> dict[str, list[FunctionRow]]:
        """local name -> the module's functions nested in it, at any depth (made once a module:
        a lookup a function, not a scan of the module's functions a function)."""
        found = self._nested.get(module.name)
        if found is None:
            found = self._nested[module.name] = {}
            for fn in module.own_functions():
                for outer in ancestors(fn.local_name):
                    found.setdefault(outer, []).append(fn)
        return found

    def _postings(self, module: Module, at_least: int) -> dict[str, list[tuple[str, int]]]:
        """For :meth:`candidates`: call name -> (local name, how many of its own and its nested
        functions' call chains end with that name), for the functions of ``module`` with at least
        ``at_least`` call chains in all (the others can never qualify)."""
        key = (module.name, at_least)
        found = self._posting_cache.get(key)
        if found is None:
            functions = list(module.own_functions())
            counts: dict[str, dict[str, int]] = {}  # local -> name -> chains
            chains_of: dict[str, int] = {}
            for fn in functions:
                calls = fn.calls
                chains = calls if type(calls) is frozenset else {parts for parts, _line, _col in calls}  # CallRows
                local = fn.local_name
                for owner in (local, *ancestors(local)):
                    chains_of[owner] = chains_of.get(owner, 0) + len(chains)
                    per = counts.setdefault(owner, {})
                    for parts in chains:
                        if parts:
                            per[parts[-1]] = per.get(parts[-1], 0) + 1
            postings: dict[str, list[tuple[str, int]]] = {}
            for fn in functions:
                local = fn.local_name
                if chains_of.get(local, 0) >= at_least:
                    for name, n in counts.get(local, {}).items():
                        postings.setdefault(name, []).append((local, n))
            found = self._posting_cache[key] = postings
        return found

    def row_callees(self, module: Module, fact: FunctionRow) -> frozenset[str]:
        """The callees of a function's table row: its own and its nested functions', less itself and them."""
        local = fact.local_name
        qualname = f"{module.name}.{local}"
        key = (module.name, local)
        found = self._callees.get(key)
        if found is None:
            callees: set[str] = set(self.resolver.callees(module, fact))
            for fn in self._nested_in(module).get(local, ()):
                callees |= self.resolver.callees(module, fn)
            found = self._callees[key] = frozenset(row_callees(qualname, callees))
            tally(self.source.stats, "resolved", 1)
        return found

    # -- candidates -----------------------------------------------------------

    def renamed(self) -> dict[str, list[tuple[str, str, int]]]:
        if self._renames is None:
            texts = {p: t for p, t in ((p, self._text(p)) for p in self.paths) if t is not None}
            self._renames = renames(texts)
        return self._renames

    def _text(self, path: str) -> Optional[bytes]:
        text = self._texts.get(path)
        if text is None:
            data = self._contents(path)
            if data is None:
                return None
            text = self._texts[path] = decode(data)[0]
        return text

    def searched(self, path: str) -> bool:
        """Whether the targets of the changed functions can be in ``path`` (see ``_side``)."""
        return self._side is None or path in self._always or self.settings.is_test(path) == self._side

    def _cannot(self, inexact: Inexact) -> None:
        """Record that this index cannot answer the check (the first reason found stands)."""
        if self.inexact is None:
            self.inexact = inexact

    def afford(self, paths: Iterable[str]) -> bool:
        """False, and :attr:`inexact` recorded (``costly``), when parsing the files of ``paths``
        that neither memory nor the cache holds would take the lazy path past the cost of the
        full build (see LAZY_SHARE); else True, their bytes counted against its budget.
        Nothing is parsed here."""
        if self.inexact is not None:
            return False
        source = self.source
        wanted = [p for p in paths if p not in source.facts]
        if not wanted:
            return True
        source.from_cache(wanted)
        size = sum(len(self._text(p) or b"") for p in wanted if p not in source.facts)
        if self._parse_budget is None:
            total = sum(len(self._text(p) or b"") for p in self.paths if p in self.module_of_path and self.searched(p))
            self._parse_budget = max(int(LAZY_SHARE * total), LAZY_FLOOR)
        if size > self._parse_budget:
            self._cannot(Inexact(
                f"the lazy path would parse {size} bytes, over its budget of {self._parse_budget}", self.digested, costly=True
            ))
            return False
        self._parse_budget -= size
        return True

    def layout(self, path: str) -> Layout:
        layout = self._layouts.get(path)
        if layout is None:
            layout = self._layouts[path] = Layout(self._text(path) or b"")
        return layout

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """Every function that may share ``at_least`` callees with ``callees`` (and perhaps others)."""
        names = {method_name(c) for c in callees}
        names.discard("")
        if not names or self.inexact is not None:  # (inexact: the engine ignores the answer)
            return set()
        at_least = max(1, at_least)
        everything = closure(names, self.renamed(), lambda path, at: self.layout(path).in_code(at))
        renamed_only = frozenset(n.encode("utf-8") for n in everything - names)
        # the first searches look for these names alone; past SEARCHES_BEFORE_CALLS, each
        # file's call sites are listed once and looked up (a change of many functions)
        self._searches += 1
        pattern = call_sites(everything) if self._searches <= SEARCHES_BEFORE_CALLS else None
        wanted = [n.encode("utf-8") for n in everything]
        files = set(self._always)
        for path in self.paths:
            if path in files or path not in self.module_of_path or not self.searched(path):
                continue
            text = self._text(path)
            if text is None or (pattern is not None and pattern.search(text) is None):
                continue
            layout = self.layout(path)
            if pattern is None:
                sites = name_offsets(layout, wanted, renamed_only)
            else:
                sites = call_offsets(pattern, layout, renamed_only)
            if has_window(text, sites, at_least, layout):
                # calls in strings and comments (doctests) are no calls
                if has_window(text, [at for at in sites if layout.in_code(at)], at_least, layout):
                    files.add(path)
        if not self.afford(files):  # decided before parsing: the full build when it is the cheaper
            return set()
        self.source.compact(sorted(files))  # one parse, in processes when there are many
        found: set[str] = set()
        for path in sorted(files):
            module = self.modules.load(self.module_of_path[path]) if path in self.module_of_path else None
            if module is None:
                continue
            # a nested function's call sites count for every function enclosing it; only the
            # functions with enough call chains are looked at (linear in the change's size)
            postings = self._postings(module, at_least)
            total: dict[str, int] = {}
            for name in everything:
                for local, n in postings.get(name, ()):
                    total[local] = total.get(local, 0) + n
            for local in sorted(total):
                if total[local] >= at_least:
                    qualname = f"{module.name}.{local}"
                    if self.locate(qualname) is not None:
                        found.add(qualname)
        self.source.stats["searched"] = len(files)
        return found


@dataclass(frozen=True)
class LazyRepoIndex(RepoIndex):
    """A RepoIndex whose tables are made on demand (see the module docstring).

    ``functions`` and ``by_path`` are lookups; ``callers`` and ``method_callers``
    are not built.  It answers every capability of ``index_protocol`` but these:
    """

    capabilities: ClassVar[frozenset[str]] = CAPABILITIES - {EVERY_FUNCTION, CALLERS}

    lazy: Optional[LazyIndex] = None

    def inexact(self) -> Optional[Inexact]:
        assert self.lazy is not None
        return self.lazy.inexact

    def is_method(self, callee: str) -> bool:
        assert self.lazy is not None
        return self.lazy.is_method(callee)


# --------------------------------------------------------------------------
# building
# --------------------------------------------------------------------------


def lazy_possible(paths: tuple[str, ...], digests: tuple[str, ...], cache: Optional[FactsCache]) -> bool:
    """No stored snapshot to start from: the full build would parse the whole tree."""
    return cache is None or closest_snapshot(paths, digests, cache.snapshots()) is None


def build_lazy_index(
    tree: SourceTree,
    settings: Settings,
    cache: Optional[FactsCache],
    jobs: int,
    changed: Iterable[str],
    whatever_the_cache_holds: bool = False,
    previous: Optional[LazyIndex] = None,
) -> Union[LazyRepoIndex, Inexact]:
    """The lazy index of ``tree``; ``changed``: the paths of the changed files, always searched.

    An :class:`Inexact` instead, when a stored snapshot makes the full index the cheaper one, unless
    ``whatever_the_cache_holds`` (an index asked only a few questions: the tree before a change).
    ``previous``: the lazy index of a tree this one differs from in a few files, whose work
    on the files they share is taken (``LazyIndex.inherit``).
    """
    paths = [p for p in tree.paths() if not settings.excluded(p)]
    stats = dict(new_stats("lazy"), searched=0)
    digests, contents, notes = digest_files(tree, paths, cache)
    readable = tuple(sorted(p for p in paths if p in digests))
    if not whatever_the_cache_holds and not lazy_possible(readable, tuple(digests[p] for p in readable), cache):
        return Inexact("a stored snapshot", (digests, contents, list(notes)))
    source = FactSource(tree, cache, jobs, digests, contents, stats)

    def text_of(path: str) -> Optional[bytes]:
        data = contents.get(path)
        if data is None:
            try:
                data = tree.read(path)
            except Exception:  # unreadable now: it was read once, its digest stands; no text to search
                return None
        return data

    changed = tuple(changed)
    lazy = LazyIndex(readable, source, text_of, changed, settings, (digests, contents, list(notes)))
    if previous is not None:
        lazy.inherit(previous)
    notes.extend(source.notes)
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    return LazyRepoIndex(
        functions=LazyFunctions(lazy),
        callers=NotBuilt("callers of every callee"),
        method_callers=NotBuilt("callers of every method name"),
        by_path=lazy.by_path,
        module_of_path=lazy.module_of_path,
        notes=tuple(sorted(set(notes), key=lambda n: (n.path, n.message))),
        files=len(readable),
        lazy=lazy,
        file_notes=lazy.file_notes,
        build=stats,
    )

