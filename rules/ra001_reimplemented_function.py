"""## What it does
Flags a new or changed function that re-implements an existing function instead
of calling it. An existing function `T` is *re-implemented* by new code `N` when
`N` never calls `T` (directly or through helpers added by the same change), yet
`N` calls at least 80% of the functions that `T` calls, and `T` calls at least 3
functions. Python builtins do not count as callees; calls are resolved through
imports, aliases, relative imports, re-exports, `self`, `cls` and `super()` to one
canonical name each.

What the change introduced is judged, not the code around it:

- **Added and modified functions.** A function the change modifies is
  reported only when the change creates the overlap: the same test on its old
  body (resolved in the tree before the change) against the same target does
  not fire. The message says `(changed) now re-implements`; the `status`
  detail is `added` or `modified` (JSON `details`, SARIF `properties`).
- **Moves are not new.** An added function whose normalised code (RA003's
  tokens) equals or nearly equals (`min-similarity`) a function the change
  removes or rewrites is moved code: it is not judged. One removed function
  explains one move (an indentation slip that turns methods into module
  functions, a function moved to another file or into a class).
- **Tests are their own world.** Test code (`test-patterns`) is never a target
  for library code. New test code is not judged unless `include-tests`; then
  only test code is a target for it.
- **Only targets one can call instead.** Never a nested function. Never a
  function that implements the same protocol as the new one: a method of the
  same name in a class related by inheritance (an override, the method it
  overrides, the same method of a sibling class: the classes, or their bases,
  share a name); a method of one dispatch-on-type family (`visit_Name` /
  `visit_NamedExpr`, `_print_Add` / `_print_Mul`: a prefix ending in `_`
  followed by a class name); a method of a dispatch family of its class
  (names of three words or more with the same first and last word, of which
  the class has at least three: `_parse_keyword_arguments_section`); a module
  function of the same name when the target's module defines at least two
  more of its prefix (a plugin's hooks: `pytest_addoption`). A call through
  `self`, `cls` or `super()` of a method of the target's name counts as a call
  of it.
- **Targets from the same change.** Two functions the change adds are not
  compared here (functions written side by side share boilerplate): RA003
  reports them when one is a near-copy of the other. Code the change moved
  may be named. When several existing functions qualify, an earlier copy of
  another candidate is not named before its original: of two candidates that
  re-implement each other, the one whose callees include all of the other's
  and more is the copy; of two equally strong, the one in the module that
  defines more of the shared callees is named (an original sits beside its
  helpers, a copy imports them).
- **Evidence that discriminates.** At least `min-own-callees` (1) of the
  shared callees must be functions of the repository itself: callees that are
  classes (constructors), functions of the standard library or of other
  packages (`logging`, `sqlite3`, `pathlib`, `requests`, `ast.Name`), and
  methods called on receivers of unknown type (`.debug`, `.commit`) are the
  vocabulary of a language or a library, not evidence that two functions do
  the same thing. A method call counts once, not as `.subs` and as
  `Basic.subs`. On 69 real agent changes, every finding that rested on such
  callees alone was false.

RA002 and the benchmark's Cdup judge declared targets by the study's
definition, without these guards.

## Why is this bad?
The repository already has this logic. The copy must now be fixed twice, and
the two drift apart: the next bug fix, new option or changed convention lands in
one and not the other. Coding agents do this often and tests cannot see it,
because both copies pass.

## Example
```python
# pkg/config.py (existing)
def read_config(path):
    text = expand_path(path).read_text()
    data = parse_toml(text)
    return apply_defaults(validate(data))

# pkg/cli.py (new code)
def load_settings(path):
    raw = parse_toml(expand_path(path).read_text())
    checked = validate(raw)
    return apply_defaults(checked)
```
`load_settings` calls all 4 callees of `read_config`, and never `read_config`.

Use instead:
```python
from pkg.config import read_config

def load_settings(path):
    return read_config(path)
```

## How to fix
Call the named function instead of re-implementing it. If the new function
really must differ, extract the shared part into one helper and call it from
both. The finding lists the callees both functions share and those of the
target that the new code does not call, to show where they differ.

When the two signatures are compatible, `reuse-audit check --diff` prints a
suggested fix as a unified diff, and `reuse-audit check --fix` applies it to the
working tree: the new function keeps its signature and docstring, and its body
becomes a call of the target (imported when needed). Each fix is verified by
checking the fixed code again; read the change before committing it, since the
new function now behaves exactly as the target does.

A fix is safe only when the new function is a renamed copy of the target
(the same tokens and literal values, only its own names changed); `--diff`
and `--fix` leave the other fixes out unless given `--unsafe-fixes`, and say
how many they left out. SARIF output carries every verified fix.

## How to suppress
Add a comment on the `def` line of the new function:
`def load_settings(path):  # reuse-audit: ignore[RA001]` (or `# noqa: RA001`).
To stop reporting one helper that is called everywhere (a logger, say), list it
in `ignore-callees`.

## Options
In `[tool.reuse-audit]` of `pyproject.toml`, or on the command line:
- `min-callees` (`--min-callees`, default 3): targets with fewer callees are not judged.
- `min-overlap` (`--min-overlap`, default 0.8): share of the target's callees the new code must call.
- `ignore-callees`: canonical names (or `.method` names) left out of every callee set.
- `min-own-callees` (default 1): shared callees that must be functions of the
  repository itself; 0 turns the guard off.
- `min-structure` (default: off): a target whose shared callees are all
  vocabulary is still reported when the two functions' code (RA003's
  normalised tokens) is at least this similar. Measured on 109 agent commits:
  the two true copies the own-callee guard drops are 0.90 and 0.94 similar,
  the false near-misses 0.52 or less; but two same-shape CRUD functions (an
  SQL UPDATE beside an INSERT: only the SQL string differs) are 0.98 similar,
  so it stays off unless a code base wants it (0.85, say).
- `test-patterns` (default `["tests/", "testing/", "test_*.py", "*_test.py",
  "conftest.py"]`): what test code is. A pattern ending in `/` names a folder
  anywhere in the path, one without `/` a file name, others a whole path.
- `include-tests` (`--include-tests`, default false): judge new test code too,
  against test code only.
- `min-similarity` (RA003's, default 0.9): how similar moved code must stay.
- `exclude`: glob patterns of files not analysed.
"""

