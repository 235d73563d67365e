"""Per-tree tables: everything about a tree that does not depend on settings.

From the compact facts of a tree's files (``parse.py``): resolve the modules
(``resolve.py``), turn each module's functions into table rows (one a function,
its nested functions' callees merged up), and invert the callee sets so that the
functions sharing a callee are found without comparing every pair.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Container, Iterable, Mapping, Optional, TypeGuard, Union

from reuse_audit.facts.rows import (
    FileRow,
    FunctionRow,
    ModuleInfo,
    NoteInfo,
    TableRow,
    ancestors,
    plain,
    row_callees,
    typed,
)
from reuse_audit.index.modules import LazyModules
from reuse_audit.index.resolve import Module, Resolver, assign_modules, skeleton_of
from reuse_audit.index.stats import tally


@dataclass
class Tables:
    paths: tuple[str, ...]  # sorted
    digests: tuple[str, ...]
    assign: tuple[Optional[ModuleInfo], ...]  # per path: its ModuleInfo, or None when it has no module
    notes: tuple  # per path: (decode note, syntax error lines), or None
    rows: dict[str, TableRow]  # qualname -> its row, in qualname order
    collisions: bool  # two modules define one qualname: no incremental update
    skeletons: Optional[tuple] = None  # per path, for the snapshot
    deps: Optional[dict] = None  # token -> indexes of the paths whose module read it (None: unknown)
    inverted: Optional[Callable[[], object]] = None  # the stored (callers, method callers), if any
    token_entries: Optional[dict] = None  # path -> (digest, RA003 token entries), when the build made them

    def stored(self) -> tuple:
        """The ``tables`` column of a snapshot (marshal data: the rows as plain tuples)."""
        return (tuple(map(plain, self.assign)), self.notes, plain_rows(self.rows.items()), self.collisions)

    @classmethod
    def from_stored(cls, paths: tuple, digests: tuple, value: Any) -> Optional["Tables"]:
        """Tables from a snapshot's ``tables`` column (whose blob zlib has checked), None if malformed.

        ``value``: whatever marshal read (Any: its shape is what this checks, by reading it)."""
        try:
            assign, notes, rows, collisions = value
            if len(assign) != len(paths) or len(notes) != len(paths) or not isinstance(collisions, bool):
                return None
            for row in (rows[0][1], rows[-1][1]) if rows else ():
                if len(row) != len(TableRow._fields) or not 0 <= row[0] < len(paths):
                    return None
            table = typed_rows(rows)
            assign = tuple(None if a is None else ModuleInfo._make(a) for a in assign)
        except (TypeError, ValueError, IndexError):
            return None
        return cls(paths, digests, assign, notes, table, collisions)


def plain_rows(rows: Iterable[tuple[str, TableRow]]) -> tuple[tuple[str, tuple], ...]:
    """(qualname, row) pairs with each row a plain tuple: what marshal writes (snapshots, pipes)."""
    return tuple([(q, tuple(row)) for q, row in rows])


def typed_rows(rows: Iterable[tuple[str, tuple]]) -> dict[str, TableRow]:
    """qualname -> TableRow, from the plain (qualname, row) pairs that marshal read."""
    rows = tuple(rows)
    return dict(zip([q for q, _ in rows], typed(TableRow, [row for _, row in rows])))


def table_row(index: int, fn: FunctionRow, callees: tuple[str, ...]) -> TableRow:
    """The row of a function ``fn`` of the file numbered ``index``, with the callees it keeps."""
    return TableRow(index, fn.local_name, fn.line, fn.col, fn.end_line, fn.class_name is not None, callees)


def note_info(facts: tuple) -> Optional[tuple]:
    """The NoteInfo of a file's compact facts as a plain tuple (it is marshalled), or None when it has no note."""
    file = FileRow._make(facts)
    return plain(NoteInfo(file.decode_note, file.syntax_errors)) if file.decode_note or file.syntax_errors else None


def _intern(value: str, pool: dict) -> str:
    return pool.setdefault(value, value)


