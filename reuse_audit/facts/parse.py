"""Stage 1: parse one Python source file into :class:`FileFacts`.

This is the only module of the project that imports ``tree_sitter``.

``parse_source(data)`` never raises: tree-sitter recovers from any syntax
error, and nothing here recurses over the tree (files with expressions nested
thousands deep must not hit Python's recursion limit).

How it works, in short:

* one tree-sitter Query collects, in C, the handful of node kinds we need
  (defs, classes, calls, imports, binding targets, ``global`` statements);
* each ``def`` / ``class`` owns the byte range of its *body*; the ranges nest,
  so they are flattened once into a sorted list of segment boundaries, and
  every captured node is given to its innermost scope with one ``bisect``.
  Decorators, parameter defaults, annotations and class bases lie outside the
  body, so they naturally belong to the enclosing scope, as in Python;
* per-node Python work is limited to the captured nodes.
"""

from __future__ import annotations

import bisect
import codecs
import hashlib
import os
import re
import sys
import threading
import time
from operator import attrgetter, itemgetter
from typing import Iterable, Optional

import tree_sitter_python
from tree_sitter import Language, Node, Parser, Query, QueryCursor

from reuse_audit.facts.model import (
    FileFacts,
    compact_from_facts,
    facts_from_compact,
    function_from_compact,
)
from reuse_audit.facts.rows import LOCALS

__all__ = ["decode", "parse_source", "parse_compact", "parse_for_resolution", "facts_from_compact", "compact_from_facts", "function_from_compact"]

MAX_SYNTAX_ERRORS = 20
_DIGEST_CHARS = 16

# --------------------------------------------------------------------------
# tree-sitter set-up (once per process; one parser per thread)
# --------------------------------------------------------------------------

_LANGUAGE = Language(tree_sitter_python.language())

_QUERY_SOURCE = """
(function_definition) @def
(class_definition) @class
(decorated_definition) @decorated
(call function: (_) @callee)
(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
(assignment) @assign
(augmented_assignment left: (_) @target)
(for_statement left: (_) @target)
(for_in_clause left: (_) @comp)
(as_pattern alias: (as_pattern_target) @with)
(except_clause (as_pattern alias: (as_pattern_target) @except))
(named_expression name: (identifier) @name)
(global_statement) @global
(nonlocal_statement) @nonlocal
(type_alias_statement) @typealias
(type_alias_statement left: (type [(identifier) @name (generic_type . (identifier) @name)]))
(case_pattern (dotted_name) @capture)
(keyword_pattern (dotted_name) @capture)
(splat_pattern (identifier) @name)
(as_pattern "as" . (identifier) @name)
"""

_QUERY = Query(_LANGUAGE, _QUERY_SOURCE)

_local = threading.local()


def _parser() -> Parser:
    parser = getattr(_local, "parser", None)
    if parser is None:
        parser = Parser(_LANGUAGE)
        _local.parser = parser
    return parser


# --------------------------------------------------------------------------
# decoding
# --------------------------------------------------------------------------

_BOM = b"\xef\xbb\xbf"
_COOKIE_RE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_BLANK_RE = re.compile(rb"^[ \t\f]*(?:[#\r\n]|$)")
_BARE_CR_RE = re.compile(rb"\r(?!\n)")


def _cookie(data: bytes) -> Optional[str]:
    """The PEP 263 coding cookie of the first two lines, as tokenize finds it."""
    first, _, rest = data.partition(b"\n")
    m = _COOKIE_RE.match(first)
    if m is None and _BLANK_RE.match(first):
        m = _COOKIE_RE.match(rest.partition(b"\n")[0])
    if m is None:
        return None
    return m.group(1).decode("ascii", "replace")


