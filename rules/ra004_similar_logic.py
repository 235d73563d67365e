"""## What it does
Flags a new function that does what an existing function does, written
anew, though it neither calls the existing function nor copies its tokens
closely enough for RA003, nor calls enough of its callees for RA001. These
are most of the duplicates maintainers later remove and the other rules
miss: a small utility (a wildcard-domain test, a byte-size formatter, a
path check) written again beside the one the repository has, and a method
pasted into another class where it reads its own attributes.

Each function is read as three weighted bags of features that survive a
rewrite (after Aroma's and SourcererCC's features):

- **words**: the sub-words of its name, its parameters, the names,
  attributes and calls it uses and its docstring (`format_size(num_bytes)`:
  `format`, `size`, `num`, `bytes`), each weighted by how rare it is;
- **literals**: the values that say what it is about (`1024`, `'KiB'`,
  `'*.'`), not the ones every function writes (`0`, `1`, `2`, `-1`, `''`,
  `None`, `True`, `False`);
- **structure**: each syntax node's kind under its parent's and
  grandparent's (`For>If>Return`).

The score is the weighted mean of the three cosines (0.45 words, 0.25
literals, 0.30 structure; the literals count only when either function has
some). Candidates come from what the index holds for every function
without reading a file (the words of its name, its class's and its
callees'); the new function and its 25 best candidates are then read and
scored, each feature weighted by its rarity among the functions of the
files read. A new function `N` is reported with the target `T` when:

- the score is at least `min-logic-score` (default 0.9), and the next best
  candidate scores at least 0.05 lower (one function to name, not one of a
  family of alike functions);
- both have at least `min-nodes` syntax nodes in their bodies (default 8,
  the docstring left out): a one-line forwarder has no logic to share;
- `N` was added by the change, and `T` existed before it and was not
  modified by it (a body moved under a new name, or extracted from a
  function that then calls it, is a refactoring, not a copy); `N` is no
  special method (`__repr__`, `__getattr__`: written alike in every class;
  4 such findings read on agent commits, all false). An override of `T` is
  judged: 2 read on agent commits were false (an OAuth provider's
  `_initialize`, different from its base's on purpose), but leaving
  overrides out would lose a duplicate maintainers merged (a news site's
  `_download_media_selector` re-doing its base extractor's);
- neither calls the other (directly or through helpers the change adds),
  one is not the `async` version of the other, and `T` passes the tests by
  which RA001 and RA003 choose a target (RA001's page: no nested function,
  no test code against library code, no example called from library code,
  no opposites or twins by name, no private function of another
  distribution, no copy its author keeps on purpose), but one: two
  implementations of one protocol (methods of one name in related classes,
  same-name functions of two modules, a dispatch family) are judged, since
  most real duplicates are of that kind, and the finding says so (in its
  message, and `relation: one protocol` in its details); an override of a
  method its base declares as a stub is not;
- the two are not both in example scripts (`example-patterns`, each
  module run by its own `__main__` block: an example carries its helpers
  with it; 6 such findings read on agent commits, all false), nor both
  entry points registered on an object their own module makes (`app =
  Typer()` then `@app.command()`: a command each application must have,
  such as a CLI ported from one framework to another and kept beside the
  old one while the port lasts; 7 read, all false);
- neither RA001 nor RA003 reports `N` in the same check: their evidence is
  stronger, and one function gets one finding.

This rule is in **preview**: it runs only when `select` names its code
(`--select RA001,RA003,RA004`), never by default nor by a prefix. Measured
(`docs/precision.md`, 2026-12-08): with RA001 and RA003 it finds 33 of the
66 duplicates that maintainers of 14 projects later merged (17 without
it), and 14 of its 18 findings on 812 commits by coding agents were worth
a review comment. The other 4 read alike and are meant to: two small
overrides that differ from their base on purpose, a two-line listing over
other storage and a one-line JSON helper.

## Why is this bad?
The repository already has this logic. Two versions of it drift apart: a
case fixed in one stays wrong in the other, and a reader must work out
whether the differences matter. Token clone detectors miss these copies:
the variables were renamed and the statements rewritten.

## Example
```python
# netutil/hosts.py (existing)
def is_wildcard_domain(domain):
    \"\"\"Is the domain a wildcard domain (``*.example.com``)?\"\"\"
    if isinstance(domain, str):
        wildcard_marker = "*."
    else:
        wildcard_marker = b"*."
    return domain.startswith(wildcard_marker)

# proxy/configurator.py (new code)
class Configurator:
    def _wildcard_domain(self, domain):
        \"\"\"Checks whether the domain is a wildcard domain.\"\"\"
        if isinstance(domain, str):
            marker = "*."
        else:
            marker = b"*."
        return domain.startswith(marker)
```
The method calls too little for RA001 (which needs 3 shared callees) and
is far shorter than the 40 tokens RA003 needs, but it has the same rare words
(`wildcard`, `domain`, `marker`, `startswith`), the same literals (`'*.'`)
and the same shape. A web server plugin once added such a method beside
its project's utility, and a later commit replaced it with a call.

Use instead:
```python
from netutil.hosts import is_wildcard_domain

class Configurator:
    def _wildcard_domain(self, domain):
        return is_wildcard_domain(domain)
```

## How to fix
Call the named function, or, when the two differ on purpose (another
backend, another rounding), extract the shared part into one helper with a
parameter for the difference and call it from both. The finding lists what
the two share (their rarest common words and their common literals) and,
in its details, how alike each bag is. There is no automatic fix: a
rewrite may differ in a branch that matters.

## How to suppress
Add a comment on the `def` line of the new function:
`def _wildcard_domain(self, domain):  # reuse-audit: ignore[RA004]` (or
`# noqa: RA004`). To stop running it, leave it out of `select`.

## Options
In `[tool.reuse-audit]` of `pyproject.toml`:
- `min-logic-score` (default 0.9): the score at which a new function is
  reported.
- `min-nodes` (default 8): functions with fewer syntax nodes in their
  bodies are neither judged nor matched.
- `test-patterns`, `include-tests`, `example-patterns`, `exclude`: as for
  RA001.

The defaults are the operating point measured on both corpora
(`python scripts/ra004_operating_point.py`, `docs/precision.md`): at 0.9
and 8 nodes, 33 of the 66 consolidated duplicates are found with RA001 and
RA003, and 14 of the 26 findings on the agent commits were read true; at
0.95, 29 of 66 and 12 of 19; at 0.85, 34 of 66 and 17 of 36.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, Optional, cast

from reuse_audit.rules import scope
from reuse_audit.rules.callees import calls_function, nested, reach
from reuse_audit.rules.logic import Likeness, Rarity, likeness, name_word_list, name_words, weighted

from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.logic import Bags
from reuse_audit.facts.model import Function
from reuse_audit.facts.rows import LOCALS, special
from reuse_audit.index.protocol import AFTER_FACTS, AFTER_SOURCE, EVERY_FUNCTION, FUNCTION_BAGS, FUNCTIONS_OF_FILE, LOOKUP, Index
from reuse_audit.lint.model import Candidate, Details, Finding, Violation
from reuse_audit.lint.rule import Option, Rule
from reuse_audit.settings import Settings

CODE = "RA004"
NAME = "similar-logic"

MIN_SCORE = Option("min-logic-score", float, "the score at which a new function is reported (RA004)", low=0.0, high=1.0)
MIN_NODES = Option("min-nodes", int, "functions with fewer syntax nodes are neither judged nor matched (RA004)", low=1)
#: how much lower the next best candidate must score: one function to name, not one of a family
MARGIN = 0.05
#: candidates scored from their source, the best by their name words (``Vocabulary``)
CANDIDATES = 25
#: a word held by more functions than this share is no way to find candidates (it still scores)
COMMON_WORD = 0.05


@dataclass(frozen=True, kw_only=True)
class SimilarLogic(Violation):
    """A new function does what an existing one (the target) does, written anew."""

    local_name: str
    likeness: Likeness
    margin: float  # the score less the next best candidate's
    protocol: bool = False  # the two implement one protocol (RA001's page): overrides, same-name functions
    nodes: int = 0  # syntax nodes of the new function's body
    target_nodes: int = 0  # and of the target's
    others: tuple[Candidate, ...] = ()

    def message(self) -> str:
        like = self.likeness
        alike = []
        if like.shared_words:
            alike.append("words " + ", ".join(like.shared_words[:4]))
        if like.shared_literals:
            alike.append("literals " + ", ".join(_shown(l) for l in like.shared_literals[:3]))
        said = f": {'; '.join(alike)}" if alike else ""
        kind = "; both implement one protocol" if self.protocol else ""
        return (
            f"'{self.local_name}' repeats the logic of '{self.target}' "
            f"({int(like.score * 100)}% alike{said}{kind}) without calling it"
        )

    def details(self) -> Details:
        like = self.likeness
        details = [
            ("score", f"{like.score:.2f}"),
            ("margin", f"{self.margin:.2f}"),
            ("words", f"{like.words:.2f}"),
            ("structure", f"{like.structure:.2f}"),
            ("nodes", f"{self.nodes}/{self.target_nodes}"),
        ]
        if like.literals is not None:
            details.append(("literals", f"{like.literals:.2f}"))
        if self.protocol:
            details.append(("relation", "one protocol"))
        return tuple(details)

    def score(self) -> float:
        return round(self.likeness.score, 4)

    def candidates(self) -> tuple[Candidate, ...]:
        return self.others


def _shown(literal: str) -> str:
    kind, _, value = literal.partition(":")
    return repr(value if len(value) <= 24 else value[:21] + "...") if kind == "s" else value


# --------------------------------------------------------------------------
# the words of every function: rarity and candidates
# --------------------------------------------------------------------------


class Vocabulary:
    """The name words of every function of the index (``logic.name_words``), their rarity and postings."""

    def __init__(self, index: Index) -> None:
        # (every_function: the engine gives a rule that declares it the full index, whose table is a Mapping)
        self._functions = cast("Mapping[str, Function]", index.functions)
        postings: dict[str, list[str]] = {}
        count = 0
        for qualname, is_method, callees in index.name_parts():  # (no Function made for each)
            count += 1
            for word in set(name_word_list(qualname, is_method, callees)):
                postings.setdefault(word, []).append(qualname)
        self.postings = postings
        self.rarity = Rarity({w: len(q) for w, q in postings.items()}, count)
        self._vectors: dict[str, tuple[dict[str, float], float]] = {}

    def bag(self, qualname: str) -> Counter[str]:
        """A function's name words (none for a name the index does not hold)."""
        fn = self._functions.get(qualname)
        return Counter() if fn is None else name_words(fn)

    def vector(self, qualname: str) -> tuple[dict[str, float], float]:
        """A function's weighted name words, and their norm (1 when it has none)."""
        found = self._vectors.get(qualname)
        if found is None:
            vector = weighted(self.bag(qualname), self.rarity)
            found = self._vectors[qualname] = (vector, math.sqrt(sum(w * w for w in vector.values())) or 1.0)
        return found

    def candidates(self, qualname: str, words: Counter[str], allowed: Callable[[str], bool], limit: int) -> list[str]:
        """The ``limit`` functions whose name words are most alike ``qualname``'s, its source's
        ``words`` added, ``allowed`` ones only."""
        mine = weighted(self.bag(qualname) + Counter({w: c for w, c in words.items() if w in self.postings}), self.rarity)
        common = max(10, int(COMMON_WORD * self.rarity.count))
        dots: dict[str, float] = {}
        for word, weight in mine.items():
            holders = self.postings.get(word, ())
            if len(holders) > common:
                continue
            for other in holders:
                dots[other] = dots.get(other, 0.0) + weight * self.vector(other)[0][word]
        norm = math.sqrt(sum(w * w for w in mine.values())) or 1.0
        scored = ((dot / (norm * self.vector(q)[1]), q) for q, dot in dots.items() if q != qualname and allowed(q))
        return [q for _, q in heapq.nlargest(limit, scored)]