def resolve_files(
    files: dict[str, tuple], paths: Iterable[str], assign: dict, stats: Optional[dict] = None
) -> tuple[dict[str, list], dict[str, frozenset]]:
    """Resolve the modules of ``paths`` (full facts in ``files``, the others' skeletons in ``assign``).

    ``assign`` maps every path of the tree to (module name, is package,
    loose, facts or skeleton).  Returns, per resolved path, its functions as
    (local name, own callees) and the tokens its module read.
    """
    wanted = set(paths)
    resolved: list[Module] = []
    table: dict[str, Union[Module, tuple]] = {}  # the last path of a module name wins, as in Resolver(modules)
    for path, info in assign.items():
        if info is None:
            continue
        name, is_package, loose, data = info
        if path in wanted:
            module = Module(name, path, is_package, loose, facts=files[path])
            resolved.append(module)
            table[name] = module
        else:
            table[name] = (path, is_package, loose, data)

    def make(name: str) -> Module:  # (an unresolved module, from its skeleton, when resolution reads it)
        entry = table[name]
        if isinstance(entry, Module):
            return entry
        path, is_package, loose, skeleton = entry
        return Module(name, path, is_package, loose, skeleton=skeleton)

    resolver = Resolver(table=LazyModules(table, make))
    tally(stats, "resolved", len(wanted))
    own: dict[str, list] = {}
    deps: dict[str, frozenset] = {}
    for module in resolved:
        callees, tokens = resolver.resolve_module(module)
        own[module.path] = [(fn, callees[fn.local_name]) for fn in module.own_functions()]
        deps[module.path] = frozenset(tokens)
    return own, deps


def rows_of(module: str, index: int, own: list, pool: dict) -> dict[str, TableRow]:
    """The table rows of one module's functions, nested callees merged up, itself and its nested defs left out."""
    by_name = {f"{module}.{fn.local_name}": (fn, callees) for fn, callees in own}
    extra: dict[str, set] = {}
    for qualname, (_, callees) in by_name.items():
        for ancestor in ancestors(qualname):
            if ancestor in by_name:
                extra.setdefault(ancestor, set()).update(callees)
    rows = {}
    for qualname, (fn, callees) in by_name.items():
        more = extra.get(qualname)
        if more:
            callees = callees | more
        rows[qualname] = table_row(index, fn, tuple(sorted(_intern(c, pool) for c in row_callees(qualname, callees))))
    return rows


def full_tables(paths: tuple[str, ...], digests: tuple[str, ...], files: dict[str, tuple], stats: Optional[dict] = None) -> Tables:
    """Resolve a whole tree from the compact facts of every path."""
    assigned = assign_modules(paths)
    assign = {p: (info + (files[p],) if info is not None else None) for p, info in assigned.items()}
    own, deps = resolve_files(files, [p for p in paths if assigned[p] is not None], assign, stats)
    position = {p: i for i, p in enumerate(paths)}
    pool: dict[str, str] = {}
    # In module name order, as resolution always went: of two modules that
    # define one qualname, the later one's function is kept.
    rows: dict[str, TableRow] = {}
    count = 0
    by_module = sorted((info.name, p) for p, info in assigned.items() if info is not None)
    for name, path in by_module:
        module_rows = rows_of(name, position[path], own[path], pool)
        count += len(module_rows)
        rows.update(module_rows)
    collisions = count != len(rows)
    if collisions:
        rows = _colliding_rows(by_module, own, position, pool)
    return Tables(
        paths=paths,
        digests=digests,
        assign=tuple(assigned[p] for p in paths),
        notes=tuple(note_info(files[p]) for p in paths),
        rows=dict(sorted(rows.items())),
        collisions=collisions,
        skeletons=tuple(skeleton_of(files[p]) for p in paths),
        deps=inverse_deps(deps, position),
    )


def inverse_deps(deps: Mapping[str, Iterable[str]], position: dict[str, int]) -> dict[str, list[int]]:
    """token -> indexes of the paths whose module read it."""
    inverse: dict[str, list[int]] = {}
    for path, tokens in deps.items():
        i = position[path]
        for token in tokens:
            found = inverse.get(token)
            if found is None:
                inverse[token] = [i]
            else:
                found.append(i)
    return inverse


def _colliding_rows(by_module: list, own: dict, position: dict, pool: dict) -> dict[str, TableRow]:
    """Rows when two modules define one qualname: nested callees merge across modules, as one table."""
    table: dict[str, tuple] = {}
    for name, path in by_module:
        for fn, callees in own[path]:
            table[f"{name}.{fn.local_name}"] = (position[path], fn, callees)
    merged: dict[str, set] = {q: set(c) for q, (_, _, c) in table.items()}
    for qualname, (_, _, callees) in table.items():
        for ancestor in ancestors(qualname):
            if ancestor in merged:
                merged[ancestor].update(callees)
    rows = {}
    for qualname, (index, fn, _) in table.items():
        rows[qualname] = table_row(index, fn, tuple(sorted(_intern(c, pool) for c in row_callees(qualname, merged[qualname]))))
    return rows