def _normal_encoding(name: str) -> Optional[str]:
    """The codec name for a cookie, None when unknown or not ASCII-compatible."""
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):
        return None
    if info.name in ("utf-8", "utf-8-sig"):
        return "utf-8"
    try:
        if b"# coding: x\n".decode(info.name) != "# coding: x\n":
            return None
    except Exception:  # codecs that cannot decode bytes at all (rot13, ...)
        return None
    return info.name


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def decode(data: bytes) -> tuple[bytes, Optional[str]]:
    """UTF-8 bytes for tree-sitter, and a note when they differ from the input."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
        if _is_utf8(data):
            return data, None
        note = "decoded as latin-1: not valid UTF-8 despite a UTF-8 BOM"
        return data.decode("latin-1").encode("utf-8"), note

    cookie = _cookie(data)
    prefix = ""
    if cookie is not None:
        encoding = _normal_encoding(cookie)
        if encoding is None:
            prefix = f"unknown coding cookie {cookie!r}"
        elif encoding != "utf-8":
            try:
                return data.decode(encoding).encode("utf-8"), f"decoded with coding cookie {cookie}"
            except (UnicodeDecodeError, UnicodeError, LookupError):
                prefix = f"bytes do not decode with coding cookie {cookie}"

    if _is_utf8(data):
        return data, (prefix + "; parsed as UTF-8") if prefix else None
    note = "decoded as latin-1: not valid UTF-8"
    if prefix:
        note = prefix + "; " + note
    return data.decode("latin-1").encode("utf-8"), note


_decode = decode  # (its name before it was public: the parser's own calls)


# --------------------------------------------------------------------------
# small helpers over nodes
# --------------------------------------------------------------------------

_ASCII_DOTTED_RE = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_STRING_PREFIX_RE = re.compile(r"^[A-Za-z]*")

# parts tuples are shared between files: the same few thousand chains recur.
_PARTS_CACHE: dict[bytes, tuple[str, ...]] = {}
_PARTS_CACHE_MAX = 200_000


def _text(src: bytes, node: Optional[Node]) -> str:
    if node is None:
        return ""
    return src[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _named(node: Node) -> list[Node]:
    """Named children, without comments."""
    return [c for c in node.named_children if c.type != "comment"]


def _unwrap_parens(node: Node) -> Node:
    while node.type == "parenthesized_expression":
        inner = _named(node)
        if len(inner) != 1:
            break
        node = inner[0]
    return node


def _chain_parts(node: Node, src: bytes) -> tuple[str, ...]:
    """Dotted parts of an expression used as a callee (see CallSite)."""
    raw = src[node.start_byte : node.end_byte]
    parts = _PARTS_CACHE.get(raw)
    if parts is not None:
        return parts
    if _ASCII_DOTTED_RE.match(raw):
        parts = tuple(raw.decode("ascii").split("."))
    else:
        parts = _chain_parts_slow(node, src)
    if len(raw) <= 200:
        if len(_PARTS_CACHE) >= _PARTS_CACHE_MAX:
            _PARTS_CACHE.clear()
        _PARTS_CACHE[raw] = parts
    return parts


def _chain_parts_slow(node: Node, src: bytes) -> tuple[str, ...]:
    attrs: list[str] = []
    cur: Optional[Node] = _unwrap_parens(node)
    while cur is not None:
        kind = cur.type
        if kind == "attribute":
            attrs.append(_text(src, cur.child_by_field_name("attribute")))
            cur = cur.child_by_field_name("object")
        elif kind in ("list_splat", "dictionary_splat"):
            # the grammar reads `[*a.b(x)]` as a call of `(*a).b`: skip the star
            inner = _named(cur)
            cur = inner[0] if len(inner) == 1 else None
        else:
            break
        if cur is not None:
            cur = _unwrap_parens(cur)
    root = ""
    if cur is not None:
        kind = cur.type
        if kind == "identifier":
            root = _text(src, cur)
        elif kind == "call":
            fn = cur.child_by_field_name("function")
            if fn is not None and fn.type == "identifier" and _text(src, fn) == "super":
                root = "super()"
    attrs.reverse()
    if not root:
        return ("", attrs[-1]) if attrs else ("",)
    return (root, *attrs)


def _dotted(node: Optional[Node], src: bytes) -> Optional[str]:
    """Source text of an identifier / attribute chain, None for anything else."""
    if node is None:
        return None
    node = _unwrap_parens(node)
    if node.type not in ("identifier", "attribute"):
        return None
    parts = _chain_parts(node, src)
    if not parts or not parts[0] or parts[0] == "super()":
        return None
    return ".".join(parts)


def _dotted_name(node: Optional[Node], src: bytes) -> str:
    """Text of a ``dotted_name`` node, whitespace-free."""
    if node is None:
        return ""
    if node.type == "identifier":
        return _text(src, node)
    return ".".join(_text(src, c) for c in node.named_children if c.type == "identifier")


def _strip_quotes(text: str) -> Optional[str]:
    """Content of one string literal's source text, None for f-strings."""
    m = _STRING_PREFIX_RE.match(text)
    prefix = m.group(0) if m else ""
    if "f" in prefix.lower() or "t" in prefix.lower():
        return None
    body = text[len(prefix) :]
    for quote in ('"""', "'''", '"', "'"):
        if body.startswith(quote):
            end = len(body) - len(quote) if body.endswith(quote) and len(body) >= 2 * len(quote) else len(body)
            return body[len(quote) : end]
    return body


