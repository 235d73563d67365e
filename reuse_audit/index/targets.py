"""Declared reuse targets as users write them, resolved by the resolver that resolves calls.

A declared target (``--targets FILE``, a benchmark turn's ``targets``) may be

* a function, by the module that defines it (``click.utils.make_str``) or by
  a public name that re-exports it (``dateutil.parser.parse``, defined in
  ``dateutil.parser._parser``): the name goes through the same imports,
  re-exports and star imports as a call of it would (``Resolver.canonical``);
* a method (``click.core.Context.invoke``; an inherited one,
  ``dateutil.rrule.rrule.between``, is the base class's method);
* a class (``dateutil.relativedelta.relativedelta``): calling the class counts
  as calling it, as does calling its ``__init__``; its re-implementation is
  judged on the callees of its ``__init__`` (the code that runs when it is
  called); its lines are the class's lines;
* a module-level callable instance (``dateutil.rrule.rrulestr =
  _rrulestr()``): calling the name counts as calling it; its
  re-implementation is judged on its class's ``__call__``, whose lines are its
  lines.

Anything else is ``unknown``: RA002 says so instead of guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

from reuse_audit.facts.model import Location
from reuse_audit.facts.rows import ClassRow, FileRow
from reuse_audit.source.tree import SourceTree

KINDS = ("function", "method", "class", "instance", "unknown")


@dataclass(frozen=True)
class DeclaredTarget:
    name: str  # as declared
    canonical: str  # where it is defined (the name calls of it resolve to)
    kind: str  # one of KINDS
    calls: frozenset[str] = frozenset()  # callee names that count as calling it
    body: Optional[str] = None  # the function whose callees judge a re-implementation of it
    location: Location = Location("", 0)  # its lines: path, first line, last line (end_line)

    @property
    def known(self) -> bool:
        return self.kind != "unknown"


class TargetResolver:
    """Resolves declared names over one source tree, parsing only the modules it reads."""

    def __init__(self, tree: SourceTree, paths: Optional[Iterable[str]] = None):
        from reuse_audit.index.lazytables import ModuleTable
        from reuse_audit.index.resolve import Resolver, assign_modules
        from reuse_audit.index.source import FactSource

        self.tree = tree
        all_paths = tuple(paths) if paths is not None else tuple(tree.paths())
        assigned = assign_modules(all_paths)
        info = {v[0]: (p, v[1], v[2]) for p, v in assigned.items() if v is not None}
        self.source = FactSource(tree, None, 1, {p: "" for p in all_paths}, {})
        self.modules = ModuleTable(info, self.source)
        self.resolver = Resolver(table=self.modules)
        self._texts: dict[str, list[str]] = {}

    # -- helpers -----------------------------------------------------------

    def _lines(self, path: str) -> list[str]:
        found = self._texts.get(path)
        if found is None:
            try:
                found = self.tree.read(path).decode("utf-8", "replace").splitlines()
            except Exception:
                found = []
            self._texts[path] = found
        return found

    def _split(self, qualname: str):
        """(module, local name) of a repository qualname, the longest module first."""
        parts = qualname.split(".")
        for i in range(len(parts) - 1, 0, -1):
            name = ".".join(parts[:i])
            if name in self.modules:
                module = self.modules.load(name)
                if module is not None:
                    return module, ".".join(parts[i:])
        return None, ""

    def _function_location(self, qualname: str) -> Optional[tuple[Location, bool]]:
        module, local = self._split(qualname)
        if module is None:
            return None
        fact = module.functions.get(local)
        if fact is None:
            return None
        return Location(module.path, fact.line, fact.col, fact.end_line), fact.class_name is not None

    def _block_end(self, path: str, line: int) -> int:
        """Last line of the indented block opened on ``line`` (1-based): a class's body."""
        lines = self._lines(path)
        if not 1 <= line <= len(lines):
            return line
        head = lines[line - 1]
        indent = len(head) - len(head.lstrip())
        end = line
        for number in range(line + 1, len(lines) + 1):
            text = lines[number - 1]
            stripped = text.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if len(text) - len(text.lstrip()) <= indent and not stripped.startswith((")", "]", "}")):
                break
            end = number
        return end

    # -- resolution --------------------------------------------------------

    def resolve(self, name: str) -> DeclaredTarget:
        resolver = self.resolver
        canonical = resolver.canonical(name)
        found = self._function_location(canonical)
        if found is not None:
            location, is_method = found
            return DeclaredTarget(name, canonical, "method" if is_method else "function", frozenset({canonical}),
                                  canonical, location)
        fact = resolver.class_fact(canonical)
        if fact is not None:
            module, local, _ = fact
            classes = map(ClassRow._make, FileRow._make(module.facts).classes) if module.facts else ()
            line = next((c.line for c in classes if c.local_name == local), 0)
            location = Location(module.path, line, 0, self._block_end(module.path, line))
            init = resolver.lookup_method(canonical, "__init__")
            calls = {canonical, f"{canonical}.__init__"}
            if init is not None:
                calls.add(init)
            body = init if init is not None and self._function_location(init) is not None else None
            return DeclaredTarget(name, canonical, "class", frozenset(calls), body, location)
        instance = self._instance(canonical)
        if instance is not None:
            return DeclaredTarget(name, canonical, "instance", instance.calls, instance.body, instance.location)
        return DeclaredTarget(name, canonical, "unknown")

    def _instance(self, canonical: str) -> Optional[DeclaredTarget]:
        """A module-level ``NAME = ...(...)``: a callable instance.  When the call
        makes an instance of a repository class, its re-implementation is judged
        on the class's ``__call__`` and its lines are those; otherwise (a factory
        function made it) it is never judged and its lines are the assignment's."""
        module, local = self._split(canonical)
        if module is None or "." in local:
            return None
        if local not in module.variables:  # reached through a star import?
            for star in module.star_imports:
                source = self.modules.load(self.resolver.import_target(module, star).rpartition(".")[0])
                if source is not None and local in source.variables:
                    module = source
                    break
            else:
                return None
        # a call through the star import resolves to the name as imported, one
        # in the defining module to the name there: both are calls of it
        calls = frozenset({canonical, f"{module.name}.{local}"})
        pattern = re.compile(rf"^{re.escape(local)}\s*(?::[^=]*)?=\s*([A-Za-z_][\w.]*)\s*\(")
        for number, text in enumerate(self._lines(module.path), 1):
            match = pattern.match(text)
            if match is None:
                continue
            cls = self.resolver.resolve_in_module(module, match.group(1))
            if cls is not None and self.resolver.is_class(cls):
                call = self.resolver.lookup_method(cls, "__call__")
                where = self._function_location(call) if call is not None else None
                if where is not None:
                    return DeclaredTarget(canonical, canonical, "instance", calls, call, where[0])
            return DeclaredTarget(canonical, canonical, "instance", calls, None,
                                  Location(module.path, number, 0, number))
        return None


def resolve_targets(tree: SourceTree, names: Iterable[str], paths: Optional[Iterable[str]] = None) -> dict[str, DeclaredTarget]:
    """Every declared name of ``names``, resolved over ``tree``."""
    resolver = TargetResolver(tree, paths)
    return {name: resolver.resolve(name) for name in dict.fromkeys(names)}
