"""Suggested fixes: replace a re-implementation's body with a call of its target.

A finding of RA001 (or RA003) names a new function ``N`` and an existing
function ``T`` to call instead.  When their signatures are compatible, the fix
keeps ``N``'s decorators, signature, docstring and leading comments (callers
are unaffected) and replaces the rest of its body with ``return T(...)``,
importing ``T`` into ``N``'s module when it is not there yet::

    fix = suggest_fix(rule.fix(finding), change.after, result.index, finding.stable_key)  # Optional[Fix]
    plan = plan_fixes(change, result, check, findings)             # verified fixes, by stable key

Only the two files involved are read, and parsed with libcst; each
transformation is a small libcst class (codemod style):

* :class:`FunctionFinder` finds a ``def`` by its line (``PositionProvider``)
  and checks its qualified name;
* :class:`ImportCollector` lists the module-level imports of a module;
* :class:`BodyShape` tells a generator from a function, and whether it returns a value;
* :class:`ReplaceBody` replaces a function's body;
* libcst's own ``AddImportsVisitor`` imports ``T``, and its ``RemoveImportsVisitor``
  removes the imports the old body alone used (``importedits.py``, imported only by
  a fix that changes an import: ``libcst.codemod`` takes 0.2 s to import).

Compatibility (:func:`map_arguments`) maps ``N``'s parameters onto ``T``'s:
positional parameters in order (``T`` may have more, when they have
defaults), keyword-only parameters by name, ``*args`` and ``**kwargs`` only
to the same kind; every required parameter of ``T`` receives one of ``N``'s;
every parameter of ``N`` is passed through (so ``N``'s defaults keep applying
to ``N``'s callers).  Anything else, or anything unsure, gives no fix: a
:class:`NoFix` with the reason.

:func:`plan_fixes` verifies each fix before it is offered: the caller's check
(:class:`Check`: the engine with the caller's settings and rules) runs again on
the change with the fixes applied in memory; the finding must disappear and no
other finding appear.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import io
import os
import re
import stat
import tempfile
import textwrap
import tokenize
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping, Optional, Protocol, Sequence, Union

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, ScopeProvider

from reuse_audit.errors import UsageError
from reuse_audit.fix.parsed import ImportCollector, ParsedModule, dotted_name, unused_in
from reuse_audit.facts.rows import LOCALS, special
from reuse_audit.fix.plan import (
    Edit,
    Fix,
    FixPlan,
    split_lines,
    unified_diff,
)
from reuse_audit.index.tokens import file_entries
from reuse_audit.lint.edits import ReplaceWithCall
from reuse_audit.lint.model import Finding
from reuse_audit.source.note import Note
from reuse_audit.source.tree import OverlayTree, SourceTree

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.index import RepoIndex
    from reuse_audit.lint.rule import FixFunction
    from reuse_audit.lint.engine import Result
    from reuse_audit.source.change import Change

__all__ = [
    "Check",
    "Edit",
    "Fix",
    "FixPlan",
    "NoFix",
    "suggest_fix",
    "propose_fix",
    "map_arguments",
    "plan_fixes",
    "merge_fixes",
    "unified_diff",
    "write_fixes",
    "relocate",
    "line_map",
    "FunctionFinder",
    "ImportCollector",
    "BodyShape",
    "ReplaceBody",
]

LOCAL_PART = LOCALS.strip(".")  # "<locals>": the part of a qualified name that opens a function's locals
BOM = "\ufeff"
BUILTIN_NAMES = frozenset(dir(builtins))

# Decorators of T that leave its call signature as its ``def`` says.
_T_DECORATORS = frozenset({
    "staticmethod", "classmethod", "abstractmethod", "abc.abstractmethod",
    "cache", "functools.cache", "lru_cache", "functools.lru_cache",
    "override", "typing.override", "typing_extensions.override", "final", "typing.final",
})
# Decorators of N under which its body is not what callers run.
_N_REFUSED_DECORATORS = frozenset({"overload", "typing.overload", "typing_extensions.overload"})


# ---------------------------------------------------------------------------
# the data


class NoFix(Exception):
    """No fix can be offered; ``str(exc)`` says why (one line)."""


# ---------------------------------------------------------------------------
# libcst visitors and transformers


@dataclass(frozen=True)
class FoundFunction:
    node: cst.FunctionDef
    local_name: str  # as __qualname__: C.m, f.<locals>.g
    class_path: Optional[str]  # the class it is defined directly in ("Outer.Inner"), None otherwise
    nested: bool  # inside a function


class FunctionFinder(cst.CSTVisitor):
    """Find the ``def`` whose ``def`` (or ``async``) keyword is on ``line`` and whose name is ``name``."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, line: int, name: str) -> None:
        super().__init__()
        self.line = line
        self.name = name
        self.found: list[FoundFunction] = []
        self._stack: list[tuple[str, str]] = []  # ("class" | "def", name)

    def _prefix(self) -> str:
        return "".join(f"{n}." if kind == "class" else f"{n}{LOCALS}" for kind, n in self._stack)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._stack.append(("class", node.name.value))

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._stack.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if node.name.value == self.name and self.get_metadata(PositionProvider, node).start.line == self.line:
            in_class = bool(self._stack) and self._stack[-1][0] == "class"
            class_path = ".".join(n for _, n in self._stack) if in_class else None
            nested = any(kind == "def" for kind, _ in self._stack)
            self.found.append(FoundFunction(node, self._prefix() + node.name.value, class_path, nested))
        self._stack.append(("def", node.name.value))

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._stack.pop()


class BodyShape(cst.CSTVisitor):
    """Does a function's own body yield (a generator), and does it return a value?

    Nested functions, lambdas and classes are not entered; ``return None``
    returns no value.
    """

    def __init__(self) -> None:
        super().__init__()
        self.yields = False
        self.returns_value = False
        self._depth = 0

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self._depth += 1
        return self._depth == 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._depth -= 1

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None and not (isinstance(node.value, cst.Name) and node.value.value == "None"):
            self.returns_value = True

    @classmethod
    def of(cls, node: cst.FunctionDef) -> "BodyShape":
        shape = cls()
        node.visit(shape)
        return shape


