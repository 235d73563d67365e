"""The text search of the lazy index: which files can hold a function that calls given names.

``lazy.py`` parses only the files this search keeps.  It must never drop a
file that holds a target, so everything here errs on the side of keeping:
names in strings and comments count unless said otherwise, and a file whose
layout cannot be trusted is one window.

Why the text search misses nothing.  A target ``T`` qualifies only if at least
``at_least`` of its distinct callees match a callee of the new code, and a
match has the same last name (``a.b.f`` and ``f``, or a method name ``.f``
and any method ``X.f``).  Each callee comes from a call site of ``T`` (or of
a function nested in it) whose callee expression ends with a name ``p``
followed by ``(``, and the resolver makes ``p`` the last name of the callee,
except through an import that renames (``from m import f as p``, ``import m.f
as p``): so the text of ``T``'s file has at least ``at_least`` call sites of
the names of the new code's callees, closed under every ``x as y`` of the
tree.  ``tests/test_lazy.py`` checks that claim for every call of real
packages.  Files that are not UTF-8 are decoded as the parser decodes them
before the search.
"""

from __future__ import annotations

import bisect
import re
from typing import Callable, Iterable, Mapping, Optional

from reuse_audit.index.tokens import _IDENTIFIER, _STRING

__all__ = ["renames", "closure", "Layout", "call_sites", "call_offsets", "name_offsets", "has_window"]

_IDENT = _IDENTIFIER.encode()  # a name, as RA003's tokenizer reads one
# what may stand between a call's last name and its "(": blanks, line
# continuations, comments (inside brackets), the ")" of "(f)(x)"
_GAP = rb"(?:\s|\\\r?\n|\\\r|#[^\n]*+|\))*+"
# (a literal first: a pattern that starts with a look-behind is tried at every byte)
_AS = re.compile(rb"as(?:\s|\\\r?\n|\\\r)++(" + _IDENT + rb")")
_FORMATTED = frozenset(b"fFtT")  # string prefixes whose strings hold code
_BLANKS = frozenset(b" \t\f\\\r\n")
_NAME_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") | frozenset(range(0x80, 0x100))
_NOT_IMPORT = (b"with", b"async", b"except", b"case")

# Where functions can start and end, outside strings and comments: a line that
# starts a def or a class (group 1: its indentation)
_STRING_LITERAL = _STRING.encode()  # the string literals of the RA003 tokenizer
_DEF_LINE = rb"(?m:^([ \t]*+)(?:async[ \t]++)?(def|class)(?![\w\x80-\xff]))"
_STRUCTURE = re.compile(_DEF_LINE + rb"|" + _STRING_LITERAL + rb"|#[^\n]*+")
_IMPORT = re.compile(rb"import(?![\w\x80-\xff])(?:[ \t\f]|\\\r?\n)*+(\()?")
_NAME = re.compile(_IDENT)
_TAB_INDENT = re.compile(rb"(?m)^[ ]*+[\t\f]")
# any call site: a name (matched whole: it is possessive), what may follow it, "("
_ANY_CALL = re.compile(rb"(" + _IDENT + rb")" + _GAP + rb"\(")


def renames(texts: Mapping[str, bytes]) -> dict[str, list[tuple[str, str, int]]]:
    """name -> (new name, key of the text, offset) of each ``x as y`` of ``texts`` that
    may bind ``name`` to a new name in an import (``from m import name as new``,
    ``import m.name as new``).

    A superset: any ``x as y`` that may be part of an import counts (the
    lines of a parenthesized import list look like those of a parenthesized
    ``with``), in strings and comments too (``closure`` leaves those out).
    """
    out: dict[str, list[tuple[str, str, int]]] = {}
    for key, text in texts.items():
        if b"as" not in text:
            continue
        for m in _AS.finditer(text):
            at = m.start()
            if at and text[at - 1] in _NAME_BYTES:
                continue  # "class", "alias": not the keyword
            new = m.group(1)
            for old in _renamed(text, at):
                if old != new:
                    out.setdefault(old.decode("utf-8", "replace"), []).append((new.decode("utf-8", "replace"), key, at))
    return out


def _strip_blanks(tail: bytes) -> bytes:
    """``tail`` less its trailing blanks and line continuations."""
    while True:
        tail = tail.rstrip(b" \t\f\r\n")
        if not tail.endswith(b"\\"):
            return tail
        tail = tail[:-1]


def _name_end(tail: bytes) -> int:
    """Where the name that ``tail`` ends with starts (``len(tail)``: no name)."""
    i = len(tail)
    while i and tail[i - 1] in _NAME_BYTES:
        i -= 1
    return i