def _string_value(node: Node, src: bytes) -> Optional[str]:
    """Content of a string or implicitly concatenated string node."""
    if node.type == "string":
        return _strip_quotes(_text(src, node))
    if node.type == "concatenated_string":
        pieces = []
        for child in _named(node):
            piece = _strip_quotes(_text(src, child)) if child.type == "string" else None
            if piece is None:
                return None
            pieces.append(piece)
        return "".join(pieces)
    return None


def _annotation(node: Optional[Node], src: bytes) -> Optional[str]:
    if node is None:
        return None
    inner = _named(node) if node.type == "type" else [node]
    if len(inner) == 1 and inner[0].type == "string":
        value = _strip_quotes(_text(src, inner[0]))
        if value is not None:
            return value.strip()
    return _text(src, node)


_TARGET_CONTAINERS = frozenset(
    {
        "pattern_list",
        "tuple_pattern",
        "list_pattern",
        "tuple",
        "list",
        "expression_list",
        "parenthesized_expression",
        "list_splat_pattern",
        "list_splat",
        "as_pattern_target",
        "type",
    }
)


def _target_names(node: Optional[Node], src: bytes, out: list[str]) -> None:
    """Plain names bound by an assignment target (iterative)."""
    if node is None:
        return
    if node.type == "identifier":
        out.append(_text(src, node))
        return
    stack = [node]
    while stack:
        cur = stack.pop()
        kind = cur.type
        if kind == "identifier":
            out.append(_text(src, cur))
        elif kind in _TARGET_CONTAINERS:
            stack.extend(reversed(cur.named_children))


def _import_facts(node: Node, src: bytes) -> list[tuple]:
    """Compact ImportFacts: (bound, module, name, level, line)."""
    line = node.start_point[0] + 1
    kind = node.type
    facts: list[tuple] = []
    if kind == "import_statement":
        for child in node.children_by_field_name("name"):
            if child.type == "aliased_import":
                module = _dotted_name(child.child_by_field_name("name"), src)
                bound = _text(src, child.child_by_field_name("alias"))
            else:
                module = _dotted_name(child, src)
                module = bound = module.split(".", 1)[0]
            if bound and module:
                facts.append((bound, module, None, 0, line))
        return facts

    level = 0
    if kind == "future_import_statement":
        module = "__future__"
    else:
        module_node = node.child_by_field_name("module_name")
        module = ""
        if module_node is not None and module_node.type == "relative_import":
            for child in module_node.named_children:
                if child.type == "import_prefix":
                    level = _text(src, child).count(".")
                elif child.type == "dotted_name":
                    module = _dotted_name(child, src)
        else:
            module = _dotted_name(module_node, src)
    for child in node.named_children:
        if child.type == "wildcard_import":
            facts.append(("*", module, "*", level, line))
    for child in node.children_by_field_name("name"):
        if child.type == "aliased_import":
            name = _dotted_name(child.child_by_field_name("name"), src)
            bound = _text(src, child.child_by_field_name("alias"))
        else:
            name = bound = _dotted_name(child, src)
        if name and bound:
            facts.append((bound, module, name, level, line))
    return facts


def _params(node: Optional[Node], src: bytes, defaults: bool = True) -> list[tuple]:
    """Compact Params: (name, kind, annotation, default)."""
    if node is None:
        return []
    out: list[tuple] = []
    keyword_only = False
    for child in node.named_children:
        kind = child.type
        if kind == "positional_separator":
            out = [(p[0], "positional_only", p[2], p[3]) if p[1] == "positional" else p for p in out]
            continue
        if kind == "keyword_separator":
            keyword_only = True
            continue
        annotation = default = None
        name_node: Optional[Node] = child
        if kind in ("default_parameter", "typed_default_parameter"):
            name_node = child.child_by_field_name("name")
            annotation = _annotation(child.child_by_field_name("type"), src)
            if defaults:
                value = child.child_by_field_name("value")
                default = _text(src, value) if value is not None else None
        elif kind == "typed_parameter":
            annotation = _annotation(child.child_by_field_name("type"), src)
            inner = [c for c in _named(child) if c.type != "type"]
            name_node = inner[0] if inner else None
        if name_node is None:
            continue
        name_kind = name_node.type
        if name_kind == "list_splat_pattern":
            param_kind = "var_positional"
            keyword_only = True
        elif name_kind == "dictionary_splat_pattern":
            param_kind = "var_keyword"
        elif name_kind == "identifier":
            param_kind = "keyword_only" if keyword_only else "positional"
        else:
            continue
        if name_kind != "identifier":
            ids = [c for c in name_node.named_children if c.type == "identifier"]
            if not ids:
                continue
            name_node = ids[0]
        name = _text(src, name_node)
        if name:
            out.append((name, param_kind, annotation, default))
    return out


