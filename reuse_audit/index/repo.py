"""The repository index (``RepoIndex``) and the mappings it is read through.

Its tables are made from a tree's rows (``tables.Tables``) on first use: a
``Function`` when it is first looked up (``FunctionTable``), its ``fact`` when
first read (``LazyFunction``), one file's functions when asked for (``ByPath``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping, Optional, cast

from reuse_audit.facts.model import Function, FunctionFact, Location
from reuse_audit.facts.rows import TableRow
from reuse_audit.index.protocol import Answers, Lookup
from reuse_audit.index.resolve import method_name
from reuse_audit.source.note import Note


class LazyFunction(Function):
    """A Function whose ``fact`` is made when first read."""

    def __init__(
        self,
        qualname: str,
        module: str,
        location: Location,
        fact: Optional[FunctionFact] = None,
        callees: frozenset[str] = frozenset(),
        is_method: bool = False,
        load: Optional[Callable[[], FunctionFact]] = None,
    ):
        d = self.__dict__
        d["qualname"] = qualname
        d["module"] = module
        d["location"] = location
        d["callees"] = callees
        d["is_method"] = is_method
        d["_fact"] = fact
        d["_load"] = load

    @property  # type: ignore[override]
    def fact(self) -> FunctionFact:
        d = self.__dict__
        fact = d["_fact"]
        if fact is None:
            fact = d["_fact"] = d["_load"]()
            d["_load"] = None
        return fact


class FunctionTable(Mapping):
    """qualname -> Function, in qualname order; a Function is made when first looked up."""

    def __init__(
        self,
        rows: dict[str, TableRow],
        paths: tuple[str, ...],
        modules: list,
        ignore: frozenset[str],
        fact_of: Callable[[str, str], FunctionFact],
    ):
        self._rows = rows
        self._paths = paths
        self._modules = modules
        self._ignore = ignore
        self._made: dict[str, Function] = {}
        self._fact_of = fact_of

    def __getitem__(self, qualname: str) -> Function:
        fn = self._made.get(qualname)
        if fn is None:
            row = self._rows[qualname]
            path = self._paths[row.path]
            local = row.local_name
            callees = row.callees
            ignore = self._ignore
            fact_of = self._fact_of
            fn = self._made[qualname] = LazyFunction(
                qualname,
                self._modules[row.path],
                Location(path, row.line, row.col, row.end_line),
                None,
                frozenset(c for c in callees if c not in ignore) if ignore else frozenset(callees),
                row.is_method,
                lambda: fact_of(path, local),
            )
        return fn

    def get(self, qualname: str, default=None):
        return self[qualname] if qualname in self._rows else default

    def __contains__(self, qualname: object) -> bool:
        return qualname in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def is_method(self, qualname: str) -> bool:
        row = self._rows.get(qualname)
        return row is not None and row.is_method

    def name_parts(self) -> Iterator[tuple[str, bool, Iterable[str]]]:
        """Each function's qualname, whether it is a method, and its callees, in qualname order,
        without making a Function of it."""
        ignore = self._ignore
        for qualname, row in self._rows.items():
            callees = row.callees
            yield qualname, row.is_method, ((c for c in callees if c not in ignore) if ignore else callees)

    def __repr__(self) -> str:
        return f"FunctionTable({len(self._rows)} functions)"


class LazyDict(Mapping):
    """A read-only mapping built by ``build`` when first used."""

    def __init__(self, build: Callable[[], dict]):
        self._build: Optional[Callable[[], dict]] = build
        self._data: Optional[dict] = None

    @property
    def data(self) -> dict:
        if self._data is None:
            self._data = self._build()  # type: ignore[misc]
            self._build = None
        return self._data

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def keys(self):
        return self.data.keys()

    def items(self):
        return self.data.items()

    def values(self):
        return self.data.values()

    def __repr__(self) -> str:
        return f"LazyDict({self.data!r})"


@dataclass(frozen=True)
class RepoIndex(Answers):  # answers every capability of index_protocol.py
    # The tables are lookups (index_protocol.Lookup): the full index's are Mappings, which
    # list every key too (``every_function``, ``callers``); the lazy index's
    # (``LazyRepoIndex``) are lookups only, and its ``capabilities`` say so.
    # What a rule needs beyond the tables (the callee candidates, the clone index, the declared
    # targets) is not here: the engine builds it by the rules' needs (``lint/providers.py``).
    functions: Lookup[str, Function]  # qualname -> function
    callers: Lookup[str, tuple[str, ...]]  # callee -> qualnames of the functions calling it
    method_callers: Lookup[str, tuple[str, ...]]  # method name -> functions calling a method of that name
    by_path: Lookup[str, tuple[str, ...]]  # path -> qualnames defined in that file, in source order
    module_of_path: dict[str, str]
    notes: tuple[Note, ...]
    files: int
    # how it was built (``new_stats``): the figures of this build, for tests and scripts
    build: Mapping[str, object] = field(default_factory=dict)
    # path -> (sha256 of the bytes, RA003 token entries (tokens.file_entries)) that
    # the parser processes made on the way, when asked: build_clone_index takes
    # them instead of reading and tokenizing those files again
    token_entries: Optional[Mapping[str, tuple]] = None
    # path -> the notes on that file's own facts (decoding, syntax errors); the
    # engine reports them for the files a check rests on (see engine._check)
    file_notes: Optional[Callable[[str], tuple[Note, ...]]] = None

    def is_method(self, callee: str) -> bool:
        functions = self.functions
        if isinstance(functions, FunctionTable):
            return functions.is_method(callee)
        fn = functions.get(callee)
        return fn is not None and fn.is_method

    def name_parts(self) -> Iterator[tuple[str, bool, Iterable[str]]]:
        """``every_function``: each function's qualname, whether it is a method, and its callees."""
        functions = self.functions
        if isinstance(functions, FunctionTable):
            yield from functions.name_parts()
            return
        for qualname, fn in cast("Mapping[str, Function]", functions).items():
            yield qualname, fn.is_method, fn.callees


