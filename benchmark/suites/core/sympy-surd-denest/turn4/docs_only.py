"""Written from the sympy documentation only (sqrtdenest).

The general denester, and square roots of sums of several square roots."""

from sympy import Pow, S, sqrtdenest, sympify

from surds.levels import one_level, route_report


def _root(expr):
    expr = sympify(expr)
    if not (isinstance(expr, Pow) and expr.exp == S.Half):
        raise ValueError(f"{expr} is not a square root")
    return expr


def general_denester(expr):
    expr = _root(expr)
    found = sqrtdenest(expr)
    return None if found == expr else found


def sum_root_denest(expr):
    expr = _root(expr)
    terms = expr.base.args if expr.base.is_Add else ()
    if len(terms) < 3 or not all((t**2).is_Integer for t in terms):
        raise ValueError("the radicand must be a sum of at least three square roots of integers")
    found = sqrtdenest(expr)
    return None if found == expr else found


def denester_report(expr) -> dict:
    return {"denester": general_denester(expr), "one_level": one_level(expr), "routes": route_report(expr)}
