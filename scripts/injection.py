#!/usr/bin/env python
"""Mutation-and-injection recall corpus for RA001 (BigCloneBench-style injection).

    .venv/bin/python scripts/injection.py --out /tmp/injection.json

(the full corpus: every default package, 20 targets a package, every kind, seed 0, 2 workers;
``--packages click,pluggy --per-package 5 --kinds verbatim,wrapper --seed 1 --jobs 1`` for less).

Recall is measured on code nobody here wrote: real functions of installed pure-Python packages
(the project's own dependencies: click, attrs, pytest, pluggy, pre-commit, GitPython...) are the
targets ``T``, and a re-implementation of each is injected under a new name in a new module of
the same package, as an agent adds a file.  Each case is checked with the engine in process,
exactly as a diff is checked (``engine.change_from_diff`` + ``engine.run`` over the package's
tree, with one facts cache a package), and is FOUND when an RA001 finding (or an RA003 one; the
rule is recorded) is on the injected function and names ``T`` by its exact qualified name.

Targets: functions and methods (of module-level classes; not nested, not dunder methods, not
test code, not vendored, not recursive: a copy would call them) whose callee set, as RA001
counts it (``distinct(callees)``), has at least ``min-callees`` (3) members.  They are sampled
with the seed from all such functions of a package, so functions whose callees are all
standard-library functions are kept in their natural proportion (the report gives that
share, and recall on them apart).  A function's copy is a module-level function of the new
module; a method's is a method of a new subclass of its class (``class CliRunnerInjected(CliRunner)``),
so that ``self``, ``cls`` and ``super()`` resolve as in the original; ``--no-methods``
samples module-level functions only.

Kinds of injected code (libcst transformations of the target's ``def``):

* ``verbatim``: the ``def`` copied, only its name changed;
* ``renamed``: parameters and local variables renamed too;
* ``reordered``: two adjacent statements with no data dependency swapped, one of them pure
  (names, literals and operators: two calls may act on the same file or object) (``swap``);
  where none exist, the keyword arguments of a call reversed, their values names or literals
  (``keyword-swap``); else the operands of an ``and``/``or`` of two pure operands swapped
  (``operand-swap``); else not applicable;
* ``loop-rewritten``: ``for`` loops as ``while`` loops over ``iter``/``next``, comprehensions
  assigned or returned as explicit loops; a function without a loop gets another rewrite that
  keeps its meaning: ``else-to-early-return``, ``early-return-to-else``, ``inline-temporary``,
  ``extract-temporary`` or ``extract-call`` (the case's ``rewrite`` says which);
* ``alias-imported``: the new module imports what the body uses under aliases
  (``import os.path as o_path``, ``from pkg.mod import helper as h_helper``), the body uses them;
* ``partial``: an 80% partial: simple statements dropped, last first, as long as the kept
  ones still call at least 80% of the target's distinct call names (syntactically counted);
  targets with fewer than 5 call names have no 80% partial (``not applicable``);
* ``embedded``: the whole body pasted into a larger function that logs and times it.

Negatives, which must not be reported: ``reuse-call`` (the embedded function, which also calls
``T`` first) and ``wrapper`` (``return T(...)``, arguments forwarded; a method's through
``super()``, a static method's through its class).  A function nested in ``T`` is pasted into
``reuse-call`` too and does not call ``T``: a finding on it is recorded (``on_nested``), not
counted as a false positive.  A positive found only on a function nested in the injected one
counts as found (RA001 reports one copy once, on the innermost function holding it).

Each new module imports what the copied body needs, so that the engine resolves its calls
as in the original: the original module's top-level import statements (and ``if``/``try``
blocks made only of imports), relative imports made absolute, then the original module's
own module-level names the body uses (``from pkg.mod import name``).

Output: recall by kind, by package, and for stdlib-only targets against the rest (and the
false positives of the negatives); ``--out FILE`` writes every case's result as JSON.
Deterministic for a given ``--seed``.  Cases a kind cannot be made for are counted as
``not applicable`` and are not cases.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import builtins
import json
import multiprocessing
import os
import random
import sys
import sysconfig
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Optional

import libcst as cst
from libcst.metadata import GlobalScope, ImportAssignment, MetadataWrapper, ParentNodeProvider, PositionProvider, ScopeProvider

HERE = Path(__file__).resolve().parent
try:  # the installed reuse-audit (scripts/measure.py runs this with each revision's venv) ...
    import reuse_audit  # noqa: F401
except ImportError:  # ... or this checkout's
    sys.path.insert(0, str(HERE.parent))

from reuse_audit import api  # noqa: E402
from reuse_audit.facts.rows import LOCALS  # noqa: E402

POSITIVE_KINDS = ("verbatim", "renamed", "reordered", "loop-rewritten", "alias-imported", "partial", "embedded")
NEGATIVE_KINDS = ("reuse-call", "wrapper")
KINDS = POSITIVE_KINDS + NEGATIVE_KINDS

#: installed pure-Python packages (no compiled module) the project's test extra brings;
#: hypothesis and libcst ship a compiled module and are left out of the default.
DEFAULT_PACKAGES = ("click", "attr", "_pytest", "pluggy", "pre_commit", "git", "gitdb", "packaging", "setuptools", "jsonschema")
DEFAULT_PER_PACKAGE = 20
RULES = ("RA001", "RA003", "RA004")  # (RA004, in preview, reports only when --select names it)
BUILTINS = frozenset(dir(builtins))
STDLIB = frozenset(sys.stdlib_module_names)
#: folders of a package holding other packages' code (their functions are not the package's)
VENDORED = ("_vendor", "vendor", "_vendored", "extern")


# --------------------------------------------------------------------------- targets


@dataclass(frozen=True)
class Target:
    package: str
    qualname: str
    module: str
    path: str
    name: str
    line: int
    callees: tuple[str, ...]
    callee_kind: str  # stdlib-only | no-own-function | own
    class_name: str = ""  # a method's class (module-level classes only); "" for a function


@dataclass
class Case:
    id: int
    kind: str
    package: str
    target: str
    new_function: str
    path: str  # the new module
    callee_kind: str
    target_kind: str = "function"  # or "method"
    rewrite: str = ""
    source: str = ""
    positive: bool = True
    found: bool = False
    rule: str = ""
    named: list = field(default_factory=list)  # the targets RA001/RA003 name for the new function
    details: dict = field(default_factory=dict)  # the details of the finding naming the target (confidence, similarity)
    reason: str = ""  # why a positive was missed (or a negative reported)
    overlap: str = ""  # shared/total callees of the target, as the engine resolved them
    on_nested: bool = False  # found only on a function nested in the injected one
    seconds: float = 0.0


def _details(finding) -> tuple[tuple[str, str], ...]:
    """A finding's details: its typed violation's, or (a revision before findings held one, as
    measure.py --before runs this script with) its own field."""
    violation = getattr(finding, "violation", None)
    return violation.details() if violation is not None else finding.details


def _others(finding) -> tuple:
    """A finding's other candidates, read as :func:`_details` reads its details."""
    violation = getattr(finding, "violation", None)
    return violation.candidates() if violation is not None else finding.others


def site_packages() -> Path:
    return Path(sysconfig.get_paths()["purelib"])