class NameCollector(cst.CSTVisitor):
    """Every name used or bound anywhere in a module (not attribute names after a dot, nor keywords of calls)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False


def _imports_left_unused_by(mod: ParsedModule, old: cst.FunctionDef, after: cst.Module) -> Optional[frozenset[str]]:
    """The names of the imports that replacing the body of ``old`` (giving ``after``) may leave
    unused: those a top-level import of ``mod`` binds that are words of ``old`` and of nothing
    else in ``after`` but its import lines; None when a ``*`` import makes that unknown.

    ``importedits.fix_imports`` removes only imports among them: it removes imports ``old``
    uses (in its code, or in a string: an annotation) whose name ``after`` has nowhere else (the
    same word test), never a package's, and never one under ``if`` or ``try`` (its own line
    is in ``after`` as a word).  Empty: it would remove none."""
    if mod.is_package:
        return frozenset()
    imports = ImportCollector(mod.module, mod.is_package)
    mod.tree.visit(imports)
    if imports.any_star:
        return None
    return unused_in(after, imports.bound_names.intersection(re.findall(r"[^\W\d]\w*", mod.tree.code_for_node(old))))


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


class ReplaceBody(cst.CSTTransformer):
    """Replace the body of the function ``target`` (the very node) with ``statements``.

    Kept: its decorators, signature, the comment on the ``def`` line, the
    docstring, and the comments leading the first statement after it (they
    move to the first new statement).  Dropped: the other statements and the
    comments trailing the body.
    """

    def __init__(self, target: cst.FunctionDef, statements: Sequence[cst.BaseStatement]) -> None:
        super().__init__()
        self.target = target
        self.statements = tuple(statements)
        self.replaced = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is not self.target  # nothing inside the target needs visiting

    def leave_FunctionDef(self, original_node: cst.FunctionDef, updated_node: cst.FunctionDef) -> cst.FunctionDef:
        if original_node is not self.target:
            return updated_node
        self.replaced = True
        body = updated_node.body
        if isinstance(body, cst.SimpleStatementSuite):
            small = [s.body[0] for s in self.statements if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1]
            if len(small) == len(self.statements):
                return updated_node.with_changes(body=body.with_changes(body=small))
            body = cst.IndentedBlock(body=[], header=body.trailing_whitespace)
        assert isinstance(body, cst.IndentedBlock)
        old = list(body.body)
        kept: list[cst.BaseStatement] = []
        if old and _is_docstring(old[0]):
            kept.append(old.pop(0))
        new = list(self.statements)
        if old and new:
            new[0] = new[0].with_changes(leading_lines=tuple(_leading_lines(old[0])) + tuple(_leading_lines(new[0])))
        return updated_node.with_changes(body=body.with_changes(body=kept + new, footer=()))


def _leading_lines(statement: cst.BaseStatement) -> Sequence[cst.EmptyLine]:
    """The blank lines and comments above ``statement``.  Every statement has them, but libcst
    declares them on its two kinds of statement (a line of small statements, a compound
    statement), not on BaseStatement."""
    if isinstance(statement, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        return statement.leading_lines
    return ()


# ---------------------------------------------------------------------------
# signatures


@dataclass(frozen=True)
class ParamInfo:
    name: str
    kind: str  # positional_only | positional | var_positional | keyword_only | var_keyword
    has_default: bool
    annotation: Optional[cst.BaseExpression] = None


def params_of(node: cst.FunctionDef) -> list[ParamInfo]:
    p = node.params
    out = [ParamInfo(x.name.value, "positional_only", x.default is not None, _annotation(x)) for x in p.posonly_params]
    out += [ParamInfo(x.name.value, "positional", x.default is not None, _annotation(x)) for x in p.params]
    if isinstance(p.star_arg, cst.Param):
        out.append(ParamInfo(p.star_arg.name.value, "var_positional", False, _annotation(p.star_arg)))
    out += [ParamInfo(x.name.value, "keyword_only", x.default is not None, _annotation(x)) for x in p.kwonly_params]
    if p.star_kwarg is not None:
        out.append(ParamInfo(p.star_kwarg.name.value, "var_keyword", False, _annotation(p.star_kwarg)))
    return out


def _annotation(param: cst.Param) -> Optional[cst.BaseExpression]:
    return param.annotation.annotation if param.annotation is not None else None


_POSITIONAL = ("positional_only", "positional")


def map_arguments(
    n_params: Sequence[ParamInfo],
    t_params: Sequence[ParamInfo],
    n_label: str = "N",
    t_label: str = "T",
    by_name: bool = False,
) -> list[str]:
    """The arguments of the call of T that passes every parameter of N through.

    By position (``by_name`` false: N is a renamed copy of T, so its parameters
    are T's in the same order, whatever they are called): N's positional
    parameters go to T's positional parameters in order (T may have more, when
    each has a default); ``*args`` goes to T's ``*args`` (and then the
    positional counts must be equal, or it would fill T's defaults);
    keyword-only parameters go by name to T's keyword-only parameters (T's
    others must have defaults); ``**kwargs`` to T's ``**kwargs``.

    By name (``by_name``: any other N, whose parameters mean what their names
    say): see :func:`_map_by_name`.  Raises :class:`NoFix` when no mapping is certain.
    """
    if by_name:
        return _map_by_name(n_params, t_params, n_label, t_label)

    def of(params: Sequence[ParamInfo], kinds: tuple[str, ...]) -> list[ParamInfo]:
        return [p for p in params if p.kind in kinds]

    n_pos, t_pos = of(n_params, _POSITIONAL), of(t_params, _POSITIONAL)
    n_star, t_star = of(n_params, ("var_positional",)), of(t_params, ("var_positional",))
    n_kw, t_kw = of(n_params, ("keyword_only",)), of(t_params, ("keyword_only",))
    n_kwargs, t_kwargs = of(n_params, ("var_keyword",)), of(t_params, ("var_keyword",))

    if len(n_pos) > len(t_pos):
        raise NoFix(f"{n_label} takes {_count(len(n_pos), 'positional parameter')}, {t_label} only {len(t_pos)}")
    for t in t_pos[len(n_pos):]:
        if not t.has_default:
            raise NoFix(f"the required parameter '{t.name}' of {t_label} would receive nothing from {n_label}")
    if n_star:
        if not t_star:
            raise NoFix(f"{n_label} takes *{n_star[0].name} and {t_label} takes no *args")
        if len(n_pos) != len(t_pos):
            raise NoFix(f"*{n_star[0].name} of {n_label} would fill the parameter '{t_pos[len(n_pos)].name}' of {t_label}")
    t_kw_names = {t.name: t for t in t_kw}
    for n in n_kw:
        if n.name not in t_kw_names:
            raise NoFix(f"the keyword-only parameter '{n.name}' of {n_label} has no keyword-only parameter of that name in {t_label}")
    n_kw_names = {n.name for n in n_kw}
    for t in t_kw:
        if t.name not in n_kw_names and not t.has_default:
            raise NoFix(f"the required keyword-only parameter '{t.name}' of {t_label} would receive nothing from {n_label}")
    if n_kwargs and not t_kwargs:
        raise NoFix(f"{n_label} takes **{n_kwargs[0].name} and {t_label} takes no **kwargs")

    args = [n.name for n in n_pos]
    args += [f"*{n.name}" for n in n_star]
    args += [f"{n.name}={n.name}" for n in n_kw]
    args += [f"**{n.name}" for n in n_kwargs]
    return args


def _annotations_differ(a: ParamInfo, b: ParamInfo) -> bool:
    """Are both parameters annotated, with different types (as written)?"""
    if a.annotation is None or b.annotation is None:
        return False
    code = cst.Module(body=[]).code_for_node
    return code(a.annotation).strip() != code(b.annotation).strip()


def _map_by_name(n_params: Sequence[ParamInfo], t_params: Sequence[ParamInfo], n_label: str, t_label: str) -> list[str]:
    """The call of T passing N's parameters where their names say they go.

    * A parameter of N goes to T's parameter of the same name.
    * A positional parameter of N whose name T does not have goes to T's
      positional parameter at the same place (``obj`` for ``data``: renamed),
      unless a parameter of N is named like T's, or both are annotated with
      different types (``order: dict`` for ``lines: list``): then the
      mapping is not certain, and there is no fix.
    * Arguments are positional while N's place and T's place agree, by
      keyword from the first place where they do not (``sort_keys=sort_keys``
      where T's fourth parameter is ``skip_keys``); a positional-only
      parameter of T that cannot be reached by place gives no fix.
    * ``*args`` goes to T's ``*args`` only when every positional parameter of T
      before it is given by place; ``**kwargs`` to T's ``**kwargs``.
    * Every required parameter of T must receive one of N's.
    """
    n_pos = [p for p in n_params if p.kind in _POSITIONAL]
    n_kw = [p for p in n_params if p.kind == "keyword_only"]
    n_star = [p for p in n_params if p.kind == "var_positional"]
    n_kwargs = [p for p in n_params if p.kind == "var_keyword"]
    t_pos = [p for p in t_params if p.kind in _POSITIONAL]
    t_star = [p for p in t_params if p.kind == "var_positional"]
    t_kwargs = [p for p in t_params if p.kind == "var_keyword"]

    target = _parameter_targets(n_params, n_pos, n_kw, t_params, t_pos, n_label, t_label)
    positional, keywords = _by_place_then_keyword(n_pos, n_kw, t_pos, target, n_label, t_label)
    stars: list[str] = []
    if n_star:
        if not t_star:
            raise NoFix(f"{n_label} takes *{n_star[0].name} and {t_label} takes no *args")
        if len(positional) != len(t_pos):
            missing = t_pos[len(positional)].name
            raise NoFix(f"*{n_star[0].name} of {n_label} would fill the parameter '{missing}' of {t_label}")
        stars.append(f"*{n_star[0].name}")
    if n_kwargs:
        if not t_kwargs:
            raise NoFix(f"{n_label} takes **{n_kwargs[0].name} and {t_label} takes no **kwargs")
        keywords.append(f"**{n_kwargs[0].name}")
    return positional + stars + keywords


def _parameter_targets(
    n_params: Sequence[ParamInfo],
    n_pos: list[ParamInfo],
    n_kw: list[ParamInfo],
    t_params: Sequence[ParamInfo],
    t_pos: list[ParamInfo],
    n_label: str,
    t_label: str,
) -> dict[str, ParamInfo]:
    """N's positional and keyword-only parameter -> the parameter of T it goes to, by name,
    else by place (see :func:`_map_by_name`); NoFix when that is not certain or a required
    parameter of T is left."""
    t_named = {p.name: p for p in t_params if p.kind not in ("var_positional", "var_keyword")}
    n_names = {p.name for p in n_params}
    target: dict[str, ParamInfo] = {}  # N's parameter -> T's
    for i, n in enumerate(n_pos + n_kw):
        if n.name in t_named:
            target[n.name] = t_named[n.name]
            continue
        if n.kind == "keyword_only":
            raise NoFix(f"the keyword-only parameter '{n.name}' of {n_label} has no parameter of that name in {t_label}")
        if i >= len(t_pos):
            raise NoFix(
                f"{n_label} takes {_count(len(n_pos), 'positional parameter')}, {t_label} only {len(t_pos)}, "
                f"and its '{n.name}' has no parameter of that name or place in {t_label}"
            )
        t = t_pos[i]
        if t.name in n_names:
            raise NoFix(
                f"the parameter '{n.name}' of {n_label} has no parameter of that name in {t_label}, and the parameter "
                f"of {t_label} at its place, '{t.name}', is another parameter of {n_label}: the mapping is not certain"
            )
        if _annotations_differ(n, t):
            raise NoFix(
                f"the parameter '{n.name}' of {n_label} has no parameter of that name in {t_label}, and the parameter "
                f"of {t_label} at its place, '{t.name}', is annotated with another type: the mapping is not certain"
            )
        target[n.name] = t
    given = {t.name for t in target.values()}
    if len(given) != len(target):  # pragma: no cover - names are unique, places too
        raise NoFix(f"two parameters of {n_label} would go to one parameter of {t_label}")
    for t in t_params:
        if t.kind in ("var_positional", "var_keyword") or t.has_default or t.name in given:
            continue
        what = "keyword-only parameter" if t.kind == "keyword_only" else "parameter"
        raise NoFix(f"the required {what} '{t.name}' of {t_label} would receive nothing from {n_label}")
    return target


def _by_place_then_keyword(
    n_pos: list[ParamInfo], n_kw: list[ParamInfo], t_pos: list[ParamInfo], target: dict[str, ParamInfo], n_label: str, t_label: str
) -> tuple[list[str], list[str]]:
    """(positional arguments, keyword arguments) of the call: by place while N's place and
    T's place agree, by keyword from the first place where they do not."""
    positional: list[str] = []
    keywords: list[str] = []
    by_place = True
    for i, n in enumerate(n_pos):
        t = target[n.name]
        if by_place and i < len(t_pos) and t_pos[i] is t:
            positional.append(n.name)
            continue
        by_place = False
        if t.kind == "positional_only":
            raise NoFix(f"the positional-only parameter '{t.name}' of {t_label} is not at the place of '{n.name}' in {n_label}")
        keywords.append(f"{t.name}={n.name}")
    for n in n_kw:
        t = target[n.name]
        if t.kind == "positional_only":
            raise NoFix(f"the keyword-only parameter '{n.name}' of {n_label} would go to a positional-only parameter of {t_label}")
        keywords.append(f"{t.name}={n.name}")
    return positional, keywords


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class FunctionInfo:
    """What the fix needs to know of N or T."""

    qualname: str
    module: str
    path: str
    found: FoundFunction
    kind: str  # function | staticmethod | classmethod | method
    params: tuple[ParamInfo, ...]  # all of them, self/cls included
    is_async: bool
    is_generator: bool
    returns_value: bool
    decorators: tuple[str, ...]

    @property
    def node(self) -> cst.FunctionDef:
        return self.found.node

    @property
    def name(self) -> str:
        return self.found.node.name.value

    @property
    def callable_params(self) -> tuple[ParamInfo, ...]:
        """The parameters a caller passes: without ``self``/``cls``."""
        return self.params[1:] if self.kind in ("method", "classmethod") else self.params


def function_info(qualname: str, module: str, path: str, found: FoundFunction) -> FunctionInfo:
    node = found.node
    decorators = []
    for d in node.decorators:
        name = dotted_name(d.decorator)
        decorators.append(name if name is not None else "<expression>")
    kind = "function"
    if found.class_path is not None:
        kind = "method"
        if "staticmethod" in decorators:
            kind = "staticmethod"
        elif "classmethod" in decorators:
            kind = "classmethod"
    params = tuple(params_of(node))
    if kind in ("method", "classmethod") and (not params or params[0].kind not in _POSITIONAL):
        raise NoFix(f"'{qualname}' is a method without a self or cls parameter")
    shape = BodyShape.of(node)
    return FunctionInfo(
        qualname, module, path, found, kind, params, node.asynchronous is not None, shape.yields,
        shape.returns_value, tuple(decorators),
    )


# ---------------------------------------------------------------------------
# one fix


def _read_module(tree: "SourceTree", path: str, module: str) -> ParsedModule:
    try:
        data = tree.read(path)
    except (KeyError, OSError):
        raise NoFix(f"cannot read {path}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NoFix(f"{path} is not UTF-8") from None
    bom = text.startswith(BOM)
    if bom:
        text = text[1:]
    if re.match(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", "\n".join(text.split("\n", 2)[:2]), re.M):
        cookie = re.search(r"coding[:=][ \t]*([-\w.]+)", "\n".join(text.split("\n", 2)[:2]))
        if cookie and cookie.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
            raise NoFix(f"{path} declares the encoding {cookie.group(1)}")
    try:
        parsed = cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError, ValueError) as exc:
        raise NoFix(f"libcst cannot parse {path}: {' '.join(str(exc).split())[:120]}") from None
    # (the module was just parsed and is nobody else's: the wrapper need not copy it first)
    wrapper = MetadataWrapper(parsed, unsafe_skip_copy=True)
    return ParsedModule(path, module, path.endswith("__init__.py") or path == "__init__.py", text, bom, wrapper)


# what holds statements (and so may hold a def) without being a def or a class
_BLOCKS = (cst.BaseCompoundStatement, cst.BaseSuite, cst.Else, cst.ExceptHandler, cst.ExceptStarHandler, cst.Finally, cst.MatchCase)


def _find_by_name(mod: ParsedModule, local_name: str, line: int) -> Optional[FoundFunction]:
    """The ``def`` of ``local_name`` found from the names alone, without ``PositionProvider``
    (which renders the whole module: most of the time of a fix in a big file), when the
    module holds exactly one def of that qualified name outside functions and the text's
    line ``line`` starts it; None otherwise (then :class:`FunctionFinder` decides)."""
    parts = local_name.split(".")
    if LOCAL_PART in parts:
        return None
    found: list[FoundFunction] = []

    def walk(node: cst.CSTNode, classes: list[str]) -> None:
        for child in node.children:
            if isinstance(child, cst.FunctionDef):
                if classes + [child.name.value] == parts:
                    found.append(FoundFunction(child, local_name, ".".join(classes) if classes else None, False))
            elif isinstance(child, cst.ClassDef):
                inner = classes + [child.name.value]
                if parts[: len(inner)] == inner and len(inner) < len(parts):
                    walk(child.body, inner)
            elif isinstance(child, _BLOCKS):
                walk(child, classes)

    walk(mod.tree, [])
    if len(found) != 1:
        return None
    lines = split_lines(mod.text)
    if not 1 <= line <= len(lines):
        return None
    name = re.escape(parts[-1])
    if re.match(rf"[ \t\f]*(?:async[ \t\f]+)?def[ \t\f]+{name}(?![\w])", lines[line - 1]) is None:
        return None
    return found[0]


def _find(mod: ParsedModule, qualname: str, local_name: str, line: int) -> FoundFunction:
    quick = _find_by_name(mod, local_name, line)
    if quick is not None:
        return quick
    name = local_name.rsplit(".", 1)[-1]
    finder = FunctionFinder(line, name)
    mod.wrapper.visit(finder)
    matches = [f for f in finder.found if f.local_name == local_name]
    if len(matches) != 1:
        raise NoFix(f"cannot find the def of '{qualname}' at {mod.path}:{line}")
    return matches[0]


def propose_fix(edit: ReplaceWithCall, after_tree: "SourceTree", index: "RepoIndex", key: str) -> Fix:
    """The fix making ``edit`` (a rule's fix of the finding of stable key ``key``: ``Rule.fix``),
    unverified; :class:`NoFix` says why there is none."""
    n_fn = index.functions.get(edit.function)
    t_fn = index.functions.get(edit.target)
    if n_fn is None or t_fn is None:
        raise NoFix("the function or its target is not in the index")
    n_local, t_local = n_fn.fact.local_name, t_fn.fact.local_name
    if LOCAL_PART in n_local.split(".") or LOCAL_PART in t_local.split("."):
        raise NoFix("nested functions are not fixed")
    n_path, t_path = edit.location.path, edit.target_location.path
    n_mod = _read_module(after_tree, n_path, n_fn.module)
    t_mod = n_mod if t_path == n_path else _read_module(after_tree, t_path, t_fn.module)
    n = function_info(edit.function, n_fn.module, n_path, _find(n_mod, edit.function, n_local, edit.location.line))
    t = function_info(edit.target, t_fn.module, t_path, _find(t_mod, edit.target, t_local, edit.target_location.line))
    # a renamed copy passes its parameters by place (they are T's, renamed); any
    # other function by name (its parameters mean what their names say)
    safe = renamed_copy(after_tree, n_fn.location, t_fn.location)
    return replace(_build(n, t, n_mod, t_mod, edit.title, key, by_name=not safe), safe=safe)


def renamed_copy(tree: "SourceTree", n_location, t_location) -> bool:
    """Whether the function at ``n_location`` is the one at ``t_location`` with only
    its own names changed: the same normalised token sequence (RA003's: keywords,
    operators, the names it calls and the globals it reads kept; its parameters and
    variables abstracted; docstring and comments dropped) and the same literal
    values.  Then a call of the target does what the copy did, and the fix is safe."""
    def tokens(location) -> Optional[tuple[str, str]]:
        try:
            data = tree.read(location.path)
        except (OSError, KeyError, ValueError):
            return None
        found = file_entries(data, [("", location.line, location.col, location.end_line)])
        return (found[0][4], found[0][6]) if found else None  # (sequence, literals)

    mine, theirs = tokens(n_location), tokens(t_location)
    if mine is None or mine != theirs:
        return False
    # The normalised sequences abstract every variable to one symbol: `a - b`
    # and `b - a` read the same.  A copy renames its names consistently.
    return _renamed_consistently(_names_of(tree, n_location), _names_of(tree, t_location))


def _names_of(tree: "SourceTree", location) -> Optional[tuple[list[str], list[str]]]:
    """(the names of the function at ``location`` in order, its parameters' names): Python's
    tokenizer, less attribute names after a dot (the token sequence keeps those as they are)."""
    try:
        data = tree.read(location.path)
        lines = data.decode("utf-8-sig").splitlines(keepends=True)
    except (OSError, KeyError, ValueError):
        return None
    text = textwrap.dedent("".join(lines[location.line - 1 : max(location.end_line, location.line)]))
    names: list[str] = []
    after_dot = False
    try:
        node = ast.parse(text).body[0]
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        a = node.args
        params = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]]
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME and not after_dot:
                names.append(tok.string)
            if tok.type not in (tokenize.NL, tokenize.COMMENT):
                after_dot = tok.type == tokenize.OP and tok.string == "."
    except (tokenize.TokenError, SyntaxError, ValueError, IndexError, RecursionError):
        return None
    return names, params


