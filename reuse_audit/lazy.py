"""The lazy index: the repository index of a tree, built only as far as the rules ask.

A full build (``index.py``) parses and resolves every file, so that a later
run can start from its stored snapshot.  When there is no snapshot to start
from, the rules of most changes need a small part of it: the changed
functions, the functions that can be their targets, and the modules that
resolving those reads.  This index answers the same questions with the same
answers (``tests/test_lazy.py`` compares the two), parsing a file only when
an answer needs it:

* ``functions[q]``: the module of ``q`` is parsed (any run's facts come from
  the cache, and go to it), then ``q`` and its nested functions are resolved;
  the modules that resolution reads are parsed as it reads them;
* ``by_path[p]``: the functions of one file;
* ``candidates(callees, at_least)``: the functions that may share at least
  ``at_least`` callees with ``callees``.  A text search picks the files where
  they can be (see *Why the text search misses nothing*); only those files are
  parsed, and only their functions with enough matching call sites are
  resolved.

What it cannot answer exactly (the whole function table, the inverted callee
index, two modules defining one qualified name) raises :class:`NeedsFullIndex`,
and the engine builds the full index instead.

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
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping, Optional

from .cache import FactsCache
from .clones import _STRING as _CLONE_STRING
from .index import (
    LOCALS,
    REUSE_SHARE,
    FactSource,
    LazyFunction,
    RepoIndex,
    _notes,
    _note_info,
    digest_files,
    last_build,
)
from .model import Location, Note
from .resolve import Module, Resolver, assign_modules, method_name, prefixes_of
from .settings import Settings
from .tree import SourceTree

__all__ = ["NeedsFullIndex", "LazyIndex", "build_lazy_index", "lazy_possible", "tokens_needed", "renames", "call_sites"]

# compact function fields (parse.py)
_F_LOCAL, _F_LINE, _F_COL, _F_END, _F_CALLS, _F_CLASS = 0, 2, 3, 4, 6, 7

_IDENT = rb"[A-Za-z_\x80-\xff][\w\x80-\xff]*+"
# what may stand between a call's last name and its "(": blanks, line
# continuations, comments (inside brackets), the ")" of "(f)(x)"
_GAP = rb"(?:\s|\\\r?\n|\\\r|#[^\n]*+|\))*+"
# (a literal first: a pattern that starts with a look-behind is tried at every byte)
_AS = re.compile(rb"as(?:\s|\\\r?\n|\\\r)++(" + _IDENT + rb")")
_BLANKS = frozenset(b" \t\f\\\r\n")
_NAME_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") | frozenset(range(0x80, 0x100))
_NOT_IMPORT = (b"with", b"async", b"except", b"case")

# Where functions can start and end, outside strings and comments: a line that
# starts a def or a class (group 1: its indentation)
_STRING = _CLONE_STRING.encode()  # the string literals of the RA003 tokenizer
_DEF_LINE = rb"(?m:^([ \t]*+)(?:async[ \t]++)?(def|class)(?![\w\x80-\xff]))"
_STRUCTURE = re.compile(_DEF_LINE + rb"|" + _STRING + rb"|#[^\n]*+")
_NOT_CODE = re.compile(_STRING + rb"|#[^\n]*+")
_IMPORT = re.compile(rb"import(?![\w\x80-\xff])(?:[ \t\f]|\\\r?\n)*+(\()?")
_NAME = re.compile(_IDENT)
_TAB_INDENT = re.compile(rb"(?m)^[ ]*+[\t\f]")


class NeedsFullIndex(Exception):
    """The lazy index cannot answer this exactly: build the full index.

    ``digested``: the tree's (digests, contents, notes) when they are known (see
    ``index.build_index``), so that the full build does not read the files again.
    """

    def __init__(self, reason: str, digested: Optional[tuple] = None):
        super().__init__(reason)
        self.digested = digested


# --------------------------------------------------------------------------
# the text search
# --------------------------------------------------------------------------


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


class Layout:
    """Where the strings and comments of one text are, and what it imports."""

    def __init__(self, text: bytes):
        self.text = text
        self._spans: Optional[tuple[list[int], list[int]]] = None
        self._imports: Optional[tuple[frozenset[bytes], bool]] = None

    def in_code(self, at: int) -> bool:
        if self._spans is None:
            starts, ends = [], []
            for m in _NOT_CODE.finditer(self.text):
                starts.append(m.start())
                ends.append(m.end())
            self._spans = (starts, ends)
        starts, ends = self._spans
        i = bisect.bisect_right(starts, at) - 1
        return i < 0 or at >= ends[i]

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
        if renamed_only and m.group(1) in renamed_only:
            j = at - 1
            while j >= 0 and text[j] in _BLANKS:
                j -= 1
            if j < 0 or text[j] != 0x2E:  # not an attribute: is the name imported here?
                imported, star = layout.imports()
                if not star and m.group(1) not in imported:
                    continue
        out.append(at)
    return out


def has_window(text: bytes, sites: list[int], enough: int) -> bool:
    """Can one function of ``text`` hold ``enough`` of the call sites at offsets ``sites``?

    A function starts at its ``def`` line and ends before the next line that
    starts a def or a class with no more indentation, or earlier: the window
    holds it, and its nested functions.  When the file's layout cannot be
    trusted for this (tabs in indentation, brackets that do not balance outside
    strings and comments: tree-sitter may then end a function elsewhere), the
    whole file is the window.
    """
    if len(sites) < enough:
        return False
    starts: list[tuple[int, int, bool]] = []  # (offset, indentation, is a def) of each def or class line
    for m in _STRUCTURE.finditer(text):
        indent = m.group(1)
        if indent is not None:
            starts.append((m.start(), len(indent), m.group(2) == b"def"))
    open_: list[tuple[int, int, bool]] = []

    def holds(start: tuple[int, int, bool], end: int) -> bool:
        # a class is no function: its methods have windows of their own
        return start[2] and bisect.bisect_left(sites, end) - bisect.bisect_left(sites, start[0]) >= enough

    for start in starts:
        while open_ and open_[-1][1] >= start[1]:
            if holds(open_.pop(), start[0]):
                return True
        open_.append(start)
    while open_:
        if holds(open_.pop(), len(text)):
            return True
    return not _trusted_layout(text)


def _trusted_layout(text: bytes) -> bool:
    if _TAB_INDENT.search(text) or (b"\r" in text and b"\r\n" not in text):
        return False
    code = _NOT_CODE.sub(b" ", text)
    return all(code.count(a) == code.count(b) for a, b in ((b"(", b")"), (b"[", b"]"), (b"{", b"}")))


# --------------------------------------------------------------------------
# the index
# --------------------------------------------------------------------------


class _Modules(dict):
    """Module name -> Module, the file parsed when the module is first read (None: no such module)."""

    def __init__(self, info: dict[str, tuple[str, bool, bool]], source: FactSource):
        super().__init__()
        self.info = info  # module name -> (path, is package, loose)
        self.source = source

    def load(self, name: str) -> Optional[Module]:
        if dict.__contains__(self, name):
            return dict.__getitem__(self, name)
        found = self.info.get(name)
        module = None
        if found is not None:
            path, is_package, loose = found
            facts = self.source.compact([path]).get(path)
            if facts is not None:
                module = Module(name, path, is_package, loose, facts=facts)
        dict.__setitem__(self, name, module)
        return module

    def get(self, name, default=None):  # type: ignore[override]
        module = self.load(name)
        return default if module is None else module

    def __getitem__(self, name):
        module = self.load(name)
        if module is None:
            raise KeyError(name)
        return module

    def __contains__(self, name: object) -> bool:
        return name in self.info

    def __iter__(self) -> Iterator[str]:
        return iter(self.info)

    def __len__(self) -> int:
        return len(self.info)

    def values(self):  # type: ignore[override]
        raise NeedsFullIndex("every module")

    def items(self):  # type: ignore[override]
        raise NeedsFullIndex("every module")


class _Everything(Mapping):
    """A table the lazy index does not have (the inverted callee index)."""

    def __init__(self, what: str):
        self.what = what

    def __getitem__(self, key):
        raise NeedsFullIndex(self.what)

    def __iter__(self):
        raise NeedsFullIndex(self.what)

    def __len__(self) -> int:
        raise NeedsFullIndex(self.what)


class LazyFunctions(Mapping):
    """qualname -> Function, as ``index.FunctionTable`` gives it, made on first lookup."""

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
            path, local = module.path, fact[_F_LOCAL]
            callees = lazy.row_callees(module, fact)
            ignore = lazy.settings.ignore_callees
            fn = self._made[qualname] = LazyFunction(
                qualname,
                module.name,
                Location(path, fact[_F_LINE], fact[_F_COL], fact[_F_END]),
                None,
                frozenset(c for c in callees if c not in ignore) if ignore else callees,
                fact[_F_CLASS] is not None,
                lambda: lazy.source.fact(path, local),
            )
        return fn

    def get(self, qualname: str, default=None):
        return self[qualname] if qualname in self else default

    def __contains__(self, qualname: object) -> bool:
        return isinstance(qualname, str) and (qualname in self._made or self._lazy.locate(qualname) is not None)

    def is_method(self, qualname: str) -> bool:
        found = self._lazy.locate(qualname)
        return found is not None and found[1][_F_CLASS] is not None

    def __iter__(self):
        raise NeedsFullIndex("every function")

    def __len__(self) -> int:
        raise NeedsFullIndex("every function")

    def __repr__(self) -> str:
        return f"LazyFunctions({len(self._made)} made)"


class LazyByPath(Mapping):
    """path -> qualnames defined in that file, in source order (as ``index.ByPath``)."""

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
                qualname = f"{name}.{fact[_F_LOCAL]}"
                where = lazy.locate(qualname)  # raises when another module defines it too
                if where is not None and where[0] is module:
                    rows.append((qualname, fact[_F_LINE]))
            if not rows:
                raise KeyError(path)
            rows.sort()  # qualname order, then (stable) by line: as ByPath lists them
            rows.sort(key=lambda r: r[1])
            found = self._made[path] = tuple(q for q, _ in rows)
        return found

    def get(self, path: str, default=None):
        try:
            return self[path]
        except KeyError:
            return default

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.get(path) is not None

    def __iter__(self):
        raise NeedsFullIndex("every file's functions")

    def __len__(self) -> int:
        raise NeedsFullIndex("every file's functions")


class LazyIndex:
    """What the lazy RepoIndex holds: the tree's files, their modules, and a resolver over them."""

    def __init__(
        self,
        paths: tuple[str, ...],
        source: FactSource,
        contents: Callable[[str], Optional[bytes]],
        always: Iterable[str],
        settings: Settings,
    ):
        self.paths = paths
        self.source = source
        self.settings = settings
        self._contents = contents
        self._always = tuple(sorted(set(always) & set(paths)))
        assigned = assign_modules(paths)
        self.module_of_path = {p: info[0] for p, info in assigned.items() if info is not None}
        info = {info[0]: (p, info[1], info[2]) for p, info in assigned.items() if info is not None}
        self.modules = _Modules(info, source)
        resolver = Resolver(())
        resolver.modules = self.modules  # type: ignore[assignment]
        resolver.top_level = frozenset(name.partition(".")[0] for name in info)
        resolver.module_prefixes = prefixes_of(info)
        self.resolver = resolver
        self._callees: dict[tuple[str, str], frozenset[str]] = {}
        self._located: dict[str, Optional[tuple[Module, tuple]]] = {}
        self._renames: Optional[dict[str, list[tuple[str, str, int]]]] = None
        self._texts: dict[str, bytes] = {}
        self._layouts: dict[str, Layout] = {}
        self.digested: Optional[tuple] = None  # what digest_files gave: for a full build after all
        self.by_path: Mapping[str, tuple[str, ...]] = {}

    def file_notes(self, path: str) -> tuple[Note, ...]:
        """The notes on one file's own facts (decoding, syntax errors)."""
        facts = self.source.compact([path]).get(path) if path in self.source.digests else None
        info = _note_info(facts) if facts is not None else None
        return tuple(_notes(path, info[0], info[1])) if info is not None else ()

    # -- functions ------------------------------------------------------------

    def locate(self, qualname: str) -> Optional[tuple[Module, tuple]]:
        """(module, compact fact) of the function ``qualname``; None if there is none.

        Raises NeedsFullIndex when two modules define it (or its nested
        functions), which the full table merges across modules.
        """
        if qualname in self._located:
            return self._located[qualname]
        parts = qualname.split(".")
        found = []
        for i in range(len(parts) - 1, 0, -1):
            name = ".".join(parts[:i])
            if name not in self.modules:
                continue
            module = self.modules.load(name)
            if module is None:
                continue
            local = ".".join(parts[i:])
            fact = module.functions.get(local)
            if fact is not None:
                found.append((module, fact))
            elif any(key.startswith(local + LOCALS) for key in module.functions):
                found.append((module, None))
        if len(found) > 1:
            raise NeedsFullIndex(f"two modules define {qualname}")
        result = found[0] if found and found[0][1] is not None else None
        self._located[qualname] = result
        return result

    def row_callees(self, module: Module, fact: tuple) -> frozenset[str]:
        """The callees of a function's table row: its own and its nested functions', less itself and them."""
        local = fact[_F_LOCAL]
        qualname = f"{module.name}.{local}"
        key = (module.name, local)
        found = self._callees.get(key)
        if found is None:
            inner_local = local + LOCALS
            callees: set[str] = set()
            for fn in module.own_functions():
                if fn is fact or fn[_F_LOCAL].startswith(inner_local):
                    callees |= self.resolver.callees(module, fn)
            inner = qualname + LOCALS
            found = self._callees[key] = frozenset(c for c in callees if c != qualname and not c.startswith(inner))
            last_build["resolved"] = int(last_build.get("resolved", 0)) + 1  # type: ignore[call-overload]
        return found

    # -- candidates -----------------------------------------------------------

    def renamed(self) -> dict[str, list[tuple[str, str, int]]]:
        if self._renames is None:
            texts = {p: t for p, t in ((p, self._text(p)) for p in self.paths) if t is not None}
            self._renames = renames(texts)
        return self._renames

    def _text(self, path: str) -> Optional[bytes]:
        text = self._texts.get(path)
        if text is None:
            from .parse import _decode

            data = self._contents(path)
            if data is None:
                return None
            text = self._texts[path] = _decode(data)[0]
        return text

    def layout(self, path: str) -> Layout:
        layout = self._layouts.get(path)
        if layout is None:
            layout = self._layouts[path] = Layout(self._text(path) or b"")
        return layout

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """Every function that may share ``at_least`` callees with ``callees`` (and perhaps others)."""
        names = {method_name(c) for c in callees}
        names.discard("")
        if not names:
            return set()
        at_least = max(1, at_least)
        everything = closure(names, self.renamed(), lambda path, at: self.layout(path).in_code(at))
        renamed_only = frozenset(n.encode("utf-8") for n in everything - names)
        pattern = call_sites(everything)
        names = everything
        files = set(self._always)
        for path in self.paths:
            if path in files or path not in self.module_of_path:
                continue
            text = self._text(path)
            if text is None or pattern.search(text) is None:
                continue
            layout = self.layout(path)
            sites = call_offsets(pattern, layout, renamed_only)
            if has_window(text, sites, at_least):
                # calls in strings and comments (doctests) are no calls
                if has_window(text, [at for at in sites if layout.in_code(at)], at_least):
                    files.add(path)
        self.source.compact(sorted(files))  # one parse, in processes when there are many
        found: set[str] = set()
        for path in sorted(files):
            module = self.modules.load(self.module_of_path[path]) if path in self.module_of_path else None
            if module is None:
                continue
            functions = list(module.own_functions())
            sites = {fn[_F_LOCAL]: _matching(fn, names) for fn in functions}
            # a nested function's call sites count for every function enclosing it
            total = dict(sites)
            for local, n in sites.items():
                if n:
                    at = local.find(LOCALS)
                    while at >= 0:
                        outer = local[:at]
                        if outer in total:
                            total[outer] += n
                        at = local.find(LOCALS, at + 1)
            for fn in functions:
                local = fn[_F_LOCAL]
                if total[local] >= at_least:
                    qualname = f"{module.name}.{local}"
                    if self.locate(qualname) is not None:
                        found.add(qualname)
        last_build["searched"] = len(files)
        return found


