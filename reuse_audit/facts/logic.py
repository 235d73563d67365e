"""A function read as three bags of features that survive a rewrite (RA004's features, issue 29).

* **words**: the sub-words of its name (twice), its parameters, the names and attributes it
  reads and the calls it makes, and its docstring (``format_size(num_bytes)`` gives ``format``,
  ``size``, ``num``, ``bytes``);
* **literals**: the values that say what it is about (``1024``, ``'KiB'``, ``'%.1f'``), not those
  every function writes (``0``, ``1``, ``2``, ``-1``, ``''``, ``None``, ``True``, ``False``);
* **structure**: each syntax node's kind under its parent's and grandparent's kinds
  (``For>If>Return``), so that two loops that test and return alike match whatever they name.

A file's bags (:class:`FileBags`) are facts of its content, as its parsed facts are: kept in the
facts cache by the file's digest, so that a warm check parses only the files a change touched.
How the bags are weighted and compared is the rule's (``rules/logic.py``).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Optional

from reuse_audit.facts.model import FactsOf

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.facts.cache import FactsCache

#: Words every function uses, which say nothing of what it does.
STOP_WORDS = frozenset(
    "self cls the a an of to in is if for and or not none true false return def args kwargs get set "
    "str int list dict obj value val x i j k n s t v e f it be by on as at this that with from".split()
)
#: Literals every function writes.
TRIVIAL_LITERALS = frozenset({0, 1, 2, -1, "", None, True, False})

_SUBWORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def subwords(name: str) -> list[str]:
    """The lower-case parts of an identifier, stop words and single letters left out."""
    return list(split_words(name))


#: identifiers recur (every call of ``append``): their parts are split once
_SPLIT: dict[str, tuple[str, ...]] = {}
_SPLIT_LIMIT = 200_000


def split_words(name: str) -> tuple[str, ...]:
    """The lower-case parts of an identifier, stop words and single letters left out (split once a name)."""
    found = _SPLIT.get(name)
    if found is None:
        found = tuple(
            word for word in (part.lower() for part in _SUBWORD.findall(name)) if len(word) > 1 and word not in STOP_WORDS
        )
        if len(_SPLIT) >= _SPLIT_LIMIT:
            _SPLIT.clear()
        _SPLIT[name] = found
    return found


def _text_words(text: Optional[str]) -> list[str]:
    return [w for token in _WORD.findall(text or "") for w in subwords(token)]


# --------------------------------------------------------------------------
# the source bags
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Bags:
    """One function read from its source: its three bags and its size."""

    words: Counter[str]
    literals: Counter[str]
    structure: Counter[str]
    nodes: int  # syntax nodes of its body, the docstring left out
    coroutine: bool  # an ``async def``


def _literal(value: object) -> Optional[str]:
    if isinstance(value, bool) or value is None or value is Ellipsis:
        return None
    if isinstance(value, (int, float, complex)):
        return None if value in TRIVIAL_LITERALS else "n:" + repr(value)
    if isinstance(value, (str, bytes)):
        text = value.strip() if isinstance(value, str) else value.decode("latin-1").strip()
        return "s:" + text[:80] if text else None
    return None


def bags_of(node: ast.FunctionDef | ast.AsyncFunctionDef) -> Bags:
    """The bags of one function definition."""
    words: Counter[str] = Counter(subwords(node.name) * 2)
    args = node.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
        if arg is not None:
            words.update(subwords(arg.arg))
    body = node.body
    docstring = ast.get_docstring(node, clean=False)
    if docstring is not None:
        words.update(_text_words(docstring))
        body = body[1:]
    literals: Counter[str] = Counter()
    structure: Counter[str] = Counter()
    nodes = 0
    stack: list[tuple[ast.AST, str, str]] = [(stmt, "Body", "Def") for stmt in body]
    while stack:
        child, parent, grandparent = stack.pop()
        kind = type(child).__name__
        nodes += 1
        structure[f"{parent}>{kind}"] += 1
        structure[f"{grandparent}>{parent}>{kind}"] += 1
        if isinstance(child, ast.Name):
            words.update(subwords(child.id))
        elif isinstance(child, ast.Attribute):
            words.update(subwords(child.attr))
        elif isinstance(child, ast.keyword) and child.arg:
            words.update(subwords(child.arg))
        elif isinstance(child, ast.arg):
            words.update(subwords(child.arg))
        elif isinstance(child, ast.Constant):
            literal = _literal(child.value)
            if literal is not None:
                literals[literal] += 1
        stack.extend((grand, kind, parent) for grand in ast.iter_child_nodes(child) if not _context(grand))
    return Bags(words, literals, structure, nodes, isinstance(node, ast.AsyncFunctionDef))


def _context(node: ast.AST) -> bool:
    """A node that says only how a name is used (Load, Store), or an operator's kind."""
    return isinstance(node, (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop))