def _renamed_consistently(mine: Optional[tuple[list[str], list[str]]], theirs: Optional[tuple[list[str], list[str]]]) -> bool:
    """Do the two functions' names differ only by a consistent renaming?

    Each name of N stands for one name of T throughout (so N's parameters, pinned
    by the signature, are used where T uses its own), and a parameter of T stands
    for one name of N only.  (A variable of T reassigned may stand for two of N:
    ``text = clean(text)`` copied as ``tidy = clean(raw)``.)
    """
    if mine is None or theirs is None or len(mine[0]) != len(theirs[0]):
        return False
    forward: dict[str, str] = {}
    backward: dict[str, str] = {}
    t_params = set(theirs[1])
    for a, b in zip(mine[0], theirs[0]):
        if forward.setdefault(a, b) != b:
            return False
        if b in t_params and backward.setdefault(b, a) != a:
            return False
    return True


def suggest_fix(edit: ReplaceWithCall, after_tree: "SourceTree", index: "RepoIndex", key: str) -> Optional[Fix]:
    """The fix making ``edit`` (not verified by a new run: see :func:`plan_fixes`), or None."""
    try:
        return propose_fix(edit, after_tree, index, key)
    except NoFix:
        return None


def _refuse(n: FunctionInfo, t: FunctionInfo) -> None:
    """:class:`NoFix` when what N and T are rules a call of T out: N's decorators or T's, T a
    special method, one async or a generator and not the other, one returning a value and not the other."""
    n_label, t_label = f"'{n.qualname}'", f"'{t.qualname}'"
    refused = [d for d in n.decorators if d in _N_REFUSED_DECORATORS]
    if refused:
        raise NoFix(f"{n_label} is decorated with @{refused[0]}")
    odd = [d for d in t.decorators if d not in _T_DECORATORS]
    if odd:
        raise NoFix(f"{t_label} is decorated with @{odd[0]}, which may change how it is called")
    if special(t.name):
        raise NoFix(f"{t_label} is a special method")
    if n.is_async != t.is_async:
        raise NoFix(f"{n_label} is {'async' if n.is_async else 'not async'} and {t_label} is {'async' if t.is_async else 'not async'}")
    if n.is_generator != t.is_generator:
        raise NoFix(f"{'only ' + n_label if n.is_generator else 'only ' + t_label} is a generator")
    if n.is_async and n.is_generator:
        raise NoFix("async generators are not fixed")
    if not n.is_generator and n.returns_value != t.returns_value:
        which, other = (n_label, t_label) if n.returns_value else (t_label, n_label)
        raise NoFix(f"{which} returns a value and {other} does not")


