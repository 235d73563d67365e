"""What the rules of a check are given: the index, and each capability their needs name, built before they run.

As libcst resolves a visitor's ``METADATA_DEPENDENCIES`` with one provider per
kind of metadata before the visitor runs, the engine reads the selected rules'
``Rule.needs`` (``index_protocol``'s capabilities) and builds one provider for
each capability that needs building (:data:`PROVIDERS`): the callee candidates,
the clone index, the declared targets, the old versions of the modified
functions, the files' facts and bytes after the change, the functions' bags
of features (kept by file digest), when a line was written.  The other capabilities are the index's own tables.  The change set
stays plain data (``change.model.ChangeSet``).  The rules read each as a typed attribute of :class:`Provided`, a
frozen view; a capability no selected rule declared is not built, and reading
it is a bug (``MissingCapability``), never an empty answer.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Optional, TypeVar

from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.cache import FactsCache
from reuse_audit.facts.logic import Bags, FileBags
from reuse_audit.facts.model import FactsOf, Function
from reuse_audit.index.protocol import (
    AFTER_FACTS,
    AFTER_SOURCE,
    CALLEE_CANDIDATES,
    CLONE_CANDIDATES,
    DECLARED_TARGETS,
    FUNCTION_BAGS,
    LINE_DATES,
    OLD_VERSIONS,
    CandidateSearch,
    CloneLookup,
    Inexact,
    LineDates,
    Lookup,
    MissingCapability,
    OldVersions,
)
from reuse_audit.index.repo import CallerSearch, RepoIndex
from reuse_audit.settings import Settings
from reuse_audit.source.change import Change
from reuse_audit.source.note import Note
from reuse_audit.source.tree import FsTree

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.index.lazy import LazyIndex
    from reuse_audit.index.targets import DeclaredTarget

T = TypeVar("T")

#: The capabilities a provider builds for a check (the others are the index's own tables).
PROVIDERS = (
    CALLEE_CANDIDATES, CLONE_CANDIDATES, DECLARED_TARGETS, OLD_VERSIONS, AFTER_FACTS, AFTER_SOURCE, FUNCTION_BAGS, LINE_DATES,
)


@dataclass(frozen=True)
class Provided:
    """The index as the rules of one check read it (``index_protocol.Index``): its tables, and
    what the engine built for the rules' needs.  ``None``: not built (no selected rule needs it)."""

    index: RepoIndex
    search: Optional[CandidateSearch] = None  # callee_candidates
    clone_index: Optional[CloneLookup] = None  # clone_candidates
    targets: Optional[Mapping[str, DeclaredTarget]] = None  # declared_targets
    old: Optional[OldVersions] = None  # old_versions
    facts: Optional[FactsOf] = None  # after_facts
    source: Optional[Callable[[str], bytes]] = None  # after_source
    dates: Optional[LineDates] = None  # line_dates
    notes: tuple[Note, ...] = ()  # what building them had to say (the clone index's cache)
    bags: Optional[Callable[[str], Mapping[int, Bags]]] = None  # function_bags

    @property
    def functions(self) -> Lookup[str, Function]:
        return self.index.functions

    @property
    def by_path(self) -> Lookup[str, tuple[str, ...]]:
        return self.index.by_path

    def is_method(self, callee: str) -> bool:
        return self.index.is_method(callee)

    def name_parts(self) -> Iterator[tuple[str, bool, Iterable[str]]]:
        return self.index.name_parts()

    def can(self, capability: str) -> bool:
        return self.index.can(capability)

    def inexact(self) -> Optional[Inexact]:
        return self.index.inexact()

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        return _built(self.search, CALLEE_CANDIDATES).candidates(callees, at_least)

    @property
    def clones(self) -> CloneLookup:
        return _built(self.clone_index, CLONE_CANDIDATES)

    @property
    def declared(self) -> Mapping[str, DeclaredTarget]:
        return _built(self.targets, DECLARED_TARGETS)

    @property
    def old_versions(self) -> OldVersions:
        return _built(self.old, OLD_VERSIONS)

    @property
    def after_facts(self) -> FactsOf:
        return _built(self.facts, AFTER_FACTS)

    @property
    def read_after(self) -> Callable[[str], bytes]:
        return _built(self.source, AFTER_SOURCE)

    @property
    def function_bags(self) -> Callable[[str], Mapping[int, Bags]]:
        return _built(self.bags, FUNCTION_BAGS)

    @property
    def written_at(self) -> LineDates:
        return _built(self.dates, LINE_DATES)

    def provides(self, capability: str) -> bool:
        """Was ``capability`` (one of :data:`PROVIDERS`) built for this check?"""
        built: dict[str, object] = {
            CALLEE_CANDIDATES: self.search, CLONE_CANDIDATES: self.clone_index, DECLARED_TARGETS: self.targets,
            OLD_VERSIONS: self.old, AFTER_FACTS: self.facts, AFTER_SOURCE: self.source, FUNCTION_BAGS: self.bags,
            LINE_DATES: self.dates,
        }
        return built[capability] is not None