def package_files(package: str, site: Optional[Path] = None) -> dict[str, bytes]:
    """The package's ``.py`` files, by path relative to site-packages (``click/core.py``)."""
    site = site or site_packages()
    root = site / package
    if not root.is_dir():
        raise SystemExit(f"injection: package {package!r} is not installed in {site}")
    files = {}
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(site).as_posix()
        if "__pycache__" in rel:
            continue
        files[rel] = p.read_bytes()
    return files


def module_of(path: str) -> str:
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def callee_kind(callees: Iterable[str], index) -> str:
    """``stdlib-only``: every callee is a standard-library function or class; ``own``: at
    least one is a function of the package; else ``no-own-function`` (classes, methods of
    unknown receivers, other packages)."""
    callees = list(callees)
    if all(not c.startswith(".") and c.split(".", 1)[0] in STDLIB for c in callees):
        return "stdlib-only"
    if any(not c.startswith(".") and c in index.functions for c in callees):
        return "own"
    return "no-own-function"


def eligible_targets(package: str, index, settings: api.Settings, files: dict[str, bytes], methods: bool = False) -> tuple[list[Target], Counter]:
    from reuse_audit.rules.callees import calls_function
    from reuse_audit.rules.ra001_reimplemented_function import distinct

    out = []
    dropped: Counter = Counter()
    for qualname in sorted(index.functions):
        fn = index.functions[qualname]
        if LOCALS in qualname or (fn.is_method and not methods):
            continue
        name = qualname.rsplit(".", 1)[-1]
        class_name = ""
        if fn.is_method:
            local = qualname[len(fn.module) + 1 :]
            if not qualname.startswith(fn.module + ".") or local.count(".") != 1:
                continue  # a method of a nested class
            class_name = local.split(".")[0]
        elif fn.module + "." + name != qualname:
            continue  # a class's own function the index lists as a function...
        path = fn.location.path
        parts = path.split("/")
        if settings.is_test(path) or any(v in parts for v in VENDORED):
            continue
        callees = distinct(fn.callees, index)
        if len(callees) < settings.min_callees:
            continue
        if class_name and name.startswith("__") and name.endswith("__"):
            dropped["dunder method (not sampled)"] += 1
            continue
        if calls_function(fn.callees, qualname, index) or _recursive(files, path, name, fn.location.line, bool(class_name)):
            # a copy would call the target (its recursive call): it reuses it
            dropped["recursive target (not sampled)"] += 1
            continue
        out.append(
            Target(package, qualname, fn.module, path, name, fn.location.line, tuple(sorted(callees)), callee_kind(callees, index), class_name)
        )
    return out, dropped


_AST_CACHE: dict[str, object] = {}


def _recursive(files: dict[str, bytes], path: str, name: str, line: int, method: bool = False) -> bool:
    """Does the ``def name`` at ``line`` of ``path`` call ``name`` (itself) anywhere in it
    (a method: ``anything.name(...)`` too, ``self.name`` among them)?"""
    tree = _AST_CACHE.get(path)
    if tree is None:
        try:
            tree = _AST_CACHE[path] = ast.parse(files[path])
        except (SyntaxError, ValueError):
            return False
    for node in ast.walk(tree):  # type: ignore[arg-type]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name and node.lineno <= line <= (node.end_lineno or line):
            return any(
                isinstance(c, ast.Call)
                and ((isinstance(c.func, ast.Name) and c.func.id == name) or (method and isinstance(c.func, ast.Attribute) and c.func.attr == name))
                for c in ast.walk(node)
            )
    return False


# --------------------------------------------------------------------------- source analysis


class ModuleInfo:
    """A module's syntax tree with scopes, its imports made absolute, its top-level defs."""

    def __init__(self, path: str, source: bytes):
        self.path = path
        self.module_name = module_of(path)
        is_init = path.endswith("/__init__.py")
        self.package_parts = self.module_name.split(".") if is_init else self.module_name.split(".")[:-1]
        self.wrapper = MetadataWrapper(cst.parse_module(source))
        self.tree = self.wrapper.module
        self.scopes = self.wrapper.resolve(ScopeProvider)
        self.positions = self.wrapper.resolve(PositionProvider)
        self.parents = self.wrapper.resolve(ParentNodeProvider)
        self.header: list[str] = []  # import statements, absolute
        self.future: list[str] = []
        self.bound: dict[str, list[tuple[str, str, str]]] = defaultdict(list)  # name -> [(kind, module, member)]
        self.defs: dict[str, list[cst.FunctionDef]] = defaultdict(list)
        self.classes: dict[str, list[cst.ClassDef]] = defaultdict(list)
        for stmt in self.tree.body:
            self._top(stmt)

    def _absolute(self, node: cst.ImportFrom) -> str:
        base = ".".join(_dotted(node.module)) if node.module is not None else ""
        level = len(node.relative)
        if not level:
            return base
        parts = self.package_parts[: len(self.package_parts) - (level - 1)] if level > 1 else list(self.package_parts)
        return ".".join(parts + ([base] if base else []))

    def _fix(self, stmt: cst.CSTNode) -> cst.CSTNode:
        info = self

        class Absolute(cst.CSTTransformer):
            def leave_ImportFrom(self, original, updated):
                if not original.relative:
                    return updated
                return updated.with_changes(module=_attr_of(info._absolute(original)), relative=())

        return stmt.visit(Absolute())

    def _record(self, stmt: cst.CSTNode) -> None:
        for node in _walk(stmt):
            if isinstance(node, cst.Import):
                for alias in node.names:
                    dotted = ".".join(_dotted(alias.name))
                    if alias.asname is not None:
                        self.bound[alias.asname.name.value].append(("import-as", dotted, ""))
                    else:
                        self.bound[dotted.split(".")[0]].append(("import", dotted, ""))
            elif isinstance(node, cst.ImportFrom):
                module = self._absolute(node)
                if isinstance(node.names, cst.ImportStar):
                    self.bound["*"].append(("star", module, ""))
                    continue
                for alias in node.names:
                    member = ".".join(_dotted(alias.name))
                    local = alias.asname.name.value if alias.asname is not None else member
                    self.bound[local].append(("from", module, member))

    def _top(self, stmt: cst.CSTNode) -> None:
        if isinstance(stmt, cst.FunctionDef):
            self.defs[stmt.name.value].append(stmt)
            return
        if isinstance(stmt, cst.ClassDef):
            self.classes[stmt.name.value].append(stmt)
            return
        if isinstance(stmt, cst.SimpleStatementLine) and stmt.body and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body):
            code = self.tree.code_for_node(self._fix(stmt)).strip("\n")
            if any(isinstance(s, cst.ImportFrom) and _dotted(s.module or cst.Name("x")) == ["__future__"] for s in stmt.body):
                self.future.append(code)
            else:
                self.header.append(code)
            self._record(stmt)
            return
        if isinstance(stmt, (cst.If, cst.Try)):
            for node in _walk(stmt):
                if isinstance(node, cst.FunctionDef):
                    self.defs[node.name.value].append(node)
                elif isinstance(node, cst.ClassDef):
                    self.classes[node.name.value].append(node)
            if _only_imports(stmt):
                self.header.append(self.tree.code_for_node(self._fix(stmt)).strip("\n"))
                self._record(stmt)

    def find(self, name: str, line: int, class_name: str = "") -> Optional[cst.FunctionDef]:
        if class_name:
            for cls in self.classes.get(class_name, ()):
                for node in cls.body.body:
                    if isinstance(node, cst.FunctionDef) and node.name.value == name:
                        pos = self.positions[node]
                        if pos.start.line <= line <= pos.end.line:
                            return node
            return None
        for node in self.defs.get(name, ()):
            pos = self.positions[node]
            if pos.start.line <= line <= pos.end.line:
                return node
        found = self.defs.get(name, ())
        return found[0] if len(found) == 1 else None

    def scopes_of(self, fn: cst.FunctionDef) -> list:
        """The scopes inside ``fn`` (its own, and those of its comprehensions and nested defs)."""
        out = []
        for scope in {id(s): s for s in self.scopes.values() if s is not None}.values():
            s = scope
            while s is not None and not isinstance(s, GlobalScope):
                if getattr(s, "node", None) is fn:
                    out.append(scope)
                    break
                s = s.parent
        return out

    def own_scope(self, fn: cst.FunctionDef):
        for scope in self.scopes_of(fn):
            if getattr(scope, "node", None) is fn:
                return scope
        return None

    def global_accesses(self, fn: cst.FunctionDef) -> dict[str, list[cst.BaseExpression]]:
        """The names ``fn`` reads from the module's global scope, with the nodes reading them."""
        out: dict[str, list[cst.Name]] = defaultdict(list)
        for scope in self.scopes_of(fn):
            for access in scope.accesses:
                node = access.node  # a Name, or the Attribute ``os.path`` read through ``import os.path``
                base = node
                while isinstance(base, cst.Attribute):
                    base = base.value
                if not isinstance(base, cst.Name):
                    continue
                if any(isinstance(r.scope, GlobalScope) for r in access.referents):
                    out[base.value].append(node)
        return out

    def module_names(self) -> set[str]:
        glob = next((s for s in self.scopes.values() if isinstance(s, GlobalScope)), None)
        return {a.name for a in glob.assignments} if glob is not None else set()


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def _only_imports(stmt: cst.CSTNode) -> bool:
    simple = [n for n in _walk(stmt) if isinstance(n, cst.BaseSmallStatement)]
    if any(isinstance(n, (cst.FunctionDef, cst.ClassDef)) for n in _walk(stmt)):
        return False
    return bool(simple) and all(isinstance(n, (cst.Import, cst.ImportFrom, cst.Pass)) for n in simple)