def _build(n: FunctionInfo, t: FunctionInfo, n_mod: ParsedModule, t_mod: ParsedModule, title: str, key: str, by_name: bool = False) -> Fix:
    _refuse(n, t)
    n_label, t_label = f"'{n.qualname}'", f"'{t.qualname}'"

    # the receiver, and N's parameters left to pass
    passable = list(n.callable_params)
    imports: list[tuple[str, str]] = []  # (module, top-level name) the call needs
    receiver: Optional[str] = None  # a parameter of N, or a class path to import
    if t.kind == "function":
        callee = None
        imports.append((t.module, t.name))
    elif t.kind in ("staticmethod", "classmethod"):
        callee = t.found.class_path
        if t.kind == "classmethod" and n.kind == "classmethod" and _same_class(n, t):
            receiver = n.params[0].name
        else:
            assert callee is not None
            imports.append((t.module, callee.split(".")[0]))
    else:  # an instance method
        if n.kind == "method" and _same_class(n, t):
            receiver = n.params[0].name
        else:
            first = passable[0] if passable else None
            if first is None or first.kind not in _POSITIONAL or first.has_default:
                raise NoFix(f"{t_label} is a method and {n_label} has no first parameter to call it on")
            if not _annotated_with(first.annotation, n_mod, f"{t.module}.{t.found.class_path}"):
                raise NoFix(
                    f"{t_label} is a method and the first parameter '{first.name}' of {n_label} is not annotated "
                    f"with its class {t.found.class_path}"
                )
            receiver = first.name
            passable = passable[1:]
        callee = None
    args = map_arguments(passable, t.callable_params, n_label, t_label, by_name=by_name)

    # how N's module names T (or its class)
    shadowed = {p.name for p in n.params}
    import_statement: Optional[str] = None
    ref = receiver
    if ref is None:
        module, top = imports[0]
        ref, import_statement = _reference(n_mod, t_mod, module, top, shadowed)
        if callee is not None:  # Class.method: the import names the class's outermost name
            ref = ".".join([ref] + callee.split(".")[1:])
    call = f"{ref}.{t.name}({', '.join(args)})" if receiver is not None or callee is not None else f"{ref}({', '.join(args)})"
    if n.is_async:
        line = f"return await {call}"
    elif n.is_generator:
        line = f"yield from {call}"
    else:
        line = f"return {call}"

    config = n_mod.tree.config_for_parsing
    statements: list[cst.BaseStatement] = []
    local_import = import_statement is not None and _imports_module(t_mod, n_mod.module)
    if import_statement is not None and local_import:  # T's module imports N's: import at call time
        statements.append(cst.parse_statement(import_statement + "\n", config=config))
    statements.append(cst.parse_statement(line + "\n", config=config))
    new_tree = n_mod.tree.visit(ReplaceBody(n.node, statements))
    wanted = _parse_import(import_statement) if import_statement is not None and not local_import else None
    unused: tuple[str, ...] = ()
    left_unused = _imports_left_unused_by(n_mod, n.node, new_tree)
    if wanted is not None or left_unused != frozenset():
        from reuse_audit.fix.importedits import fix_imports  # libcst.codemod: 0.2 s to import

        new_tree, unused = fix_imports(n_mod, n.node, new_tree, wanted, left_unused)
    original = (BOM if n_mod.bom else "") + n_mod.text
    fixed = (BOM if n_mod.bom else "") + new_tree.code
    if fixed == original:
        raise NoFix(f"{n_label} already is a call of {t_label}")
    try:
        cst.parse_module(new_tree.code)
    except cst.ParserSyntaxError:  # pragma: no cover - a bug in the fix
        raise NoFix("the fixed code does not parse") from None
    description = title
    if import_statement is not None:
        description += f", imported with `{import_statement}`"
    if unused:
        description += f"; removes the import{'s' if len(unused) > 1 else ''} it leaves unused ({', '.join(unused)})"
    return Fix(n.path, original, fixed, description, edits_between(original, fixed), key)