_SUPPRESS_RE = re.compile(
    r"#\s*(?:"
    r"reuse-audit\s*:\s*ignore\b(?:\s*\[(?P<ra>[^\]]*)\])?"
    r"|noqa\b(?:\s*:\s*(?P<noqa>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?"
    r")",
    re.IGNORECASE,
)


def _suppressions(line: str) -> list[str]:
    codes: list[str] = []
    for m in _SUPPRESS_RE.finditer(line):
        raw = m.group("ra") if m.group("ra") is not None else m.group("noqa")
        found = [c.upper() for c in re.split(r"[\s,]+", raw or "") if c]
        codes.extend(found or ["*"])
    return codes


def _line_at(src: bytes, pos: int) -> str:
    start = src.rfind(b"\n", 0, pos) + 1
    end = src.find(b"\n", pos)
    if end < 0:
        end = len(src)
    return src[start:end].decode("utf-8", "replace")


def _syntax_errors(root: Node) -> tuple[int, ...]:
    """First lines of ERROR / MISSING nodes, walking only subtrees with errors.

    Pre-order visits nodes by start position, so lines come out non-decreasing
    and the walk can stop after MAX_SYNTAX_ERRORS distinct lines.
    """
    if not root.has_error:
        return ()
    lines: list[int] = []
    stack = [root]
    while stack and len(lines) < MAX_SYNTAX_ERRORS:
        node = stack.pop()
        if node.is_error or node.is_missing:
            line = node.start_point[0] + 1
            if not lines or lines[-1] != line:
                lines.append(line)
        children = [c for c in node.children if c.has_error]
        children.reverse()
        stack.extend(children)
    return tuple(sorted(set(lines)))


# --------------------------------------------------------------------------
# scopes
# --------------------------------------------------------------------------


class _Scope:
    """A module, class or function body while facts are being collected."""

    __slots__ = (
        "kind",
        "node",
        "local_name",
        "name",
        "parent",
        "start",
        "end",
        "calls",
        "names",
        "globals",
        "outer",
        "types",
        "imports",
    )

    def __init__(
        self,
        kind: str,
        node: Optional[Node],
        local_name: str,
        name: str,
        parent: Optional[_Scope],
        start: int,
        end: int,
    ):
        self.kind = kind  # "module" | "class" | "function"
        self.node = node
        self.local_name = local_name
        self.name = name
        self.parent = parent
        self.start = start
        self.end = end
        self.calls: list[tuple[int, int, tuple]] = []  # (start byte, end byte, (parts, line, col))
        self.names: list[str] = []
        self.globals: list[str] = []  # declared `global`
        self.outer: list[str] = []  # declared `global` or `nonlocal`
        self.types: list[tuple[str, str]] = []
        self.imports: list[tuple] = []  # compact ImportFacts


_by_start = attrgetter("start_byte")
_span = itemgetter(0, 1)


def _qualname(parent: _Scope, name: str) -> str:
    if parent.kind == "module":
        return name
    if parent.kind == "function":
        return f"{parent.local_name}{LOCALS}{name}"
    return f"{parent.local_name}.{name}"


_NO_END = 1 << 62


def _build_scopes(
    defs: list[Node], classes: list[Node], src: bytes, module: _Scope
) -> tuple[list[_Scope], list[int], list[_Scope]]:
    """Scopes in source order, and the segment table that maps a byte to its scope.

    Bodies nest, so they cut the file into segments, each owned by the
    innermost body around it: ``owners[bisect_right(bounds, pos) - 1]``.
    """
    nodes = [(n.start_byte, False, n) for n in defs]
    nodes.extend((n.start_byte, True, n) for n in classes)
    nodes.sort(key=lambda item: item[0])
    scopes: list[_Scope] = []
    bounds: list[int] = [0]
    owners: list[_Scope] = [module]
    stack: list[_Scope] = [module]
    for start, is_class, node in nodes:
        while stack[-1].end <= start:
            closed = stack.pop()
            bounds.append(closed.end)
            owners.append(stack[-1])
        parent = stack[-1]
        body = node.child_by_field_name("body")
        if body is not None:
            body_start, body_end = body.start_byte, body.end_byte
        else:
            body_start = body_end = node.end_byte
        if body_start < bounds[-1] or body_end > parent.end:
            # Only possible in odd error-recovery trees (a def inside another
            # def's header): not a scope of its own, keeps the table sorted.
            continue
        name = _text(src, node.child_by_field_name("name"))
        scope = _Scope(
            "class" if is_class else "function",
            node,
            _qualname(parent, name or "?"),
            name,
            parent,
            body_start,
            body_end,
        )
        scopes.append(scope)
        if name and parent.kind == "function":
            parent.names.append(name)
        bounds.append(body_start)
        owners.append(scope)
        stack.append(scope)
    while len(stack) > 1:
        closed = stack.pop()
        bounds.append(closed.end)
        owners.append(stack[-1])
    return scopes, bounds, owners