def _dotted(node: cst.CSTNode) -> list[str]:
    if isinstance(node, cst.Name):
        return [node.value]
    if isinstance(node, cst.Attribute):
        return _dotted(node.value) + [node.attr.value]
    raise ValueError(node)


def _attr_of(dotted: str) -> cst.BaseExpression:
    parts = dotted.split(".")
    node: cst.BaseExpression = cst.Name(parts[0])
    for p in parts[1:]:
        node = cst.Attribute(value=node, attr=cst.Name(p))
    return node


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[node]).code if isinstance(node, cst.BaseStatement) else cst.Module(body=[]).code_for_node(node)


def _names_in(node: cst.CSTNode) -> set[str]:
    return {n.value for n in _walk(node) if isinstance(n, cst.Name)}


# --------------------------------------------------------------------------- transformations


class Rename(cst.CSTTransformer):
    """Rename the Name nodes whose value is in ``mapping`` (not attributes, not keywords)."""

    def __init__(self, mapping: dict[str, str]):
        self.mapping = mapping

    def leave_Name(self, original, updated):
        new = self.mapping.get(updated.value)
        return updated.with_changes(value=new) if new else updated

    def visit_Attribute(self, node):
        node.value.visit(self)  # only the receiver; the attribute name stays
        return False

    def leave_Attribute(self, original, updated):
        return updated.with_changes(value=original.value.visit(self))

    def visit_Arg(self, node):
        return True

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)

    def visit_ImportAlias(self, node):
        return False


def rename_locals(fn: cst.FunctionDef, info: ModuleInfo, taken: set[str], keep: frozenset[str] = frozenset()) -> tuple[cst.FunctionDef, dict[str, str]]:
    scope = info.own_scope(fn)
    declared = set()
    for node in _walk(fn.body):
        if isinstance(node, (cst.Global, cst.Nonlocal)):
            declared.update(n.name.value for n in node.names)
    # (a name an import in the body binds keeps its name: the import says which module it is)
    names = sorted({a.name for a in scope.assignments if not isinstance(a, ImportAssignment)} - declared) if scope is not None else []
    mapping = {}
    for name in names:
        if name.startswith("__") or "." in name or name in keep:
            continue
        base = "my_" + name.strip("_") if name.strip("_") else "my_x"
        new = base
        i = 2
        while new in taken or new in mapping.values():
            new = f"{base}{i}"
            i += 1
        mapping[name] = new
    if not mapping:
        return fn, mapping
    renamer = Rename(mapping)

    def param(p):
        if isinstance(p, cst.Param) and p.name.value in mapping:
            return p.with_changes(name=cst.Name(mapping[p.name.value]))
        return p

    ps = fn.params
    params = ps.with_changes(
        posonly_params=[param(p) for p in ps.posonly_params],
        params=[param(p) for p in ps.params],
        kwonly_params=[param(p) for p in ps.kwonly_params],
        star_arg=param(ps.star_arg) if isinstance(ps.star_arg, cst.Param) else ps.star_arg,
        star_kwarg=param(ps.star_kwarg) if ps.star_kwarg is not None else None,
    )
    return fn.with_changes(params=params, body=fn.body.visit(renamer)), mapping


_CONTROL = (cst.Return, cst.Raise, cst.Break, cst.Continue, cst.Pass, cst.Global, cst.Nonlocal, cst.Del, cst.Import, cst.ImportFrom)


def _writes(stmt: cst.SimpleStatementLine) -> set[str]:
    out = set()
    for small in stmt.body:
        targets = []
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
        elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
            targets = [small.target]
        for t in targets:
            out |= _names_in(t)
        for n in _walk(small):
            if isinstance(n, cst.NamedExpr):
                out |= _names_in(n.target)
    return out


def _has(node: cst.CSTNode, kinds) -> bool:
    return any(isinstance(n, kinds) for n in _walk(node))


def _is_docstring(stmt) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _swappable(stmt) -> bool:
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    if any(isinstance(s, _CONTROL) for s in stmt.body):
        return False
    if len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        return False  # a docstring
    return not _has(stmt, (cst.Yield, cst.Await))


def _independent(a, b) -> bool:
    """May ``a; b`` become ``b; a``?  Neither writes a name the other reads or writes, and one
    of them is pure: names, literals and operators only (no call, attribute or subscript, which
    a call in the other could change: two calls may act on the same file, object or process)."""
    wa, wb = _writes(a), _writes(b)
    if wa & _names_in(b) or wb & _names_in(a):
        return False
    return _pure(a) or _pure(b)


def _pure(stmt) -> bool:
    return not _has(stmt, (cst.Call, cst.Attribute, cst.Subscript, cst.Await, cst.Yield, cst.NamedExpr))


def _blocks(fn: cst.FunctionDef):
    """Every statement block of ``fn`` (not of nested defs and classes), outermost first."""
    out = []
    stack = [fn.body]
    while stack:
        node = stack.pop(0)
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node is not fn and node is not fn.body:
            continue
        if isinstance(node, cst.IndentedBlock):
            out.append(node)
        stack.extend(node.children)
    return out


