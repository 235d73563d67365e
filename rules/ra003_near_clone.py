"""## What it does
Flags a new or changed function whose code is a near-copy of an existing
function that it does not call. Both functions are read as *normalised token
sequences*: keywords, operators, called names, attributes and the global names
a function reads (classes, constants, modules) are kept; its own variables
(parameters and every name it assigns), string and number literals, comments
and the docstring are not. `N` is a near-copy of `T` when:

- both sequences have at least 40 tokens and are at least 90% similar
  (rapidfuzz's normalised Indel similarity: the share of tokens that need no
  insertion or deletion to turn one into the other);
- `N` does everything `T` does: it has every called name, attribute, global
  name, computing operator (`+`, `<`, `not`, `is`, ...), constant (`True`,
  `None`, ...) and number literal of `T`, as many times, and at least half of
  its string literals, and `T` has at least 90% of `N`'s; and where `T` calls
  a function of the repository, `N` does not call another one of that name
  instead, unless that one is itself a copy of it (two classes that each
  delegate to their own module, `team._storage.save(self)` beside
  `agent._storage.save(self)`, read alike and do different things). A
  variant that calls another function, flips an operator or a sign, or
  changes a constant is a variant, not a copy; a copy whose messages or
  output lines were changed is a copy (an SQL `UPDATE` beside an `INSERT`,
  the one string that is the function's meaning, is a variant);
- `N` is not a delegate: a body that is one call passing on its own names,
  attributes and literals (`return _storage.delete(self, db=db)`) has no
  code of its own to copy, whatever it calls (if its callee is a copy, that
  callee is reported), nor one `yield from` of such a call. On agent commits
  9 findings on delegates were read, all false, and none of the 64 true
  near-copies is one;
- `N` never calls `T` (directly or through helpers added by the same change),
  and `T` never calls `N`;
- when one of them only returns literal data (`return {"content": "...",
  "done": False}`: a placeholder, a canned reply), they have the same strings:
  a function that computes nothing says everything in its strings (3 agent
  placeholders returning another message each were read false);
- `N` is not the other version of `T`'s operation: a coroutine function that
  awaits where the plain `T` calls (`await reader.read()` for `reader.read()`),
  a plain function written like a coroutine function, or one calling the
  synchronous or asynchronous twin of `T` or of one of its callees in their
  place (RA001's page). On agent commits 2 such findings were read, both
  false;
- neither is kept a copy on purpose, as its docstring or the comment heading
  its section or standing above it say ("Utility functions (inlined to avoid
  imports)", "Must match utils.get_runtime_dir()", "keep in sync with",
  "copied from", "vendored"): the author made the call a reviewer would ask
  about. On agent commits 4 such findings were read, all false (a
  standard-library-only command-line entry point that inlines its package's
  helpers to start fast), and none of the 78 true findings is one;
- `N` and `T`, in two modules, do not read a module constant of one name that
  each module sets to another value (each converter's `accepts` testing its
  own `ACCEPTED_FILE_EXTENSIONS`): the same code over other data is another
  function (1 such finding read, false; a copied module that copies its
  constants too stays a finding);
- `T` lives in a module an import can name: a helper of an example app in a
  folder called `ad-use` cannot be called from another app (1 such finding
  read, false);
- `N` does not write another format of the same data: when both build
  dictionaries as literals, `N`'s have every key `T`'s have (the Responses
  API's flat tool beside Chat Completions' nested one: 4 read, all false);
- `N` and `T` are not two cases one script runs side by side (both called by
  its `__main__` block or the `main()` it runs: 1 read, false);
- a function the change modifies is no near-copy of one the same change adds:
  the target did not exist before the change, so the added one is the copy,
  and it is judged itself (1 such finding surfaced once its mirror was
  excused, false). RA001 applies the same tests but the last (it never names
  a function the change adds for one it modifies).

The best match is reported (most similar, then longest), the other matches
are listed.

As RA001 (see its page), RA003 judges what the change introduced: a function
the change modifies is reported only when its old version was not already a
near-copy of the same target (at `min-similarity`: a copy the change keeps in
step with its original, as a team's `_set_learning_machine` gaining the two
warnings the agent's version had, was one before; 1 such finding read, false) (`(changed) is now a near-copy`; `status`
detail `added` or `modified`); moved code is not judged; new test code is
judged only with `include-tests`, against test code, and library code never
against tests; nested functions, and functions of the same protocol (see
RA001: overrides, interfaces, dispatch families, same-name functions of two
modules) unless copies to the letter but for their strings, and functions
of another distribution of a monorepo that the new code does not require
(RA001's page), are never targets. Two functions added by one change are compared: a near-copy is
near-identical code, not shared boilerplate (the target then says it was
added by this change).

RA003 complements RA001. RA001 compares what functions *call* and explains
itself by callees, but cannot judge a function with fewer than 3 callees: a
30-line algorithm written with builtins only (a Levenshtein distance, a
run-length encoder, a topological sort), copied under a new name with renamed
variables, slips through it. RA003 compares the *code*, so it sees such
copies, and leaves out what a text clone detector reports: every pair of
similar lines, functions that merely share a shape, and copies that already
call each other. A pair RA001 reports is not reported again by RA003.

## Why is this bad?
The repository already has this code. The copy must now be fixed twice, and
the two drift apart: a bug fixed in one stays in the other. Coding agents copy
whole functions and rename the variables; tests pass for both copies.

## Example
```python
# textutil/distance.py (existing)
def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]

# search/fuzzy.py (new code)
def edit_distance(source, target):
    row = list(range(len(target) + 1))
    for x, left in enumerate(source, 1):
        nxt = [x]
        for y, right in enumerate(target, 1):
            nxt.append(min(row[y] + 1, nxt[y - 1] + 1, row[y - 1] + (left != right)))
        row = nxt
    return row[-1]
```
`edit_distance` has the same 96 tokens as `levenshtein` (100% similarity) and
never calls it. It calls only builtins, so RA001 has nothing to compare.

Use instead:
```python
from textutil.distance import levenshtein

def edit_distance(source, target):
    return levenshtein(source, target)
```

## How to fix
Call the named function instead of keeping a copy. If the copy really must
differ, extract the shared part into one helper and call it from both. The
finding lists the callees both functions share and those of the target that
the new code does not call: where they differ is usually where to look.

When the two signatures are compatible, `reuse-audit check --diff` prints a
suggested fix as a unified diff, and `reuse-audit check --fix` applies it to the
working tree, as for RA001: the new function keeps its signature and docstring,
and its body becomes a call of the target. Read the change before committing
it: a near clone may differ in a constant or a branch, and after the fix the
new function behaves exactly as the target does.

A fix is safe only when the new function is a renamed copy of the target
(the same tokens and literal values, only its own names changed); `--diff`
and `--fix` leave the other fixes out unless given `--unsafe-fixes`, and say
how many they left out. SARIF output carries every verified fix.

When RA001 and RA003 could both apply, RA001 reports: it names the callees
that make the two functions alike, which is the stronger evidence. RA003 is
the one that sees code calling little but builtins, and copies whose
variables were all renamed; two functions that only share boilerplate
(argument checks, logging) differ in what they do, and stay below its bar.

## How to suppress
Add a comment on the `def` line of the new function:
`def edit_distance(source, target):  # reuse-audit: ignore[RA003]` (or
`# noqa: RA003`). To turn the rule off: `ignore = ["RA003"]` in the
configuration, or `--ignore RA003`.

## Options
In `[tool.reuse-audit]` of `pyproject.toml`, or on the command line:
- `min-similarity` (`--min-similarity`, default 0.9): the similarity of the two token sequences at
  which a copy is reported; also the share of the new function's meaning the
  target must have.
- `min-tokens` (`--min-tokens`, default 40): functions with fewer tokens are neither judged
  nor matched.
- `test-patterns`, `include-tests`: what test code is, and whether new test
  code is judged (see RA001).
- `exclude`: glob patterns of files not analysed.

The defaults come from sympy 1.14.0, read as if each of its 35,026 functions
were new (`python scripts/ra003_calibrate.py /path/to/sympy-1.14.0`): of the
20,688 functions with at least 40 tokens, 540 (2.6%) would be reported, in
337 pairs. Of 40 pairs drawn at random, 33 were real copies (exact or
near-exact duplicates, 10 of them test functions repeated in two test
modules) and 7 variants of one template (a flipped sign, a different
constant matrix, a negated condition). With 30 tokens the pairs grow to
2,659, mostly small templates; at 0.8 similarity to 433; at 0.95 they drop
to 295.

On real duplicates (`docs/precision.md`): with `min-tokens` 20, 13 more of
the 66 duplicates that maintainers of 14 projects later merged are found,
most of them helpers pasted unchanged (24 to 39 tokens); but of the 37
findings it adds on 812 commits by coding agents, 12 were worth a review
comment. The others were code a framework or a convention writes the same
way in every class or script (a `_from_config`, a `pass` hook, an example's
environment check). Lower it where short helpers are logic, not boilerplate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Optional

from reuse_audit.rules import scope
from reuse_audit.rules.copies import Copy, replace_with_call
from reuse_audit.rules.options import MIN_SIMILARITY
from reuse_audit.rules.callees import EPSILON, calls_function, nested, overlap, reach

from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.model import Function
from reuse_audit.facts.rows import LOCALS
from reuse_audit.index.protocol import (
    AFTER_FACTS,
    AFTER_SOURCE,
    CLONE_CANDIDATES,
    FUNCTIONS_OF_FILE,
    LOOKUP,
    OLD_VERSIONS,
    CloneLookup,
    Index,
    OldVersions,
)
from reuse_audit.index.resolve import method_name
from reuse_audit.lint.model import Candidate, Details, Finding
from reuse_audit.lint.rule import Option, Rule
from reuse_audit.settings import Settings

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.index.clones import Match

CODE = "RA003"
NAME = "near-clone"


@dataclass(frozen=True, kw_only=True)
class NearClone(Copy):
    """A new function is a near-copy of an existing one (the target) that it does not call."""

    similarity: float  # of the two functions' normalised tokens
    tokens: int  # the new function's tokens
    target_new: bool = False  # the target was added by the same change

    def message(self) -> str:
        now = " (changed) is now" if self.status == "modified" else " is"
        return (
            f"'{self.local_name}'{now} a near-copy of '{self.target}' "
            f"({percent(self.similarity)}% token similarity, {self.tokens} tokens) without calling it"
        )

    def details(self) -> Details:
        details = [("similarity", f"{percent(self.similarity) / 100:.2f}"), ("tokens", str(self.tokens)), ("status", self.status)]
        if self.target_new:
            details.append(("target", "added by this change"))
        return tuple(details)

    def score(self) -> float:
        return round(self.similarity, 4)

    def target_added(self) -> bool:
        return self.target_new


def percent(similarity: float) -> int:
    """A similarity as a whole percentage, rounded down: 99% is never shown as 100%."""
    return int(math.floor(similarity * 100 + 1e-9))


def same_meaning(match: Match, settings: Settings) -> bool:
    """The new function does all the match does, and the match at least ``min-similarity`` of what it does."""
    return match.coverage >= 1 - EPSILON and match.extra + EPSILON >= settings.min_similarity


def deferred_pairs(prior: tuple[Finding, ...]) -> set[frozenset[str]]:
    """The (new function, target) pairs the rules it defers to (RA001) report in the same check,
    their other candidates included, either way round."""
    pairs: set[frozenset[str]] = set()
    for finding in prior:
        pairs.add(frozenset((finding.function, finding.target)))
        pairs.update(frozenset((finding.function, c.qualname)) for c in finding.violation.candidates())
    return pairs


def check(change: ChangeSet, index: Index, settings: Settings, prior: tuple[Finding, ...] = ()) -> Iterator[Finding]:
    clones = index.clones  # (the engine builds it for a rule that needs clone_candidates)
    # the tokenizer compiles its patterns when imported: not for a check answered from the cache
    from reuse_audit.index.body import forwards

    added = change.added
    helpers = change.helpers
    judged: list[tuple[str, int, list[Match]]] = []
    for qualname in scope.judged(change, index, settings):
        tokens = clones.tokens(qualname)
        if tokens is None or len(tokens) < settings.min_tokens:
            continue
        if forwards(tokens):
            continue  # a delegate: one call passing on its arguments, no code of its own to copy
        matches = clones.similar(qualname, settings.min_similarity)
        if matches:
            judged.append((qualname, len(tokens), matches))
    if not judged:
        return
    skip = deferred_pairs(prior)
    reached_by: dict[str, frozenset[str]] = {}
    findings: dict[str, Finding] = {}
    for qualname, count, matches in judged:
        callees, reached = reach(qualname, index, helpers)
        reached_by[qualname] = reached
        new = index.functions[qualname]
        modified = change.status(qualname) == "modified"
        mine = (clones.tokens(qualname), clones.literals(qualname) or "")
        qualifying = [
            match for match in matches
            if _qualifies(match, qualname, new, mine, callees, reached, modified, added, skip, change, index, clones, settings)
        ]
        if not qualifying:
            continue
        # Strongest first: most similar, then longest; on a tie a function that
        # already existed beats another copy added by the same change; then name.
        qualifying.sort(key=lambda m: (-m.similarity, -m.tokens, m.qualname in added, m.qualname))
        findings[qualname] = _finding(qualname, count, callees, qualifying, index, change)
    for qualname, finding in sorted(findings.items()):
        # Two new functions that copy each other: report the later one only.
        twin = findings.get(finding.target)
        if twin is not None and twin.target == qualname:
            loc, twin_loc = finding.location, twin.location
            if (loc.path, loc.line) < (twin_loc.path, twin_loc.line):
                continue
        # The copy lives in a nested function, or a new helper, that is reported itself.
        if any(
            other.target == finding.target
            and other_name != qualname
            and (other_name in reached_by[qualname] or other_name.startswith(qualname + LOCALS))
            for other_name, other in findings.items()
        ):
            continue
        yield finding


def _qualifies(
    match: Match, qualname: str, new: Function, mine: tuple[Optional[str], str], callees: frozenset[str],
    reached: frozenset[str], modified: bool, added: frozenset[str], skip: set[frozenset[str]], change: ChangeSet,
    index: Index, clones: CloneLookup, settings: Settings,
) -> bool:
    """Whether the near-copy ``match`` of the new function ``qualname`` may be named as its target."""
    from reuse_audit.index.body import awaits_for

    helpers = change.helpers
    target = match.qualname
    if target == qualname or nested(target, qualname) or frozenset((qualname, target)) in skip:
        return False
    # implementations of one protocol only when they are copies to the letter but strings
    def identical(target: str = target) -> bool:
        return scope.near_identical(mine, (clones.tokens(target), clones.literals(target) or ""), settings)

    if scope.allowed_target(new, target, index, settings, index.after_facts, identical, target in added, index.read_after) is None:
        return False
    seq, theirs = mine[0] or "", clones.tokens(target) or ""
    if awaits_for(seq, theirs):
        return False  # a coroutine that awaits what its plain original calls: the other version of one operation
    if scope.other_version(callees, seq, target, index.functions[target].callees, theirs):
        return False  # the synchronous and asynchronous versions of one operation
    if not same_meaning(match, settings):
        return False  # a variant: it calls, computes or says something else
    if says_other_data(seq, mine[1], theirs, clones.literals(target) or ""):
        return False  # two functions that only return data, and other data: placeholders, not logic
    if calls_other_functions(callees, target, index, clones, settings):
        return False  # same written calls, other functions: a parallel wrapper, not a copy
    if modified and target in added:
        return False  # the target did not exist before the change: the added one is the copy, judged itself
    if modified and was_a_copy(change, index.old_versions, qualname, target, clones, settings):
        return False  # the change did not make the copy: it was one before
    if calls_function(reached, target, index):
        return False  # it calls the match: it reuses it
    if scope.behind_a_requirement(new, index.functions[target], index.after_facts, index.read_after) is not None:
        return False  # calling it would need a distribution or an extra the new code does not require
    # The match calls the new function (itself, or through helpers the
    # change adds): it delegates to it, and calling it instead would loop.
    if calls_function(reach(target, index, helpers)[1], qualname, index):
        return False
    if scope.excused(new, index.functions[target], index.read_after) is not None:
        return False  # the author keeps it a copy on purpose, it reads other data, or nothing can import it
    return True


def says_other_data(seq: str, literals: str, target_seq: str, target_literals: str) -> bool:
    """Does one of two functions only return literal data (``body.returns_data``), and do their
    strings differ?  A function that computes nothing says everything in its strings: one that
    returns another message is another function (three agents' placeholder replies, the same
    dict with another text, were read as false findings), one that returns the same data is a
    copy."""
    from reuse_audit.index.body import returns_data
    from reuse_audit.index.tokens import strings_kept

    if not (returns_data(seq) or returns_data(target_seq)):
        return False
    new, target = (seq, literals), (target_seq, target_literals)
    return min(strings_kept(new, target), strings_kept(target, new)) + EPSILON < 1.0


def calls_other_functions(
    callees: frozenset[str], target: str, index: Index, clones: CloneLookup, settings: Settings,
) -> bool:
    """Does the new function call, where the target calls a repository function, another
    repository function of the same name that is no copy of it?

    The tokens keep a call as written (``_storage.save(self)``); two methods of two classes
    that each delegate to their own module (``agno.team._storage.save`` against
    ``agno.agent._storage.save``) read alike but do different things.  A callee the change
    copied along with the function (a copied package's own helper) is the same call."""
    from reuse_audit.index.tokens import similarity

    mine: dict[str, list[str]] = {}
    for callee in callees:
        if not callee.startswith(".") and callee in index.functions:
            mine.setdefault(method_name(callee), []).append(callee)
    for theirs in index.functions[target].callees:
        if theirs in callees or theirs.startswith(".") or theirs not in index.functions:
            continue
        for other in mine.get(method_name(theirs), ()):
            a, b = clones.tokens(other), clones.tokens(theirs)
            if a is None or b is None or similarity(a, b) + EPSILON < settings.min_similarity:
                return True
    return False


def was_a_copy(change: ChangeSet, before: OldVersions, qualname: str, target: str, clones: CloneLookup, settings: Settings) -> bool:
    """Was the old version of the modified ``qualname`` already a near-copy of ``target``?"""
    from reuse_audit.index.tokens import similarity

    old = before.tokens(qualname)
    seq, literals = clones.tokens(target), clones.literals(target)
    if change.status(target) == "modified":  # the target as it was
        was = before.tokens(target)
        if was is not None:
            seq, literals = was
    if old is None or seq is None or len(old[0]) < settings.min_tokens:
        return False
    # A near-clone before the change (at ``min-similarity``) was a copy already: the change
    # kept it in step with the target (agno's team ``_set_learning_machine`` gaining the two
    # warnings the agent's version had) and did not make it.  It used to need the old body to
    # hold the whole target too; that read one such finding on agent commits as new, false.
    return similarity(old[0], seq) + EPSILON >= settings.min_similarity


def _finding(
    qualname: str, count: int, callees: frozenset[str], matches: list[Match], index: Index, change: ChangeSet
) -> Finding:
    new = index.functions[qualname]
    best = matches[0]
    target = index.functions[best.qualname]
    shared, missing = overlap(target.callees, callees, index)
    others: list[Candidate] = []
    for match in matches[1:]:
        other = index.functions[match.qualname]
        other_shared, _ = overlap(other.callees, callees, index)
        others.append(
            Candidate(
                match.qualname,
                other.location,
                len(other_shared),
                len(other.callees),
                round(match.similarity, 4),
                added=match.qualname in change.added,
            )
        )
    violation = NearClone(
        target=best.qualname, local_name=new.fact.local_name, status=change.status(qualname) or "added",
        similarity=best.similarity, tokens=count, shared=shared, missing=missing, others=tuple(others),
        target_new=best.qualname in change.added,
    )
    return Finding(rule=CODE, location=new.location, function=qualname, violation=violation, target_location=target.location)


RULE = Rule(
    code=CODE,
    name=NAME,
    summary="A new function is a near-copy of an existing function that it does not call.",
    doc=__doc__,
    check=check,
    level="warning",
    precision="high",
    # the clone index; a function's lookup, and the functions of a target's file (scope.py); the
    # old versions of modified functions; the files after the change, their facts and bytes (scope.py)
    needs=frozenset({LOOKUP, FUNCTIONS_OF_FILE, CLONE_CANDIDATES, OLD_VERSIONS, AFTER_FACTS, AFTER_SOURCE}),
    fix=replace_with_call,
    others_by="similarity",
    defers_to=("RA001",),  # the pairs RA001 reports are its (deferred_pairs)
    options=(MIN_SIMILARITY, Option("min-tokens", int, "functions with fewer tokens are neither judged nor matched", low=1)),
)
