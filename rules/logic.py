"""What RA004 compares: a function read as three weighted bags of features that survive a rewrite.

* **words**: the sub-words of its name (twice), its parameters, the names and attributes it
  reads and the calls it makes, and its docstring (``format_size(num_bytes)`` gives ``format``,
  ``size``, ``num``, ``bytes``);
* **literals**: the values that say what it is about (``1024``, ``'KiB'``, ``'%.1f'``), not those
  every function writes (``0``, ``1``, ``2``, ``-1``, ``''``, ``None``, ``True``, ``False``);
* **structure**: each syntax node's kind under its parent's and grandparent's kinds
  (``For>If>Return``), so that two loops that test and return alike match whatever they name.

Each bag is weighted by TF-IDF (a feature's count, damped by a logarithm, times how rare it is
among the repository's functions) and two bags are compared by their cosine.  The candidates come from
the words the index holds for every function without reading a file (:func:`name_words`: its name,
its class's, its callees'); the bags are read from the source of the new function and of its best
candidates only, and each feature's rarity is counted among the functions of the files read.

After Aroma's structural features and SourcererCC's filtered token bags (see issue 29).
"""

from __future__ import annotations

import ast
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Optional

from reuse_audit.facts.model import Function

#: Words every function uses, which say nothing of what it does.
STOP_WORDS = frozenset(
    "self cls the a an of to in is if for and or not none true false return def args kwargs get set "
    "str int list dict obj value val x i j k n s t v e f it be by on as at this that with from".split()
)
#: Literals every function writes.
TRIVIAL_LITERALS = frozenset({0, 1, 2, -1, "", None, True, False})
#: The weight of each bag in the score; literals count only when either function has some.
WORD_WEIGHT, LITERAL_WEIGHT, STRUCTURE_WEIGHT = 0.45, 0.25, 0.30

_SUBWORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def subwords(name: str) -> list[str]:
    """The lower-case parts of an identifier, stop words and single letters left out."""
    return list(_subwords(name))


#: identifiers recur (every call of ``append``): their parts are split once
_SPLIT: dict[str, tuple[str, ...]] = {}
_SPLIT_LIMIT = 200_000


def _subwords(name: str) -> tuple[str, ...]:
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


def name_words(fn: Function) -> Counter[str]:
    """The words of a function the index holds without reading a file or its facts: the sub-words
    of its name (twice) and of its class's, and of the functions it calls (their last names)."""
    qualname = fn.qualname
    owner, _, name = qualname.rpartition(".")
    words = list(_subwords(name)) * 2
    if fn.is_method:
        words.extend(_subwords(owner.rpartition(".")[2]))
    for callee in fn.callees:
        words.extend(_subwords(callee.rpartition(".")[2]))
    return Counter(words)


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
# weights and scores
# --------------------------------------------------------------------------


class Rarity:
    """How rare each feature is among ``count`` functions: ``idf = log((count + 1) / (df + 1)) + 1``."""

    def __init__(self, frequencies: Mapping[str, int], count: int) -> None:
        self.frequencies = frequencies
        self.count = count
        self._unseen = math.log(count + 1) + 1

    def weight(self, feature: str) -> float:
        df = self.frequencies.get(feature)
        return self._unseen if df is None else math.log((self.count + 1) / (df + 1)) + 1

    @classmethod
    def of(cls, bags: Iterable[Counter[str]]) -> "Rarity":
        frequencies: Counter[str] = Counter()
        count = 0
        for bag in bags:
            frequencies.update(bag.keys())
            count += 1
        return cls(frequencies, count)


def weighted(bag: Counter[str], rarity: Optional[Rarity]) -> dict[str, float]:
    """A bag's TF-IDF vector (``1 + log(count)`` times the rarity; 1 without one)."""
    if rarity is None:
        return {f: 1 + math.log(c) for f, c in bag.items() if c > 0}
    return {f: (1 + math.log(c)) * rarity.weight(f) for f, c in bag.items() if c > 0}


def cosine(a: Mapping[str, float], b: Mapping[str, float]) -> float:
    if not a or not b:
        return 0.0
    if len(a) > len(b):
        a, b = b, a
    dot = sum(w * b[f] for f, w in a.items() if f in b)
    if not dot:
        return 0.0
    norm = math.sqrt(sum(w * w for w in a.values())) * math.sqrt(sum(w * w for w in b.values()))
    return dot / norm


@dataclass(frozen=True)
class Likeness:
    """How alike two functions' bags are, bag by bag, and what they share."""

    score: float
    words: float
    literals: Optional[float]  # None: neither has a literal that counts
    structure: float
    shared_words: tuple[str, ...]  # the rarest words both use, rarest first
    shared_literals: tuple[str, ...]  # literals both write, as ``literal()`` keys


def likeness(a: Bags, b: Bags, words: Rarity, structure: Rarity) -> Likeness:
    """The score of two functions: the weighted mean of their bags' cosines."""
    wa, wb = weighted(a.words, words), weighted(b.words, words)
    word_score = cosine(wa, wb)
    structure_score = cosine(weighted(a.structure, structure), weighted(b.structure, structure))
    shared = sorted(set(wa) & set(wb), key=lambda w: (-words.weight(w), w))
    literal_score: Optional[float] = None
    if a.literals or b.literals:
        literals = cosine(weighted(a.literals, None), weighted(b.literals, None))
        total = WORD_WEIGHT * word_score + LITERAL_WEIGHT * literals + STRUCTURE_WEIGHT * structure_score
        score = total / (WORD_WEIGHT + LITERAL_WEIGHT + STRUCTURE_WEIGHT)
        literal_score = literals
    else:
        score = (WORD_WEIGHT * word_score + STRUCTURE_WEIGHT * structure_score) / (WORD_WEIGHT + STRUCTURE_WEIGHT)
    common_literals = tuple(sorted(set(a.literals) & set(b.literals)))
    return Likeness(score, word_score, literal_score, structure_score, tuple(shared[:6]), common_literals[:4])