class ReplaceBlock(cst.CSTTransformer):
    def __init__(self, old: cst.IndentedBlock, body: list):
        self.old = old
        self.body = body

    def leave_IndentedBlock(self, original, updated):
        if original is self.old:
            return updated.with_changes(body=self.body or [cst.SimpleStatementLine([cst.Pass()])])
        return updated


def reorder(fn: cst.FunctionDef, rng: random.Random) -> tuple[Optional[cst.FunctionDef], str]:
    pairs = []
    for block in _blocks(fn):
        body = list(block.body)
        for i in range(len(body) - 1):
            a, b = body[i], body[i + 1]
            if _swappable(a) and _swappable(b) and _independent(a, b) and _code(a).strip() != _code(b).strip():
                pairs.append((block, i))
    if pairs:
        block, i = rng.choice(pairs)
        body = list(block.body)
        body[i], body[i + 1] = body[i + 1], body[i]
        return fn.visit(ReplaceBlock(block, body)), "swap"
    for node in _walk(fn.body):
        if isinstance(node, cst.Call):
            kw = [a for a in node.args if a.keyword is not None and not a.star]
            if len(kw) >= 2 and all(isinstance(a.value, (cst.Name, cst.SimpleString, cst.Integer, cst.Float)) for a in kw):
                first = node.args.index(kw[0])
                args = list(node.args[:first]) + [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in reversed(kw)] + [
                    a for a in node.args[first:] if a not in kw
                ]
                target = node

                class Swap(cst.CSTTransformer):
                    def leave_Call(self, original, updated):
                        return updated.with_changes(args=args) if original is target else updated

                return fn.visit(Swap()), "keyword-swap"
    for node in _walk(fn.body):
        # ``a and b`` as ``b and a`` when both are pure (neither can raise where the other guards it)
        if isinstance(node, cst.BooleanOperation) and _pure(node.left) and _pure(node.right) and _code_of(node.left) != _code_of(node.right):
            target = node

            class Operands(cst.CSTTransformer):
                def leave_BooleanOperation(self, original, updated):
                    if original is not target:
                        return updated
                    return updated.with_changes(left=_parenthesized(updated.right), right=_parenthesized(updated.left))

            return fn.visit(Operands()), "operand-swap"
    return None, ""


def _code_of(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _parenthesized(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, (cst.BooleanOperation, cst.UnaryOperation)) and not node.lpar:
        return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return node


def _comp_loops(target: cst.BaseAssignTargetExpression, comp) -> Optional[list]:
    """``target = <comprehension>`` as statements (an empty collection, then loops)."""
    if isinstance(comp, cst.ListComp):
        init, add = cst.List([]), cst.Expr(cst.Call(cst.Attribute(target, cst.Name("append")), [cst.Arg(comp.elt)]))
    elif isinstance(comp, cst.SetComp):
        init, add = cst.Call(cst.Name("set")), cst.Expr(cst.Call(cst.Attribute(target, cst.Name("add")), [cst.Arg(comp.elt)]))
    elif isinstance(comp, cst.DictComp):
        init = cst.Dict([])
        add = cst.Assign([cst.AssignTarget(cst.Subscript(target, [cst.SubscriptElement(cst.Index(comp.key))]))], comp.value)
    else:
        return None
    clauses = []
    f = comp.for_in
    while f is not None:
        if f.asynchronous is not None:
            return None
        clauses.append(f)
        f = f.inner_for_in
    inner: cst.BaseStatement = cst.SimpleStatementLine([add])
    for clause in reversed(clauses):
        for cond in reversed(clause.ifs):
            inner = cst.If(test=cond.test, body=cst.IndentedBlock([inner]))
        inner = cst.For(target=clause.target, iter=clause.iter, body=cst.IndentedBlock([inner]))
    return [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], init)]), inner]


def rewrite_loops(fn: cst.FunctionDef) -> tuple[Optional[cst.FunctionDef], str]:
    done: list[str] = []
    counter = [0]

    class Loops(cst.CSTTransformer):
        def __init__(self):
            self.depth = 0

        def visit_FunctionDef(self, node):
            self.depth += 1
            return self.depth == 1  # not into nested defs

        def leave_FunctionDef(self, original, updated):
            self.depth -= 1
            return updated

        def leave_For(self, original, updated):
            if updated.asynchronous is not None or updated.orelse is not None:
                return updated
            counter[0] += 1
            it = f"_ra_it{counter[0]}"
            fetch = cst.Try(
                body=cst.IndentedBlock(
                    [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(updated.target)], cst.Call(cst.Name("next"), [cst.Arg(cst.Name(it))]))])]
                ),
                handlers=[cst.ExceptHandler(body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Break()])]), type=cst.Name("StopIteration"))],
            )
            loop = cst.While(test=cst.Name("True"), body=cst.IndentedBlock([fetch] + list(updated.body.body)))
            done.append("for-to-while")
            return cst.FlattenSentinel(
                [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(it))], cst.Call(cst.Name("iter"), [cst.Arg(updated.iter)]))]), loop]
            )

        def leave_SimpleStatementLine(self, original, updated):
            if len(updated.body) != 1:
                return updated
            small = updated.body[0]
            comp = getattr(small, "value", None)
            if not isinstance(comp, (cst.ListComp, cst.SetComp, cst.DictComp)):
                return updated
            bound = set()
            f = comp.for_in
            while f is not None:
                bound |= _names_in(f.target)
                f = f.inner_for_in
            # the loop variables leak out of a loop: only when no other code uses their names
            if sum(1 for n in _walk(fn) if isinstance(n, cst.Name) and n.value in bound) > sum(
                1 for n in _walk(comp) if isinstance(n, cst.Name) and n.value in bound
            ):
                return updated
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                stmts = _comp_loops(small.targets[0].target, comp)
                if stmts is None:
                    return updated
                done.append("comprehension-to-loop")
                return cst.FlattenSentinel(stmts)
            if isinstance(small, cst.Return):
                counter[0] += 1
                tmp = cst.Name(f"_ra_result{counter[0]}")
                stmts = _comp_loops(tmp, comp)
                if stmts is None:
                    return updated
                done.append("comprehension-to-loop")
                return cst.FlattenSentinel(stmts + [cst.SimpleStatementLine([cst.Return(tmp)])])
            return updated

    new = fn.visit(Loops())
    if done:
        return new, "+".join(sorted(set(done)))
    return _other_rewrite(fn)


def _ends_in_exit(block) -> bool:
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], (cst.Return, cst.Raise))