from __future__ import annotations

import math
from typing import Iterable, Iterator, Optional

from reuse_audit.index_protocol import CALLEE_CANDIDATES, FUNCTIONS_OF_FILE, LOOKUP, Index
from reuse_audit.model import Candidate, ChangeSet, Finding
from reuse_audit.resolve import method_name
from reuse_audit.rows import LOCALS
from reuse_audit.rule import Rule
from reuse_audit.settings import Settings

from . import scope
from .callees import EPSILON, calls_function, calls_of, is_reimplementation, method_names_of, nested, overlap, reach

CODE = "RA001"
NAME = "reimplemented-function"


def fewest_shared(settings: Settings) -> int:
    """The fewest callees a target must share with the new code to be re-implemented by it."""
    share = settings.min_overlap - EPSILON
    if share <= 0:
        return 1
    return max(1, math.ceil(share * max(settings.min_callees, 1) - 1e-9))


def distinct(callees: frozenset[str], index: Index) -> frozenset[str]:
    """``callees`` with each method-name callee ``.m`` left out when a method named ``m``
    is among them too: one call counts once, not as ``.subs`` and ``Basic.subs``."""
    resolved = {method_name(c) for c in callees if not c.startswith(".") and index.is_method(c)}
    if not resolved:
        return callees
    return frozenset(c for c in callees if not (c.startswith(".") and c[1:] in resolved))


def own_callees(shared: Iterable[str], index: Index, defines=None) -> int:
    """How many of ``shared`` are functions of the repository itself (not a class, not
    another package's function, not a method of unknown receiver).  ``defines``:
    another test of "a function of the repository" (the tree before the change)."""
    if defines is None:
        defines = index.functions.__contains__
    return sum(1 for c in shared if not c.startswith(".") and defines(c))


def fires(
    callees: frozenset[str],
    target_callees: frozenset[str],
    target_name: str,
    index: Index,
    settings: Settings,
    defines=None,
    structure=None,
) -> bool:
    """Would RA001 report ``target_name`` for a function calling ``callees``?

    ``structure()``: the token similarity of the two functions (None: unknown),
    asked only when the shared callees are not evidence enough (``informative``).
    """
    if calls_function(callees, target_name, index):
        return False
    names = method_names_of(callees, index)
    shared = [c for c in target_callees if calls_of(c, callees, names, index)]
    return is_reimplementation(len(shared), len(target_callees), settings) and informative(
        shared, index, settings, defines, structure
    )