def _type_alias_is_real(left: Node) -> bool:
    """False for the misparse of `type(x).attr = v` as `type (x).attr = v`."""
    inner = _named(left)
    if len(inner) != 1 or inner[0].type in ("identifier", "generic_type"):
        return True
    cur: Optional[Node] = inner[0]
    while cur is not None and cur.type in ("attribute", "subscript"):
        cur = cur.child_by_field_name("object") or cur.child_by_field_name("value")
    return cur is None or cur.type != "parenthesized_expression"


def _docstring(body: Optional[Node], src: bytes) -> Optional[str]:
    if body is None:
        return None
    for i in range(body.named_child_count):  # only up to the first statement: bodies can be long
        stmt = body.named_child(i)
        if stmt.type == "comment":
            continue
        if stmt.type != "expression_statement":
            return None
        inner = _named(stmt)
        if len(inner) != 1:
            return None
        return _string_value(inner[0], src)
    return None


def _code_end(node: Node, src: bytes) -> tuple[int, int, int]:
    """(row, column, byte) where the node's code ends, before trailing comments.

    tree-sitter puts comments that follow the last statement of a block inside
    the block; Python's ``end_lineno`` stops at the last token of code.
    """
    end = node.end_byte
    line_start = src.rfind(b"\n", node.start_byte, end) + 1
    if not src[line_start:end].lstrip().startswith(b"#"):
        row, col = node.end_point
        return row, col, end
    cur = node
    while True:
        children = cur.children
        i = len(children) - 1
        while i >= 0 and children[i].type == "comment":
            i -= 1
        if i < 0:
            break
        cur = children[i]
    row, col = cur.end_point
    return row, col, cur.end_byte


def _function_fact(scope: _Scope, src: bytes, decorators: dict[int, tuple[str, ...]]) -> tuple:
    """A compact FunctionFact: a tuple of its fields, in order (see ``facts_from_compact``)."""
    node, parent = scope.node, scope.parent
    assert node is not None and parent is not None  # a def's scope (only the module's has neither)
    start = node.start_byte
    row, col = node.start_point
    end_row, end_col, end = _code_end(node, src)
    end_line = end_row if end_col == 0 and end_row > row else end_row + 1

    params_node = node.child_by_field_name("parameters")
    params = _params(params_node, src)

    class_name = parent.local_name if parent.kind == "class" else None
    parent_function = parent.local_name if parent.kind == "function" else None

    names = set(scope.names)
    names.update(p[0] for p in params)
    if scope.outer:
        names.difference_update(scope.outer)

    codes: list[str] = []
    line = _line_at(src, start)
    if "#" in line:
        codes.extend(_suppressions(line))
    sig_end = node.child_by_field_name("return_type") or params_node
    if sig_end is not None and sig_end.end_point[0] != row:
        line = _line_at(src, sig_end.end_byte)
        if "#" in line:
            codes.extend(_suppressions(line))

    calls = scope.calls
    if len(calls) > 1:
        calls.sort(key=_span)
    return (
        scope.local_name,
        scope.name,
        row + 1,
        col,
        end_line,
        tuple(params),
        tuple([call[2] for call in calls]),
        class_name,
        parent_function,
        decorators.get(start, ()),
        tuple(sorted(names)),
        tuple(scope.types),
        tuple(scope.imports),
        tuple(dict.fromkeys(codes)) if codes else (),
        hashlib.sha256(src[start:end]).hexdigest()[:_DIGEST_CHARS],
        _docstring(node.child_by_field_name("body"), src),
    )


