"""sympy's general denester on its own, and its recursive route for square roots of sums of
several square roots."""

from sympy import Pow, S, radsimp, sympify
from sympy.core.function import _mexpand
from sympy.simplify.sqrtdenest import SqrtdenestStopIteration, _denester, _sqrt_match, _sqrtdenest_rec, sqrt_depth

from surds.levels import one_level, route_report


def _root(expr):
    expr = sympify(expr)
    if not (isinstance(expr, Pow) and expr.exp == S.Half):
        raise ValueError(f"{expr} is not a square root")
    return expr


def general_denester(expr):
    """What sympy's general denester alone returns for the square root ``expr`` (no quick,
    symbolic or biquadratic route first, no check that the result is simpler); None when it
    gives up."""
    expr = _root(expr)
    parts = _sqrt_match(expr.base)
    if not parts:
        return None
    a, b, r = parts
    av0 = [a, b, r, _mexpand(a**2 - b**2 * r)]
    found = _denester([radsimp(expr**2)], av0, 0, sqrt_depth(expr))[0]
    return None if av0[1] is None else found


def sum_root_denest(expr):
    """For the square root of a sum of at least three terms whose squares are integers, the
    denesting sympy's recursive route for such sums finds; None when it stops."""
    expr = _root(expr)
    terms = expr.base.args if expr.base.is_Add else ()
    if len(terms) < 3 or not all((t**2).is_Integer for t in terms):
        raise ValueError("the radicand must be a sum of at least three square roots of integers")
    try:
        return _sqrtdenest_rec(expr)
    except SqrtdenestStopIteration:
        return None


def denester_report(expr) -> dict:
    """``{"denester", "one_level", "routes"}``: ``general_denester``, turn 3's ``one_level`` and
    turn 3's ``route_report`` of the square root ``expr``."""
    return {"denester": general_denester(expr), "one_level": one_level(expr), "routes": route_report(expr)}