class CallerSearch:
    """The ``callee_candidates`` capability over the full index's inverted callee index
    (``callers``, ``method_callers``): built by the engine for a check whose rules need it."""

    def __init__(self, index: RepoIndex):
        self.index = index
        # (table, key, at_least) -> the functions of callers[key] / method_callers[key] with at least
        # at_least callees: made once a key, so that a change of N functions all calling one helper
        # costs N lookups, not N x N (see candidates)
        self._wide: dict[tuple[str, str, int], tuple[str, ...]] = {}

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """Functions that share at least one callee (by name, or by method name).

        ``at_least``: the caller only wants those sharing that many; a superset
        is fine (the lazy index, ``lazy.py``, uses it to search less).
        """
        index = self.index
        found: set[str] = set()
        for callee in callees:
            found.update(self._callers_with(index.callers, "c", callee, at_least))
            if callee.startswith(".") or index.is_method(callee):
                found.update(self._callers_with(index.method_callers, "m", method_name(callee), at_least))
        return found

    def _callers_with(self, table: Lookup[str, tuple[str, ...]], kind: str, key: str, at_least: int) -> tuple[str, ...]:
        """``table[key]`` without the functions of fewer than ``at_least`` callees (they cannot share that many)."""
        callers = table.get(key, ())
        if at_least <= 1 or not callers:
            return callers
        wide = self._wide.get((kind, key, at_least))
        if wide is None:
            functions = self.index.functions
            kept = []
            for q in callers:
                fn = functions.get(q)
                if fn is None or len(fn.callees) >= at_least:
                    kept.append(q)
            wide = self._wide[(kind, key, at_least)] = tuple(kept)
        return wide


class PathTable(Mapping):
    """A Mapping whose ``__getitem__`` does the work (and raises KeyError): ``get`` and ``in`` go through it."""

    def get(self, path: str, default=None):
        try:
            return self[path]
        except KeyError:
            return default

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.get(path) is not None


class ByPath(PathTable):
    """path -> qualnames defined in that file, in source order; one file's tuple is made when asked for."""

    def __init__(self, rows: dict[str, TableRow], paths: tuple[str, ...]):
        self._rows = rows
        self._paths = paths
        self._index = {p: i for i, p in enumerate(paths)}
        self._made: dict[str, tuple[str, ...]] = {}
        self._groups: Optional[dict[int, list[str]]] = None

    def __getitem__(self, path: str) -> tuple[str, ...]:
        found = self._made.get(path)
        if found is None:
            i = self._index.get(path)
            if i is None:
                raise KeyError(path)
            if self._groups is not None:
                names = self._groups.get(i, [])
            else:
                names = [q for q, row in self._rows.items() if row.path == i]
            if not names:
                raise KeyError(path)
            rows = self._rows
            found = self._made[path] = tuple(sorted(names, key=lambda q: rows[q].line))
        return found

    def _group(self) -> dict[int, list[str]]:
        if self._groups is None:
            groups: dict[int, list[str]] = defaultdict(list)
            for qualname, row in self._rows.items():
                groups[row.path].append(qualname)
            self._groups = groups
        return self._groups

    def __iter__(self) -> Iterator[str]:
        # in the order of each file's first function, as the table lists them
        return iter([self._paths[i] for i in self._group()])

    def __len__(self) -> int:
        return len(self._group())

    def __repr__(self) -> str:
        return f"ByPath({dict(self.items())!r})"

