"""What the rules may ask of a repository index, and which index can answer what.

Two indexes answer the rules: the full one (``index.RepoIndex``: every file
parsed and resolved, every table built) and the lazy one (``index/lazy.py``: a file
parsed only when an answer needs it).  A rule is written against :class:`Index`,
the operations the rules use and nothing more, and declares the ones it needs
in ``Rule.needs`` (as libcst's metadata providers declare their dependencies),
by the capability names below.  Each index says what it answers exactly
(:meth:`Answers.can`); before any rule runs, the engine builds the full index
when a selected rule needs something the lazy one cannot answer
(:meth:`Answers.missing`), instead of finding out half-way through a rule.

The tables the lazy index does build are lookups, not mappings: it can tell
whether a function exists and what it is, never list every function (that is
the ``every_function`` capability, which only the full index has).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Callable,
    ClassVar,
    Iterable,
    Iterator,
    Mapping,
    Optional,
    Protocol,
    TypeVar,
    Union,
    overload,
)

from reuse_audit.facts.model import FactsOf, Function

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.facts.logic import Bags
    from reuse_audit.index.clones import Match
    from reuse_audit.index.targets import DeclaredTarget

# --------------------------------------------------------------------------
# capabilities: what a rule may need of the index (``Rule.needs``)
# --------------------------------------------------------------------------

LOOKUP = "lookup"
"""``functions[q]``, ``functions.get(q)``, ``q in functions``, ``is_method(q)``: one function by its qualified name."""

FUNCTIONS_OF_FILE = "functions_of_file"
"""``by_path.get(path, ())``: the functions one file defines, in source order."""

CALLEE_CANDIDATES = "callee_candidates"
"""``candidates(callees, at_least)``: every function that may share ``at_least`` callees with a set (a superset)."""

CLONE_CANDIDATES = "clone_candidates"
"""``clones``: the near-clone index (token sequences, and the functions similar to one); the engine builds it."""

DECLARED_TARGETS = "declared_targets"
"""``declared``: the declared reuse targets resolved over the tree; the engine resolves them."""

OLD_VERSIONS = "old_versions"
"""``old_versions``: the old versions of the change's modified functions (their callees, their tokens); the engine builds it."""

AFTER_FACTS = "after_facts"
"""``after_facts(path)``: a file's facts in the tree after the change (its imports, its classes' bases), read when asked."""

AFTER_SOURCE = "after_source"
"""``read_after(path)``: a file's bytes in the tree after the change."""

LINE_DATES = "line_dates"
"""``written_at(path, line)``: when a line was written (git blame), for ``check PATH...``; None: unknown."""

FUNCTION_BAGS = "function_bags"
"""``function_bags(path)``: the bags of features of each function a file defines after the change, by the line of its ``def`` (``facts.logic``); the engine keeps them by the file's digest."""

EVERY_FUNCTION = "every_function"
"""Every function of the tree: iterating, or counting, ``functions`` and ``by_path``."""

CALLERS = "callers"
"""``callers[callee]`` / ``method_callers[name]``: exactly the functions calling a callee (the inverted callee index)."""

CAPABILITIES = frozenset({
    LOOKUP, FUNCTIONS_OF_FILE, CALLEE_CANDIDATES, CLONE_CANDIDATES, DECLARED_TARGETS,
    OLD_VERSIONS, AFTER_FACTS, AFTER_SOURCE, FUNCTION_BAGS, LINE_DATES, EVERY_FUNCTION, CALLERS,
})


def known(capabilities: Iterable[str]) -> frozenset[str]:
    """``capabilities`` as a set, each checked to be one of :data:`CAPABILITIES` (ValueError names the others)."""
    found = frozenset(capabilities)
    unknown = found - CAPABILITIES
    if unknown:
        raise ValueError(f"unknown index capabilities {sorted(unknown)} (each is one of {', '.join(sorted(CAPABILITIES))})")
    return found


