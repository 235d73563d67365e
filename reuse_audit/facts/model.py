"""The facts of one source file as plain data (``FileFacts``), and the functions an index lists.

Every type here is a frozen dataclass of strings, ints and tuples, so it can be
cached, pickled, compared and sorted.  No stage mutates what it receives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from reuse_audit.facts.rows import FileRow, FunctionRow


@dataclass(frozen=True)
class ImportFact:
    """One name bound by an import statement.

    ``import a.b``          -> bound="a",  module="a",   name=None, level=0
    ``import a.b as x``     -> bound="x",  module="a.b", name=None, level=0
    ``from a.b import c``   -> bound="c",  module="a.b", name="c",  level=0
    ``from ..u import f as g`` -> bound="g", module="u", name="f",  level=2
    ``from . import m``     -> bound="m",  module="",    name="m",  level=1
    ``from a import *``     -> bound="*",  module="a",   name="*",  level=0
    """

    bound: str
    module: str
    name: Optional[str]
    level: int
    line: int


@dataclass(frozen=True)
class CallSite:
    """A call expression, as written.

    ``parts`` is the dotted chain of the called expression: ``a.b.c(...)`` ->
    ("a", "b", "c").  ``super().m(...)`` -> ("super()", "m").  When the chain
    does not start at a plain name (``f().g()``, ``x[0].g()``, ``"".join()``)
    the first part is the empty string: ("", "g").
    """

    parts: tuple[str, ...]
    line: int
    col: int  # 0-based byte column


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # "positional_only" | "positional" | "var_positional" | "keyword_only" | "var_keyword"
    annotation: Optional[str]  # source text of the annotation, quotes stripped
    default: Optional[str]  # source text of the default value, None when absent


@dataclass(frozen=True)
class FunctionFact:
    """A ``def`` (or ``async def``) in one file.

    ``local_name`` is the qualified name inside its module, as Python's
    ``__qualname__`` spells it: ``f``, ``C.m``, ``outer.<locals>.inner``.
    """

    local_name: str
    name: str
    line: int  # 1-based line of the ``def`` keyword (decorators are above it)
    col: int  # 0-based byte column of the ``def`` (or ``async``) keyword
    end_line: int
    params: tuple[Param, ...]
    calls: tuple[CallSite, ...]  # calls lexically in this function, not in nested defs/classes
    class_name: Optional[str]  # local_name of the class it is defined directly in
    parent_function: Optional[str]  # local_name of the function it is nested in
    decorators: tuple[str, ...]  # decorator expressions, as source text without "@"
    local_names: tuple[str, ...]  # names bound in its own scope (params, assignments, for, with, nested defs...)
    local_types: tuple[tuple[str, str], ...]  # (variable, dotted class text) from `v = C(...)`
    imports: tuple[ImportFact, ...]  # imports inside the function body
    suppressions: tuple[str, ...]  # codes from `# reuse-audit: ignore[...]` / `# noqa: ...` on the def line; ("*",) = all
    body_digest: str  # hash of the function's source text, for "did the patch change it"
    docstring: Optional[str] = None


@dataclass(frozen=True)
class ClassFact:
    local_name: str  # "C", "Outer.Inner", "f.<locals>.C"
    name: str
    line: int
    bases: tuple[str, ...]  # dotted source text of each base expression that is a name


@dataclass(frozen=True)
class FileFacts:
    """Everything the engine needs from one ``.py`` file."""

    digest: str  # content hash of the bytes parsed
    functions: tuple[FunctionFact, ...]
    classes: tuple[ClassFact, ...]
    imports: tuple[ImportFact, ...]  # module-level (including under if/try)
    module_names: tuple[str, ...]  # other names bound at module level (assignments, for, with, ...)
    syntax_errors: tuple[int, ...] = ()  # 1-based lines where the parser recovered from an error
    decode_note: Optional[str] = None  # set when the bytes were not valid UTF-8 / had a cookie


#: a file's facts by its path in a tree (None: the file is missing, or not parsed)
FactsOf = Callable[[str], Optional[FileFacts]]


@dataclass(frozen=True)
class Location:
    path: str  # POSIX path relative to the repository root
    line: int
    col: int = 0  # 0-based byte column
    end_line: int = 0


@dataclass(frozen=True)
class Function:
    """A function of the repository with its canonical callees."""

    qualname: str  # pkg.mod.Class.method
    module: str
    location: Location
    fact: FunctionFact
    callees: frozenset[str]  # canonical, non-builtin; unknown receivers as ".method"
    is_method: bool


def function_from_compact(t: tuple) -> FunctionFact:
    """The FunctionFact of a compact function."""
    f = FunctionRow._make(t)
    return FunctionFact(
        f.local_name,
        f.name,
        f.line,
        f.col,
        f.end_line,
        tuple([Param(*p) for p in f.params]),
        tuple([CallSite(*c) for c in f.calls]),
        f.class_name,
        f.parent_function,
        f.decorators,
        f.local_names,
        f.local_types,
        tuple([ImportFact(*i) for i in f.imports]),
        f.suppressions,
        f.body_digest,
        f.docstring,
    )


def facts_from_compact(t: tuple) -> FileFacts:
    """The FileFacts of compact facts (equal to what ``parse_source`` returns)."""
    f = FileRow._make(t)
    return FileFacts(
        f.digest,
        tuple([function_from_compact(fn) for fn in f.functions]),
        tuple([ClassFact(*c) for c in f.classes]),
        tuple([ImportFact(*i) for i in f.imports]),
        f.module_names,
        f.syntax_errors,
        f.decode_note,
    )


def compact_from_facts(facts: FileFacts) -> tuple:
    """The compact form of FileFacts (the inverse of ``facts_from_compact``)."""
    functions = tuple(
        (
            f.local_name,
            f.name,
            f.line,
            f.col,
            f.end_line,
            tuple([(p.name, p.kind, p.annotation, p.default) for p in f.params]),
            tuple([(c.parts, c.line, c.col) for c in f.calls]),
            f.class_name,
            f.parent_function,
            f.decorators,
            f.local_names,
            f.local_types,
            tuple([(i.bound, i.module, i.name, i.level, i.line) for i in f.imports]),
            f.suppressions,
            f.body_digest,
            f.docstring,
        )
        for f in facts.functions
    )
    return (
        facts.digest,
        functions,
        tuple([(c.local_name, c.name, c.line, c.bases) for c in facts.classes]),
        tuple([(i.bound, i.module, i.name, i.level, i.line) for i in facts.imports]),
        facts.module_names,
        facts.syntax_errors,
        facts.decode_note,
    )