def _other_rewrite(fn: cst.FunctionDef) -> tuple[Optional[cst.FunctionDef], str]:
    """A semantics-preserving rewrite for a function without a loop."""
    for block in _blocks(fn):
        body = list(block.body)
        for i, stmt in enumerate(body):
            if isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else) and _ends_in_exit(stmt.body):
                new_body = body[:i] + [stmt.with_changes(orelse=None)] + list(stmt.orelse.body.body) + body[i + 1 :]
                return fn.visit(ReplaceBlock(block, new_body)), "else-to-early-return"
    body = list(fn.body.body)
    for i, stmt in enumerate(body[:-1]):
        if isinstance(stmt, cst.If) and stmt.orelse is None and _ends_in_exit(stmt.body):
            rest = body[i + 1 :]
            new_body = body[:i] + [stmt.with_changes(orelse=cst.Else(body=cst.IndentedBlock(rest)))]
            return fn.visit(ReplaceBlock(fn.body, new_body)), "early-return-to-else"
    names = [n.value for n in _walk(fn) if isinstance(n, cst.Name)]
    for block in _blocks(fn):
        body = list(block.body)
        for i in range(len(body) - 1):
            a, b = body[i], body[i + 1]
            if (
                isinstance(a, cst.SimpleStatementLine) and len(a.body) == 1 and isinstance(a.body[0], cst.Assign)
                and len(a.body[0].targets) == 1 and isinstance(a.body[0].targets[0].target, cst.Name)
                and isinstance(b, cst.SimpleStatementLine) and len(b.body) == 1 and isinstance(b.body[0], cst.Return)
                and isinstance(b.body[0].value, cst.Name) and b.body[0].value.value == a.body[0].targets[0].target.value
                and names.count(b.body[0].value.value) == 2
            ):
                new_body = body[:i] + [b.with_changes(body=[cst.Return(a.body[0].value)])] + body[i + 2 :]
                return fn.visit(ReplaceBlock(block, new_body)), "inline-temporary"
    for block in _blocks(fn):
        body = list(block.body)
        for i, stmt in enumerate(body):
            if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
                small = stmt.body[0]
                tmp = cst.Name("_ra_result")
                if isinstance(small, cst.Return) and isinstance(small.value, cst.Call):
                    new = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(tmp)], small.value)]), cst.SimpleStatementLine([cst.Return(tmp)])]
                    return fn.visit(ReplaceBlock(block, body[:i] + new + body[i + 1 :])), "extract-temporary"
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                    new = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(tmp)], small.value)])]
                    return fn.visit(ReplaceBlock(block, body[:i] + new + body[i + 1 :])), "extract-call"
    return None, ""


def _call_lasts(node: cst.CSTNode, bound: dict) -> set[str]:
    """The last name of each call in ``node`` (``join`` for ``os.path.join(...)``, ``append``
    for ``xs.append(...)``), through ``from m import name as alias`` to ``name``."""
    out = set()
    for n in _walk(node):
        if not isinstance(n, cst.Call):
            continue
        if isinstance(n.func, cst.Attribute):
            out.add(n.func.attr.value)
        elif isinstance(n.func, cst.Name):
            name = n.func.value
            froms = [b for b in bound.get(name, ()) if b[0] == "from"]
            out.add(froms[0][2].rsplit(".", 1)[-1] if froms else name)
    return out


def partial(fn: cst.FunctionDef, target: Target, info: ModuleInfo) -> tuple[Optional[cst.FunctionDef], str]:
    """An 80% partial: simple statements dropped, the last first, while the kept code still
    calls at least 80% of the target's callees.  A callee is located in the code by its last
    name (``os.path.join`` by calls of ``join``); a callee no call names (one called through an
    alias the module defines, a decorator's) is taken as kept."""
    callees = target.callees
    total = len(callees)
    if total < 5:
        return None, ""  # 4 of 4 callees is 100%, 3 of 4 is 75%: no partial keeps 80%
    budget = total - -(-total * 8 // 10)  # may lose this many and keep >= 80%

    def covered(node) -> set[str]:
        lasts = _call_lasts(node, info.bound)
        return {c for c in callees if c.rsplit(".", 1)[-1] in lasts}

    located = covered(fn.body)
    units = []  # each droppable simple statement, in source order
    for block in _blocks(fn):
        for i, stmt in enumerate(block.body):
            if isinstance(stmt, cst.SimpleStatementLine) and not (block is fn.body and i == len(block.body) - 1):
                units.append(stmt)
    dropped: set[int] = set()
    lost_so_far = 0
    for k in range(len(units) - 1, -1, -1):
        # drop a statement only when it loses a callee no kept statement calls, within the budget
        trial = dropped | {k}
        kept = fn.body.visit(_Drop({id(units[j]) for j in trial}))
        lost = len(located - covered(kept))
        if lost_so_far < lost <= budget:
            dropped, lost_so_far = trial, lost
    if not dropped:
        return None, ""
    body = fn.body.visit(_Drop({id(units[j]) for j in dropped}))
    return fn.with_changes(body=body), f"keeps {total - lost_so_far}/{total} callees"


class _Drop(cst.CSTTransformer):
    def __init__(self, ids: set[int]):
        self.ids = ids

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemoveFromParent() if id(original) in self.ids else updated

    def leave_IndentedBlock(self, original, updated):
        if not updated.body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated


def _forward(fn: cst.FunctionDef, skip_first: bool = False) -> list[cst.Arg]:
    ps = fn.params
    positional = list(ps.posonly_params) + list(ps.params)
    args = [cst.Arg(cst.Name(p.name.value)) for p in positional[1 if skip_first else 0 :]]
    if isinstance(ps.star_arg, cst.Param):
        args.append(cst.Arg(cst.Name(ps.star_arg.name.value), star="*"))
    tight = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))
    args += [cst.Arg(cst.Name(p.name.value), keyword=cst.Name(p.name.value), equal=tight) for p in ps.kwonly_params]
    if ps.star_kwarg is not None:
        args.append(cst.Arg(cst.Name(ps.star_kwarg.name.value), star="**"))
    return args


def _stmt(code: str) -> cst.BaseStatement:
    return cst.parse_statement(code)


def embedded(fn: cst.FunctionDef, new_name: str, call: Optional[cst.Call] = None) -> cst.FunctionDef:
    """``fn``'s whole body inside a larger function that logs and times it (and, for the
    ``reuse-call`` negative, first calls the target itself)."""
    prelude = [
        _stmt("_ra_log = _ra_logging.getLogger(__name__)"),
        _stmt(f"_ra_log.debug('start %s', {new_name!r})"),
        _stmt("_ra_started = _ra_time.perf_counter()"),
    ]
    if call is not None:
        value = cst.Await(call) if fn.asynchronous is not None else call
        prelude.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name("_ra_checked"))], value)]))
        prelude.append(_stmt("_ra_log.debug('checked %r', _ra_checked)"))
    final = cst.Finally(body=cst.IndentedBlock([_stmt(f"_ra_log.debug('%s took %.3fs', {new_name!r}, _ra_time.perf_counter() - _ra_started)")]))
    statements = list(fn.body.body)
    docstring = statements[:1] if statements and _is_docstring(statements[0]) else []
    rest = statements[len(docstring):] or [cst.SimpleStatementLine([cst.Pass()])]
    body = cst.IndentedBlock(docstring + prelude + [cst.Try(body=fn.body.with_changes(body=rest), finalbody=final)])
    return fn.with_changes(name=cst.Name(new_name), body=body)


def wrapper(fn: cst.FunctionDef, new_name: str, call: cst.Call) -> cst.FunctionDef:
    value = cst.Await(call) if fn.asynchronous is not None else call
    return fn.with_changes(name=cst.Name(new_name), decorators=[], body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(value)])]))


class Aliases(cst.CSTTransformer):
    def __init__(self, names: dict[int, str], chains: dict[int, str]):
        self.names = names  # id(Name node) -> alias
        self.chains = chains  # id(Attribute node) -> alias

    def leave_Name(self, original, updated):
        alias = self.names.get(id(original))
        return updated.with_changes(value=alias) if alias else updated

    def leave_Attribute(self, original, updated):
        alias = self.chains.get(id(original))
        return cst.Name(alias) if alias else updated