@dataclass(frozen=True)
class Inexact:
    """Why the lazy index (``index/lazy.py``) cannot answer a check exactly, or not cheaply: build the full index.

    What it can never answer is not asked (``Answers.capabilities``: the
    engine checks the rules' needs first).  This is found only where looking is
    what finds out, in these places:

    * :func:`lazy.build_lazy_index`, before anything is parsed: a stored snapshot
      makes the full index the cheaper start (returned instead of an index);
    * :meth:`lazy.LazyIndex.locate` (a lookup of a function, of a file's functions,
      or a search for candidates): two modules define the qualified name, which
      the full table merges across modules;
    * :meth:`lazy.LazyIndex.afford` (``costly``), before parsing what a search kept:
      the lazy answer would cost more than the full build (the cost model);
    * the engine, before any search: more changed functions than ``lazy.LAZY_MAX_FUNCTIONS``.

    Why not asked before the rules run: the questions of the last two are made by
    the rules as they go (the functions a rule looks up and the callees it searches
    for depend on what it found so far: a target's candidates, RA003's matches), so
    no list of them exists before a rule runs.  The question records this value
    (:attr:`lazy.LazyIndex.inexact`, the first one found) and answers "none"; the engine
    reads it after each rule, ignores the findings made over it and builds the full
    index: no exception crosses a rule, and none can be swallowed on the way.

    ``digested``: the tree's (digests, contents, notes) when they are known (see
    ``index.build_index``), so that the full build does not read the files again.
    ``costly``: the lazy answer could be given, but would cost more than the full
    build (the cost model): a background build under way already builds it, so
    waiting for it is sooner.
    """

    reason: str
    digested: Optional[tuple] = None
    costly: bool = False


class Answers:
    """What an index answers exactly: ``capabilities`` (a class's own), asked through :meth:`can`.

    The full index answers everything; an index answering less says so in its
    ``capabilities``, and the engine reads it before running the rules.
    """

    capabilities: ClassVar[frozenset[str]] = CAPABILITIES

    def can(self, capability: str) -> bool:
        """Does this index answer ``capability`` (one of :data:`CAPABILITIES`) exactly?"""
        return known((capability,)) <= self.capabilities

    def inexact(self) -> Optional[Inexact]:
        """Why a question found that this index cannot answer the check (None: it answered each
        exactly; the full index always does).  The engine reads it after each rule."""
        return None

    @classmethod
    def missing(cls, needs: Iterable[str]) -> frozenset[str]:
        """The capabilities of ``needs`` that an index of this class cannot answer (asked before building one)."""
        return known(needs) - cls.capabilities


# --------------------------------------------------------------------------
# the protocol
# --------------------------------------------------------------------------

K = TypeVar("K", contravariant=True)
V = TypeVar("V", covariant=True)  # (a value is only read: covariant, as a Mapping's)
T = TypeVar("T")


class Lookup(Protocol[K, V]):  # type: ignore[misc]  # (see get)
    """A table read one key at a time: what a Mapping offers but iteration and ``len``.

    The full index's tables are Mappings (they satisfy it); the lazy index's
    are lookups only, made on demand (``every_function`` lists them all).
    """

    def __getitem__(self, key: K, /) -> V:
        """The value of ``key``; KeyError when there is none."""
        ...

    def __contains__(self, key: object, /) -> bool:
        """Is there a value for ``key``?"""
        ...

    @overload
    def get(self, key: K, /) -> Optional[V]: ...

    @overload  # (V in a parameter, read only: as typeshed's Mapping.get, which this must match)
    def get(self, key: K, default: V, /) -> V: ...  # type: ignore[misc]

    @overload
    def get(self, key: K, default: T, /) -> Union[V, T]: ...

    def get(self, key, default=None, /):
        """The value of ``key``, else ``default``."""
        ...


class LookupTable:
    """A :class:`Lookup` made of one ``__getitem__`` (KeyError when there is no value): ``get``
    and ``in`` go through it.  It is not iterable, and has no ``len``: it never lists its keys."""

    __iter__ = None  # (Python's own answer to iter(): "not iterable", rather than __getitem__(0))

    def __getitem__(self, key):
        raise NotImplementedError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None


class MissingCapability(Exception):
    """Code read what the index it was given does not answer (a capability it did not declare).

    A bug, not a signal: the engine gives each rule an index answering its ``Rule.needs``.
    """


class CloneLookup(Protocol):
    """The near-clone index (``clones.CloneIndex``, ``index.lazyclones.LazyCloneIndex``): capability ``clone_candidates``."""

    def tokens(self, qualname: str) -> Optional[str]:
        """The normalised token sequence of a function (None if unknown)."""
        ...

    def literals(self, qualname: str) -> Optional[str]:
        """The hashed values of a function's literals, in order (None if unknown)."""
        ...

    def similar(self, qualname: str, min_similarity: float) -> "list[Match]":
        """The functions at least ``min_similarity`` similar to ``qualname``'s tokens, best first."""
        ...


