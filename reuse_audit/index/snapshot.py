"""Snapshots: a stored resolved index of a tree, read as it is or updated incrementally.

* **snapshot**: a stored index of the same tree (``cache.py``), read as it is;
* **incremental**: a stored index of a similar tree; only the modules whose
  file changed, or whose resolution read something a changed file changed
  (the dependency tokens of ``resolve.py``), are parsed and resolved again.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Iterable, Optional

from reuse_audit.facts.cache import FactsCache, Snapshot
from reuse_audit.facts.rows import TableRow
from reuse_audit.index.resolve import (
    PREFIX,
    TOP,
    assign_modules,
    module_tokens,
    prefixes_of,
    skeleton_of,
)
from reuse_audit.index.source import FactSource
from reuse_audit.index.tables import Tables, invert, note_info, reinvert, resolve_files, rows_of, valid_inverted

# A stored index is reused when at least this share of the files is unchanged,
# and written again after an incremental run that re-resolved more than this
# share of the modules (otherwise the next run starts from the same one).
REUSE_SHARE = 0.5
REWRITE_SHARE = 0.05


def store(tables: Tables, cache: FactsCache) -> None:
    inverted = invert(tables.rows)
    tables.inverted = lambda: inverted
    cache.put_snapshot(tables.paths, tables.digests, tables.stored(), tables.skeletons, tables.deps or {}, inverted)


def closest_snapshot(paths: tuple[str, ...], digests: tuple[str, ...], snapshots: Iterable[Snapshot]) -> Optional[Snapshot]:
    """The stored snapshot to start the tree's index from: the same tree, else the one with the
    most files the same, if at least ``REUSE_SHARE`` of the tree's files are (None: none is)."""
    current = dict(zip(paths, digests))
    best: Optional[Snapshot] = None
    best_same = -1
    for snap in snapshots:
        if snap.paths == paths and snap.digests == digests:
            best, best_same = snap, len(paths)
            break
        same = sum(1 for p, d in zip(snap.paths, snap.digests) if current.get(p) == d)
        if same > best_same:
            best, best_same = snap, same
    if best is None or best_same < REUSE_SHARE * len(paths) or not paths:
        return None
    return best


def from_snapshot(paths: tuple[str, ...], digests: tuple[str, ...], source: FactSource, cache: FactsCache) -> Optional[Tables]:
    """The tables of the tree from a stored snapshot of it, or of a tree close to it."""
    snapshots = cache.snapshots()
    best = closest_snapshot(paths, digests, snapshots)
    if best is None:
        return None
    # (shared by every build from this snapshot in the process: read, never changed)
    stored = best.derived("tables", lambda: Tables.from_stored(best.paths, best.digests, best.part("tables")))
    if stored is None:
        return None
    if best.paths == paths and best.digests == digests:
        if best is not snapshots[0]:
            best.touch()
        source.stats["mode"] = "snapshot"
        return dataclasses.replace(stored, inverted=lambda: best.part("inverted"))
    old = stored
    if old.collisions:
        return None
    return _incremental(old, best, paths, digests, source, cache)


def _incremental(old: Tables, snap: Snapshot, paths: tuple[str, ...], digests: tuple[str, ...], source: FactSource, cache: FactsCache) -> Optional[Tables]:
    """Update the tables of a similar tree: re-resolve what the changed files can affect."""
    current = dict(zip(paths, digests))
    old_index = {p: i for i, p in enumerate(old.paths)}
    assigned = assign_modules(paths)
    for path, info in assigned.items():
        i = old_index.get(path)
        if i is not None and old.assign[i] != info:
            return None  # module names moved (an __init__.py came or went): start over
    changed = [p for p in paths if old_index.get(p) is None or old.digests[old_index[p]] != current[p]]
    removed = [p for p in old.paths if p not in current]
    skeletons = snap.part("skeletons")
    deps = snap.part("deps")
    if not isinstance(skeletons, tuple) or len(skeletons) != len(old.paths) or not isinstance(deps, dict):
        return None
    files = source.compact(changed)
    if len(files) != len(changed):
        return None  # unreadable after all: let the full build note it
    dirty = set(changed)
    for token in _changed_tokens(old, old_index, skeletons, assigned, changed, removed, files):
        for i in deps.get(token, ()):
            path = old.paths[i]
            if path in current:
                dirty.add(path)
    dirty = {p for p in dirty if assigned[p] is not None}
    more = source.compact(sorted(dirty - files.keys()))
    files.update(more)
    if not dirty <= files.keys():
        return None
    # resolve the dirty modules among the skeletons of the others
    assign: dict[str, Optional[tuple]] = {}  # path -> (module name, is package, loose, facts or skeleton)
    for path, info in assigned.items():
        if info is None:
            assign[path] = None
        elif path in files:
            assign[path] = info + (files[path],)
        else:
            assign[path] = info + (skeletons[old_index[path]],)
    own, new_deps = resolve_files(files, sorted(dirty), assign, source.stats)
    source.stats["mode"] = "incremental"
    merged = _merged_rows(old, paths, dirty | set(removed) | set(changed), sorted(dirty), assigned, own)
    if merged is None:
        return None  # a qualname now defined twice: the full build merges those
    rows, dropped, added = merged
    notes = []
    skeleton_list = []
    for path in paths:
        if path in files:
            notes.append(note_info(files[path]))
            skeleton_list.append(skeleton_of(files[path]))
        else:
            i = old_index[path]
            notes.append(old.notes[i])
            skeleton_list.append(skeletons[i])
    tables = Tables(
        paths=paths,
        digests=digests,
        assign=tuple(assigned[p] for p in paths),
        notes=tuple(notes),
        rows=rows,
        collisions=False,
        skeletons=tuple(skeleton_list),
    )

    @functools.cache  # when a rule first reads the callers (never, when none needs them)
    def inverted() -> Optional[tuple[dict, dict]]:
        stored = snap.part("inverted")
        return reinvert(stored, old.rows, tables.rows, dropped, added) if valid_inverted(stored) else None

    tables.inverted = inverted
    if len(dirty) > REWRITE_SHARE * len(paths):
        _store_updated(tables, cache, old, deps, dirty, new_deps)
    else:
        snap.touch()
    return tables