# --------------------------------------------------------------------------
# the sources: each file parsed once a check
# --------------------------------------------------------------------------


class Sources:
    """The bags of the functions read after the change (``function_bags``: each file's made once,
    and kept by its digest), and the files read."""

    def __init__(self, bags: Callable[[str], Mapping[int, Bags]]) -> None:
        self._bags = bags
        self._files: dict[str, Mapping[int, Bags]] = {}

    def bags(self, fn: Function) -> Optional[Bags]:
        path = fn.location.path
        found = self._files.get(path)
        if found is None:
            found = self._files[path] = self._bags(path)
        return found.get(fn.location.line)

    def rarities(self) -> tuple[Rarity, Rarity]:
        """The rarity of words and of structure features among the functions of the files read."""
        read = [bags for made in self._files.values() for bags in made.values()]
        return Rarity.of(b.words for b in read), Rarity.of(b.structure for b in read)


# --------------------------------------------------------------------------
# the rule
# --------------------------------------------------------------------------


def check(change: ChangeSet, index: Index, settings: Settings, prior: tuple[Finding, ...] = ()) -> Iterator[Finding]:
    reported = {finding.function for finding in prior}
    min_nodes = MIN_NODES.value(settings)
    sources = Sources(index.function_bags)
    judged: list[tuple[Function, Bags]] = []
    for qualname in scope.judged(change, index, settings):
        if change.status(qualname) != "added" or qualname in reported or LOCALS in qualname or _special(qualname):
            continue
        fn = index.functions[qualname]
        bags = sources.bags(fn)
        if bags is not None and bags.nodes >= min_nodes:
            judged.append((fn, bags))
    if not judged:
        return
    vocabulary = Vocabulary(index)
    changed = change.qualnames
    pairs: dict[str, list[tuple[Function, Bags]]] = {}
    for fn, bags in judged:
        test = scope.is_test(fn, settings)

        def allowed(q: str, test: bool = test) -> bool:  # (existing, not nested, test code for test code only)
            return q not in changed and LOCALS not in q and scope.is_test(index.functions[q], settings) == test

        names = vocabulary.candidates(fn.qualname, bags.words, allowed, CANDIDATES)
        pairs[fn.qualname] = [
            (target, theirs) for target, theirs in ((index.functions[n], sources.bags(index.functions[n])) for n in names)
            if theirs is not None and theirs.nodes >= min_nodes
        ]
    words, structure = sources.rarities()  # (over every file read, the candidates' among them)
    min_score = MIN_SCORE.value(settings)
    for fn, bags in judged:
        ranked = sorted(
            ((likeness(bags, theirs, words, structure), target) for target, theirs in pairs[fn.qualname]),
            key=lambda pair: (-pair[0].score, pair[1].qualname),
        )
        finding = _best(fn, bags, ranked, min_score, change, index, settings, sources)
        if finding is not None:
            yield finding