class OldVersions(Protocol):
    """The old versions of a change's modified functions (``change.previous.Before``): capability ``old_versions``."""

    def callees(self, qualname: str) -> Optional[frozenset[str]]:
        """The callees of the old version of the modified ``qualname`` (None: not modified, or not found)."""
        ...

    def tokens(self, qualname: str) -> Optional[tuple[str, str]]:
        """(sequence, literals) of the old version of the modified ``qualname`` (RA003's tokens)."""
        ...


#: ``(path, line) -> when that line was written`` (seconds since the epoch; None: unknown): capability ``line_dates``
LineDates = Callable[[str, int], Optional[float]]


class CandidateSearch(Protocol):
    """The callee candidates (capability ``callee_candidates``): ``index.repo.CallerSearch`` over the
    full index's inverted callee index, ``index.lazy.LazyIndex`` by a text search."""

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """Every function that may share at least ``at_least`` of ``callees`` (a superset)."""
        ...


class Index(Protocol):
    """What a rule may ask of the repository index: only what the rules use.

    Each member names the capability a rule declares to use it (``Rule.needs``);
    what a capability needs built (the callee candidates, the clone index, the
    declared targets) the engine builds before the rules run, for the rules that
    declare it (``lint.providers.Provided``: reading one no rule declared is a
    bug, :class:`MissingCapability`).  A rule declaring ``every_function`` or ``callers`` is given the full index
    (``index.RepoIndex``), whose ``functions`` and ``by_path`` are Mappings and
    whose ``callers`` / ``method_callers`` are the inverted callee index.
    """

    @property
    def functions(self) -> Lookup[str, Function]:
        """``lookup``: qualified name -> the function (its location, callees, and its facts when read)."""
        ...

    @property
    def by_path(self) -> Lookup[str, tuple[str, ...]]:
        """``functions_of_file``: path -> the qualified names of the functions defined in that file, in source order."""
        ...

    @property
    def clones(self) -> CloneLookup:
        """``clone_candidates``: the near-clone index."""
        ...

    @property
    def declared(self) -> "Mapping[str, DeclaredTarget]":
        """``declared_targets``: declared reuse target name -> what it resolves to in the tree (empty: none declared)."""
        ...

    @property
    def old_versions(self) -> OldVersions:
        """``old_versions``: the old versions of the change's modified functions."""
        ...

    @property
    def after_facts(self) -> FactsOf:
        """``after_facts``: path -> a file's facts in the tree after the change (None: not parsed)."""
        ...

    @property
    def read_after(self) -> Callable[[str], bytes]:
        """``after_source``: path -> a file's bytes in the tree after the change (OSError: unreadable)."""
        ...

    @property
    def function_bags(self) -> "Callable[[str], Mapping[int, Bags]]":
        """``function_bags``: path -> the bags of each function the file defines after the change, by the line of its ``def``."""
        ...

    @property
    def written_at(self) -> LineDates:
        """``line_dates``: (path, line) -> when it was written; None for every line when unknown (not ``check PATH...``, or no git)."""
        ...

    def is_method(self, callee: str) -> bool:
        """``lookup``: is ``callee`` a method of a class of the tree (so that a call of its name may be a call of it)?"""
        ...

    def name_parts(self) -> Iterator[tuple[str, bool, Iterable[str]]]:
        """``every_function``: each function's qualified name, whether it is a method, and its callees,
        without making a :class:`Function` of each (RA004's words of every function)."""
        ...

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """``callee_candidates``: every function that may share at least ``at_least`` of ``callees``
        (by name, or by method name); a superset, which the rule narrows."""
        ...

    def can(self, capability: str) -> bool:
        """Does the index answer ``capability`` exactly (:data:`CAPABILITIES`)?"""
        ...


__all__ = [
    "AFTER_FACTS", "AFTER_SOURCE", "Answers", "CALLEE_CANDIDATES", "CandidateSearch", "LINE_DATES", "LineDates",
    "OLD_VERSIONS", "OldVersions", "CALLERS", "CAPABILITIES", "CLONE_CANDIDATES", "CloneLookup", "DECLARED_TARGETS",
    "EVERY_FUNCTION", "FUNCTION_BAGS", "FUNCTIONS_OF_FILE", "Index", "Inexact", "LOOKUP", "Lookup", "LookupTable", "MissingCapability", "known",
]
