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

from typing import (
    TYPE_CHECKING,
    ClassVar,
    Iterable,
    Mapping,
    Optional,
    Protocol,
    TypeVar,
    Union,
    overload,
)

from reuse_audit.facts.model import Function

if TYPE_CHECKING:  # pragma: no cover
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

EVERY_FUNCTION = "every_function"
"""Every function of the tree: iterating, or counting, ``functions`` and ``by_path``."""

CALLERS = "callers"
"""``callers[callee]`` / ``method_callers[name]``: exactly the functions calling a callee (the inverted callee index)."""

CAPABILITIES = frozenset(
    {LOOKUP, FUNCTIONS_OF_FILE, CALLEE_CANDIDATES, CLONE_CANDIDATES, DECLARED_TARGETS, EVERY_FUNCTION, CALLERS}
)


def known(capabilities: Iterable[str]) -> frozenset[str]:
    """``capabilities`` as a set, each checked to be one of :data:`CAPABILITIES` (ValueError names the others)."""
    found = frozenset(capabilities)
    unknown = found - CAPABILITIES
    if unknown:
        raise ValueError(f"unknown index capabilities {sorted(unknown)} (each is one of {', '.join(sorted(CAPABILITIES))})")
    return found


class Answers:
    """What an index answers exactly: ``capabilities`` (a class's own), asked through :meth:`can`.

    The full index answers everything; an index answering less says so in its
    ``capabilities``, and the engine reads it before running the rules.
    """

    capabilities: ClassVar[frozenset[str]] = CAPABILITIES

    def can(self, capability: str) -> bool:
        """Does this index answer ``capability`` (one of :data:`CAPABILITIES`) exactly?"""
        return known((capability,)) <= self.capabilities

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


class Index(Protocol):
    """What a rule may ask of the repository index: only what the rules use.

    Each member names the capability a rule declares to use it (``Rule.needs``).
    A rule declaring ``every_function`` or ``callers`` is given the full index
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
    def clones(self) -> Optional[CloneLookup]:
        """``clone_candidates``: the near-clone index, when the engine built it (a rule that needs it says so)."""
        ...

    @property
    def declared(self) -> "Optional[Mapping[str, DeclaredTarget]]":
        """``declared_targets``: declared reuse target name -> what it resolves to in the tree, when targets are declared."""
        ...

    def is_method(self, callee: str) -> bool:
        """``lookup``: is ``callee`` a method of a class of the tree (so that a call of its name may be a call of it)?"""
        ...

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """``callee_candidates``: every function that may share at least ``at_least`` of ``callees``
        (by name, or by method name); a superset, which the rule narrows."""
        ...

    def can(self, capability: str) -> bool:
        """Does the index answer ``capability`` exactly (:data:`CAPABILITIES`)?"""
        ...


__all__ = [
    "Answers", "CALLEE_CANDIDATES", "CALLERS", "CAPABILITIES", "CLONE_CANDIDATES", "CloneLookup", "DECLARED_TARGETS",
    "EVERY_FUNCTION", "FUNCTIONS_OF_FILE", "Index", "LOOKUP", "Lookup", "LookupTable", "MissingCapability", "known",
]
