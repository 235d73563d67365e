import functools
import types

from attr._cmp import _check_same_type, _is_comparable_to, _make_init, _make_operator
from attr._make import __ne__

from attrs_export.plain import to_plain


def differences(old, new, tolerance=0.0, drop=()):
    """Fields whose plain values differ between two instances (comparison class built by hand)."""

    def eq(a, b):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return abs(a - b) <= tolerance
        return a == b

    body = {
        "__slots__": ["value"],
        "__init__": _make_init(),
        "_requirements": [],
        "_is_comparable_to": _is_comparable_to,
        "__eq__": _make_operator("eq", eq),
        "__ne__": __ne__,
    }
    same = types.new_class("Same", (object,), {}, lambda ns: ns.update(body))
    same._requirements.append(_check_same_type)
    if "__lt__" in body:  # never: no ordering is asked for
        same = functools.total_ordering(same)

    before = to_plain(old, drop)
    after = to_plain(new, drop)
    return {
        name: (value, after[name])
        for name, value in before.items()
        if same(value) != same(after[name])
    }