def _function_resolution(scope: _Scope, src: bytes, decorators: dict[int, tuple[str, ...]]) -> tuple:
    """A function's compact facts as resolution reads them (``parse_for_resolution``)."""
    node, parent = scope.node, scope.parent
    assert node is not None and parent is not None  # a def's scope (only the module's has neither)
    start = node.start_byte
    row, col = node.start_point
    end_row, end_col, _ = _code_end(node, src)
    end_line = end_row if end_col == 0 and end_row > row else end_row + 1
    params = _params(node.child_by_field_name("parameters"), src, defaults=False)
    names = set(scope.names)
    names.update(p[0] for p in params)
    if scope.outer:
        names.difference_update(scope.outer)
    return (
        scope.local_name,
        scope.name,
        row + 1,
        col,
        end_line,
        tuple(params),
        frozenset([call[2] for call in scope.calls]),
        parent.local_name if parent.kind == "class" else None,
        parent.local_name if parent.kind == "function" else None,
        decorators.get(start, ()),
        tuple(sorted(names)),
        tuple(scope.types),
        tuple(scope.imports),
        (),
        "",
        None,
    )


def _class_fact(scope: _Scope, src: bytes) -> tuple:
    """A compact ClassFact: (local_name, name, line, bases)."""
    node = scope.node
    assert node is not None  # a class's scope (only the module's has none)
    bases: list[str] = []
    superclasses = node.child_by_field_name("superclasses")
    if superclasses is not None:
        for child in superclasses.named_children:
            kind = child.type
            base: Optional[Node] = child
            if kind == "subscript":
                base = child.child_by_field_name("value")
            elif kind not in ("identifier", "attribute", "parenthesized_expression"):
                continue
            dotted = _dotted(base, src)
            if dotted:
                bases.append(dotted)
    return (scope.local_name, scope.name, node.start_point[0] + 1, tuple(bases))


def _local_type(node: Node, src: bytes) -> Optional[str]:
    """Dotted class text for ``v: C = ...`` or ``v = C(...)``."""
    annotation = node.child_by_field_name("type")
    if annotation is not None:
        text = _annotation(annotation, src)
        if text and _ASCII_DOTTED_RE.match(text.encode("utf-8", "replace")):
            return text
        inner = _named(annotation)
        return _dotted(inner[0], src) if len(inner) == 1 else None
    right = node.child_by_field_name("right")
    if right is None or right.type != "call":
        return None
    return _dotted(right.child_by_field_name("function"), src)


def _facts(src: bytes, digest: str, note: Optional[str], full: bool = True) -> tuple:
    root = _parser().parse(src).root_node
    captures = QueryCursor(_QUERY).captures(root)
    module = _Scope("module", None, "", "", None, 0, _NO_END)
    scopes, bounds, owners = _build_scopes(captures.get("def", []), captures.get("class", []), src, module)
    decorators = _decorators(captures.get("decorated", ()), src)
    _add_calls(captures.get("callee", ()), bounds, owners, src, full)
    _add_type_calls(captures.get("typealias", ()), bounds, owners, full)
    _add_imports(_in_order(captures, "import"), bounds, owners, src)
    _add_assignments(_in_order(captures, "assign"), bounds, owners, src)
    _add_bound_names(captures, bounds, owners, src)
    _add_outer_names(captures, bounds, owners, src)
    functions, classes = _definitions(scopes, module, src, decorators, full)
    return (
        digest,
        tuple(functions),
        tuple(classes),
        tuple(module.imports),
        tuple(sorted(set(module.names))),
        _syntax_errors(root),
        note,
    )


def _in_order(captures: dict[str, list[Node]], name: str) -> list[Node]:
    """The nodes captured as ``name``, in source order."""
    found = captures.get(name)
    if not found:
        return []
    found.sort(key=_by_start)
    return found


def _decorators(decorated: Iterable[Node], src: bytes) -> dict[int, tuple[str, ...]]:
    """The decorators' texts of each decorated definition, by the definition's first byte."""
    decorators: dict[int, tuple[str, ...]] = {}
    for node in decorated:
        definition = node.child_by_field_name("definition")
        if definition is None:
            continue
        texts = []
        for dec in node.named_children:
            if dec.type == "decorator":
                expr = _named(dec)
                texts.append(_text(src, expr[0]) if expr else _text(src, dec).lstrip("@").strip())
        decorators[definition.start_byte] = tuple(texts)
    return decorators