def _same_class(n: FunctionInfo, t: FunctionInfo) -> bool:
    return n.module == t.module and n.path == t.path and n.found.class_path == t.found.class_path


def _parse_import(statement: str) -> tuple[str, str, Optional[str]]:
    """(module, name, alias) of ``from module import name [as alias]``."""
    match = re.fullmatch(r"from (\S+) import (\w+)(?: as (\w+))?", statement)
    assert match is not None, statement
    return match.group(1), match.group(2), match.group(3)


def _global_bindings(mod: ParsedModule, name: str) -> int:
    scopes = mod.wrapper.resolve(ScopeProvider)
    scope = scopes.get(mod.tree)
    if scope is None:  # pragma: no cover
        return 2
    return len(scope.assignments[name])


def _names(mod: ParsedModule) -> set[str]:
    collector = NameCollector()
    mod.tree.visit(collector)
    return collector.names


def _reference(n_mod: ParsedModule, t_mod: ParsedModule, module: str, name: str, shadowed: set[str]) -> tuple[str, Optional[str]]:
    """How N's module refers to ``module.name``: (expression, import statement to add or None)."""
    if module == n_mod.module:
        if name in shadowed:
            raise NoFix(f"'{name}' is shadowed by a parameter of the same name")
        if _global_bindings(n_mod, name) != 1:
            raise NoFix(f"'{name}' is bound more than once in {n_mod.path}")
        return name, None
    collector = ImportCollector(n_mod.module, n_mod.is_package)
    n_mod.tree.visit(collector)
    for b in collector.bindings:
        if b.bound in shadowed or _global_bindings(n_mod, b.bound) != 1:
            continue
        if b.name == name and b.module == module:
            return b.bound, None  # from module import name [as bound]
        if b.name is None and b.module == module and b.bound != module.split(".")[0]:
            return f"{b.bound}.{name}", None  # import module as bound
        if b.name is not None and f"{b.module}.{b.name}" == module:
            return f"{b.bound}.{name}", None  # from package import module
        if b.name is None and b.bound == module.split(".")[0] and module in collector.imported_modules:
            return f"{module}.{name}", None  # import a.b.module
    taken = _names(n_mod) | BUILTIN_NAMES | shadowed | {b.bound for b in collector.bindings}
    if name not in taken and not collector.star:
        return name, f"from {module} import {name}"
    alias = f"_{name}_reuse"
    k = 2
    while alias in taken:
        alias = f"_{name}_reuse{k}"
        k += 1
    return alias, f"from {module} import {name} as {alias}"


