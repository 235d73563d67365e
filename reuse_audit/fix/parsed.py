"""A file as the fixes read it: parsed by libcst, its top-level imports made absolute.

Shared by ``fixes.py`` (which builds a fix) and ``importedits.py`` (its import edits).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Optional

import libcst as cst
from libcst.metadata import MetadataWrapper

__all__ = ["Binding", "ImportCollector", "ParsedModule", "absolute_module", "dotted_name", "is_import_line", "unused_in"]


def dotted_name(node: cst.BaseExpression) -> Optional[str]:
    """``a.b.c`` for a Name/Attribute chain, the called name for a Call; None otherwise."""
    if isinstance(node, cst.Call):
        return dotted_name(node.func)
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base is not None and not isinstance(node.value, cst.Call) else None
    return None


@dataclass(frozen=True)
class Binding:
    """A module-level name bound by an import: ``module`` (absolute) and ``name`` (None: the module itself)."""

    bound: str
    module: str
    name: Optional[str]


class ImportCollector(cst.CSTVisitor):
    """The imports among a module's top-level statements, made absolute.

    ``module``/``is_package`` name the module being read, to resolve relative
    imports.  Imports under ``if``/``try`` and inside functions are not listed.
    """

    def __init__(self, module: str, is_package: bool) -> None:
        super().__init__()
        self.module = module
        self.is_package = is_package
        self.bindings: list[Binding] = []
        self.star = False  # a ``from x import *``
        self.imported_modules: set[str] = set()  # every module named by an import (absolute)
        # every name a top-level import binds, and whether one is a ``*`` import, whether or not
        # its module can be made absolute (``bindings`` and ``star`` hold those that can)
        self.bound_names: set[str] = set()
        self.any_star = False

    def visit_Module(self, node: cst.Module) -> bool:
        for stmt in node.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    if isinstance(small.names, cst.ImportStar):
                        self.any_star = True
                    else:
                        self.bound_names.update(a.evaluated_alias or a.evaluated_name.split(".")[0] for a in small.names)
                if isinstance(small, cst.Import):
                    self._import(small)
                elif isinstance(small, cst.ImportFrom):
                    self._import_from(small)
        return False

    def _import(self, node: cst.Import) -> None:
        for alias in node.names:
            full = dotted_name(alias.name)
            if full is None:
                continue
            self.imported_modules.add(full)
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.bindings.append(Binding(alias.asname.name.value, full, None))
            else:
                first = full.split(".")[0]
                self.bindings.append(Binding(first, first, None))

    def _import_from(self, node: cst.ImportFrom) -> None:
        level = len(node.relative)
        base = dotted_name(node.module) if node.module is not None else ""
        if base is None:
            return
        module = absolute_module(self.module, self.is_package, level, base)
        if module is None:
            return
        self.imported_modules.add(module)
        if isinstance(node.names, cst.ImportStar):
            self.star = True
            return
        for alias in node.names:
            name = dotted_name(alias.name)
            if name is None:
                continue
            self.imported_modules.add(f"{module}.{name}" if module else name)
            bound = alias.asname.name.value if alias.asname is not None and isinstance(alias.asname.name, cst.Name) else name
            self.bindings.append(Binding(bound, module, name))


def absolute_module(current: str, is_package: bool, level: int, name: str) -> Optional[str]:
    """The absolute module of ``from <level dots><name> import ...`` in module ``current``."""
    if level == 0:
        return name
    parts = current.split(".") if current else []
    if not is_package:
        parts = parts[:-1]
    if level - 1 > len(parts):
        return None
    parts = parts[: len(parts) - (level - 1)]
    if name:
        parts.append(name)
    return ".".join(parts) if parts else None


def is_import_line(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)


def unused_in(module: cst.Module, names: Iterable[str]) -> frozenset[str]:
    """The ``names`` that appear nowhere in ``module`` as a word, outside its top-level import
    lines: not in code, a comment, a type comment, a string (``__all__``), nor an import under
    ``if`` or ``try`` or in a function."""
    names = set(names)
    if not names:
        return frozenset()
    rest = module.with_changes(body=[s for s in module.body if not is_import_line(s)]).code
    return frozenset(name for name in names if not re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", rest))


@dataclass
class ParsedModule:
    """One parsed file."""

    path: str
    module: str
    is_package: bool
    text: str  # without a BOM
    bom: bool
    wrapper: MetadataWrapper

    @property
    def tree(self) -> cst.Module:
        return self.wrapper.module