def _add_calls(callees: Iterable[Node], bounds: list[int], owners: list[_Scope], src: bytes, full: bool) -> None:
    """Each call to the calls of the function it is in: ``(parts, line, column)``, or the parts
    alone when not ``full`` (the set of call chains of each function is all resolution needs).

    Captures do not come in source order.  Calls are collected as
    (start, end, call) and sorted per function: of nested calls
    that start together (`f().g()`), the inner one (smaller end) comes first."""
    function_owners = [s if s.kind == "function" else None for s in owners]
    parts_cache = _PARTS_CACHE
    find = bisect.bisect_right
    if full:
        for node in callees:
            start = node.start_byte
            scope = function_owners[find(bounds, start) - 1]
            if scope is not None:
                end = node.end_byte
                row, col = node.start_point
                if src[start] == 42:  # "*": see _chain_parts_slow
                    col += (end - start) - len(src[start:end].lstrip(b"* \t"))
                parts = parts_cache.get(src[start:end])
                if parts is None:
                    parts = _chain_parts(node, src)
                scope.calls.append((start, end, (parts, row + 1, col)))
    else:
        for node in callees:
            start = node.start_byte
            scope = function_owners[find(bounds, start) - 1]
            if scope is not None:
                end = node.end_byte
                parts = parts_cache.get(src[start:end])
                if parts is None:
                    parts = _chain_parts(node, src)
                scope.calls.append((start, end, parts))


def _add_type_calls(aliases: Iterable[Node], bounds: list[int], owners: list[_Scope], full: bool) -> None:
    """The grammar reads `type(x).attr = v` as a type alias statement and loses
    the call of `type`: put it back."""
    for node in aliases:
        scope = owners[bisect.bisect_right(bounds, node.start_byte) - 1]
        left = node.child_by_field_name("left")
        if scope.kind != "function" or left is None or _type_alias_is_real(left):
            continue
        row, col = node.start_point
        call = (("type",), row + 1, col) if full else ("type",)
        scope.calls.append((node.start_byte, node.start_byte + 4, call))


def _add_imports(imports: list[Node], bounds: list[int], owners: list[_Scope], src: bytes) -> None:
    """Each import to its module's or function's imports (a function's names too)."""
    for node in imports:
        scope = owners[bisect.bisect_right(bounds, node.start_byte) - 1]
        if scope.kind == "class":
            continue
        facts = _import_facts(node, src)
        scope.imports.extend(facts)
        if scope.kind == "function":
            scope.names.extend(f[0] for f in facts if f[0] != "*")


def _add_assignments(assignments: list[Node], bounds: list[int], owners: list[_Scope], src: bytes) -> None:
    """The names each assignment binds (and in a function, a local's type where it shows)."""
    for node in assignments:
        scope = owners[bisect.bisect_right(bounds, node.start_byte) - 1]
        if scope.kind == "class":
            continue
        left = node.child_by_field_name("left")
        _target_names(left, src, scope.names)
        if scope.kind == "function" and left is not None and left.type == "identifier":
            type_text = _local_type(node, src)
            if type_text:
                scope.types.append((_text(src, left), type_text))


def _add_bound_names(captures: dict[str, list[Node]], bounds: list[int], owners: list[_Scope], src: bytes) -> None:
    """The names other statements bind: loop and ``as`` targets, comprehension variables, the
    captures of ``match`` patterns."""
    find = bisect.bisect_right
    # `as` targets: of `with` (also parenthesized) at any scope, of `except` in functions only
    except_targets = {node.start_byte for node in captures.get("except", ())}
    with_targets = [node for node in captures.get("with", ()) if node.start_byte not in except_targets]
    groups = (
        (captures.get("target", ()), False),
        (captures.get("name", ()), False),
        (with_targets, False),
        (captures.get("comp", ()), True),  # comprehension variables
        (captures.get("except", ()), True),  # deleted after the handler
    )
    for group, function_only in groups:
        for node in group:
            scope = owners[find(bounds, node.start_byte) - 1]
            if scope.kind == "function" or (scope.kind == "module" and not function_only):
                _target_names(node, src, scope.names)

    for node in captures.get("capture", ()):
        scope = owners[find(bounds, node.start_byte) - 1]
        if scope.kind != "class":
            text = _text(src, node)
            if text and text != "_" and "." not in text:
                scope.names.append(text)


def _add_outer_names(captures: dict[str, list[Node]], bounds: list[int], owners: list[_Scope], src: bytes) -> None:
    """The names a function's ``global`` and ``nonlocal`` statements give to an outer scope."""
    for capture in ("global", "nonlocal"):
        for node in captures.get(capture, ()):
            scope = owners[bisect.bisect_right(bounds, node.start_byte) - 1]
            if scope.kind == "function":
                names = [_text(src, c) for c in node.named_children if c.type == "identifier"]
                scope.outer.extend(names)
                if capture == "global":
                    scope.globals.extend(names)