def _renamed(text: bytes, at: int) -> list[bytes]:
    """The name(s) that an ``as`` at ``at`` may rename, if it may be part of an import."""
    tail = _strip_blanks(text[max(0, at - 400) : at])
    names = []
    while True:
        line_start = tail.rfind(b"\n") + 1
        line = tail[line_start:]
        comment = line.find(b"#")
        if comment < 0:
            break
        # "a  # why\n  as b" in a bracketed import: the name is before the comment
        # (or the "#" is in a string: then the name before it is taken too)
        start = _name_end(line)
        if start < len(line):
            names.append((line[start:], line[:start]))
        tail = _strip_blanks(tail[: line_start + comment])
    start = _name_end(tail)
    if start < len(tail):
        line_start = tail.rfind(b"\n", 0, start) + 1
        names.append((tail[start:], tail[line_start:start]))
    out = []
    for name, before in names:
        if name[:1].isdigit():
            continue
        words = before.split()
        if b"import" in before or not words or (words[0] not in _NOT_IMPORT and before.rstrip()[-1:] in b",("):
            out.append(name)
    return out


def closure(
    names: Iterable[str],
    renamed: Mapping[str, list[tuple[str, str, int]]],
    in_code: Callable[[str, int], bool] = lambda key, at: True,
) -> frozenset[str]:
    """``names`` and every name they are renamed to (``renames``), again and again;
    ``in_code(key, offset)`` says whether an ``as`` is code, not a string or a comment."""
    found = set(names)
    todo = list(found)
    while todo:
        for new, key, at in renamed.get(todo.pop(), ()):
            if new not in found and in_code(key, at):
                found.add(new)
                todo.append(new)
    return frozenset(found)


# (def and class lines: offset, indentation, is a def; strings and comments: starts, ends)
_Scan = tuple[list[tuple[int, int, bool]], list[int], list[int]]


class Layout:
    """Where the strings and comments of one text are, and what it imports."""

    def __init__(self, text: bytes):
        self.text = text
        self._spans: Optional[tuple[list[int], list[int]]] = None
        self._imports: Optional[tuple[frozenset[bytes], bool]] = None
        self._calls: Optional[dict[bytes, list[int]]] = None
        self._windows: Optional[list[tuple[int, int]]] = None
        self._trusted: Optional[bool] = None
        self._scanned: Optional[_Scan] = None

    def scan(self) -> _Scan:
        """The text's def and class lines and its strings and comments (``_scan``), made once."""
        if self._scanned is None:
            self._scanned = _scan(self.text)
        return self._scanned

    def in_code(self, at: int) -> bool:
        """Is offset ``at`` code: not in a comment, nor in a string other than an f-string
        (or t-string), whose ``{...}`` hold code (``f"{render(x)}"`` calls ``render``)?"""
        if self._spans is None:
            text = self.text
            starts, ends = [], []
            _, every_start, every_end = self.scan()
            for start, end in zip(every_start, every_end):
                if text[start] != 0x23 and _FORMATTED & set(text[max(0, start - 2) : start]):
                    continue  # f"...", rf'...', t"...": code may be inside
                starts.append(start)
                ends.append(end)
            self._spans = (starts, ends)
        starts, ends = self._spans
        i = bisect.bisect_right(starts, at) - 1
        return i < 0 or at >= ends[i]

    def windows(self) -> list[tuple[int, int]]:
        """(start, end) of each function's window (see ``has_window``)."""
        if self._windows is None:
            self._windows = _windows(self.text, self.scan()[0])
        return self._windows

    def trusted(self) -> bool:
        """Can the windows be trusted: no tab in indentation, brackets balanced outside
        strings and comments (else tree-sitter may end a function elsewhere)?"""
        if self._trusted is None:
            self._trusted = _trusted_layout(self.text, self.scan())
        return self._trusted

    def calls(self) -> dict[bytes, list[int]]:
        """name -> the offsets of its call sites (``name(``, as ``call_sites`` finds them),
        for every name the text calls: one pass, for a text searched again and again."""
        if self._calls is None:
            text = self.text
            calls: dict[bytes, list[int]] = {}
            for m in _ANY_CALL.finditer(text):
                at = m.start()
                # (a name after a digit is the tail of a number; a name's tail never
                # matches here where its whole failed: it has the same text after it)
                if at and text[at - 1] in _NAME_BYTES:
                    continue
                calls.setdefault(m.group(1), []).append(at)
            self._calls = calls
        return self._calls

    def imports(self) -> tuple[frozenset[bytes], bool]:
        """(every name written after an ``import`` keyword, in that statement; is one a ``*``)."""
        if self._imports is None:
            text = self.text
            names: set[bytes] = set()
            star = False
            for m in _IMPORT.finditer(text):
                at = m.start()
                if at and text[at - 1] in _NAME_BYTES:
                    continue
                if m.group(1):
                    end = text.find(b")", m.end())
                    end = len(text) if end < 0 else end
                else:
                    end = m.end()
                    while True:
                        end = text.find(b"\n", end)
                        if end < 0:
                            end = len(text)
                            break
                        if text[end - 1 : end] != b"\\" and text[end - 2 : end] != b"\\\r":
                            break
                        end += 1
                region = text[m.end() : end]
                names.update(_NAME.findall(region))
                star = star or b"*" in region
            self._imports = (frozenset(names), star)
        return self._imports


