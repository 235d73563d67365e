"""How RA004 compares two functions: their bags of features (``facts/logic.py``: the words, the
distinctive literals and the syntax structure of each), weighted and scored.

Each bag is weighted by TF-IDF (a feature's count, damped by a logarithm, times how rare it is
among the repository's functions) and two bags are compared by their cosine.  The candidates come from
the words the index holds for every function without reading a file (:func:`name_words`: its name,
its class's, its callees'); the bags are read from the source of the new function and of its best
candidates only, and each feature's rarity is counted among the functions of the files read.

After Aroma's structural features and SourcererCC's filtered token bags (see issue 29).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Optional

from reuse_audit.facts.logic import Bags, split_words
from reuse_audit.facts.model import Function

#: The weight of each bag in the score; literals count only when either function has some.
WORD_WEIGHT, LITERAL_WEIGHT, STRUCTURE_WEIGHT = 0.45, 0.25, 0.30


def name_words(fn: Function) -> Counter[str]:
    """The words of a function the index holds without reading a file or its facts: the sub-words
    of its name (twice) and of its class's, and of the functions it calls (their last names)."""
    return Counter(name_word_list(fn.qualname, fn.is_method, fn.callees))


def name_word_list(qualname: str, is_method: bool, callees: Iterable[str]) -> list[str]:
    """:func:`name_words` as a list, from what the index holds of a function (``Index.name_parts``)."""
    owner, _, name = qualname.rpartition(".")
    words = list(split_words(name)) * 2
    if is_method:
        words.extend(split_words(owner.rpartition(".")[2]))
    for callee in callees:
        words.extend(split_words(callee.rpartition(".")[2]))
    return words


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