def _special(qualname: str) -> bool:
    """A special method (``__repr__``, ``__getattr__``): the protocol's, written alike in every class
    (4 such findings read on agent commits, all false)."""
    return special(qualname.rpartition(".")[2])


def _best(
    fn: Function, bags: Bags, ranked: list[tuple[Likeness, Function]], min_score: float,
    change: ChangeSet, index: Index, settings: Settings, sources: Sources,
) -> Optional[Finding]:
    """The finding on ``fn``: its best candidate, when it scores enough above the next and passes the tests."""
    if not ranked or ranked[0][0].score < min_score:
        return None
    best, target = ranked[0]
    margin = best.score - (ranked[1][0].score if len(ranked) > 1 else 0.0)
    if margin < MARGIN:
        return None
    theirs = sources.bags(target)
    if theirs is None or theirs.coroutine != bags.coroutine:
        return None  # the synchronous and asynchronous versions of one operation
    protocol = _may_name(fn, target, change, index, settings)
    if protocol is None:
        return None
    others = tuple(
        Candidate(t.qualname, t.location, 0, 0, round(like.score, 4))
        for like, t in ranked[1:4] if like.score >= min_score
    )
    violation = SimilarLogic(
        target=target.qualname, local_name=fn.fact.local_name, likeness=best, margin=margin, protocol=protocol,
        nodes=bags.nodes, target_nodes=theirs.nodes, others=others,
    )
    return Finding(rule=CODE, location=fn.location, function=fn.qualname, violation=violation, target_location=target.location)


