"""Denesting one square root with or without sympy's general denester, and one pass of its
recursive denesting over a whole expression."""

from sympy import Pow, S, sympify
from sympy.simplify.sqrtdenest import _sqrtdenest0, _sqrtdenest1

from surds.symbolic import combine_roots, symbolic_denest


def _is_root(expr) -> bool:
    return isinstance(expr, Pow) and expr.exp == S.Half


def one_level(expr, general: bool = True):
    """The square root ``expr`` denested one level as sympy does it, trying its general
    denester only when ``general``; ``expr`` unchanged when nothing applies."""
    expr = sympify(expr)
    if not _is_root(expr):
        raise ValueError(f"{expr} is not a square root")
    return _sqrtdenest1(expr, denester=general)


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
