"""A fix's import edits, by libcst's codemod visitors: ``AddImportsVisitor`` imports the
target, ``RemoveImportsVisitor`` removes the imports the old body alone used.

Apart from ``fixes.py`` because ``libcst.codemod`` (its matchers) takes about 0.2 s to
import: ``fixes._build`` imports this module only for a fix that adds an import or may
leave one unused (``fixes._imports_left_unused_by``).
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, ImportItem, RemoveImportsVisitor

from reuse_audit.fix.parsed import ImportCollector, ParsedModule, unused_in

__all__ = ["fix_imports", "with_import"]


def _import_context(mod: ParsedModule) -> CodemodContext:
    """The codemod context of a module for libcst's import visitors: its names resolve its
    relative imports, its metadata (of the text before the fix) resolves the names it uses."""
    package = mod.module if mod.is_package else mod.module.rpartition(".")[0]
    return CodemodContext(wrapper=mod.wrapper, full_module_name=mod.module, full_package_name=package or None)


def with_import(tree: cst.Module, context: CodemodContext, module: str, name: str, alias: Optional[str] = None) -> cst.Module:
    """``tree`` importing ``from module import name [as alias]``, by libcst's ``AddImportsVisitor``:
    nothing when the imports at the top of the module have it, else the name added to a
    ``from module import`` among them, else the statement added after them."""
    AddImportsVisitor.add_needed_import(context, module, name, alias)
    added = tree.visit(AddImportsVisitor(context))  # (it needs no metadata: no copy of the tree for a wrapper)
    return _apart_from_docstring(tree, added)


def _apart_from_docstring(before: cst.Module, after: cst.Module) -> cst.Module:
    """libcst puts a new import line right under the module's docstring; PEP 8 (and black, ruff
    format) keep a blank line between them, as the module's own imports are."""
    if before.get_docstring() is None or len(after.body) < 2 or any(after.body[1] is s for s in before.body):
        return after
    first = after.body[1]
    if first.leading_lines:
        return after
    return after.with_changes(body=[after.body[0], first.with_changes(leading_lines=[cst.EmptyLine()]), *after.body[2:]])


class _RemoveImports(RemoveImportsVisitor):
    """libcst's ``RemoveImportsVisitor``, less what it drops with an import line it removes (given
    a module's top level, :func:`_top_level`): the comments and blank lines leading that line lead
    the statement after it."""

    def __init__(self, context: CodemodContext, unused_imports: Sequence[tuple[str, Optional[str], Optional[str]]]) -> None:
        super().__init__(context, unused_imports)
        self._markers: set[int] = set()

    def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        if updated_node.body or not original_node.body:
            return updated_node
        # a line whose imports all went: a placeholder, so that leave_Module gives
        # its blank lines and comments to the statement after it
        marker = cst.SimpleStatementLine(body=[cst.Pass()], leading_lines=original_node.leading_lines)
        self._markers.add(id(marker))
        return marker

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body: list[cst.BaseStatement] = []
        carry: Optional[Sequence[cst.EmptyLine]] = None
        for stmt in updated_node.body:
            if id(stmt) in self._markers:
                carry = stmt.leading_lines if carry is None else carry
                continue
            if carry is not None:
                if not body:  # the module's first statements went: no gap at its top
                    own = [line for line in stmt.leading_lines if line.comment is not None]
                    stmt = stmt.with_changes(leading_lines=list(carry) + own)
                elif not stmt.leading_lines:  # it takes the place of those removed
                    stmt = stmt.with_changes(leading_lines=carry)
                carry = None
            body.append(stmt)
        return updated_node.with_changes(body=body)


def _bound_name(item: ImportItem) -> str:
    """The name an import binds: its alias, the object, or the module's first name (``import a.b`` binds ``a``)."""
    return item.alias or item.obj_name or item.module_name.split(".")[0]


