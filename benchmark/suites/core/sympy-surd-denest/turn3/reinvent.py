"""Denesting one square root with or without sympy's general denester, and one pass of its
recursive denesting over a whole expression."""

from sympy import Pow, S, count_ops, radsimp, root, sqrt, sympify
from sympy.core.function import _mexpand
from sympy.simplify.sqrtdenest import (
    _denester,
    _sqrt_match,
    _sqrt_numeric_denest,
    _sqrt_symbolic_denest,
    _sqrtdenest0,
    is_algebraic,
    is_sqrt,
    sqrt_biquadratic_denest,
    sqrt_depth,
)

from surds.symbolic import combine_roots, symbolic_denest


def _is_root(expr) -> bool:
    return isinstance(expr, Pow) and expr.exp == S.Half


def one_level(expr, general: bool = True):
    """The square root ``expr`` denested one level as sympy does it, trying its general
    denester only when ``general``; ``expr`` unchanged when nothing applies."""
    expr = sympify(expr)
    if not _is_root(expr):
        raise ValueError(f"{expr} is not a square root")
    if not is_sqrt(expr) or expr.base.is_Atom:
        return expr
    val = _sqrt_match(expr.base)
    if not val:
        return expr
    a, b, r = val
    d2 = _mexpand(a**2 - b**2 * r)
    if d2.is_Rational:
        if d2.is_positive:
            z = _sqrt_numeric_denest(a, b, r, d2)
            if z is not None:
                return z
        else:
            dr2 = _mexpand(-d2 * r)
            if sqrt(dr2).is_Rational:
                z = _sqrt_numeric_denest(_mexpand(b * r), a, r, dr2)
                if z is not None:
                    return z / root(r, 4)
    else:
        z = _sqrt_symbolic_denest(a, b, r)
        if z is not None:
            return z
    if not general or not is_algebraic(expr):
        return expr
    res = sqrt_biquadratic_denest(expr, a, b, r, d2)
    if res:
        return res
    av0 = [a, b, r, d2]
    z = _denester([radsimp(expr**2)], av0, 0, sqrt_depth(expr))[0]
    if av0[1] is None or z is None:
        return expr
    if sqrt_depth(z) == sqrt_depth(expr) and count_ops(z) > count_ops(expr):
        return expr
    return z


def denest_pass(expr):
    """One pass of sympy's recursive square-root denesting over ``expr`` as given (no
    expansion first, no repetition)."""
    return _sqrtdenest0(sympify(expr))


def route_report(expr) -> dict:
    """``{"general", "quick_only", "symbolic", "pass"}`` for the square root ``expr``:
    ``one_level`` with and without the general denester, turn 2's ``symbolic_denest`` and
    ``denest_pass``."""
    return {
        "general": one_level(expr),
        "quick_only": one_level(expr, general=False),
        "symbolic": symbolic_denest(expr),
        "pass": denest_pass(expr),
    }


def combined_pass(expr):
    """``denest_pass`` of turn 2's ``combine_roots(expr)``."""
    return denest_pass(combine_roots(expr))
