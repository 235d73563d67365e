"""## What it does
Flags a new or changed function that re-implements an existing function instead
of calling it. An existing function `T` is *re-implemented* by new code `N` when
`N` never calls `T` (directly or through helpers added by the same change), yet
`N` calls at least 80% of the functions that `T` calls, and `T` calls at least 3
functions. Python builtins do not count as callees; calls are resolved through
imports, aliases, relative imports, re-exports, `self`, `cls` and `super()` to one
canonical name each.

The study's test (RA002 and the benchmark's Cdup use it as it is, for
declared targets) makes the candidates. Without declared targets, a candidate
becomes a finding only on evidence that tells a copy from a sibling; each
guard below was read on real agent commits (`scripts/verdicts/commits.tsv`,
`scripts/commits_corpus.py`) and measured for what it costs on the injection
corpus (`scripts/injection.py`):

- **What the change added.** A function the change modifies is reported only
  when the lines it added make the overlap: its old body, against the target
  as it was before the change, does not pass the test, and its new body does
  without the calls the change spread over two or more other functions too
  (the same logging calls or error handling added to a family of siblings, a
  renamed helper whose every caller changes). The message says `(changed) now
  re-implements`; the `status` detail is `added` or `modified`.
- **Moves are not new.** An added function whose normalised code (RA003's
  tokens) equals or nearly equals (`min-similarity`) a function the change
  removes or rewrites is moved code: it is not judged, and a function that now
  delegates to it calls an existing function (it inherits nothing from it).
- **Distinctiveness, not vocabulary lists.** A combination of callees that
  other functions of the tree already share is the code base's vocabulary
  (its logger, its database session, its printer helpers), wherever the
  callees come from; one that no other function has is evidence, even when
  every callee is in the standard library. `common` counts the functions the
  change did not touch that already pass the test against the target; more
  than `max-common` (1) and the target is not named. This replaced
  `min-own-callees`, which dropped every copy built only of standard-library
  calls: on the injection corpus recall on such targets went from 16 of 34
  (9092850) to 40 of 40 (`docs/precision.md`).
- **It computes what the target computes.** The callee test compares calls;
  siblings built of one toolbox (the same client, logger and JSON helpers)
  pass it and say and compute other things. A candidate is named only when
  the new code (with the helpers the change added that it reaches) has at
  least `min-coverage` (0.5) of what the target computes: its operators and
  constants and its literal values (RA003's tokens, without names, so that
  an alias-imported copy counts as a copy), unless the target computes fewer
  than 2 such things. On the 812 agent commits RA001's findings went from
  135 (18 true) to 87 (17 true); injection recall unchanged by kind
  (`docs/precision.md`).
- **Its own code.** The callees of a function are its own and those of the
  new helpers that are its own: helpers the change adds that no other
  changed function calls. A helper several new functions share is a utility
  of the change, and its callees say nothing about what one of its callers
  re-implements (a new CLI module whose commands all call one new config
  reader). Of the 70 false RA001 findings left on agent commits, 40 got
  shared callees only through new helpers, none of the 17 true ones; with
  the guard 64 findings are left, the 17 true ones among them. A copy split
  over helpers of its own is still whole.
- **Protocols are not targets of each other** unless their bodies are copies
  to the letter but for their strings (at least `min-similarity` similar
  tokens, each with all the other's calls, operators and constants, three
  quarters of the same strings, at least `min-tokens` tokens): methods of one
  name in classes related by inheritance, or whose classes share at least
  three other method names (an interface by duck typing: a `Team` and an
  `Agent`); methods of one dispatch-on-type family (`visit_Name` /
  `visit_NamedExpr`, `_print_Add` / `_print_Mul`) or of a dispatch family of
  their class (`_parse_*_section`, or `propose_*` of two words, a method per
  state of a run: three or more; 1 such finding of two words read, false);
  module-level functions of
  one name in two modules (each migration's `_migrate_postgres`, a CLI
  command ported to another framework: 17 of 20 such findings read were
  false); a module function of the same name as a plugin hook family
  (`pytest_addoption`). A call through `self`, `cls` or `super()` of a method
  of the target's name counts as a call of it. A method that implements a hook
  its class shares with the target's through a base that declares it as a stub
  (`@abstractmethod`, `raise NotImplementedError`) is no target even as a copy,
  when the target already existed: a new backend written like an existing
  one follows the code base's convention (22 such near-copies in one agent
  commit, `MySQLDb` beside `PostgresDb`, were read false; the base may be
  imported or defined beside the classes, as `RemotePythonExecutor` above
  `DockerExecutor`: 1 more read false); two implementations the change adds
  side by side stay findings of RA003.
- **Opposites and twins.** Names that differ in one word that is an opposite
  of the other (`show_cursor` / `hide_cursor`, `add_history` /
  `clear_history`, `migrate` / `revert`, `update` / `reset`, `register` /
  `unregister`; inflected too: `work_pool_created_event` /
  `work_pool_deleted_event`) and the synchronous and asynchronous versions of one
  operation (`get_session` / `aget_session`, `run` / `run_async`), and the
  same method of a class and its asynchronous twin (`Client.prune` /
  `AsyncClient.prune`), are never targets of each other: neither can be
  called instead of the other. Read on agent commits: 14 opposites, all
  false; 29 twins false, 2 true (a synchronous helper that both twin classes
  could share).
- **Tests and examples are their own world.** Test code (`test-patterns`) is
  never a target for library code; new test code is not judged unless
  `include-tests`, and then only against test code. Example code
  (`example-patterns`) is never a target for library code.
- **Only targets one can call instead.** Never a function defined under
  `if __name__ == "__main__":` (a script's own helper: 5 copies of one in
  five standalone bench scripts were read false), a nested function, a
  declaration (`@abstractmethod`, `@overload`), a function that calls the new
  one, or two functions the change adds side by side (RA003 reports those
  when one is a near-copy of the other). Nor a function of another
  distribution of a monorepo (the nearest `pyproject.toml` with a
  `[project]`) that the new code's distribution does not require and its
  module does not import: an extra (`[project.optional-dependencies]`) is not
  enough (1 such finding on agent commits, false: an `autogen-ext` helper
  beside `autogen-agentchat`'s, which `autogen-ext` requires only as an extra).
  Nor a private function of another distribution (a `_` part in its module
  path or name), even one the new code's distribution requires: its internals
  are not its interface (1 read, false: `autogen_ext`'s copy of
  `autogen_core`'s private `_func_with_reqs` helpers, fixed in both on
  purpose; none of the 78 true findings crosses distributions).
  Nor a function in a module no import can name (a folder called `ad-use`),
  away from the new code's folder. Nor, for a module-level function, an
  instance method of another module's class when the function has no
  instance of it (it calls no other method of the class and annotates no
  parameter with it): calling the method would need an object the code does
  not have (1 finding read, false: a module function beside another
  package's agent's private method; a method moved out of its class into a
  function handed the instance stays a finding, 1 read true).
- **Copies kept on purpose, copies over other data.** No finding when the
  target or the new function says it is a copy kept on purpose, in its
  docstring or the comment heading its section or standing above it
  ("inlined to avoid imports", "Must match utils.get_runtime_dir()", "keep in
  sync with", "copied from", "vendored"): the author has made the call a
  reviewer would ask about (read on agent commits: 4 such findings of RA001
  and RA003, all false; none of the 78 true ones is one). A comment inside the
  body speaks of its lines, not of the function ("TODO: add ignore_index
  arguments copied from pandas.concat" in xarray's `concat`, whose verbatim
  copy in an agent patch is a true finding). Nor when the two, in two modules,
  read a module constant of one name that each module sets to another value
  (each converter's `accepts` testing its own `ACCEPTED_FILE_EXTENSIONS`): the
  same code over other data is another function (1 read, false). Nor when
  both build dictionaries as literals and the target's have keys the new
  function's never have: it writes another format of the same data (the
  Responses API's flat function tool beside Chat Completions' nested one, an
  attachment as `input_file` beside `file`); calling the target would send the
  wrong shape (6 such findings of RA001 and RA003, per-API serializers, all
  false; none of the 78 true ones: a converter that writes every key of the
  target's and more stays a finding). Nor two module functions of one script
  that its `if __name__ == "__main__":` block, or the `main()` it runs, calls
  one after another: the cases the script runs side by side (each scenario of
  an issue's reproduction script, an upload script's function per provider;
  3 read, all false; copies between scripts are other modules and stay
  findings, 20 of the true ones among them). These
  tests read the two files, so they run last, on a pair that passed the others.
- **Which target.** When several existing functions qualify, the one whose
  code the new function copies (RA003's tokens, `min-similarity`) is named:
  calling it keeps the behaviour exactly. Otherwise an earlier copy of another
  candidate is not named before its original: of two candidates that
  re-implement each other, the one whose callees include all of the other's
  and more is the copy; of two equally strong, the one in the module that
  defines more of the shared callees is named (an original sits beside its
  helpers, a copy imports them). Two changed functions that re-implement each
  other give one finding, on the later one; `check PATH` decides which of two
  existing functions is the later by git's history of their `def` lines.
- **A confidence: the code is alike too.** Siblings that share a class's or a
  module's plumbing call the same helpers and do other jobs; a copy, renamed,
  rewritten or pasted into a larger function, also reads like its original.
  Each finding carries `confidence` (JSON `details`, SARIF `rank`, 0 to 100):
  the token similarity of the two functions (RA003's normalised tokens,
  `similarity`), or, when the new code (with the new helpers it reaches) holds
  the target's body whole, at least 95% of its tokens in order and 90% of its
  literal values, that share. `min-confidence` (`--min-confidence`, default
  0.65) is the operating point. Measured with `scripts/curve.py` on the 812
  agent commits and the injection corpus, every finding the other guards let
  through (`--min-confidence 0`, at b53c342; 2 RA001 findings below 0.5 have
  no verdict and are left out):

  | min-confidence | RA001 true | RA001 false | all rules, precision | injection recall (loop-rewritten, embedded, all kinds) |
  |---|---|---|---|---|
  | 0 | 16 | 34 | 0.67 | 0.956, 0.938, 0.964 |
  | 0.5 | 16 | 16 | 0.79 | 0.956, 0.938, 0.964 |
  | 0.6 | 15 | 7 | 0.87 | 0.956, 0.938, 0.964 |
  | **0.65** | **14** | **2** | **0.92** | **0.956, 0.938, 0.964** |
  | 0.75 | 14 | 0 | 0.94 | 0.950, 0.938, 0.963 |
  | 0.8 | 11 | 0 | 0.94 | 0.939, 0.932, 0.956 |
  | 0.9 | 8 | 0 | 0.94 | 0.889, 0.932, 0.941 |

  The default is the highest point that loses no injected case: above it each
  step costs rewritten copies for one or two false findings. The true
  findings below it are rewrites in another vocabulary (an inlined
  `Image.from_base64`, a streaming loop rewritten for a UI class), the
  duplicates issue 29's evidence is for.
- **The other version of one operation.** A plain function is no re-implementation
  of a coroutine function (it cannot call it), nor a function of the target it
  copies while calling the synchronous or asynchronous twin of the target or of
  one of its callees in their place (`await self.acall(...)` where the target
  calls `self(...)`, `evaluate_call_async` in a copy of `evaluate_call`): 4 such
  findings on agent commits, all false.

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
- `max-common` (default 1): how many functions the change did not touch may
  already pass the test against the target (more: the combination is
  vocabulary).
- `min-confidence` (`--min-confidence`, default 0.65): findings of a lower
  confidence are left out (0: every finding the other guards let through).
- `min-coverage` (default 0.5): the share of what the target computes (its
  operators, constants and literal values, with the new helpers it reaches)
  the new code must have too; below it the two share calls and say other things.
- `min-own-callees` (default 0: off): shared callees that must be functions of
  the repository itself (the guard `max-common` replaced).
- `min-structure` (default: off): with `min-own-callees`, a target whose shared
  callees are all vocabulary is still reported when the two functions' code
  (RA003's normalised tokens) is at least this similar.
- `test-patterns` (default `["tests/", "testing/", "test_*.py", "*_test.py",
  "conftest.py"]`): what test code is. A pattern ending in `/` names a folder
  anywhere in the path, one without `/` a file name, others a whole path.
- `include-tests` (`--include-tests`, default false): judge new test code too,
  against test code only.
- `example-patterns` (default `["examples/", "example/", "docs/", "doc/",
  "cookbook/", "notebooks/", "demos/", "demo/"]`): what example code is (read
  as `test-patterns`); no target for library code.
- `min-similarity` (RA003's, default 0.9): how similar moved code must stay.
- `exclude`: glob patterns of files not analysed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, NamedTuple, Optional

from reuse_audit.rules import scope
from reuse_audit.rules.copies import Copy, replace_with_call
from reuse_audit.rules.options import MIN_CALLEES, MIN_OVERLAP, MIN_SIMILARITY
from reuse_audit.rules.callees import (
    EPSILON,
    calls_function,
    calls_of,
    helper_callers,
    is_reimplementation,
    method_names_of,
    nested,
    overlap,
    reach,
)

from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.model import Function
from reuse_audit.facts.rows import LOCALS
from reuse_audit.index.protocol import (
    AFTER_FACTS,
    AFTER_SOURCE,
    CALLEE_CANDIDATES,
    FUNCTIONS_OF_FILE,
    LINE_DATES,
    LOOKUP,
    OLD_VERSIONS,
    Index,
)
from reuse_audit.index.resolve import method_name
from reuse_audit.lint.model import Candidate, Details, Finding
from reuse_audit.lint.rule import Option, Rule
from reuse_audit.settings import Settings

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.change.previous import TokenPair  # (the tokenizer: imported when a rule reads code)

CODE = "RA001"
NAME = "reimplemented-function"

@dataclass(frozen=True, kw_only=True)
class ReimplementedFunction(Copy):
    """A new function calls most of what an existing one calls (the target), without calling it."""

    calls: int  # how many of the target's callees the new code calls
    total: int  # the target's callees
    ratio: float  # calls / total
    confidence_score: Optional[float] = None  # how alike the code is (``confidence``); None: unread
    common: int = 0  # functions the change did not touch that pass the test against the target
    through_helpers: int = 0  # shared callees only the new helpers it reaches call
    similarity: Optional[float] = None  # the token similarity of the two functions

    def message(self) -> str:
        changed = " (changed) now re-implements" if self.status == "modified" else " re-implements"
        return f"'{self.local_name}'{changed} '{self.target}' (calls {self.calls} of its {self.total} callees) without calling it"

    def details(self) -> Details:
        details = [("status", self.status)]
        if self.confidence_score is not None:
            details.append(("confidence", f"{self.confidence_score:.2f}"))
        details.append(("common", str(self.common)))
        if self.through_helpers:
            details.append(("through-helpers", str(self.through_helpers)))
        if self.similarity is not None:
            details.append(("similarity", f"{self.similarity:.2f}"))
        return tuple(details)

    def score(self) -> float:
        return self.ratio

    def confidence(self) -> Optional[float]:
        return None if self.confidence_score is None else float(f"{self.confidence_score:.2f}")


#: "is this name a function of the repository?"
Defines = Callable[[str], bool]
#: the token similarity of two functions, computed when asked (None: unknown)
Structure = Callable[[], Optional[float]]


def fewest_shared(settings: Settings, total: Optional[int] = None) -> int:
    """The fewest callees a target (of ``total`` callees; any judgeable target when None) must
    share with the new code to be re-implemented by it."""
    share = settings.min_overlap - EPSILON
    if share <= 0:
        return 1
    return max(1, math.ceil(share * max(settings.min_callees if total is None else total, 1) - 1e-9))


def distinct(callees: frozenset[str], index: Index) -> frozenset[str]:
    """``callees`` with each method-name callee ``.m`` left out when a method named ``m``
    is among them too: one call counts once, not as ``.subs`` and ``Basic.subs``."""
    resolved = {method_name(c) for c in callees if not c.startswith(".") and index.is_method(c)}
    if not resolved:
        return callees
    return frozenset(c for c in callees if not (c.startswith(".") and c[1:] in resolved))


def own_callees(shared: Iterable[str], index: Index, defines: Optional[Defines] = None) -> int:
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
    defines: Optional[Defines] = None,
    structure: Optional[Structure] = None,
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


def informative(
    shared: Iterable[str], index: Index, settings: Settings, defines: Optional[Defines] = None,
    structure: Optional[Structure] = None,
) -> bool:
    """Is the overlap evidence, not vocabulary: at least ``min-own-callees`` shared callees
    are functions of the repository, or the two functions' code is at least
    ``min-structure`` similar (RA003's tokens: a copy that calls only libraries)."""
    if own_callees(shared, index, defines) >= settings.min_own_callees:
        return True
    if structure is None or settings.min_structure is None:
        return False
    score = structure()
    return score is not None and score + EPSILON >= settings.min_structure


def _tokens_of(qualname: str, index: Index, read: Optional[Callable[[str], bytes]]) -> Optional[TokenPair]:
    """(normalised token sequence, literals) of a function of the tree after the change (RA003's tokens)."""
    from reuse_audit.change.previous import tokens_of

    fn = index.functions.get(qualname)
    if fn is None or read is None:
        return None
    loc = fn.location
    try:
        data = read(loc.path)
    except Exception:
        return None
    return tokens_of(data, [(qualname, loc.line, loc.col, loc.end_line)]).get(qualname)


def _code_of(qualname: str, index: Index, read: Optional[Callable[[str], bytes]]) -> Optional[str]:
    """The normalised token sequence of a function of the tree after the change."""
    found = _tokens_of(qualname, index, read)
    return None if found is None else found[0]


def _similarity(a: Optional[str], b: Optional[str]) -> Optional[float]:
    from reuse_audit.index.tokens import similarity

    return None if a is None or b is None else similarity(a, b)


#: Below this many operators, constants and literals, what a target computes tells nothing.
FEWEST_COMPUTED = 2


def _own_code(
    new: TokenPair, qualname: str, reached: frozenset[str], helpers: frozenset[str], index: Index, read: Optional[Callable[[str], bytes]],
) -> list[TokenPair]:
    """The new function's tokens and those of the helpers the change added that it reaches (a
    copy split over new helpers is still whole), each a (sequence, literals) pair."""
    parts = [new]
    for helper in sorted(reached & helpers):
        if helper != qualname and not nested(helper, qualname):
            found = _tokens_of(helper, index, read)
            if found is not None and found[0] is not None:
                parts.append(found)
    return parts


def _coverage(target: tuple[str, str], parts: list[tuple[str, str]]) -> float:
    """The share of what the target computes (its operators and constants, its literal values:
    ``body.computes``) that the new code (``_own_code``) has too.  The callee test has compared
    the calls; siblings that share them say and compute other things."""
    from reuse_audit.index.body import computes as meaning

    wanted = meaning(*target)
    total = sum(wanted.values())
    if total < FEWEST_COMPUTED:
        return 1.0  # a target that computes almost nothing: no evidence either way
    have = meaning(*parts[0])
    for part in parts[1:]:
        have.update(meaning(*part))
    return sum((wanted & have).values()) / total


#: The share of a target's body tokens (in order) and of its literal values that new code must
#: hold for the body to count as pasted into it whole (``confidence``).
WHOLE_BODY = 0.95
KEPT_LITERALS = 0.9


def _holds(target: tuple[str, str], parts: list[tuple[str, str]]) -> tuple[float, float]:
    from reuse_audit.index.body import (
        contained,  # (the tokenizer: not for a check answered from the cache)
    )

    return contained(target, parts)


def confidence(similarity: Optional[float], holds: tuple[float, float]) -> Optional[float]:
    """How alike the new code is to the target, in [0, 1], once the callee test has passed: the
    token similarity of the two functions (RA003's); or, when the new code holds the target's
    body whole (``holds``: ``body.contained``, at least ``WHOLE_BODY`` of its tokens in order
    and ``KEPT_LITERALS`` of its literal values), that share: a helper pasted into a larger
    function is as much a copy as a renamed one.  None when the code cannot be read.

    The callee test says two functions call the same things; siblings sharing plumbing do that
    too.  On the 812 agent commits, of 64 findings that passed every other guard, the 47 read
    false had a median similarity of 0.55 and the 17 true ones 0.82 (the rule's page has the
    curve behind the default ``min-confidence``)."""
    if similarity is None:
        return None
    share, kept = holds
    if share + EPSILON >= WHOLE_BODY and kept + EPSILON >= KEPT_LITERALS:
        return round(max(similarity, share), 4)
    return round(similarity, 4)




def check(change: ChangeSet, index: Index, settings: Settings, prior: tuple[Finding, ...] = ()) -> Iterator[Finding]:
    return _findings(change, index, settings)


def _findings(change: ChangeSet, index: Index, settings: Settings) -> Iterator[Finding]:
    added = change.added
    reached_by: dict[str, frozenset[str]] = {}
    findings: dict[str, Finding] = {}
    spread = Spread(change, index)
    callers = helper_callers(change.qualnames, index, change.helpers)
    for qualname in scope.judged(change, index, settings):
        _, reached = reach(qualname, index, change.helpers)
        callees, _ = reach(qualname, index, change.helpers, callers)  # its own code
        reached_by[qualname] = reached
        finding = _best_target(qualname, callees, reached, index, settings, added, change, spread)
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
        # Two changed functions that re-implement each other: one finding, on the later one.
        twin = findings.get(finding.target)
        if twin is not None and twin.target == qualname and _place(finding) < _place(twin):
            continue
        yield finding


def _place(finding: Finding) -> tuple[str, int, str]:
    return (finding.location.path, finding.location.line, finding.function)


#: A call the change adds to this many other functions (besides the one judged) is boilerplate
#: it spreads (a logging call, an error handler, a renamed helper), not evidence of a copy.
SPREAD = 2
#: How many functions sharing the overlap are counted at most (the score saturates there).
COMMON_CAP = 6


class Spread:
    """Which calls the change adds to which of its functions: a call it adds to many is boilerplate.

    ``added_calls(q)``: the callees of the changed function ``q`` that its old version did not
    call (all of them for an added function); ``others(c, q)``: how many changed functions
    other than ``q`` the change adds a call of ``c`` to.  Made when first asked."""

    def __init__(self, change: ChangeSet, index: Index):
        self.change = change
        self.index = index
        self._added: dict[str, frozenset[str]] = {}
        self._count: Optional[dict[str, int]] = None

    def added_calls(self, qualname: str) -> frozenset[str]:
        found = self._added.get(qualname)
        if found is None:
            fn = self.index.functions.get(qualname)
            now = fn.callees if fn is not None else frozenset()
            old = None
            if self.change.status(qualname) == "modified":
                old = self.index.old_versions.callees(qualname)
            found = now - old if old is not None else now
            self._added[qualname] = found
        return found

    def others(self, callee: str, qualname: str) -> int:
        if self._count is None:
            count: dict[str, int] = {}
            for q in self.change.qualnames:
                for c in self.added_calls(q):
                    count[c] = count.get(c, 0) + 1
            self._count = count
        return self._count.get(callee, 0) - (callee in self.added_calls(qualname))


def calls_enough(callees: frozenset[str], target_callees: frozenset[str], target_name: str, index: Index, settings: Settings) -> bool:
    """The study's test alone: ``callees`` never calls the target, and calls ``min-overlap`` of its callees."""
    if calls_function(callees, target_name, index):
        return False
    names = method_names_of(callees, index)
    shared = sum(1 for c in target_callees if calls_of(c, callees, names, index))
    return is_reimplementation(shared, len(target_callees), settings)


def made_by_change(
    qualname: str, callees: frozenset[str], target_name: str, target_callees: frozenset[str],
    index: Index, settings: Settings, change: ChangeSet, spread: Spread,
) -> bool:
    """Did the lines the change added to the modified ``qualname`` make it re-implement the target?

    The old body against the target as it was before the change must not pass the test, and the
    new body must, against the target as it was, without the calls the change spread over other
    functions as well (the same logging calls or error handling added to a family of siblings,
    a renamed helper whose every caller changes)."""
    before = index.old_versions
    old = before.callees(qualname)
    if old is None:
        return True
    old_target = target_callees
    if change.status(target_name) == "modified":
        was = before.callees(target_name)
        if was is not None:
            old_target = distinct(was, index)
        if len(old_target) < settings.min_callees:
            return False  # the target was not judgeable before the change: the change built both
    if calls_enough(old, old_target, target_name, index, settings):
        return False  # it was a re-implementation before: the change did not make it
    spread_calls = frozenset(c for c in spread.added_calls(qualname) if spread.others(c, qualname) >= SPREAD)
    return calls_enough(callees - spread_calls, old_target, target_name, index, settings)


def common(
    target_name: str, target_callees: frozenset[str], qualname: str, reached: frozenset[str],
    index: Index, settings: Settings, change: ChangeSet,
) -> int:
    """How many functions the change did not touch already meet the study's test against the
    target (call ``min-overlap`` of its callees), up to ``COMMON_CAP``.  A combination that many
    functions share is the vocabulary of the code base (its logger, its printer helpers, its
    database session), wherever the callees come from; one no other function has is evidence,
    even when every callee is in the standard library."""
    need = fewest_shared(settings, len(target_callees))
    touched = change.qualnames
    target_is_test = settings.is_test(index.functions[target_name].location.path)
    count = 0
    for other in sorted(index.candidates(target_callees, need)):
        if other in (qualname, target_name) or other in touched or other in reached:
            continue
        if nested(other, target_name) or nested(other, qualname):
            continue
        fn = index.functions.get(other)
        if fn is None or settings.is_test(fn.location.path) != target_is_test:
            continue
        names = method_names_of(fn.callees, index)
        if sum(1 for c in target_callees if calls_of(c, fn.callees, names, index)) >= need:
            count += 1
            if count >= COMMON_CAP:
                break
    return count


class _Qualified(NamedTuple):
    """A candidate that qualifies as the target the new function re-implements (``_Judge.qualifies``)."""

    calls: int  # how many of the target's callees the new code calls
    ratio: float  # of the target's callees
    target: str
    shared: tuple[str, ...]
    missing: tuple[str, ...]
    common: int  # functions the change did not touch that pass the test against the target (``common``)
    confidence: Optional[float]
    similarity: Optional[float]  # of the two functions' tokens


def _best_target(
    qualname: str,
    callees: frozenset[str],
    reached: frozenset[str],
    index: Index,
    settings: Settings,
    added: frozenset[str] = frozenset(),
    change: Optional[ChangeSet] = None,
    spread: Optional[Spread] = None,
) -> Optional[Finding]:
    judge = _Judge(qualname, callees, reached, index, settings, added, change, spread)
    qualifying = [q for q in map(judge.qualifies, sorted(index.candidates(callees, fewest_shared(settings)))) if q is not None]
    if not qualifying:
        return None
    # Strongest first: a copied one, then most shared callees, then highest ratio; on a
    # tie a function that already existed beats one the change moved, then the one that
    # lives beside more of the shared callees (an original sits with its helpers; a
    # copy imports them from there); then name.
    # A candidate whose code the new function copies (RA003's tokens, ``min-similarity``) comes
    # first: of two that share as many callees, the one it was copied from is the original.
    def copied(q: _Qualified) -> bool:
        return q.similarity is not None and q.similarity + EPSILON >= settings.min_similarity

    qualifying.sort(key=lambda q: (not copied(q), -q[0], -q[1], q[2] in added, -_beside(q[2], q[3], index), q[2]))
    if not copied(qualifying[0]):
        qualifying = _originals_first(qualifying, index, settings)
    return _finding(qualname, judge.new, judge.status, qualifying, index, added)


class _Judge:
    """Whether each candidate qualifies as the target the new function ``qualname`` re-implements
    (:meth:`qualifies`); what is read of the new function is read once, for the first candidate
    that needs it."""

    def __init__(
        self, qualname: str, callees: frozenset[str], reached: frozenset[str], index: Index, settings: Settings,
        added: frozenset[str], change: Optional[ChangeSet], spread: Optional[Spread],
    ) -> None:
        self.qualname, self.callees, self.reached = qualname, callees, reached
        self.index, self.settings, self.added, self.change, self.spread = index, settings, added, change, spread
        self.new = index.functions[qualname]
        self.names = method_names_of(callees, index)
        self.status = change.status(qualname) if change is not None else "added"
        self.read = index.read_after if change is not None else None
        self.helpers = change.helpers if change is not None else added
        self.facts = index.after_facts if change else None
        # the new function's tokens and its own code (with the new helpers it reaches) are the same
        # against every candidate: read and tokenized once, when a first candidate needs them
        self._own: Optional[list[TokenPair]] = None

    @cached_property
    def new_tokens(self) -> Optional[TokenPair]:
        return _tokens_of(self.qualname, self.index, self.read)

    def own_code(self, tokens: TokenPair) -> list[TokenPair]:
        if self._own is None:
            self._own = _own_code(tokens, self.qualname, self.reached, self.helpers, self.index, self.read)
        return self._own

    def qualifies(self, target_name: str) -> Optional[_Qualified]:
        """(shared count, ratio, target, shared, missing, common, confidence, similarity), or None."""
        qualname, index, settings, change = self.qualname, self.index, self.settings, self.change
        if target_name == qualname or nested(target_name, qualname) or calls_function(self.reached, target_name, index):
            return None
        # Two functions the change adds are compared only as near-clones (RA003):
        # functions written side by side share boilerplate, not logic.  (Code it
        # moved is old code: it may be named.)
        if target_name in self.added and (change is None or target_name not in change.moved):
            return None
        target = index.functions.get(target_name)
        if target is None:
            return None
        target_callees = distinct(target.callees, index)
        total = len(target_callees)
        if total < settings.min_callees:
            return None
        shared = [c for c in target_callees if calls_of(c, self.callees, self.names, index)]
        if not is_reimplementation(len(shared), total, settings):
            return None
        alike: dict[str, tuple[Optional[TokenPair], Optional[TokenPair]]] = {}

        def pair() -> tuple[Optional[TokenPair], Optional[TokenPair]]:
            if "pair" not in alike:
                alike["pair"] = (self.new_tokens, _tokens_of(target_name, index, self.read))
            return alike["pair"]

        def similarity_of() -> Optional[float]:
            a, b = pair()
            return _similarity(a and a[0], b and b[0])

        def identical() -> bool:
            return scope.near_identical(*pair(), settings)

        # (after the callee test, which the index's table answers: whether the target may
        # be named reads its file's facts, its decorators, which a warm index has not parsed)
        if scope.allowed_target(self.new, target_name, index, settings, self.facts, identical, read=self.read) is None:
            return None
        if settings.min_own_callees and not informative(shared, index, settings, structure=similarity_of):
            return None  # (off by default) only the vocabulary of the language, a library, or the code base's classes
        # The target calls the new function (itself, or through helpers the change
        # adds): it delegates to it, and calling it instead would loop.
        if calls_function(reach(target_name, index, self.helpers)[1], qualname, index):
            return None
        # A modified function is reported only when the lines the change added made the overlap.
        if self.status == "modified" and change is not None and self.spread is not None:
            if not made_by_change(qualname, self.callees, target_name, target_callees, index, settings, change, self.spread):
                return None
        shared_count = common(target_name, target_callees, qualname, self.reached, index, settings, change) if change is not None else 0
        if shared_count > settings.max_common:
            return None  # a combination other functions already share: vocabulary
        return self._alike(target_name, target, target_callees, shared_count, pair(), similarity_of)

    def _alike(
        self, target_name: str, target: Function, target_callees: frozenset[str], shared_count: int,
        pair: tuple[Optional[TokenPair], Optional[TokenPair]], similarity_of: Structure,
    ) -> Optional[_Qualified]:
        """The tests that read the code of both functions, after the callee tests."""
        settings, index = self.settings, self.index
        a, b = pair
        # (the new code's parts, the target's tokens), None when either cannot be read
        both = None if a is None or b is None or a[0] is None or b[0] is None else (self.own_code(a), b)
        if both is not None and scope.other_version(self.callees, both[0][0][0], target_name, target_callees, both[1][0]):
            return None  # the synchronous and asynchronous versions of one operation
        if both is not None and _coverage(both[1], both[0]) + EPSILON < settings.min_coverage:
            return None  # the calls are shared, the rest of what the target does is not: siblings
        shared_t, missing_t = overlap(target_callees, self.callees, index)
        sim = similarity_of()
        score = confidence(sim, _holds(both[1], both[0])) if both is not None else None
        if score is not None and score + EPSILON < settings.min_confidence:
            return None  # the same calls in other code: siblings sharing plumbing
        if scope.behind_a_requirement(self.new, target, self.facts, self.read) is not None:
            return None  # calling it would need a distribution or an extra the new code does not require
        if scope.excused(self.new, target, self.read) is not None:
            return None  # the author keeps it a copy on purpose, it reads other data, or nothing can import it
        return _Qualified(len(shared_t), len(shared_t) / len(target_callees), target_name, shared_t, missing_t, shared_count, score, sim)


def _finding(
    qualname: str, new: Function, status: Optional[str], qualifying: list[_Qualified], index: Index, added: frozenset[str],
) -> Finding:
    """The finding naming the strongest of ``qualifying`` (sorted), the others listed."""
    count, ratio, target_name, shared, missing, shared_count, score, sim = qualifying[0]
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
    own = new.callees
    own_names = method_names_of(own, index)
    through = sum(1 for c in shared if not calls_of(c, own, own_names, index))  # shared callees only the new helpers call
    violation = ReimplementedFunction(
        target=target_name, local_name=new.fact.local_name, status=status or "added", calls=count, total=total,
        shared=shared, missing=missing, ratio=round(ratio, 4), others=others, confidence_score=score,
        common=shared_count, through_helpers=through, similarity=sim,
    )
    return Finding(rule=CODE, location=new.location, function=qualname, violation=violation, target_location=target.location)


def _beside(target_name: str, shared: tuple[str, ...], index: Index) -> int:
    """How many of ``shared`` are defined in the module of ``target_name``."""
    module = index.functions[target_name].module + "."
    return sum(1 for c in shared if c.startswith(module))


def _originals_first(qualifying: list[_Qualified], index: Index, settings: Settings) -> list[_Qualified]:
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
    # a function's callees, the candidates sharing them, and the functions beside a target (scope.py);
    # the old versions of modified functions; the files after the change, their facts and bytes
    # (scope.py); for check PATH..., when each line was written (scope.one_of_each_mirror)
    needs=frozenset({LOOKUP, CALLEE_CANDIDATES, FUNCTIONS_OF_FILE, OLD_VERSIONS, AFTER_FACTS, AFTER_SOURCE, LINE_DATES}),
    fix=replace_with_call,
    # a near-copy (RA003) of another function is stronger evidence than a callee overlap
    yields_to=("RA003",),
    options=(
        MIN_CALLEES,
        MIN_OVERLAP,
        Option("max-common", int, "how many functions the change did not touch may already pass the test against the target", low=0),
        Option("min-confidence", float, "findings of a lower confidence are left out", low=0.0, high=1.0),
        Option("min-coverage", float, "the share of what the target computes the new code must have too", low=0.0, high=1.0),
        Option("min-own-callees", int, "shared callees that must be functions of the repository itself (0: off)", low=0),
        Option("min-structure", float, "with min-own-callees, the token similarity that still reports a target (unset: off)",
               low=0.0, high=1.0),
        MIN_SIMILARITY,
    ),
)