def _unused_imports(mod: ParsedModule, old: cst.FunctionDef, after: cst.Module, names: Optional[frozenset[str]] = None) -> list[ImportItem]:
    """The imports the fix made unused in ``after`` (``mod`` with the body of its function ``old``
    replaced): those ``old`` refers to (libcst's ``remove_unused_import_by_node``, by scope
    analysis of ``mod``) whose name appears nowhere else in ``after`` as a word (``parsed.unused_in``: imports
    unused before are not the fix's to remove).  None in an ``__init__.py``,
    whose imports may be re-exports.  ``names``: the names that word test leaves, when the caller
    made it already (``fixes._imports_left_unused_by``)."""
    if mod.is_package:
        return []
    listing = _import_context(mod)
    try:
        RemoveImportsVisitor.remove_unused_import_by_node(listing, old)
    except ValueError:  # a relative import libcst cannot make absolute
        return []
    listed = dict.fromkeys(ImportItem(m, o, a) for m, o, a in listing.scratch.get(RemoveImportsVisitor.CONTEXT_KEY, []))
    if names is None:
        names = unused_in(after, map(_bound_name, listed))
    return [i for i in listed if _bound_name(i) in names]


_STAND_IN = "__reuse_audit_stand_in_{}__"


def _top_level(module: cst.Module) -> tuple[cst.Module, dict[str, cst.BaseCompoundStatement]]:
    """``module`` as libcst's import visitors need it, and its compound statements by stand-in name:
    each top-level ``def``, ``class``, ``if``, ``try``... is a one-line stand-in holding its leading
    lines.  They act on top-level imports only, and every use they would look for inside those
    statements is looked for already (:func:`_unused_imports`).  (``RemoveImportsVisitor`` on a
    1,400-line module: 2.7 s CPU over the whole of it, its scope analysis and three gathering
    passes; 0.17 s over its top level.)"""
    hidden: dict[str, cst.BaseCompoundStatement] = {}
    body: list[cst.BaseStatement] = []
    for i, stmt in enumerate(module.body):
        if isinstance(stmt, cst.BaseCompoundStatement):
            name = _STAND_IN.format(i)
            hidden[name] = stmt
            stmt = cst.SimpleStatementLine(body=[cst.Expr(cst.Name(name))], leading_lines=stmt.leading_lines)
        body.append(stmt)
    return module.with_changes(body=body), hidden


def _whole(module: cst.Module, hidden: Mapping[str, cst.BaseCompoundStatement]) -> cst.Module:
    """The module :func:`_top_level` gave, changed, with its compound statements back (each with the
    leading lines its stand-in has now)."""
    body: list[cst.BaseStatement] = []
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Name) and small.value.value in hidden:
            stmt = hidden[small.value.value].with_changes(leading_lines=stmt.leading_lines)
        body.append(stmt)
    return module.with_changes(body=body)


def fix_imports(
    mod: ParsedModule, old: cst.FunctionDef, after: cst.Module, wanted: Optional[tuple[str, str, Optional[str]]],
    names: Optional[frozenset[str]] = None,
) -> tuple[cst.Module, tuple[str, ...]]:
    """``after`` (``mod`` with the body of its function ``old`` replaced) importing ``wanted``
    (``from module import name [as alias]``: :func:`with_import`) and without the imports the fix
    made unused (:func:`_unused_imports`, removed by libcst's ``RemoveImportsVisitor``): (the
    module, the names of the imports removed).  ``names``: the names of the imports the fix may
    leave unused, when the caller knows them (``fixes._imports_left_unused_by``): none, and their
    scope analysis is skipped."""
    unused = _unused_imports(mod, old, after, names) if names != frozenset() else []
    if wanted is None and not unused:
        return after, ()
    top, hidden = _top_level(after)
    if wanted is not None:
        top = with_import(top, _import_context(mod), *wanted)
    if not unused:
        return _whole(top, hidden), ()
    top = _RemoveImports(_import_context(mod), [(i.module_name, i.obj_name, i.alias) for i in unused]).transform_module(top)
    left = ImportCollector(mod.module, mod.is_package)
    top.visit(left)
    removed = {_bound_name(i) for i in unused} - {b.bound for b in left.bindings}
    return _whole(top, hidden), tuple(sorted(removed))