def _may_name(fn: Function, target: Function, change: ChangeSet, index: Index, settings: Settings) -> Optional[bool]:
    """Whether the target may be named (by the tests by which RA001 and RA003 choose a target, and
    neither calling the other): None when not, else whether the two implement one protocol."""
    if nested(fn.qualname, target.qualname):
        return None
    protocol = []

    def one_protocol() -> bool:
        protocol.append(True)
        return True

    if scope.allowed_target(fn, target.qualname, index, settings, index.after_facts, one_protocol, False, index.read_after) is None:
        return None
    helpers = change.helpers
    if calls_function(reach(fn.qualname, index, helpers)[1], target.qualname, index):
        return None  # it calls the target: it reuses it
    if calls_function(reach(target.qualname, index, helpers)[1], fn.qualname, index):
        return None  # the target calls it: a part extracted, or a delegate
    read = index.read_after
    if scope.behind_a_requirement(fn, target, index.after_facts, read) is not None:
        return None
    if scope.excused(fn, target, read) is not None:
        return None
    if scope.standalone_examples(fn, target, settings, read) or scope.entry_points_of_two_apps(fn, target, read):
        return None  # each example script carries its helpers; each application has its own commands
    return bool(protocol)


RULE = Rule(
    code=CODE,
    name=NAME,
    summary="A new function does what an existing function does, written anew, without calling it.",
    doc=__doc__,
    check=check,
    level="note",
    precision="medium",
    # every function (its name words: the candidates); a function's lookup, the functions of a
    # target's file (scope.py); the files after the change, their facts and bytes, and the bags of
    # their functions (each file parsed once, kept by its digest)
    needs=frozenset({LOOKUP, EVERY_FUNCTION, FUNCTIONS_OF_FILE, AFTER_FACTS, AFTER_SOURCE, FUNCTION_BAGS}),
    others_by="similarity",
    defers_to=("RA001", "RA003"),  # a function either reports is theirs
    preview=True,
    options=(MIN_SCORE, MIN_NODES),
)