def _imports_module(t_mod: ParsedModule, module: str) -> bool:
    """Does T's module import ``module`` at its top level (adding the reverse import would be circular)?"""
    collector = ImportCollector(t_mod.module, t_mod.is_package)
    t_mod.tree.visit(collector)
    return module in collector.imported_modules or any(m.startswith(module + ".") for m in collector.imported_modules)


def _annotated_with(annotation: Optional[cst.BaseExpression], n_mod: ParsedModule, class_qualname: str) -> bool:
    """Is ``annotation`` (a name, a dotted name, or a string holding one) the class ``class_qualname``?

    The first name must be bound once at the top level of N's module: by an
    import (made absolute), or by the class's own ``class`` statement.
    """
    if annotation is None:
        return False
    text: Optional[str]
    if isinstance(annotation, cst.SimpleString):
        value = annotation.evaluated_value
        text = value.strip() if isinstance(value, str) else None
        if text is None or not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", text):
            return False
    else:
        text = dotted_name(annotation) if isinstance(annotation, (cst.Name, cst.Attribute)) else None
    if text is None:
        return False
    first, _, rest = text.partition(".")
    nodes = _global_assignment_nodes(n_mod, first)
    if len(nodes) != 1:
        return False
    if isinstance(nodes[0], cst.ClassDef):
        return f"{n_mod.module}.{text}" == class_qualname
    collector = ImportCollector(n_mod.module, n_mod.is_package)
    n_mod.tree.visit(collector)
    imported = [b for b in collector.bindings if b.bound == first]
    if len(imported) != 1:
        return False
    b = imported[0]
    base = f"{b.module}.{b.name}" if b.name is not None else b.module
    return (f"{base}.{rest}" if rest else base) == class_qualname


def _global_assignment_nodes(mod: ParsedModule, name: str) -> list[cst.CSTNode]:
    scope = mod.wrapper.resolve(ScopeProvider).get(mod.tree)
    if scope is None:  # pragma: no cover
        return []
    return [a.node for a in scope.assignments[name] if hasattr(a, "node")]


# ---------------------------------------------------------------------------
# edits and diffs


def edits_between(original: str, fixed: str) -> tuple[Edit, ...]:
    """The line edits turning ``original`` into ``fixed`` (see :class:`Edit`): never two that
    touch one line (a fix's edits are applied together, and checked against other fixes')."""
    old, new = split_lines(original), split_lines(fixed)
    spans: list[list[int]] = []  # [i1, i2, j1, j2]: old[i1:i2] becomes new[j1:j2]
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if i1 == i2 and i1 >= len(old) and old:  # an insertion at the end: replace the last line too
            i1, j1 = i1 - 1, j1 - 1
        elif j1 == j2:  # a deletion: keep one neighbouring line as the replacement
            if i1 > 0:
                i1, j1 = i1 - 1, j1 - 1
            elif i2 < len(old):
                i2, j2 = i2 + 1, j2 + 1
        if spans and i1 < spans[-1][1]:  # it shares a line with the edit before: one edit
            spans[-1][1] = max(spans[-1][1], i2)
            spans[-1][3] = max(spans[-1][3], j2)
        else:
            spans.append([i1, i2, j1, j2])
    edits = tuple(Edit(i1 + 1, i2, "".join(new[j1:j2])) for i1, i2, j1, j2 in spans)
    if apply_edits(original, edits) != fixed:  # never offer edits that do not give the fixed text
        return (Edit(1, len(old), fixed),) if old and fixed else ()
    return edits


def apply_edits(original: str, edits: Iterable[Edit]) -> str:
    """``original`` with ``edits`` applied (non-overlapping, in any order)."""
    lines = split_lines(original)
    for e in sorted(edits, key=lambda e: (e.start_line, e.end_line), reverse=True):
        lines[e.start_line - 1 : e.end_line] = [e.replacement]
    return "".join(lines)