def _built(value: Optional[T], capability: str) -> T:
    if value is None:
        raise MissingCapability(f"{capability}: no rule of this check declared it (Rule.needs), so the engine did not build it")
    return value


@dataclass(frozen=True)
class Inputs:
    """What a check's providers are built from, besides its index and change set."""

    change: Change
    settings: Settings
    cache: Optional[FactsCache]
    jobs: int
    before_facts: FactsOf  # path -> a file's facts in the tree before the change
    after_facts: FactsOf  # path -> a file's facts in the tree after it


def _unknown_dates(path: str, line: int) -> Optional[float]:
    """When a line was written, where nobody can tell (not ``check PATH...``, or no git): unknown."""
    return None


@contextmanager
def provide(
    needs: frozenset[str], index: RepoIndex, lazy: Optional[LazyIndex], change_set: ChangeSet, inputs: Inputs
) -> Iterator[Provided]:
    """The view of ``index`` with a provider built for each capability of ``needs`` that needs one
    (:data:`PROVIDERS`); ``lazy``: the lazy index ``index`` answers through, if it is lazy.
    What the providers began beside the rules (RA003's per-file stage) is stopped on leaving."""
    change, settings, cache, jobs = inputs.change, inputs.settings, inputs.cache, inputs.jobs
    search: Optional[CandidateSearch] = None
    if CALLEE_CANDIDATES in needs:
        search = lazy if lazy is not None else CallerSearch(index)
    clone_index: Optional[CloneLookup] = None
    notes: tuple[Note, ...] = ()
    close: Callable[[], None] = lambda: None
    if CLONE_CANDIDATES in needs:
        if lazy is not None:
            from reuse_audit.index.lazyclones import LazyCloneIndex

            begun = LazyCloneIndex(lazy, index.functions, settings.min_tokens)
            # RA003's per-file stage (every file's raw symbols) goes on beside the rules before it
            begun.begin(change_set.qualnames - change_set.moved)
            clone_index, close = begun, begun.close
        else:
            from reuse_audit.index.clones import build_clone_index

            built = build_clone_index(change.after, index, settings, cache, jobs=jobs)
            clone_index, notes = built, built.notes
    targets: Optional[Mapping[str, DeclaredTarget]] = None
    if DECLARED_TARGETS in needs:
        targets = {}
        if settings.targets:
            from reuse_audit.index.targets import resolve_targets

            paths = [p for p in change.after.paths() if not settings.excluded(p)]
            targets = resolve_targets(change.after, settings.targets, paths)
    old: Optional[OldVersions] = None
    if OLD_VERSIONS in needs:
        from reuse_audit.change.previous import Before

        versions = {c.qualname: (c.old_path, c.old_local) for c in change_set.changed if c.old_path is not None and c.old_local is not None}
        old = Before(change.before, versions, inputs.before_facts, settings, cache, jobs)
    dates: Optional[LineDates] = None
    if LINE_DATES in needs:
        dates = _unknown_dates
        if change_set.existing and isinstance(change.after, FsTree):
            from reuse_audit.source.blame import line_dates

            dates = line_dates(change.after.root) or _unknown_dates
    facts = inputs.after_facts if AFTER_FACTS in needs else None
    source = change.after.read if AFTER_SOURCE in needs else None
    bags = FileBags(change.after.read, inputs.after_facts, cache) if FUNCTION_BAGS in needs else None
    try:
        yield Provided(index, search, clone_index, targets, old, facts, source, dates, notes, bags)
        if bags is not None:
            bags.keep()  # (what the check made of its files, kept when it ended well)
    finally:
        close()


__all__ = ["PROVIDERS", "Inputs", "Provided", "provide"]