def informative(shared, index: Index, settings: Settings, defines=None, structure=None) -> bool:
    """Is the overlap evidence, not vocabulary: at least ``min-own-callees`` shared callees
    are functions of the repository, or the two functions' code is at least
    ``min-structure`` similar (RA003's tokens: a copy that calls only libraries)."""
    if own_callees(shared, index, defines) >= settings.min_own_callees:
        return True
    if structure is None or settings.min_structure is None:
        return False
    score = structure()
    return score is not None and score + EPSILON >= settings.min_structure


def _code_of(qualname: str, index: Index, read) -> Optional[str]:
    """The normalised token sequence of a function of the tree after the change."""
    from reuse_audit.index.previous import tokens_of

    fn = index.functions.get(qualname)
    if fn is None or read is None:
        return None
    loc = fn.location
    try:
        data = read(loc.path)
    except Exception:
        return None
    found = tokens_of(data, [(qualname, loc.line, loc.col, loc.end_line)]).get(qualname)
    return None if found is None else found[0]


def _similarity(a: Optional[str], b: Optional[str]) -> Optional[float]:
    from reuse_audit.index.tokens import similarity

    return None if a is None or b is None else similarity(a, b)


def check(change: ChangeSet, index: Index, settings: Settings) -> Iterator[Finding]:
    added = change.added
    reached_by: dict[str, frozenset[str]] = {}
    findings: dict[str, Finding] = {}
    for qualname in scope.judged(change, index, settings):
        callees, reached = reach(qualname, index, added)
        reached_by[qualname] = reached
        finding = _best_target(qualname, callees, reached, index, settings, added, change)
        if finding is not None:
            findings[qualname] = finding
    findings = scope.one_of_each_mirror(findings, index, change)
    for qualname, finding in sorted(findings.items()):
        # The copy lives in a new helper (or a nested function) that is reported
        # itself: its callers inherit its callees, but one copy is one finding.
        if any(
            other.target == finding.target
            and other_name != qualname
            and (other_name in reached_by[qualname] or other_name.startswith(qualname + LOCALS))
            for other_name, other in findings.items()
        ):
            continue
        yield finding


