"""## What it does
Flags a declared reuse target that the change never calls. Targets are the
existing functions a change is expected to build on: the reuse targets of a
benchmark task, or a list a reviewer passes with `reuse-audit check --targets
FILE` (one qualified name a line). The rule is active only when targets are
declared. A target counts as called when any function the change adds or
modifies calls it, directly or through helpers the change adds. When the change
also calls at least 80% of the bypassed target's callees (and the target has at
least 3), the finding says the target was re-implemented (RA001's test, applied
to the change as a whole).

A target is named the way users write it, and resolved by the resolver that
resolves calls:
- a function, by its defining module or by a public name that re-exports it
  (`dateutil.parser.parse`, defined in `dateutil.parser._parser`);
- a method (`pkg.mod.Class.method`; an inherited one resolves to the base's);
- a class: calling the class (or its `__init__`) calls it; a
  re-implementation is judged on its `__init__`'s callees;
- a module-level callable instance (`rrulestr = _rrulestr()`): calling the
  name calls it; a re-implementation is judged on its class's `__call__`.

Each finding says what happened in its `status`: `reimplemented`, `bypassed`
(not called, not re-implemented), `unjudged` (not called, and it has fewer
than `min-callees` callees: a re-implementation cannot be judged) or
`unknown` (no function, method, class or callable instance of that name).

## Why is this bad?
Someone who knows the code base said which helpers this change should use.
Not calling one means the change either re-implements it, or does without the
convention it encodes (an ordering, a normalisation, a representation), which
is the kind of difference tests rarely pin down.

## Example
Targets file:
```text
invoicing.money.parse_amount
```
New code:
```python
def order_total(order):
    return sum(int(float(p) * 100) for p in order["prices"])  # parses by hand
```

Use instead:
```python
from invoicing.money import parse_amount

def order_total(order):
    return sum(parse_amount(p) for p in order["prices"])
```

## How to fix
Call the target. If it does not fit, say why in the review and remove it from
the targets file.

## How to suppress
Remove the target from the targets file, or add
`# reuse-audit: ignore[RA002]` on the `def` line of the function the finding
points at.

## Options
- `--targets FILE`: the declared targets, one qualified name a line (`#` starts a comment).
  `reuse-audit check` refuses a name the repository does not define (exit 2,
  naming the file and line); the benchmark reports it with status `undefined`.
- `min-callees`, `min-overlap`: the thresholds of the re-implementation test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from reuse_audit.rules.callees import calls_function, is_reimplementation, overlap
from reuse_audit.rules.options import MIN_CALLEES, MIN_OVERLAP

from reuse_audit.change.model import ChangeSet
from reuse_audit.facts.model import Location
from reuse_audit.index.protocol import DECLARED_TARGETS, LOOKUP, Index
from reuse_audit.index.targets import DeclaredTarget
from reuse_audit.lint.model import TARGET_STATUS, Details, Finding, TargetStatus, Violation
from reuse_audit.lint.rule import (
    BYPASSED,
    REIMPLEMENTED,
    UNJUDGED,
    UNKNOWN,
    Rule,
)
from reuse_audit.settings import Settings

CODE = "RA002"
NAME = "bypassed-target"


@dataclass(frozen=True)
class BypassedTarget(Violation):
    """A declared target the change does not call, and what became of it (``status``)."""

    status: TargetStatus
    kind: Optional[str] = None  # function, method, class or instance; None for an unknown name
    defined_as: Optional[str] = None  # where the name is defined, when it is a re-export
    shared: tuple[str, ...] = ()  # the target's callees the change calls
    missing: tuple[str, ...] = ()  # those it does not
    total: int = 0  # the target's callees
    min_callees: int = 0  # the fewest callees of a target the re-implementation test judges

    def message(self) -> str:
        calls = f"calls {len(self.shared)} of its {self.total} callees"
        tail = {
            UNKNOWN: ": unknown name (no function, method, class or callable instance of that name in the repository)",
            UNJUDGED: (f": unjudged (< {self.min_callees} callees: it has {self.total}), "
                       "too few to judge a re-implementation"),
            REIMPLEMENTED: f" and re-implements it ({calls})",
            BYPASSED: f": bypassed ({calls})",
        }[self.status]
        return f"the change does not call declared target '{self.target}'{tail}"

    def details(self) -> Details:
        details = [(TARGET_STATUS, self.status.value)]
        if self.kind is not None:
            details.append(("kind", self.kind))
        if self.defined_as is not None:
            details.append(("defined_as", self.defined_as))
        return tuple(details)

    def shared_callees(self) -> tuple[str, ...]:
        return self.shared

    def missing_callees(self) -> tuple[str, ...]:
        return self.missing

    def score(self) -> float:
        return round(len(self.shared) / self.total, 4) if self.total else 0.0

    def target_status(self) -> TargetStatus:
        return self.status


def change_callees(change: ChangeSet, index: Index) -> frozenset[str]:
    """Everything the change's functions call: the submission as a whole."""
    callees: set[str] = set()
    for qualname in change.qualnames:
        fn = index.functions.get(qualname)
        if fn is not None:
            callees.update(fn.callees)
    return frozenset(callees)


def check(change: ChangeSet, index: Index, settings: Settings, prior: tuple[Finding, ...] = ()) -> Iterator[Finding]:
    if not settings.targets:
        return
    changed = sorted(
        (index.functions[q] for q in change.qualnames if q in index.functions),
        key=lambda f: (f.location.path, f.location.line, f.qualname),
    )
    if changed:
        anchor = changed[0]
        location, function = anchor.location, anchor.qualname
    else:
        path = (change.added_files + change.modified_files + ("",))[0]
        location, function = Location(path, 1), ""
    callees = change_callees(change, index)
    declared = index.declared
    for target_name in sorted(set(settings.targets)):
        target = declared.get(target_name) or _as_function(target_name, index)
        if target_name in change.qualnames or target.canonical in change.qualnames:
            continue
        if any(calls_function(callees, name, index) for name in sorted(target.calls)):
            continue
        if not target.known:
            violation = BypassedTarget(target_name, UNKNOWN)
            target_location = Location("", 0)
        else:
            body = index.functions.get(target.body) if target.body else None
            target_location = target.location
            target_callees = body.callees if body is not None else frozenset()
            total = len(target_callees)
            shared, missing = overlap(target_callees, callees, index)
            if total < settings.min_callees:
                status = UNJUDGED
            elif is_reimplementation(len(shared), total, settings):
                status = REIMPLEMENTED
            else:
                status = BYPASSED
            violation = BypassedTarget(
                target_name, status, kind=target.kind, defined_as=target.canonical if target.canonical != target_name else None,
                shared=shared, missing=missing, total=total, min_callees=settings.min_callees,
            )
        yield Finding(rule=CODE, location=location, function=function, violation=violation, target_location=target_location)


def _as_function(name: str, index: Index) -> DeclaredTarget:
    """A target the engine did not resolve (a caller of ``check`` without the engine): by its name only."""
    fn = index.functions.get(name)
    if fn is None:
        return DeclaredTarget(name, name, "unknown")
    return DeclaredTarget(name, name, "method" if fn.is_method else "function", frozenset({name}), name, fn.location)


RULE = Rule(
    code=CODE,
    name=NAME,
    summary="A declared reuse target is not called by the change.",
    doc=__doc__,
    check=check,
    level="warning",
    precision="high",
    needs=frozenset({LOOKUP, DECLARED_TARGETS}),  # runs only when targets are declared
    options=(MIN_CALLEES, MIN_OVERLAP),  # the re-implementation test's
)
