"""Building the repository index of a tree.

Three ways to the same index (tests/test_incremental.py checks they agree):

* **full**: parse every file (or take its facts from the cache) and resolve
  every module; with many files, in parser processes that each resolve the
  files they parsed (``pool.py``);
* **snapshot** and **incremental**: from a stored index of the same tree, or
  of a similar one (``snapshot.py``).

Only the changed functions need their full ``FunctionFact``: every other
``Function`` is made on first lookup, and its ``fact`` read when first used.
"""

from __future__ import annotations

import functools
import gc
import os
from dataclasses import replace
from typing import Callable, Iterable, Mapping, Optional

from reuse_audit.facts.cache import FactsCache
from reuse_audit.facts.model import FileFacts, FunctionFact, compact_from_facts
from reuse_audit.facts.rows import ModuleInfo, TableRow, plain
from reuse_audit.index.digests import digest_files
from reuse_audit.index.pool import PARALLEL_THRESHOLD, WorkerError, Workers, share
from reuse_audit.index.repo import ByPath, FunctionTable, LazyDict, RepoIndex
from reuse_audit.index.resolve import assign_modules, skeleton_of
from reuse_audit.index.snapshot import from_snapshot, store
from reuse_audit.index.source import FactSource, info_notes
from reuse_audit.index.stats import new_stats, tally
from reuse_audit.index.tables import (
    Tables,
    full_tables,
    inverse_deps,
    invert,
    note_info,
    resolve_files,
    rows_of,
    typed_rows,
    valid_inverted,
)
from reuse_audit.settings import Settings
from reuse_audit.source.note import Note
from reuse_audit.source.tree import SourceTree


def build_index(
    tree: SourceTree,
    settings: Settings = Settings(),
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
    tokens: bool = False,
    file_notes: bool = True,
    digested: Optional[tuple[dict[str, str], dict[str, bytes], list[Note]]] = None,
) -> RepoIndex:
    """The index of ``tree``.  With ``tokens`` (RA003 will run), parser processes
    that parse the whole tree also make its files' token entries on the way
    (``RepoIndex.token_entries``), while the files are in their memory.
    ``file_notes``: put every file's own notes (decoding, syntax errors) in
    ``notes`` (they are always in ``RepoIndex.file_notes``).  ``digested``: what
    ``digest_files`` gave for this tree's paths earlier in the run (the lazy index's)."""
    paths = [p for p in tree.paths() if not settings.excluded(p)]
    stats = new_stats("full")
    digests, contents, notes = digested if digested is not None else digest_files(tree, paths, cache)
    notes = list(notes)
    source = FactSource(tree, cache, jobs, digests, contents, stats)
    gc_was = gc.isenabled()
    gc.disable()  # millions of small tuples, no cycles: collections would only walk them
    try:
        tables = tree_tables(source, [p for p in paths if p in digests], cache, tokens)
    finally:
        if gc_was:
            _to_oldest_generation()
            gc.enable()
    notes.extend(source.notes)
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    index = assemble(tables, settings, notes, source.fact, file_notes=file_notes)
    if tables.token_entries:
        index = replace(index, token_entries=tables.token_entries)
    return replace(index, build=stats)


def _to_oldest_generation() -> None:
    """Put every object the collector tracks in its oldest generation, without a collection.

    The build made its tables with the collector off; the first young collection after it
    would walk all of them (35-45 ms on a warm check of sympy, half the cost of a build from
    a stored snapshot). In the oldest generation only a full collection walks them, and they
    stay collectable (``gc.unfreeze`` puts the frozen objects there: nothing stays frozen)."""
    gc.freeze()
    gc.unfreeze()