def merge_fixes(fixes: Sequence[Fix]) -> tuple[dict[str, str], list[Fix], list[Fix]]:
    """Apply fixes together, file by file: (path -> fixed text, fixes applied, fixes left out).

    Fixes of one file are applied together when their edits do not overlap
    (identical edits, such as one import two fixes both add, count once);
    a fix whose edits overlap those of a fix before it is left out.
    """
    by_path: dict[str, list[Fix]] = {}
    for fix in fixes:
        by_path.setdefault(fix.path, []).append(fix)
    texts: dict[str, str] = {}
    applied: list[Fix] = []
    left: list[Fix] = []
    for path, group in sorted(by_path.items()):
        taken: list[Edit] = []
        kept: list[Fix] = []
        for fix in group:
            if kept and fix.original != kept[0].original:
                left.append(fix)
                continue
            new = [e for e in fix.edits if e not in taken]
            if any(_overlap(a, b) for a in new for b in taken + [x for x in new if x is not a]):
                left.append(fix)
                continue
            taken.extend(new)
            kept.append(fix)
        if kept:
            texts[path] = apply_edits(kept[0].original, taken)
            applied.extend(kept)
    return texts, applied, left


def _overlap(a: Edit, b: Edit) -> bool:
    if a.is_insertion and b.is_insertion:
        return False
    if a.is_insertion:
        return b.start_line < a.start_line <= b.end_line
    if b.is_insertion:
        return a.start_line < b.start_line <= a.end_line
    return a.start_line <= b.end_line and b.start_line <= a.end_line


# ---------------------------------------------------------------------------
# verified fixes for a run


class Check(Protocol):
    """The check that verifies fixes: the engine run of the caller's own check (its settings,
    cache, jobs and rules) on ``change``, ``previous`` the index of the check whose fixes it
    verifies (``run(..., previous=)``: it takes that check's work on the files both share).
    The CLI passes ``functools.partial(run, settings=..., cache=..., jobs=...)``."""

    def __call__(self, change: "Change", *, previous: "RepoIndex") -> "Result": ...


def plan_fixes(
    change: "Change",
    result: "Result",
    check: Check,
    findings: Optional[Iterable[Finding]] = None,
    unsafe: bool = True,
    rounds: int = 1,
    max_checks: Optional[int] = None,
) -> FixPlan:
    """The verified fixes of ``findings`` (those of the fixable rules among the rules that ran,
    ``result.rules``: each finding's edit is its rule's ``Rule.fix``), in up to ``rounds`` rounds (as ruff does): a
    round plans the fixes of the findings the rounds before left (fixes whose edits overlapped,
    fixes a fix before made possible) on the after-tree with those rounds' fixes applied,
    until a round fixes nothing.  ``FixPlan.files`` holds every file from the after-tree's
    text to its text with every round's fixes; ``FixPlan.result`` is the check of that tree.

    Each fix is verified by ``check``, run on ``change`` with the fixed files: the change
    is the checked one with another after-tree (``existing`` and the rest kept), so a fix is
    verified with the semantics its finding was found with.

    With more than one round, the ``Fix`` of a later round is made from the text the rounds
    before left (its edits apply to that text, not to the after-tree's): SARIF, which offers
    each fix on its own, plans one round.

    ``max_checks`` caps the runs of ``check`` that verify the fixes (each is a whole check): a
    fix not verified within them is not offered, and its finding says so.  The text
    report's ``[*]`` marks use a cap; ``--diff``, ``--fix`` and SARIF verify every fix.
    """
    chosen = [f for f in (result.report.findings if findings is None else findings) if not f.suppressed]
    wanted = {f.stable_key for f in chosen}
    fixable = {rule.code: rule.fix for rule in result.rules if rule.fix is not None}
    total = _plan_round(change, result, chosen, check, fixable, unsafe, max_checks)
    plan = total
    for _ in range(rounds - 1):
        if not plan.fixes or plan.result is None:
            break
        current = replace(change, after=_overlay(change.after, {path: new for path, (_, new) in total.files.items()}))
        left = [f for f in plan.result.report.findings if f.stable_key in wanted and f.stable_key not in total.fixes]
        if not left:
            break
        plan = _plan_round(current, plan.result, left, check, fixable, unsafe, max_checks)
        if not plan.fixes:
            total = replace(total, reasons={**total.reasons, **plan.reasons}, unsafe_left=plan.unsafe_left,
                            notes=tuple(sorted(set(total.notes) | set(plan.notes), key=lambda n: (n.path, n.message))))
            break
        fixes = {**total.fixes, **plan.fixes}
        files = dict(total.files)
        for path, (_, new) in plan.files.items():
            files[path] = (total.files[path][0] if path in total.files else plan.files[path][0], new)
        reasons = {k: v for k, v in {**total.reasons, **plan.reasons}.items() if k not in fixes}
        notes = tuple(sorted(set(total.notes) | set(plan.notes), key=lambda n: (n.path, n.message)))
        total = FixPlan(fixes=fixes, unsafe_left=plan.unsafe_left, files=files, reasons=reasons, notes=notes, result=plan.result)
    return total


def _propose(
    change: "Change", result: "Result", chosen: Sequence[Finding], fixable: Mapping[str, "FixFunction"], unsafe: bool,
) -> tuple[list[Fix], dict[str, str], int]:
    """The fixes of the findings ``chosen`` of the rules ``fixable`` (code -> ``Rule.fix``),
    unverified, each made from the
    after-tree: (fixes, stable key -> why a finding has none, unsafe fixes left out).

    Without ``unsafe``, only safe fixes (``Fix.safe``) are proposed; the others are counted
    and their findings get a reason."""
    reasons: dict[str, str] = {}
    proposed: list[Fix] = []
    unsafe_left = 0
    changed_paths = {fc.new_path for fc in change.files if fc.new_path}
    for finding in chosen:
        fix_of = fixable.get(finding.rule)
        if fix_of is None:
            continue
        try:
            fix = propose_fix(fix_of(finding), change.after, result.index, finding.stable_key)
        except NoFix as exc:
            reasons[finding.stable_key] = str(exc)
            continue
        except RecursionError:
            reasons[finding.stable_key] = "the code is nested too deeply to transform"
            continue
        except Exception as exc:  # a fix is a suggestion: never let building one fail the check
            if os.environ.get("REUSE_AUDIT_DEBUG"):
                raise
            reasons[finding.stable_key] = f"internal error while building the fix ({type(exc).__name__}: {exc})"
            continue
        if fix.path not in changed_paths:
            reasons[finding.stable_key] = "the fix would change a file the change does not touch"
            continue
        if not fix.safe and not unsafe:
            reasons[finding.stable_key] = (
                "the fix is unsafe: the function is not a renamed copy of its target, so calling "
                "the target changes what it does (--unsafe-fixes takes it)"
            )
            unsafe_left += 1
            continue
        proposed.append(fix)
    return proposed, reasons, unsafe_left