def alias_imports(fn: cst.FunctionDef, info: ModuleInfo, own_imports: dict[str, str], taken: set[str]) -> tuple[Optional[cst.FunctionDef], list[str], str]:
    """``fn`` reading its imported names through aliases, and the aliasing import lines."""
    accesses = info.global_accesses(fn)
    names: dict[int, str] = {}
    chains: dict[int, str] = {}
    lines: list[str] = []
    used: set[str] = set(taken)
    done = []

    def fresh(base: str) -> str:
        new, i = base, 2
        while new in used:
            new, i = f"{base}{i}", i + 1
        used.add(new)
        return new

    for name in sorted(accesses):
        nodes = accesses[name]
        bindings = info.bound.get(name, [])
        if name in own_imports and not bindings:
            bindings = [("from", own_imports[name], name)]
        if len({b for b in bindings}) != 1:
            continue  # not imported, or imported by two statements (try/except): ambiguous
        kind, module, member = bindings[0]
        if kind == "from":
            alias = fresh(f"{member[0]}_{member}" if not member.startswith("_") else f"a{member}")
            lines.append(f"from {module} import {member} as {alias}")
            for node in nodes:
                if isinstance(node, cst.Name):
                    names[id(node)] = alias
            done.append("from")
        elif kind == "import-as":
            alias = fresh(f"{name}_al")
            lines.append(f"import {module} as {alias}")
            for node in nodes:
                if isinstance(node, cst.Name):
                    names[id(node)] = alias
            done.append("import")
        elif kind == "import":
            modules = sorted((b[1] for b in info.bound.get(name, []) if b[0] == "import"), key=len, reverse=True)
            if module.count(".") == 0:
                alias = fresh(f"{module}_al")
                lines.append(f"import {module} as {alias}")
                for node in nodes:
                    if isinstance(node, cst.Name):
                        names[id(node)] = alias
                done.append("import")
                continue
            aliases: dict[str, str] = {}
            for node in nodes:
                best = None
                if isinstance(node, cst.Attribute):
                    # libcst reads ``os.path.join`` through ``import os.path`` as the ``os.path`` node
                    if ".".join(_dotted(node)) in modules:
                        best = (node, ".".join(_dotted(node)))
                else:
                    # the longest dotted module the attribute chain from this name spells
                    chain, dotted = node, [node.value]
                    while True:
                        parent = info.parents.get(chain)
                        if not isinstance(parent, cst.Attribute) or parent.value is not chain:
                            break
                        chain = parent
                        dotted.append(parent.attr.value)
                        if ".".join(dotted) in modules:
                            best = (parent, ".".join(dotted))
                if best is None:
                    continue
                dotted_name = best[1]
                if dotted_name not in aliases:
                    parts = dotted_name.split(".")
                    aliases[dotted_name] = fresh("".join(p[0] for p in parts[:-1]) + "_" + parts[-1])
                    lines.append(f"import {dotted_name} as {aliases[dotted_name]}")
                chains[id(best[0])] = aliases[dotted_name]
            if aliases:
                done.append("import-dotted")
    if not names and not chains:
        return None, [], ""
    return fn.visit(Aliases(names, chains)), lines, "+".join(sorted(set(done)))


# --------------------------------------------------------------------------- cases


def new_name_for(target: Target, kind: str) -> str:
    base = target.name.strip("_") or "function"
    return {"embedded": f"{base}_logged", "reuse-call": f"{base}_checked", "wrapper": f"{base}_wrapper"}.get(kind, f"{base}_v2")


