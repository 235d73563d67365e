"""The study's definitions the rules share: which callees two functions share, and when
that makes a re-implementation (RA001 without targets, RA002 of declared targets, RA003
deferring to both).  One definition each, so that a finding means the same in every rule."""

from __future__ import annotations

from typing import Iterable, Optional

from reuse_audit.facts.rows import LOCALS
from reuse_audit.index.protocol import Index
from reuse_audit.index.resolve import method_name
from reuse_audit.settings import Settings

__all__ = ["EPSILON", "calls_of", "calls_function", "method_names_of", "overlap", "is_reimplementation", "reach", "helper_callers", "nested"]

EPSILON = 1e-9


def calls_of(target_callee: str, callees: frozenset[str], method_names: frozenset[str], index: Index) -> bool:
    """Does a set of callees include ``target_callee``?

    A method-name callee (``.m``, a call on a receiver of unknown type) matches a
    method named ``m`` that the other side resolved, and the other way round.
    """
    if target_callee in callees:
        return True
    if target_callee.startswith("."):
        return target_callee[1:] in method_names
    if index.is_method(target_callee):
        return "." + method_name(target_callee) in callees
    return False


def calls_function(callees: frozenset[str], function: str, index: Index) -> bool:
    """Does a set of callees include a call of the function ``function``?

    By its name, or, when it is a method, by a method-name callee of the same
    name (``.m``: a call on a receiver of unknown type), as in ``calls_of``.
    """
    if function in callees:
        return True
    return index.is_method(function) and "." + method_name(function) in callees


def method_names_of(callees: Iterable[str], index: Index) -> frozenset[str]:
    return frozenset(method_name(c) for c in callees if c.startswith(".") or index.is_method(c))


def overlap(
    target_callees: frozenset[str], callees: frozenset[str], index: Index
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(shared, missing): the target's callees that ``callees`` calls, and the rest. Sorted."""
    names = method_names_of(callees, index)
    shared: list[str] = []
    missing: list[str] = []
    for callee in sorted(target_callees):
        (shared if calls_of(callee, callees, names, index) else missing).append(callee)
    return tuple(shared), tuple(missing)


def is_reimplementation(shared: int, total: int, settings: Settings) -> bool:
    return total >= settings.min_callees and total > 0 and shared / total + EPSILON >= settings.min_overlap


def reach(
    qualname: str, index: Index, helpers: frozenset[str], callers: Optional[dict[str, frozenset[str]]] = None,
) -> tuple[frozenset[str], frozenset[str]]:
    """What a function calls, including through helpers added by the same change.

    Returns (callees, reached): the union of the callees of the function and of
    every new helper it reaches, and the set of functions it reaches at all.

    With ``callers`` (``helper_callers``): only through the new helpers that are the
    function's own, those no other changed function calls (but the function and its own
    helpers).  A helper several new functions share is a utility of the change, not part of
    one function's code: its callees say nothing about what that one function re-implements.
    """
    callees: set[str] = set(index.functions[qualname].callees)
    reached: set[str] = set(callees)
    todo = [c for c in callees if c in helpers]
    seen = {qualname}
    while todo:
        helper = todo.pop()
        if helper in seen:
            continue
        if callers is not None and not callers.get(helper, frozenset()) <= seen:
            continue  # shared with another changed function (reconsidered if one of its own calls it)
        seen.add(helper)
        more = index.functions[helper].callees
        callees.update(more)
        reached.update(more)
        todo.extend(c for c in more if c in helpers and c not in seen)
    return frozenset(callees), frozenset(reached)


def helper_callers(qualnames: Iterable[str], index: Index, helpers: frozenset[str]) -> dict[str, frozenset[str]]:
    """For each helper the change adds, the changed functions that call it directly."""
    callers: dict[str, set[str]] = {}
    for q in qualnames:
        fn = index.functions.get(q)
        if fn is None:
            continue
        for c in fn.callees:
            if c in helpers:
                callers.setdefault(c, set()).add(q)
    return {h: frozenset(c) for h, c in callers.items()}


def nested(a: str, b: str) -> bool:
    return a.startswith(b + LOCALS) or b.startswith(a + LOCALS)