class _Verification:
    """Fixes checked again: the check of the change with them applied must have none of
    their findings and no finding the first check did not have."""

    def __init__(self, change: "Change", result: "Result", check: Check, max_checks: Optional[int]) -> None:
        self.change = change
        self.result = result
        self.check = check
        self.max_checks = max_checks
        self.original_keys = frozenset(f.stable_key for f in result.report.findings)
        self.reruns: dict[frozenset, "Result"] = {}  # the fixes verified together -> the check of the fixed code
        self.checks = 0

    def failure(self, fixes: Sequence[Fix]) -> Optional[str]:
        """Why the fixes together fail the check; None when they pass."""
        files, used, _ = merge_fixes(fixes)
        if len(used) != len(fixes):
            return "its edits overlap another fix"
        if self.max_checks is not None and self.checks >= self.max_checks:
            return "not verified (too many fixes to verify for the report: --diff verifies every one)"
        self.checks += 1
        fixed_keys = {f.key for f in fixes}
        change = self.change
        # with a cap (the report's marks), only the fixed files' functions are checked again:
        # a fix can only change what is found in the file it edits
        checked = change.files if self.max_checks is None else tuple(c for c in change.files if c.new_path in files)
        try:
            rerun = self.check(replace(change, after=_overlay(change.after, files), files=checked), previous=self.result.index)
        except (UsageError, ValueError, OSError) as exc:
            return f"the fixed code could not be checked ({type(exc).__name__})"
        if any(f.stable_key in fixed_keys for f in rerun.report.findings):
            return "the fixed code still has the finding"
        new = [f for f in rerun.report.findings if f.stable_key not in self.original_keys]
        if new:
            return f"the fixed code has a new finding: {new[0].rule} {new[0].message}"
        self.reruns[frozenset(fixed_keys)] = rerun
        return None

    def verified(self, applied: Sequence[Fix], by_key: Mapping[str, Finding], reasons: dict[str, str], notes: list[Note]) -> list[Fix]:
        """The fixes of ``applied`` that pass together: all of them when they do; else those that
        pass alone, checked together again (then added one at a time).  A dropped fix gets a note."""
        if not applied or self.failure(applied) is None:
            return list(applied)
        alone = []
        for fix in applied:
            why = self.failure([fix])
            if why is None:
                alone.append(fix)
            else:
                _drop(fix, why, by_key, reasons, notes)
        if alone and self.failure(alone) is None:
            return alone
        verified: list[Fix] = []
        for fix in alone:
            why = self.failure(verified + [fix])
            if why is None:
                verified.append(fix)
            else:
                _drop(fix, "it conflicts with the fix of another finding", by_key, reasons, notes)
        return verified


def _plan_round(
    change: "Change",
    result: "Result",
    chosen: Sequence[Finding],
    check: Check,
    fixable: Mapping[str, "FixFunction"],
    unsafe: bool,
    max_checks: Optional[int] = None,
) -> FixPlan:
    """One round of :func:`plan_fixes`: the verified fixes of ``chosen``, each made from the
    after-tree (:func:`_propose`), applied together where their edits do not overlap
    (:func:`merge_fixes`), and checked again by ``check`` (:class:`_Verification`)."""
    proposed, reasons, unsafe_left = _propose(change, result, chosen, fixable, unsafe)
    _, applied, left = merge_fixes(proposed)
    for fix in left:
        reasons[fix.key] = "its edits overlap another fix of the same file"
    notes: list[Note] = []
    verification = _Verification(change, result, check, max_checks)
    verified = verification.verified(applied, {f.stable_key: f for f in chosen}, reasons, notes)
    files, _, _ = merge_fixes(verified)
    originals = {f.path: f.original for f in verified}
    return FixPlan(
        fixes={f.key: f for f in verified},
        unsafe_left=unsafe_left,
        files={p: (originals[p], text) for p, text in files.items()},
        reasons=reasons,
        notes=tuple(notes),
        result=verification.reruns.get(frozenset(f.key for f in verified)) if verified else None,
    )


def _drop(fix: Fix, why: str, by_key: Mapping[str, Finding], reasons: dict[str, str], notes: list[Note]) -> None:
    reasons[fix.key] = why
    finding = by_key.get(fix.key)
    name = f"{finding.rule} '{finding.function}'" if finding is not None else "a finding"
    notes.append(Note(fix.path, f"fix of {name} not offered: {why}"))


def _overlay(tree: "SourceTree", files: Mapping[str, str]) -> "SourceTree":
    return OverlayTree(tree, {path: text.encode("utf-8") for path, text in files.items()})


def line_map(original: str, fixed: str):
    """Map a line of ``original`` that the fix leaves alone to its line in ``fixed``."""
    edits = edits_between(original, fixed)

    def new_line(line: int) -> int:
        delta = 0
        for e in edits:
            if (e.is_insertion and e.start_line <= line) or (not e.is_insertion and e.end_line < line):
                delta += len(split_lines(e.replacement)) - (e.end_line - e.start_line + 1)
        return line + delta

    return new_line


def relocate(findings: Iterable[Finding], files: Mapping[str, tuple[str, str]]) -> tuple[Finding, ...]:
    """``findings`` with their lines moved as fixing ``files`` (path -> (original, fixed)) moved them."""
    maps = {path: line_map(old, new) for path, (old, new) in files.items()}

    def move(loc):
        m = maps.get(loc.path)
        if m is None:
            return loc
        return replace(loc, line=m(loc.line), end_line=m(loc.end_line) if loc.end_line >= loc.line else loc.end_line)

    return tuple(f.relocated(move) for f in findings)


# ---------------------------------------------------------------------------
# writing fixes


def write_fixes(root: Union[str, Path], plan: FixPlan) -> tuple[set[str], list[Note]]:
    """Write the plan's fixed files under ``root``: (paths written, notes on the others).

    A file is written only when it still holds exactly the text the fixes were
    made from (so nothing edited since, or unstaged, is lost), through an
    atomic replace that keeps its mode; a path leading outside ``root`` is
    never written.
    """
    root = Path(root)
    real_root = os.path.realpath(root)
    written: set[str] = set()
    notes: list[Note] = []
    for path, (original, fixed) in sorted(plan.files.items()):
        target = os.path.realpath(root / path)
        if os.path.commonpath([real_root, target]) != real_root:
            notes.append(Note(path, "not fixed: the path leads outside the repository"))
            continue
        try:
            with open(target, "rb") as handle:
                current = handle.read()
        except OSError as exc:
            notes.append(Note(path, f"not fixed: cannot read it ({exc.strerror or exc})"))
            continue
        if current != original.encode("utf-8"):
            notes.append(Note(path, "not fixed: the file on disk differs from the checked version (stage or stash your edits first)"))
            continue
        tmp: Optional[str] = None
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
            fd, tmp = tempfile.mkstemp(prefix=".reuse-audit-fix-", dir=os.path.dirname(target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(fixed.encode("utf-8"))
            os.chmod(tmp, mode)
            os.replace(tmp, target)
            tmp = None
            written.add(path)
        except OSError as exc:
            notes.append(Note(path, f"not fixed: cannot write it ({exc.strerror or exc})"))
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
    return written, notes
