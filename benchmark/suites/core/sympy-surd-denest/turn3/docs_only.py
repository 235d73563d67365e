"""Written from the sympy documentation only (sqrtdenest and its max_iter option).

Denesting one square root, and one pass of denesting over an expression."""

from sympy import Pow, S, sqrtdenest, sympify

from surds.symbolic import combine_roots, symbolic_denest


def _is_root(expr) -> bool:
    return isinstance(expr, Pow) and expr.exp == S.Half


def one_level(expr, general: bool = True):
    expr = sympify(expr)
    if not _is_root(expr):
        raise ValueError(f"{expr} is not a square root")
    return sqrtdenest(expr, max_iter=1)


def denest_pass(expr):
    return sqrtdenest(sympify(expr), max_iter=1)


def route_report(expr) -> dict:
    return {
        "general": one_level(expr),
        "quick_only": one_level(expr, general=False),
        "symbolic": symbolic_denest(expr),
        "pass": denest_pass(expr),
    }


def combined_pass(expr):
    return denest_pass(combine_roots(expr))