def definitions(tree: ast.AST) -> dict[int, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The function definitions of a module by the line of their ``def`` keyword."""
    return {
        node.lineno: node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


# --------------------------------------------------------------------------
# a file's bags, kept by its digest
# --------------------------------------------------------------------------


#: The kind of a file's bags in the facts table (beside its facts, keyed by the bare digest).  The
#: cache is bound to this module's source (``cache.engine_key``): a change of :func:`bags_of` starts a new one.
BAGS_KEY = "bags:"


def _packed(bags: Mapping[int, Bags]) -> dict[int, tuple]:
    return {
        line: (tuple(b.words.items()), tuple(b.literals.items()), tuple(b.structure.items()), b.nodes, b.coroutine)
        for line, b in bags.items()
    }


def _unpacked(value: object) -> Optional[dict[int, Bags]]:
    """The bags of a cache value, None when it is not what :func:`_packed` makes."""
    if not isinstance(value, dict):
        return None
    made: dict[int, Bags] = {}
    try:
        for line, (words, literals, structure, nodes, coroutine) in value.items():
            if not (isinstance(line, int) and isinstance(nodes, int) and isinstance(coroutine, bool)):
                return None
            made[line] = Bags(Counter(dict(words)), Counter(dict(literals)), Counter(dict(structure)), nodes, coroutine)
    except (TypeError, ValueError):
        return None
    return made


class FileBags:
    """path -> the bags of each function the file defines after the change, by the line of its
    ``def``: read from the facts cache by the file's digest (``after_facts(path).digest``), else
    parsed from its bytes and kept on :meth:`keep`.  An unreadable or unparsable file has none."""

    def __init__(self, read: Callable[[str], bytes], facts: FactsOf, cache: "Optional[FactsCache]") -> None:
        self._read, self._facts, self._cache = read, facts, cache
        self._made: dict[str, dict[int, Bags]] = {}
        self._new: list[tuple[str, object]] = []

    def __call__(self, path: str) -> Mapping[int, Bags]:
        found = self._made.get(path)
        if found is None:
            found = self._made[path] = self._load(path)
        return found

    def _key(self, path: str) -> Optional[str]:
        if self._cache is None:
            return None
        try:
            facts = self._facts(path)
        except Exception:  # (not a file of the tree: parsed, not kept)
            return None
        return None if facts is None else BAGS_KEY + facts.digest

    def _load(self, path: str) -> dict[int, Bags]:
        key = self._key(path)
        if key is not None and self._cache is not None:
            kept = _unpacked(self._cache.get_derived([key]).get(key))
            if kept is not None:
                return kept
        try:
            made = {line: bags_of(node) for line, node in definitions(ast.parse(self._read(path))).items()}
        except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
            made = {}
        if key is not None:
            self._new.append((key, _packed(made)))
        return made

    def keep(self) -> None:
        """Keep the bags made since the last call in the cache."""
        if self._cache is not None and self._new:
            self._cache.put_derived(self._new)
        self._new = []
