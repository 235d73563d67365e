"""The rows the engine passes between its stages (parse, resolve, the index, the clone index): one ``NamedTuple`` a kind, and ``LOCALS``.

Every row is a tuple of str, int, None and tuples, so that marshal (the facts
cache, the parser processes' pipes, the clone cache) writes and reads them many
times faster than pickle does dataclasses.  Marshal takes plain tuples only,
never a tuple subclass: rows cross those boundaries as plain tuples
(``tuple(row)``) and are typed again on the other side (``Row._make(t)``).  The
stored formats are the plain tuples, field for field.

* :class:`FunctionRow`: a compact ``model.FunctionFact`` (``parse.py``);
* :class:`FileRow`: compact ``model.FileFacts``;
* :class:`ClassRow`, :class:`ImportRow`, :class:`ParamRow`, :class:`CallRow`: the
  compact ``ClassFact``, ``ImportFact``, ``Param`` and ``CallSite``;
* :class:`ModuleInfo`: the module a file is (``resolve.assign_modules``);
* :class:`TableRow`: a row of the index's function table (``index/tables.py``);
* :class:`TokenEntry`: one function's RA003 tokens (``tokens.file_entries``);
* :class:`Skeleton`: what other modules may read of a file (``resolve.skeleton_of``).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Iterable, Iterator, NamedTuple, Optional, Union

#: Between a function and the functions defined in it: ``f.<locals>.g``.
LOCALS = ".<locals>."

#: What marshal writes and reads back, as typeshed's ``marshal.dumps`` takes it: rows, and
#: the plain containers of them that cross pipes and go to the caches.
Marshal = Union[None, bool, int, float, str, bytes, tuple["Marshal", ...], list[Any], dict[Any, Any], set[Any], frozenset[Any]]

#: The dotted chain of a called expression: ``a.b.c(...)`` -> ("a", "b", "c").
CallChain = tuple[str, ...]
#: A compact function's call sites, (chain, line, col) each, as ``parse.parse_compact`` lists them.
CallSites = tuple[tuple[CallChain, int, int], ...]


class FunctionRow(NamedTuple):
    """A compact FunctionFact: its fields, in order (``model.function_from_compact``).

    Parsed for resolution only (``parse.parse_for_resolution``), ``calls`` is the
    frozenset of the call chains and the last three fields are empty."""

    local_name: str
    name: str
    line: int
    col: int
    end_line: int
    params: tuple  # (name, kind, annotation, default)
    calls: Union[CallSites, frozenset[CallChain]]  # call sites, or (parsed for resolution) the set of their chains
    class_name: Optional[str]
    parent_function: Optional[str]
    decorators: tuple
    local_names: tuple
    local_types: tuple  # (variable, class text)
    imports: tuple  # (bound, module, name, level, line)
    suppressions: tuple
    body_digest: str
    docstring: Optional[str]


class FileRow(NamedTuple):
    """Compact FileFacts (``model.facts_from_compact``)."""

    digest: str
    functions: tuple  # compact functions (FunctionRow's fields)
    classes: tuple  # (local name, name, line, bases)
    imports: tuple  # (bound, module, name, level, line)
    module_names: tuple
    syntax_errors: tuple
    decode_note: Optional[str]


class ClassRow(NamedTuple):
    """A compact ClassFact."""

    local_name: str
    name: str
    line: int
    bases: tuple  # dotted source text of each base that is a name


class ImportRow(NamedTuple):
    """A compact ImportFact: ``from ..u import f as g`` -> ("g", "u", "f", 2, line)."""

    bound: str  # the name bound ("*" for a star import)
    module: str
    name: Optional[str]  # None for ``import a.b``
    level: int  # leading dots
    line: int


class ParamRow(NamedTuple):
    """A compact Param."""

    name: str
    kind: str  # positional_only, positional, var_positional, keyword_only, var_keyword
    annotation: Optional[str]
    default: Optional[str]


class CallRow(NamedTuple):
    """A compact CallSite: the dotted chain of the called expression, and where."""

    parts: tuple
    line: int
    col: int


class ModuleInfo(NamedTuple):
    """The module a file is (``resolve.assign_modules``)."""

    name: str  # dotted module name
    is_package: bool  # an ``__init__.py``
    loose: bool  # not inside a package: a script whose folder is its import root


class NoteInfo(NamedTuple):
    """What a file's own notes are made of (``index.tables.note_info``), when it has any."""

    decode_note: Optional[str]
    syntax_errors: tuple  # lines


class TableRow(NamedTuple):
    """A function of the index's table (qualname -> row)."""

    path: int  # index of its file in the tree's sorted paths
    local_name: str
    line: int
    col: int
    end_line: int
    is_method: bool
    callees: tuple  # sorted; its nested functions' callees included, itself and they left out


class TokenEntry(NamedTuple):
    """One function's RA003 tokens (``tokens.file_entries``), as the clone cache stores them."""

    local_name: str
    line: int
    col: int
    end_line: int
    seq: str  # the normalised token sequence
    prints: tuple  # its sketch: the bottom-k fingerprints, sorted
    literals: str  # the hashed values of its literals


class Skeleton(NamedTuple):
    """What other modules may read of a file (``resolve.skeleton_of``)."""

    functions: tuple  # local names
    classes: tuple  # (local name, bases)
    imports: tuple
    module_names: tuple


def typed(kind: type, rows: Iterable[tuple]) -> Iterator:
    """``rows`` (plain tuples of ``kind``'s fields, whose count was checked where they were
    read) as ``kind`` rows: ``kind._make`` without its Python frame a row, for tables of
    tens of thousands of rows."""
    return map(partial(tuple.__new__, kind), rows)


def plain(row: Optional[tuple]) -> Optional[tuple]:
    """A row as a plain tuple, for marshal (None stays None)."""
    return None if row is None else tuple(row)


def special(name: str) -> bool:
    """Is ``name`` (a function's own name) a special method's, ``__repr__``, ``__getattr__``?"""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def ancestors(qualname: str) -> Iterator[str]:
    """The functions a nested function sits in: ``f.<locals>.g.<locals>.h`` -> ``f``, ``f.<locals>.g``.

    A function's row holds its nested functions' callees too (see ``index.tables``).
    """
    at = qualname.find(LOCALS)
    while at >= 0:
        yield qualname[:at]
        at = qualname.find(LOCALS, at + 1)


def row_callees(qualname: str, callees: Iterable[str]) -> Iterator[str]:
    """The callees a function's row keeps: not itself, nor the functions nested in it."""
    inner = qualname + LOCALS
    return (c for c in callees if c != qualname and not c.startswith(inner))