def call_sites(names: Iterable[str]) -> "re.Pattern[bytes]":
    """A pattern of the call sites (``name(``) of any of ``names`` (group 1: the name);
    a match preceded by a name byte is part of a longer name (see ``call_offsets``)."""
    alternatives = b"|".join(re.escape(n.encode("utf-8")) for n in sorted(names, key=lambda n: (-len(n), n)))
    return re.compile(rb"(" + alternatives + rb")" + _GAP + rb"\(")


def call_offsets(pattern: "re.Pattern[bytes]", layout: Layout, renamed_only: frozenset[bytes] = frozenset()) -> list[int]:
    """The offsets of the call sites of ``pattern`` in a text (see ``call_sites``).

    A name of ``renamed_only`` is one that only an import renaming another
    makes a callee's: a plain call of it counts only where the text imports
    it (or imports ``*``); an attribute call (``mod.name(``) always counts.
    """
    text = layout.text
    out = []
    for m in pattern.finditer(text):
        at = m.start()
        if at and text[at - 1] in _NAME_BYTES:
            continue
        if renamed_only and m.group(1) in renamed_only and not _counts(layout, m.group(1), at):
            continue
        out.append(at)
    return out


def name_offsets(layout: Layout, names: Iterable[bytes], renamed_only: frozenset[bytes] = frozenset()) -> list[int]:
    """``call_offsets`` of the names ``names``, read from ``layout.calls()`` (no search), sorted."""
    calls = layout.calls()
    out: list[int] = []
    for name in names:
        found = calls.get(name)
        if found:
            out.extend(at for at in found if name not in renamed_only or _counts(layout, name, at))
    out.sort()
    return out


def _counts(layout: Layout, name: bytes, at: int) -> bool:
    """Does the call of ``name`` (renamed only by an import) at ``at`` count: an attribute
    call (``mod.name(``), or a plain one where the text imports the name (or ``*``)?"""
    text = layout.text
    j = at - 1
    while j >= 0 and text[j] in _BLANKS:
        j -= 1
    if j >= 0 and text[j] == 0x2E:
        return True
    imported, star = layout.imports()
    return star or name in imported


def has_window(text: bytes, sites: list[int], enough: int, layout: Optional["Layout"] = None) -> bool:
    """Can one function of ``text`` hold ``enough`` of the call sites at offsets ``sites``?

    A function starts at its ``def`` line and ends before the next line that
    starts a def or a class with no more indentation, or earlier: the window
    holds it, and its nested functions.  When the file's layout cannot be
    trusted for this (tabs in indentation, brackets that do not balance outside
    strings and comments: tree-sitter may then end a function elsewhere), the
    whole file is the window.  ``layout`` (of ``text``) keeps the windows and
    that verdict for the next question about the same text.
    """
    if len(sites) < enough:
        return False
    if layout is None:
        layout = Layout(text)
    left = bisect.bisect_left
    for start, end in layout.windows():
        if left(sites, end) - left(sites, start) >= enough:
            return True
    return not layout.trusted()


def _windows(text: bytes, starts: list[tuple[int, int, bool]]) -> list[tuple[int, int]]:
    """(start, end) of the window of each def of ``text`` (see ``has_window``), from the
    (offset, indentation, is a def) of each of its def or class lines (``_scan``)."""
    out: list[tuple[int, int]] = []
    open_: list[tuple[int, int, bool]] = []
    for start in starts:
        while open_ and open_[-1][1] >= start[1]:
            closed = open_.pop()
            if closed[2]:  # a class is no function: its methods have windows of their own
                out.append((closed[0], start[0]))
        open_.append(start)
    while open_:
        closed = open_.pop()
        if closed[2]:
            out.append((closed[0], len(text)))
    return out


def _trusted_layout(text: bytes, scanned: Optional[_Scan] = None) -> bool:
    if _TAB_INDENT.search(text) or (b"\r" in text and b"\r\n" not in text):
        return False
    _, starts, ends = scanned if scanned is not None else _scan(text)
    pieces, at = [], 0
    for start, end in zip(starts, ends):  # the text less its strings and comments
        pieces.append(text[at:start])
        at = end
    pieces.append(text[at:])
    code = b" ".join(pieces)
    return all(code.count(a) == code.count(b) for a, b in ((b"(", b")"), (b"[", b"]"), (b"{", b"}")))


def _scan(text: bytes) -> _Scan:
    """(offset, indentation, is a def) of each def or class line of ``text`` outside strings
    and comments, and where its strings and comments start and end: one pass of
    ``_STRUCTURE`` (its strings and comments are those a scan for them alone finds: a def
    line holds no quote nor ``#``).  A ``Layout`` keeps its text's (``Layout.scan``)."""
    defs: list[tuple[int, int, bool]] = []
    starts: list[int] = []
    ends: list[int] = []
    for m in _STRUCTURE.finditer(text):
        indent = m.group(1)
        if indent is not None:
            defs.append((m.start(), len(indent), m.group(2) == b"def"))
        else:
            starts.append(m.start())
            ends.append(m.end())
    return defs, starts, ends