def _matching(fn: tuple, names: frozenset[str]) -> int:
    """How many of a function's own call chains end with one of ``names``."""
    calls = fn[_F_CALLS]
    chains = calls if type(calls) is frozenset else {call[0] for call in calls}
    return sum(1 for parts in chains if parts and parts[-1] in names)


@dataclass(frozen=True)
class LazyRepoIndex(RepoIndex):
    """A RepoIndex whose tables are made on demand (see the module docstring)."""

    lazy: Optional[LazyIndex] = None

    def is_method(self, callee: str) -> bool:
        return self.functions.is_method(callee)  # type: ignore[attr-defined]

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        assert self.lazy is not None
        return self.lazy.candidates(callees, at_least)


# --------------------------------------------------------------------------
# building
# --------------------------------------------------------------------------


def lazy_possible(paths: tuple[str, ...], digests: tuple[str, ...], cache: Optional[FactsCache]) -> bool:
    """No stored snapshot to start from: the full build would parse the whole tree."""
    if cache is None or not paths:
        return True
    current = dict(zip(paths, digests))
    for snap in cache.snapshots():
        same = sum(1 for p, d in zip(snap.paths, snap.digests) if current.get(p) == d)
        if same >= REUSE_SHARE * len(paths):
            return False
    return True


def build_lazy_index(
    tree: SourceTree,
    settings: Settings,
    cache: Optional[FactsCache],
    jobs: int,
    changed: Iterable[str],
) -> LazyRepoIndex:
    """The lazy index of ``tree``; ``changed``: the paths of the changed files, always searched.

    Raises NeedsFullIndex when a stored snapshot makes the full index the cheaper one.
    """
    paths = [p for p in tree.paths() if not settings.excluded(p)]
    last_build.clear()
    last_build.update(mode="lazy", resolved=0, parsed=0, searched=0)
    digests, contents, notes = digest_files(tree, paths, cache)
    readable = tuple(sorted(p for p in paths if p in digests))
    if not lazy_possible(readable, tuple(digests[p] for p in readable), cache):
        raise NeedsFullIndex("a stored snapshot", (digests, contents, list(notes)))
    source = FactSource(tree, cache, jobs, digests, contents)

    def text_of(path: str) -> Optional[bytes]:
        data = contents.get(path)
        if data is None:
            try:
                data = tree.read(path)
            except Exception:  # unreadable now: it was read once, its digest stands; no text to search
                return None
        return data

    changed = tuple(changed)
    lazy = LazyIndex(readable, source, text_of, changed, settings)
    lazy.digested = (digests, contents, list(notes))
    lazy.by_path = LazyByPath(lazy)
    notes.extend(source.notes)
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    return LazyRepoIndex(
        functions=LazyFunctions(lazy),
        callers=_Everything("the callers of every callee"),
        method_callers=_Everything("the callers of every method name"),
        by_path=lazy.by_path,
        module_of_path=lazy.module_of_path,
        notes=tuple(sorted(set(notes), key=lambda n: (n.path, n.message))),
        files=len(readable),
        lazy=lazy,
        file_notes=lazy.file_notes,
    )


def tokens_needed(index: RepoIndex, tree: SourceTree, qualnames: Iterable[str], min_tokens: int) -> bool:
    """Does one of the changed functions have ``min_tokens`` tokens, so that RA003 must
    compare it with every function of the tree (the full index and its clone index)?

    (A lazy clone index, tokenizing only the files whose names cover one of the
    function's sketch grams, was tried: on sympy such files were 661 of 1,544
    for a 70-token function calling common helpers, and the check took 7.3 s
    against 5.7 s for the full build.)
    """
    from .clones import file_entries

    by_file: dict[str, list] = {}
    for qualname in qualnames:
        fn = index.functions.get(qualname)
        if fn is None:
            continue
        loc = fn.location
        by_file.setdefault(loc.path, []).append((qualname[len(fn.module) + 1 :], loc.line, loc.col, loc.end_line))
    for path, spans in sorted(by_file.items()):
        try:
            data = tree.read(path)
        except Exception:
            return True  # cannot tell: the full index decides
        for entry in file_entries(data, spans):
            if len(entry[4]) >= min_tokens:
                return True
    return False
