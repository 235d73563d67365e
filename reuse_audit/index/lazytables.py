"""The lazy index's tables: lookups made on demand, never listed whole (``lazy.py``).

``ModuleTable`` parses a module when it is first read; ``LazyFunctions`` and
``LazyByPath`` make one function, one file's functions, when asked for;
``NotBuilt`` stands for the inverted callee index, which the lazy index never builds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from reuse_audit.facts.model import Location
from reuse_audit.index.protocol import CALLERS, LookupTable, MissingCapability
from reuse_audit.index.repo import LazyFunction
from reuse_audit.index.modules import LazyModules
from reuse_audit.index.resolve import Module
from reuse_audit.index.source import FactSource

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.index.lazy import LazyIndex


class ModuleTable(LazyModules):
    """Module name -> Module, the file parsed when the module is first read: a Resolver's
    ``table`` (``resolve.Resolver``).  Its names are every module file's, known from the
    paths; ``values()`` and ``items()`` parse every one of them (the full build's work)."""

    def __init__(self, info: dict[str, tuple[str, bool, bool]], source: FactSource):
        super().__init__(info, self._parse)
        self.info = info  # module name -> (path, is package, loose)
        self.source = source

    def _parse(self, name: str) -> Optional[Module]:
        path, is_package, loose = self.info[name]
        facts = self.source.compact([path]).get(path)
        return None if facts is None else Module(name, path, is_package, loose, facts=facts)


class NotBuilt(LookupTable):
    """A table the lazy index does not build (the inverted callee index): nothing may read it.

    A rule that reads it declares ``callers`` in ``Rule.needs``, and the engine
    then builds the full index; reading it here anyway is a bug in that rule.
    """

    def __init__(self, what: str):
        self.what = what

    def __getitem__(self, key):
        raise MissingCapability(f"the lazy index has no {self.what}: a rule reading it needs {CALLERS!r} (Rule.needs)")

    def __repr__(self) -> str:
        return f"NotBuilt({self.what!r})"


class LazyFunctions(LookupTable):
    """qualname -> Function, as ``index.FunctionTable`` gives it, made on first lookup
    (a lookup: the lazy index never lists every function, see ``LazyRepoIndex.capabilities``)."""

    def __init__(self, lazy: "LazyIndex"):
        self._lazy = lazy
        self._made: dict[str, LazyFunction] = {}

    def __getitem__(self, qualname: str):
        fn = self._made.get(qualname)
        if fn is None:
            found = self._lazy.locate(qualname)
            if found is None:
                raise KeyError(qualname)
            module, fact = found
            lazy = self._lazy
            path, local = module.path, fact.local_name
            callees = lazy.row_callees(module, fact)
            ignore = lazy.settings.ignore_callees
            fn = self._made[qualname] = LazyFunction(
                qualname,
                module.name,
                Location(path, fact.line, fact.col, fact.end_line),
                None,
                frozenset(c for c in callees if c not in ignore) if ignore else callees,
                fact.class_name is not None,
                lambda: lazy.source.fact(path, local),
            )
        return fn

    def __contains__(self, qualname: object) -> bool:  # (LookupTable's would resolve the function)
        return isinstance(qualname, str) and (qualname in self._made or self._lazy.locate(qualname) is not None)

    def __repr__(self) -> str:
        return f"LazyFunctions({len(self._made)} made)"


class LazyByPath(LookupTable):
    """path -> qualnames defined in that file, in source order (as ``index.ByPath``), a lookup."""

    def __init__(self, lazy: "LazyIndex"):
        self._lazy = lazy
        self._made: dict[str, tuple[str, ...]] = {}

    def __getitem__(self, path: str) -> tuple[str, ...]:
        found = self._made.get(path)
        if found is None:
            lazy = self._lazy
            name = lazy.module_of_path.get(path)
            module = lazy.modules.load(name) if name is not None else None
            if module is None:
                raise KeyError(path)
            rows = []
            for fact in module.own_functions():
                qualname = f"{name}.{fact.local_name}"
                where = lazy.locate(qualname)  # None when another module defines it too (lazy.Inexact)
                if where is not None and where[0] is module:
                    rows.append((qualname, fact.line))
            if not rows:
                raise KeyError(path)
            rows.sort()  # qualname order, then (stable) by line: as ByPath lists them
            rows.sort(key=lambda r: r[1])
            found = self._made[path] = tuple(q for q, _ in rows)
        return found