def tree_tables(source: FactSource, paths: list[str], cache: Optional[FactsCache], tokens: bool = False) -> Tables:
    paths_t = tuple(sorted(paths))
    digests_t = tuple(source.digests[p] for p in paths_t)
    if cache is not None:
        try:
            tables = from_snapshot(paths_t, digests_t, source, cache)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            tables = None  # a stored snapshot of an unexpected shape: build from scratch
        if tables is not None:
            return tables
    source.stats["mode"] = "full"
    jobs = source.jobs if source.jobs > 0 else (os.cpu_count() or 1)
    if jobs > 1:
        source.from_cache(paths_t)
        need = [p for p in paths_t if p not in source.facts]
        if len(need) >= PARALLEL_THRESHOLD:
            sources = source.read(need)
            try:
                tables = _parallel_tables(source, paths_t, sources, jobs, tokens)
            except (OSError, RuntimeError, ImportError, AssertionError, WorkerError):
                tables = None  # no processes here (sandbox, frozen app, a daemon), or one died: in this one
            if tables is not None:
                if cache is not None:
                    store(tables, cache)
                return tables
    files = source.compact(paths_t)
    readable = tuple(p for p in paths_t if p in files)
    if len(readable) != len(paths_t):  # a file vanished between hashing and parsing
        paths_t = readable
        digests_t = tuple(source.digests[p] for p in paths_t)
    tables = full_tables(paths_t, digests_t, files, source.stats)
    if cache is not None:
        store(tables, cache)
    return tables


def _parallel_tables(
    source: FactSource, paths: tuple[str, ...], sources: dict[str, bytes], jobs: int, tokens: bool = False
) -> Optional[Tables]:
    """The full build in ``jobs`` processes: each parses files, then resolves the files it parsed.

    This process holds the facts the cache had, and resolves those itself.
    None when the build must be done in this process after all (two modules
    define one qualname, which the table merges across modules).
    """
    readable = set(sources) | set(source.facts)
    paths = tuple(p for p in paths if p in readable)
    digests = tuple(source.digests[p] for p in paths)
    skeletons: dict[str, tuple] = {}
    notes: dict[str, Optional[tuple]] = {}

    def take(item: tuple) -> None:
        path, skeleton, note, _ = item
        skeletons[path] = skeleton
        notes[path] = note

    workers, owner = share(sources, jobs, True, False, take)
    try:
        tally(source.stats, "parsed", len(owner))
        mine = {p: source.facts[p] for p in paths if p not in owner}
        for path, facts in mine.items():
            skeletons[path] = skeleton_of(facts)
            notes[path] = note_info(facts)
        assigned = assign_modules(paths)
        assign = tuple(assigned[p] for p in paths)
        sent = tuple(map(plain, assign))  # marshal data
        for i in range(jobs):
            others = {p: skeletons[p] for p in paths if owner.get(p) != i and assigned[p] is not None}
            workers.send(i, "resolve+tokens" if tokens else "resolve", (paths, sent, others))
        # while they resolve: resolve what the cache had
        table = {}
        for path, info in assigned.items():
            table[path] = None if info is None else info + ((mine[path] if path in mine else skeletons[path]),)
        resolved = [p for p in paths if p in mine and assigned[p] is not None]
        own, deps = resolve_files(mine, resolved, table, source.stats)
        tally(source.stats, "resolved", sum(1 for p in owner if assigned[p] is not None))
        position = {p: i for i, p in enumerate(paths)}
        rows, count = _own_rows(resolved, assigned, position, own)
        inverse = inverse_deps(deps, position)
        token_entries, received = _receive_rows(workers, jobs, tokens, source.digests, rows, inverse)
        if count + received != len(rows):
            return None
    finally:
        workers.close()
    return Tables(
        paths=paths,
        digests=digests,
        assign=assign,
        notes=tuple(notes[p] for p in paths),
        rows=dict(sorted(rows.items())),
        collisions=False,
        skeletons=tuple(skeletons[p] for p in paths),
        deps=inverse,
        token_entries=token_entries or None,
    )