def _definitions(
    scopes: list[_Scope], module: _Scope, src: bytes, decorators: dict[int, tuple[str, ...]], full: bool
) -> tuple[list[tuple], list[tuple]]:
    """(function facts, class facts) of the named scopes; a function's ``global x; x = ...``
    binds a module name."""
    functions = []
    classes = []
    for scope in scopes:
        if not scope.name:
            continue
        if scope.kind == "function":
            functions.append(_function_fact(scope, src, decorators) if full else _function_resolution(scope, src, decorators))
            if scope.globals:
                assigned = set(scope.names)
                module.names.extend(g for g in scope.globals if g in assigned)
        else:
            classes.append(_class_fact(scope, src))
    return functions, classes


# --------------------------------------------------------------------------
# the public entry points (the compact form is described in model.py)
# --------------------------------------------------------------------------


def parse_compact(data: bytes) -> tuple:
    """Compact facts of one Python source file given as bytes.  Never raises."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    elif not isinstance(data, bytes):
        data = bytes(data)
    digest = hashlib.sha256(data).hexdigest()
    note: Optional[str] = None
    try:
        src, note = _decode(data)
        if b"\r" in src:
            # tree-sitter counts rows by "\n" only; Python also ends lines at a bare "\r"
            src = _BARE_CR_RE.sub(b"\n", src)
        return _facts(src, digest, note)
    except Exception as exc:  # a bug here must not stop a whole repository run
        message = f"internal error while parsing: {type(exc).__name__}: {exc}"
        return (digest, (), (), (), (), (), f"{note}; {message}" if note else message)


def parse_for_resolution(data: bytes) -> tuple:
    """Compact facts with only what resolution reads: a function's calls are the
    frozenset of their chains; call positions, defaults, docstrings, body digests
    and suppressions are left out.  Never cached, never made into FileFacts."""
    data = bytes(data)
    digest = hashlib.sha256(data).hexdigest()
    note: Optional[str] = None
    try:
        src, note = _decode(data)
        if b"\r" in src:
            src = _BARE_CR_RE.sub(b"\n", src)
        return _facts(src, digest, note, full=False)
    except Exception as exc:  # a bug here must not stop a whole repository run
        message = f"internal error while parsing: {type(exc).__name__}: {exc}"
        return (digest, (), (), (), (), (), f"{note}; {message}" if note else message)


def parse_source(data: bytes) -> FileFacts:
    """Facts of one Python source file given as bytes.  Never raises."""
    return facts_from_compact(parse_compact(data))


def function_header(data: bytes, line: int) -> Optional[str]:
    """The header of the function whose ``def`` (or ``async def``) is on the 1-based ``line`` of
    the source ``data``: its text from ``def`` to the colon before its body, on one line
    (``def f(a, b: int = 1) -> str``); None when no function starts on that line."""
    try:
        src, _ = _decode(bytes(data))
        if b"\r" in src:
            src = _BARE_CR_RE.sub(b"\n", src)
        node: Optional[Node] = _parser().parse(src).root_node
        row = line - 1
        while node is not None:
            if node.type == "function_definition" and node.start_point[0] == row:
                break
            node = next((c for c in node.children if c.start_point[0] <= row <= c.end_point[0]), None)
        if node is None:
            return None
        colon = next((c for c in reversed(node.children) if c.type == ":"), None)
        end = colon.start_byte if colon is not None else node.end_byte
        # each line break and the indentation around it: one space (a string's own spaces stay)
        text = re.sub(r"\s*\\?\n\s*", " ", src[node.start_byte : end].decode("utf-8", "replace").strip())
        return text.replace("( ", "(").replace(" )", ")").replace(",)", ")")
    except Exception:  # a header is a courtesy: never a failure
        return None


def _main(argv: list[str]) -> int:
    """Parse every .py under the given directories and print totals."""
    files = functions = calls = failures = with_errors = 0
    seconds = cpu_seconds = 0.0
    for top in argv or ["."]:
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(".py"):
                    continue
                path = os.path.join(dirpath, filename)
                try:
                    with open(path, "rb") as handle:
                        data = handle.read()
                except OSError:
                    continue
                started, cpu_started = time.perf_counter(), time.process_time()
                facts = parse_compact(data)
                seconds += time.perf_counter() - started
                cpu_seconds += time.process_time() - cpu_started
                files += 1
                functions += len(facts[1])
                calls += sum(len(f[6]) for f in facts[1])
                with_errors += bool(facts[5])
                if facts[6] and "internal error" in facts[6]:
                    failures += 1
                    print(f"{path}: {facts[6]}", file=sys.stderr)
    print(
        f"files={files} functions={functions} calls={calls} files_with_syntax_errors={with_errors}"
        f" internal_errors={failures} seconds={seconds:.2f} cpu_seconds={cpu_seconds:.2f}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    import sys

    raise SystemExit(_main(sys.argv[1:]))
