"""The plain data types passed between the engine's stages.

source files -> FileFacts -> RepoIndex -> ChangeSet -> rules -> Finding -> reporter

Every type here is a frozen dataclass of strings, ints and tuples, so it can be
cached, pickled, compared and sorted.  No stage mutates what it receives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Optional

from reuse_audit.rows import FileRow, FunctionRow

# --------------------------------------------------------------------------
# Stage 1: facts parsed from one source file (independent of where it lives)
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# Stage 2/3: resolved functions in the repository index
# --------------------------------------------------------------------------


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


@dataclass(frozen=True)
class Note:
    """Something the run skipped or analysed only in part."""

    path: str
    message: str


# --------------------------------------------------------------------------
# Stage 4: the change under review
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ChangedFunction:
    qualname: str
    status: str  # "added" | "modified"
    old_path: Optional[str] = None  # modified: the file and local name of its old version
    old_local: Optional[str] = None


@dataclass(frozen=True)
class ChangeSet:
    """What a patch adds or changes, by qualified name in the *after* index."""

    changed: tuple[ChangedFunction, ...]
    added_files: tuple[str, ...]
    modified_files: tuple[str, ...]
    deleted_files: tuple[str, ...]
    renamed_files: tuple[tuple[str, str], ...]
    notes: tuple[Note, ...] = ()
    # added functions whose code the change removed or rewrote elsewhere: moved, not new
    moved: frozenset[str] = frozenset()
    # the old versions of modified functions (previous.Before): callees and tokens, made when asked
    before: Optional[Any] = field(default=None, compare=False, repr=False)
    # path -> FileFacts of the tree after the change (its classes' bases), read when asked
    after_facts: Optional[Any] = field(default=None, compare=False, repr=False)
    # path -> bytes of a file of the tree after the change
    read_after: Optional[Any] = field(default=None, compare=False, repr=False)
    # check PATH...: the functions checked are existing code, not a change's: none of them
    # is "added" (each may be named as another's target, as any existing function may)
    existing: bool = False
    # check PATH...: (path, line) -> when that line was written (git blame), or None: unknown
    written_at: Optional[Any] = field(default=None, compare=False, repr=False)

    @property
    def qualnames(self) -> frozenset[str]:
        return frozenset(c.qualname for c in self.changed)

    @cached_property
    def added(self) -> frozenset[str]:
        """The functions the change adds (moved ones included); none when they already exist."""
        if self.existing:
            return frozenset()
        return frozenset(c.qualname for c in self.changed if c.status == "added")

    @cached_property
    def helpers(self) -> frozenset[str]:
        """The added functions whose callees count for the functions that call them (``reach``):
        all but the moved ones, which are old code (a function that now delegates to a moved
        helper calls an existing function; it copies nothing)."""
        return self.added - self.moved

    @cached_property
    def _statuses(self) -> dict[str, str]:
        return {c.qualname: c.status for c in self.changed}

    def status(self, qualname: str) -> Optional[str]:
        """``added``, ``modified``, or None when the change did not touch ``qualname``."""
        return self._statuses.get(qualname)


# --------------------------------------------------------------------------
# Stage 5: findings
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """Another target that also qualified, listed in a finding's properties."""

    qualname: str
    location: Location
    shared: int
    total: int
    ratio: float
    added: bool = False  # added by the change under review


@dataclass(frozen=True)
class Finding:
    rule: str  # the rule's code, such as RA001
    location: Location  # the new function N
    function: str  # N's qualified name
    message: str  # one line, without path or code
    target: str  # qualified name of the function to call instead
    target_location: Location
    shared: tuple[str, ...] = ()  # callees N and T share
    missing: tuple[str, ...] = ()  # callees of T that N does not call
    ratio: float = 0.0  # rule-specific score in [0, 1]
    others: tuple[Candidate, ...] = ()
    suppressed: bool = False
    details: tuple[tuple[str, str], ...] = ()  # extra rule-specific key/value pairs

    @property
    def sort_key(self) -> tuple:
        loc = self.location
        return (loc.path, loc.line, loc.col, self.rule, self.function, self.target)

    @property
    def stable_key(self) -> str:
        """Identity that survives moved lines: rule, new function, target."""
        import hashlib

        raw = "\0".join((self.rule, self.location.path, self.function, self.target))
        return hashlib.sha256(raw.encode("utf-8", "surrogateescape")).hexdigest()[:32]


#: the kind of a SourceError: a file that does not parse, or bytes that are not Python source
SYNTAX_ERROR = "SyntaxError"


@dataclass(frozen=True)
class SourceError:
    """A changed file the check cannot read as Python, reported as ruff reports a syntax error:
    bytes that are not source text (not UTF-8 and no coding cookie for them: a binary file),
    or code that does not parse.  One a file, at its first error; the check exits 1."""

    location: Location
    message: str
    kind: str = SYNTAX_ERROR


@dataclass(frozen=True)
class Report:
    findings: tuple[Finding, ...]
    notes: tuple[Note, ...] = ()
    files_analysed: int = 0  # Python files of the tree (parsed as far as the check needs)
    functions_checked: int = 0
    rules: tuple[str, ...] = field(default=())
    baselined: int = 0  # findings left out because --baseline already had them
    errors: tuple[SourceError, ...] = ()  # changed files that are not Python, by path
    existing: bool = False  # check PATH...: the functions checked are existing code, no change's


# --------------------------------------------------------------------------
# the compact form of FileFacts
# --------------------------------------------------------------------------
#
# The engine passes facts around as *compact facts*: the same fields as the
# dataclasses of model.py, in the same order, as nested tuples of str, int and
# None.  They are cheap to build, and marshal (the cache, the parser processes)
# writes and reads them many times faster than pickle does dataclasses.  Their
# fields are named by the rows of ``rows.py`` (FileRow, FunctionRow, ClassRow,
# ImportRow, ParamRow, CallRow).


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