def _own_rows(
    resolved: list[str], assigned: dict[str, Optional[ModuleInfo]], position: dict[str, int], own: dict[str, list]
) -> tuple[dict[str, TableRow], int]:
    """The table rows of the modules this process resolved, and how many rows they made
    (more than the table holds when two modules define one qualname)."""
    pool: dict[str, str] = {}
    rows: dict[str, TableRow] = {}
    count = 0
    for path in resolved:
        info = assigned[path]
        assert info is not None  # resolved: the paths with a module only
        module_rows = rows_of(info.name, position[path], own[path], pool)
        count += len(module_rows)
        rows.update(module_rows)
    return rows, count


def _receive_rows(
    workers: Workers, jobs: int, tokens: bool, digests: Mapping[str, str], rows: dict[str, TableRow], inverse: dict[str, list[int]]
) -> tuple[dict[str, tuple], int]:
    """Each worker's rows into ``rows`` and dependencies into ``inverse``; (the token entries
    of the files they tokenized, how many rows they sent)."""
    token_entries: dict[str, tuple] = {}
    count = 0
    for i in range(jobs):
        reply = workers.receive(i)
        if tokens:
            worker_rows, worker_deps, worker_tokens = reply
            for path, entries in worker_tokens.items():
                token_entries[path] = (digests[path], entries)
        else:
            worker_rows, worker_deps = reply
        rows.update(typed_rows(worker_rows))  # each process interned its own callee names
        count += len(worker_rows)
        for token, indexes in worker_deps.items():
            found = inverse.get(token)
            if found is None:
                inverse[token] = indexes
            else:
                found.extend(indexes)
    return token_entries, count


def assemble(
    tables: Tables,
    settings: Settings,
    notes: list[Note],
    fact_of: Callable[[str, str], FunctionFact],
    file_notes: bool = True,
) -> RepoIndex:
    """The RepoIndex of a tree's tables under some settings (with the files' own notes when ``file_notes``)."""
    paths = tables.paths
    ignore = settings.ignore_callees
    modules = [info.name if info is not None else None for info in tables.assign]
    rows = tables.rows
    functions = FunctionTable(rows, paths, modules, ignore, fact_of)
    if file_notes:
        for path, info in zip(paths, tables.notes):
            if info is not None:
                notes.extend(info_notes(path, info))

    @functools.cache  # made once, when either table is first read
    def inverted() -> tuple[dict, dict]:
        if not ignore and tables.inverted is not None:
            stored = tables.inverted()
            if valid_inverted(stored):
                return stored
        return invert(rows, ignore)

    position = {p: i for i, p in enumerate(paths)}

    def notes_of(path: str) -> tuple[Note, ...]:
        i = position.get(path)
        info = tables.notes[i] if i is not None else None
        return tuple(info_notes(path, info)) if info is not None else ()

    return RepoIndex(
        functions=functions,
        callers=LazyDict(lambda: inverted()[0]),
        method_callers=LazyDict(lambda: inverted()[1]),
        by_path=ByPath(rows, paths),
        module_of_path={p: m for p, m in zip(paths, modules) if m is not None},
        notes=tuple(sorted(set(notes), key=lambda n: (n.path, n.message))),
        files=len(paths),
        file_notes=notes_of,
    )



def index_from_facts(facts: dict[str, FileFacts], notes: Iterable[Note] = (), settings: Settings = Settings()) -> RepoIndex:
    """The index of parsed files (no cache, no tree)."""
    paths = tuple(sorted(facts))
    files = {p: compact_from_facts(facts[p]) for p in paths}
    tables = full_tables(paths, tuple(facts[p].digest for p in paths), files)

    def fact_of(path: str, local_name: str) -> FunctionFact:
        found = None
        for fn in facts[path].functions:
            if fn.local_name == local_name:
                found = fn
        if found is None:
            raise KeyError(f"{path}: no function {local_name!r}")
        return found

    return assemble(tables, settings, list(notes), fact_of, file_notes=False)