def make_cases(target: Target, info: ModuleInfo, kinds: Iterable[str], seed: int, start: int, skipped: Counter) -> list[Case]:
    fn = info.find(target.name, target.line, target.class_name)
    if fn is None:
        skipped["def not found"] += 1
        return []
    accesses = info.global_accesses(fn)
    header_names = set(info.bound) - {"*"}
    module_names = info.module_names()
    own = sorted(n for n in accesses if n not in header_names and n in module_names)
    own_imports = {n: target.module for n in own}
    taken = _names_in(fn) | module_names | BUILTINS | header_names
    rng = random.Random(f"{seed}:{target.qualname}")
    # the negatives call the target: under its own name unless the body binds that name
    callable_name = target.name if target.name not in _names_in(fn.params) | _names_in(fn.body) else f"_ra_{target.name.strip('_')}"
    import_target = f"from {target.module} import {target.name}" + (f" as {callable_name}" if callable_name != target.name else "")
    method = bool(target.class_name)
    static = method and any(isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod" for d in fn.decorators)
    first = frozenset()
    if method:
        # a method is injected into a new subclass of its class: self, cls and super() resolve as before
        own_imports.setdefault(target.class_name, target.module)
        subclass = f"{target.class_name.strip('_')}Injected"
        positional = list(fn.params.posonly_params) + list(fn.params.params)
        first = frozenset({positional[0].name.value}) if positional and not static else frozenset()
        if static:
            call_of_target = cst.Call(cst.Attribute(cst.Name(target.class_name), cst.Name(target.name)), _forward(fn))
        else:
            call_of_target = cst.Call(cst.Attribute(cst.Call(cst.Name("super")), cst.Name(target.name)), _forward(fn, skip_first=bool(first)))
        import_target = ""
    else:
        call_of_target = cst.Call(cst.Name(callable_name), _forward(fn))
    cases = []
    for kind in kinds:
        new_name = new_name_for(target, kind)
        if new_name in taken:
            new_name = new_name + "_ra"
        extra: list[str] = []
        rewrite = ""
        imports = dict(own_imports)
        node: Optional[cst.FunctionDef]
        if kind == "verbatim":
            node = fn
        elif kind == "renamed":
            node, mapping = rename_locals(fn, info, taken, keep=first)
            rewrite = f"{len(mapping)} names"
            if not mapping:
                node = None
        elif kind == "reordered":
            node, rewrite = reorder(fn, rng)
        elif kind == "loop-rewritten":
            node, rewrite = rewrite_loops(fn)
        elif kind == "alias-imported":
            node, extra, rewrite = alias_imports(fn, info, own_imports, taken)
        elif kind == "partial":
            node, rewrite = partial(fn, target, info)
        elif kind == "embedded":
            node = embedded(fn, new_name)
            extra = ["import logging as _ra_logging", "import time as _ra_time"]
        elif kind == "reuse-call":
            node = embedded(fn, new_name, call=call_of_target)
            extra = ["import logging as _ra_logging", "import time as _ra_time", import_target]
        elif kind == "wrapper":
            node = wrapper(fn, new_name, call_of_target)
            imports = {target.class_name: target.module} if method else {}
            extra = [import_target]
        else:
            raise ValueError(kind)
        if node is None:
            skipped[f"{kind}: not applicable"] += 1
            continue
        node = node.with_changes(name=cst.Name(new_name), leading_lines=[])
        qualname_in_module = new_name
        if method:
            node = cst.ClassDef(name=cst.Name(subclass), bases=[cst.Arg(cst.Name(target.class_name))], body=cst.IndentedBlock([node]))
            qualname_in_module = f"{subclass}.{new_name}"
        lines = list(info.future) + list(info.header)
        lines += [f"from {module} import {name}" for name, module in sorted(imports.items())]
        lines += [line for line in extra if line]
        source = "\n".join(lines) + "\n\n\n" + _code(node).strip("\n") + "\n"
        try:
            compile(source, "<injected>", "exec", dont_inherit=True)
        except SyntaxError as exc:
            skipped[f"{kind}: does not compile ({exc.msg})"] += 1
            continue
        directory = target.path.rsplit("/", 1)[0]
        path = f"{directory}/_injected_{start + len(cases)}.py"
        cases.append(
            Case(
                id=start + len(cases),
                kind=kind,
                package=target.package,
                target=target.qualname,
                new_function=f"{module_of(path)}.{qualname_in_module}",
                path=path,
                callee_kind=target.callee_kind,
                target_kind="method" if method else "function",
                rewrite=rewrite,
                source=source,
                positive=kind in POSITIVE_KINDS,
            )
        )
    return cases


def new_file_diff(path: str, source: str) -> str:
    lines = source.splitlines()
    out = [f"diff --git a/{path} b/{path}", "new file mode 100644", "--- /dev/null", f"+++ b/{path}", f"@@ -0,0 +1,{len(lines)} @@"]
    out += ["+" + line for line in lines]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- checking


class Checker:
    """One package's tree and facts cache, checking cases as diffs against it."""

    def __init__(self, package: str, files: dict[str, bytes], cache_dir: Path, settings: api.Settings):
        self.package = package
        self.tree = api.MemoryTree(files)
        self.cache_dir = cache_dir
        self.settings = settings
        self.cache = api.FactsCache(cache_dir)

    def check(self, case: Case) -> Case:
        started = time.perf_counter()
        change = api.change_from_diff(self.tree, new_file_diff(case.path, case.source), f"case {case.id}")
        result = api.run(change, self.settings, cache=self.cache, jobs=1)
        # a copy with nested functions is reported on the innermost one holding the copied
        # calls (RA001: one copy, one finding): that finding is on the injected function too
        nested = case.new_function + LOCALS
        mine = [f for f in result.report.findings if f.rule in RULES and (f.function == case.new_function or f.function.startswith(nested))]
        case.named = sorted({f"{f.rule}:{f.target}" for f in mine})
        hits = [f for f in mine if f.target == case.target]
        if not case.positive:
            # A negative calls T in the injected function itself; the reuse-call negative also
            # pastes T's body, so a function nested in T is pasted too, which does not call T:
            # a finding on it is a true copy, recorded apart (on_nested), not a false positive.
            outer = [f for f in hits if f.function == case.new_function]
            case.on_nested = bool(hits) and not outer
            hits = outer
        case.found = bool(hits)
        case.rule = min(f.rule for f in hits) if hits else ""
        if hits:
            case.details = dict(_details(min(hits, key=lambda f: f.rule)))
        if case.positive:
            case.on_nested = bool(hits) and all(f.function != case.new_function for f in hits)
        try:
            case.overlap, why = diagnose(result, case, self.settings)
        except ImportError:  # an older revision's rules (scripts/measure.py --before): no diagnosis
            case.overlap, why = "", "not diagnosed (this revision's rules lack what diagnose() reads)"
        if case.positive and not case.found:
            if why == "another target named":
                ranked = any(o.qualname == case.target for f in mine for o in _others(f))
                why += " (the target qualified too, ranked lower)" if ranked else " (the target did not qualify)"
            case.reason = why
        elif not case.positive and case.found:
            case.reason = "reported: " + ", ".join(case.named)
        case.seconds = round(time.perf_counter() - started, 3)
        return case


def diagnose(result, case: Case, settings: api.Settings) -> tuple[str, str]:
    """The target's callee overlap as the engine resolved it, and why a case was not found."""
    from reuse_audit.rules import scope
    from reuse_audit.rules.callees import calls_function, calls_of, is_reimplementation, method_names_of, reach
    from reuse_audit.rules.ra001_reimplemented_function import common, distinct, informative

    index = result.provided  # (what the rules read: the index and what was built for them)
    try:
        new = index.functions.get(case.new_function)
        target = index.functions.get(case.target)
        if new is None:
            return "", "new function not indexed"
        if target is None:
            return "", "target not indexed"
        callees, reached = reach(case.new_function, index, result.change_set.added)
        tcallees = distinct(target.callees, index)
        names = method_names_of(callees, index)
        shared = [c for c in tcallees if calls_of(c, callees, names, index)]
        overlap = f"{len(shared)}/{len(tcallees)}"
        if calls_function(reached, case.target, index):
            return overlap, "calls the target"
        if not is_reimplementation(len(shared), len(tcallees), settings):
            missing = sorted(set(tcallees) - set(shared))
            # ``obj.m()`` on a module-level object is the method ``.m`` in its own module, but
            # ``pkg.mod.obj.m`` once ``obj`` is imported from there
            by_path = sorted(c for c in callees if not c.startswith(".") and any(m.startswith(".") and c.endswith(m) for m in missing))
            if by_path:
                return overlap, "method of an imported module-level object resolved by its path (" + ", ".join(by_path[:3]) + ")"
            return overlap, "overlap below min-overlap (missing: " + ", ".join(missing[:4]) + ")"
        if scope.allowed_target(new, case.target, index, settings, result.provided.after_facts) is None:
            return overlap, "target out of scope (scope.allowed_target)"
        if settings.min_own_callees and not informative(shared, index, settings):
            return overlap, "shared callees are vocabulary only (min-own-callees)"
        found = common(case.target, tcallees, case.new_function, reached, index, settings, result.change_set)
        if found > settings.max_common:
            return overlap, f"a combination {found} untouched functions share (max-common)"
        if case.named:
            return overlap, "another target named"
        return overlap, "other"
    except Exception as exc:  # a diagnosis is a report's aside, never a reason to stop
        return "", f"diagnosis failed: {type(exc).__name__}: {exc}"


_WORKER: Optional[Checker] = None


def _init_worker(package: str, files: dict[str, bytes], cache_dir: str, settings: api.Settings) -> None:
    global _WORKER
    _WORKER = Checker(package, files, Path(cache_dir), settings)


def _check_one(case: Case) -> Case:
    assert _WORKER is not None
    return _WORKER.check(case)


# --------------------------------------------------------------------------- the corpus


def build_cases(
    package: str, files: dict[str, bytes], per_package: int, seed: int, kinds, settings: api.Settings, cache: api.FactsCache, start: int = 0, methods: bool = True
):
    """The package's targets (all eligible, and the sample) and its cases."""
    tree = api.MemoryTree(files)
    index = api.build_index(tree, settings, cache, 1)
    targets, dropped = eligible_targets(package, index, settings, files, methods)
    rng = random.Random(f"{seed}:{package}")
    sample = sorted(rng.sample(targets, min(per_package, len(targets))), key=lambda t: t.qualname)
    infos: dict[str, ModuleInfo] = {}
    cases: list[Case] = []
    skipped: Counter = Counter(dropped)
    for target in sample:
        if target.path not in infos:
            infos[target.path] = ModuleInfo(target.path, files[target.path])
        cases += make_cases(target, infos[target.path], kinds, seed, start + len(cases), skipped)
    return targets, sample, cases, skipped


def run_corpus(packages, per_package: int, seed: int, kinds, jobs: int = 2, log=print, methods: bool = True, settings=None) -> dict:
    settings = settings if settings is not None else api.Settings()
    started = time.perf_counter()
    all_cases: list[Case] = []
    eligible: dict[str, Counter] = {}
    skipped_all: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="ra-injection-") as tmp:
        for package in packages:
            t0 = time.perf_counter()
            files = package_files(package)
            cache_dir = Path(tmp) / package
            cache_dir.mkdir()
            cache = api.FactsCache(cache_dir)
            targets, sample, cases, skipped = build_cases(package, files, per_package, seed, kinds, settings, cache, start=len(all_cases), methods=methods)
            cache.close()  # the workers open their own connections to it
            eligible[package] = Counter(t.callee_kind for t in targets)
            skipped_all.update(skipped)
            if jobs > 1 and len(cases) > 4:
                ctx = multiprocessing.get_context("fork")
                with ctx.Pool(jobs, initializer=_init_worker, initargs=(package, files, str(cache_dir), settings)) as pool:
                    checked = pool.map(_check_one, cases, chunksize=4)
            else:
                checker = Checker(package, files, cache_dir, settings)
                checked = [checker.check(c) for c in cases]
            all_cases += checked
            found = sum(c.found for c in checked if c.positive)
            positives = sum(c.positive for c in checked)
            log(f"{package}: {len(targets)} eligible targets, {len(sample)} sampled, {len(checked)} cases, "
                f"{found}/{positives} positives found, {time.perf_counter() - t0:.1f}s")
    return summarize(all_cases, eligible, skipped_all, time.perf_counter() - started)