def _best_target(
    qualname: str,
    callees: frozenset[str],
    reached: frozenset[str],
    index: Index,
    settings: Settings,
    added: frozenset[str] = frozenset(),
    change: Optional[ChangeSet] = None,
) -> Optional[Finding]:
    new = index.functions[qualname]
    names = method_names_of(callees, index)
    status = change.status(qualname) if change is not None else "added"
    qualifying: list[tuple[int, float, str, tuple[str, ...], tuple[str, ...]]] = []
    for target_name in sorted(index.candidates(callees, fewest_shared(settings))):
        if target_name == qualname or nested(target_name, qualname) or calls_function(reached, target_name, index):
            continue
        # Two functions the change adds are compared only as near-clones (RA003):
        # functions written side by side share boilerplate, not logic.  (Code it
        # moved is old code: it may be named.)
        if target_name in added and (change is None or target_name not in change.moved):
            continue
        target = index.functions.get(target_name)
        if target is None:
            continue
        target_callees = distinct(target.callees, index)
        total = len(target_callees)
        if total < settings.min_callees:
            continue
        shared = [c for c in target_callees if calls_of(c, callees, names, index)]
        if not is_reimplementation(len(shared), total, settings):
            continue
        # (after the callee test, which the index's table answers: whether the target may
        # be named reads its file's facts, its decorators, which a warm index has not parsed)
        if scope.allowed_target(new, target_name, index, settings, change.after_facts if change else None) is None:
            continue
        read = change.read_after if change is not None else None
        if not informative(
            shared, index, settings, structure=lambda: _similarity(_code_of(qualname, index, read), _code_of(target_name, index, read))
        ):
            continue  # only the vocabulary of the language, a library, or the code base's classes
        # The target calls the new function (itself, or through helpers the change
        # adds): it delegates to it, and calling it instead would loop.
        if calls_function(reach(target_name, index, added)[1], qualname, index):
            continue
        # A modified function is reported only when the change made the overlap:
        # its old body against the target as it was (modified by the change too,
        # or not) must not fire.
        if status == "modified" and change is not None and change.before is not None:
            before = change.before
            old = before.callees(qualname)
            old_target = target_callees
            target_code = lambda: _code_of(target_name, index, change.read_after)  # noqa: E731
            if change.status(target_name) == "modified":
                was = before.callees(target_name)
                old_target = distinct(was, index) if was is not None else target_callees
                target_code = lambda: (before.tokens(target_name) or (None,))[0]  # noqa: E731
            # (the old body's callees are names of the old tree: so is the guard's test)
            structure = lambda: _similarity((before.tokens(qualname) or (None,))[0], target_code())  # noqa: E731
            if old is not None and fires(old, old_target, target_name, index, settings, before.defines, structure):
                continue
        shared_t, missing_t = overlap(target_callees, callees, index)
        qualifying.append((len(shared_t), len(shared_t) / total, target_name, shared_t, missing_t))
    if not qualifying:
        return None
    # Strongest first: most shared callees, then highest ratio; on a tie a function
    # that already existed beats one the change moved, then the one that lives
    # beside more of the shared callees (an original sits with its helpers; a
    # copy imports them from there); then name.
    qualifying.sort(key=lambda q: (-q[0], -q[1], q[2] in added, -_beside(q[2], q[3], index), q[2]))
    qualifying = _originals_first(qualifying, index, settings)
    count, ratio, target_name, shared, missing = qualifying[0]
    target = index.functions[target_name]
    total = len(distinct(target.callees, index))
    others = tuple(
        Candidate(
            q[2],
            index.functions[q[2]].location,
            q[0],
            len(distinct(index.functions[q[2]].callees, index)),
            round(q[1], 4),
            added=q[2] in added,
        )
        for q in qualifying[1:]
    )
    suppressed = bool({"*", CODE} & set(new.fact.suppressions))
    if status == "modified":
        message = (
            f"'{new.fact.local_name}' (changed) now re-implements '{target_name}' "
            f"(calls {count} of its {total} callees) without calling it"
        )
    else:
        message = (
            f"'{new.fact.local_name}' re-implements '{target_name}' "
            f"(calls {count} of its {total} callees) without calling it"
        )
    return Finding(
        rule=CODE,
        location=new.location,
        function=qualname,
        message=message,
        target=target_name,
        target_location=target.location,
        shared=shared,
        missing=missing,
        ratio=round(ratio, 4),
        others=others,
        suppressed=suppressed,
        details=(("status", status or "added"),),
    )


def _beside(target_name: str, shared: tuple[str, ...], index: Index) -> int:
    """How many of ``shared`` are defined in the module of ``target_name``."""
    module = index.functions[target_name].module + "."
    return sum(1 for c in shared if c.startswith(module))


def _originals_first(qualifying: list, index: Index, settings: Settings) -> list:
    """The candidates with the strongest that is not itself a re-implementation of
    another candidate first: name the original, not an earlier copy of it.

    A candidate is a copy of another when the two re-implement each other
    (RA001's test, guards included) and its callees strictly include the
    other's: it is the other plus something."""
    for i, q in enumerate(qualifying):
        copy_of = False
        mine = index.functions[q[2]].callees
        for other in qualifying:
            if other is q:
                continue
            theirs = index.functions[other[2]].callees
            if not fires(mine, distinct(theirs, index), other[2], index, settings):
                continue
            # Both re-implement each other: the one that calls all the other calls,
            # and more, is the copy (it is the other plus something).  (One that merely
            # contains a smaller function's logic does more: it stays the better target.)
            if theirs < mine and fires(theirs, distinct(mine, index), q[2], index, settings):
                copy_of = True
                break
        if not copy_of:
            return [q] + qualifying[:i] + qualifying[i + 1 :]
    return qualifying


RULE = Rule(
    code=CODE,
    name=NAME,
    summary="A new function re-implements an existing function instead of calling it.",
    doc=__doc__,
    check=check,
    level="warning",
    precision="high",
    # a function's callees, the candidates sharing them, and the functions beside a target (scope.py)
    needs=frozenset({LOOKUP, CALLEE_CANDIDATES, FUNCTIONS_OF_FILE}),
    fixable=True,
)