def _merged_rows(
    old: Tables, paths: tuple[str, ...], gone: set[str], dirty: list[str], assigned: dict, own: dict
) -> Optional[tuple[dict[str, TableRow], list[str], list[str]]]:
    """The rows of the updated tree, in qualname order: the old rows of the files not ``gone`` (at
    their new path index), and those ``resolve_files`` gave the ``dirty`` modules (``own``); with
    the qualnames dropped and added (``tables.reinvert`` updates the callers tables by them).
    None when a qualname is now defined twice."""
    position = {p: i for i, p in enumerate(paths)}
    pool: dict[str, str] = {}
    rows: dict[str, TableRow] = {}
    moved_to = [None if p in gone else position[p] for p in old.paths]  # old path index -> new one (None: gone)
    dropped = []
    for qualname, row in old.rows.items():
        at = moved_to[row.path]
        if at is None:
            dropped.append(qualname)
        else:
            rows[qualname] = row if at == row.path else row._replace(path=at)
    added: list[str] = []
    for path in dirty:
        info = assigned[path]
        assert info is not None  # dirty: the paths with a module only
        module_rows = rows_of(info.name, position[path], own[path], pool)
        if any(q in rows for q in module_rows):
            return None
        rows.update(module_rows)
        added.extend(module_rows)
    return dict(sorted(rows.items())), dropped, added


def _changed_tokens(
    old: Tables, old_index: dict[str, int], skeletons: tuple, assigned: dict, changed: list[str], removed: list[str], files: dict
) -> set[str]:
    """The dependency tokens (``resolve.module_tokens``) whose answer the changed and removed files change."""
    before: dict[str, tuple] = {}  # module name -> ((path, is package, loose), skeleton)
    after: dict[str, tuple] = {}
    for path in changed + removed:
        i = old_index.get(path)
        if i is None:
            continue
        info = old.assign[i]
        if info is not None:
            before[info.name] = ((path, info.is_package, info.loose), skeletons[i])
    for path in changed:
        info = assigned[path]
        if info is not None:
            after[info.name] = ((path, info.is_package, info.loose), skeleton_of(files[path]))
    tokens: set[str] = set()
    for name in before.keys() | after.keys():
        was, now = before.get(name), after.get(name)
        if was is None or now is None:
            tokens.add(name)
            continue
        (where_was, skeleton_was), (where_now, skeleton_now) = was, now
        if where_was != where_now:
            tokens.add(name)
        else:
            tokens |= module_tokens(name, skeleton_was, skeleton_now)
    old_names = {info.name for info in old.assign if info is not None}
    new_names = {info.name for info in assigned.values() if info is not None}
    if old_names != new_names:
        old_tops = {n.partition(".")[0] for n in old_names}
        new_tops = {n.partition(".")[0] for n in new_names}
        tokens.update(TOP + t for t in old_tops ^ new_tops)
        tokens.update(PREFIX + p for p in prefixes_of(old_names) ^ prefixes_of(new_names))
    return tokens


def _store_updated(tables: Tables, cache: FactsCache, old: Tables, deps: dict, dirty: set[str], new_deps: dict) -> None:
    """A new snapshot for the next run, from an incremental update: the dependency tokens of
    every module (the old ones of the modules not resolved again, the new ones of the others)."""
    position = {p: i for i, p in enumerate(tables.paths)}
    inverse: dict[str, list[int]] = {}
    for token, indexes in deps.items():
        for i in indexes:
            path = old.paths[i]
            if path in position and path not in dirty:
                inverse.setdefault(token, []).append(position[path])
    for path, found in new_deps.items():
        for token in found:
            inverse.setdefault(token, []).append(position[path])
    updated = tables.inverted() if tables.inverted is not None else None
    inverted = updated if valid_inverted(updated) else invert(tables.rows)
    tables.inverted = lambda: inverted
    cache.put_snapshot(
        tables.paths, tables.digests, tables.stored(), tables.skeletons, {k: tuple(sorted(v)) for k, v in inverse.items()}, inverted
    )