def _rate(cases: list[Case]) -> dict:
    n = len(cases)
    found = sum(c.found for c in cases)
    return {"cases": n, "found": found, "recall": round(found / n, 4) if n else None}


def summarize(cases: list[Case], eligible: dict[str, Counter], skipped: Counter, seconds: float) -> dict:
    positives = [c for c in cases if c.positive]
    negatives = [c for c in cases if not c.positive]
    by = lambda key: {k: _rate([c for c in positives if key(c) == k]) for k in sorted({key(c) for c in positives})}  # noqa: E731
    all_targets = sum(sum(c.values()) for c in eligible.values())
    stdlib_targets = sum(c["stdlib-only"] for c in eligible.values())
    return {
        "cases": len(cases),
        "positives": len(positives),
        "negatives": len(negatives),
        "seconds": round(seconds, 1),
        "recall": _rate(positives),
        "by_kind": {k: _rate([c for c in positives if c.kind == k]) for k in POSITIVE_KINDS if any(c.kind == k for c in positives)},
        "by_package": by(lambda c: c.package),
        "by_target_kind": by(lambda c: c.target_kind),
        "by_callees": {
            "stdlib-only": _rate([c for c in positives if c.callee_kind == "stdlib-only"]),
            "rest": _rate([c for c in positives if c.callee_kind != "stdlib-only"]),
            **{f"({k})": _rate([c for c in positives if c.callee_kind == k]) for k in ("no-own-function", "own")},
        },
        "by_rule": dict(Counter(c.rule for c in positives if c.found)),
        "found_on_nested_function": sum(c.on_nested for c in positives),
        "negatives_reported": {
            k: {
                "cases": sum(c.kind == k for c in negatives),
                "reported": sum(c.found for c in negatives if c.kind == k),
                "nested_copy_reported": sum(c.on_nested for c in negatives if c.kind == k),
            }
            for k in NEGATIVE_KINDS
            if any(c.kind == k for c in negatives)
        },
        "false_positives": [asdict(c) | {"source": None} for c in negatives if c.found],
        "eligible_targets": {p: dict(c) for p, c in eligible.items()},
        "stdlib_only_share": {
            "eligible": round(stdlib_targets / all_targets, 4) if all_targets else None,
            "positive_cases": round(sum(c.callee_kind == "stdlib-only" for c in positives) / len(positives), 4) if positives else None,
        },
        "missed_by_reason": dict(Counter(_reason_class(c.reason) for c in positives if not c.found).most_common()),
        "rewrites": {k: dict(Counter(c.rewrite.split(" ")[0] if k == "partial" else c.rewrite for c in positives if c.kind == k)) for k in ("reordered", "loop-rewritten", "alias-imported")},
        "skipped": dict(sorted(skipped.items())),
        "results": [asdict(c) for c in cases],
    }


def _reason_class(reason: str) -> str:
    return reason.split(" (")[0]


def print_summary(summary: dict, out=sys.stdout) -> None:
    p = lambda *a: print(*a, file=out)  # noqa: E731

    def fmt(r):
        return f"{r['found']:5d}/{r['cases']:<5d} {r['recall'] if r['recall'] is not None else '-'}"

    p(f"{summary['cases']} cases ({summary['positives']} positive, {summary['negatives']} negative), {summary['seconds']}s")
    p(f"recall: {fmt(summary['recall'])}")
    p("by kind:")
    for k, r in summary["by_kind"].items():
        p(f"  {k:16s} {fmt(r)}")
    p("by package:")
    for k, r in summary["by_package"].items():
        p(f"  {k:16s} {fmt(r)}")
    if len(summary["by_target_kind"]) > 1:
        p("by target kind:")
        for k, r in summary["by_target_kind"].items():
            p(f"  {k:16s} {fmt(r)}")
    p("by target callees:")
    for k, r in summary["by_callees"].items():
        p(f"  {k:18s} {fmt(r)}")
    share = summary["stdlib_only_share"]
    p(f"stdlib-only share: {share['eligible']} of eligible targets, {share['positive_cases']} of positive cases")
    p(f"found by rule: {summary['by_rule']}; found only on a function nested in the injected one: {summary['found_on_nested_function']}")
    p("negatives (must not be reported):")
    for k, r in summary["negatives_reported"].items():
        p(f"  {k:16s} {r['reported']} reported of {r['cases']} (a nested function's pasted copy reported, not counted: {r['nested_copy_reported']})")
    for c in summary["false_positives"][:10]:
        p(f"    FP {c['kind']} {c['new_function']} -> {c['target']}: {c['reason']}")
    p("missed positives by reason:")
    for k, n in summary["missed_by_reason"].items():
        p(f"  {n:5d} {k}")
    p(f"rewrites: {summary['rewrites']}")
    p(f"skipped: {summary['skipped']}")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--packages", default=",".join(DEFAULT_PACKAGES), help="comma-separated import names (default: %(default)s)")
    parser.add_argument("--per-package", type=int, default=DEFAULT_PER_PACKAGE, help="targets sampled a package (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds (default: all)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes (default: %(default)s)")
    parser.add_argument("--no-methods", dest="methods", action="store_false", help="module-level functions only (default: methods too)")
    parser.add_argument("--out", type=Path, help="write the summary and every case's result as JSON here")
    parser.add_argument("--sources", action="store_true", help="keep each case's injected module in --out")
    parser.add_argument("--min-confidence", type=float, default=None, help="RA001's operating point (default: the rule's; 0 for the curve, scripts/curve.py)")
    parser.add_argument("--select", default="", help="comma-separated rule codes to run, as `check --select` (default: the rules run by default; RA001,RA003,RA004 adds RA004, in preview)")
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; known: {', '.join(KINDS)}")
    packages = [p.strip() for p in args.packages.split(",") if p.strip()]
    settings = api.Settings(select=tuple(c.strip().upper() for c in args.select.split(",") if c.strip()))
    if args.min_confidence is not None:
        settings = dataclasses.replace(settings, min_confidence=args.min_confidence)
    summary = run_corpus(packages, args.per_package, args.seed, kinds, jobs=args.jobs, log=lambda m: print(m, file=sys.stderr), methods=args.methods, settings=settings)
    print_summary(summary)
    if args.out:
        if not args.sources:
            for r in summary["results"]:
                r.pop("source", None)
        args.out.write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