def valid_inverted(value: object) -> TypeGuard[tuple[dict, dict]]:
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], dict) and isinstance(value[1], dict)


def invert(rows: dict[str, TableRow], ignore: frozenset[str] = frozenset()) -> tuple[dict, dict]:
    """(callee -> callers, method name -> callers of a method of that name), callers in qualname order."""
    callers: dict[str, list[str]] = defaultdict(list)
    method_callers: dict[str, list[str]] = defaultdict(list)
    methods = {q for q, row in rows.items() if row.is_method}
    for qualname, row in rows.items():
        callees = tuple(c for c in row.callees if c not in ignore) if ignore else row.callees
        for callee in callees:
            callers[callee].append(qualname)
        for name in _method_names(callees, methods):
            method_callers[name].append(qualname)
    return {k: tuple(v) for k, v in callers.items()}, {k: tuple(v) for k, v in method_callers.items()}


class _Methods:
    """``q in _Methods(rows)``: q is a method of ``rows`` (the set ``invert`` builds, without building it)."""

    def __init__(self, rows: dict[str, TableRow]):
        self.rows = rows

    def __contains__(self, qualname: object) -> bool:
        row = self.rows.get(qualname) if isinstance(qualname, str) else None
        return row is not None and row.is_method


def _method_names(callees: tuple, methods: Container[str]) -> set[str]:
    """The method names under which a function calling ``callees`` is filed (``invert`` and
    ``reinvert``): each callee's last name, when it is a method of an unknown receiver (``.name``)
    or one of ``methods``."""
    return {c.rpartition(".")[2] for c in callees if c[0] == "." or c in methods}


def reinvert(
    stored: tuple[dict, dict], old_rows: dict[str, TableRow], new_rows: dict[str, TableRow], removed: Iterable[str], added: Iterable[str]
) -> tuple[dict, dict]:
    """``invert(new_rows)`` from ``stored``, which is ``invert(old_rows)``: the rows of ``removed``
    left ``old_rows`` and those of ``added`` came into ``new_rows``; every other row has the same
    callees and method flag in both (an incremental update: ``snapshot._incremental``).

    Only the keys those rows name are rebuilt, plus the method names of functions calling a
    qualname whose method flag changed (``invert`` files a call of a method under its name).
    Both tables list callers in qualname order, as ``invert`` does over rows in qualname
    order (every table's rows are).  ``stored`` is left as it is."""
    gone, came = set(removed), set(added)
    old_callers, old_methods_by_name = stored
    drop: dict[str, set[str]] = defaultdict(set)
    put: dict[str, set[str]] = defaultdict(set)
    for qualname in gone:
        for callee in old_rows[qualname].callees:
            drop[callee].add(qualname)
    for qualname in came:
        for callee in new_rows[qualname].callees:
            put[callee].add(qualname)
    callers = dict(old_callers)
    _apply(callers, drop, put)

    was_method, is_method = _Methods(old_rows), _Methods(new_rows)
    touched = gone | came
    for qualname in touched.copy():
        if (qualname in was_method) != (qualname in is_method):  # kept rows keep their flag
            touched.update(old_callers.get(qualname, ()))
    drop = defaultdict(set)
    put = defaultdict(set)
    for qualname in touched:
        before = _method_names(old_rows[qualname].callees, was_method) if qualname in old_rows else set()
        after = _method_names(new_rows[qualname].callees, is_method) if qualname in new_rows else set()
        for name in before - after:
            drop[name].add(qualname)
        for name in after - before:
            put[name].add(qualname)
    methods_by_name = dict(old_methods_by_name)
    _apply(methods_by_name, drop, put)
    return callers, methods_by_name


def _apply(table: dict[str, tuple[str, ...]], drop: dict[str, set[str]], put: dict[str, set[str]]) -> None:
    """Take ``drop[k]`` out of ``table[k]`` and put ``put[k]`` in, each in qualname order (empty: no key)."""
    for key in drop.keys() | put.keys():
        members = (set(table.get(key, ())) - drop.get(key, set())) | put.get(key, set())
        if members:
            table[key] = tuple(sorted(members))
        else:
            table.pop(key, None)

