"""Nested square roots, first steps: splitting a radicand as a + b*sqrt(r) the way sympy's
denesting does, and the quick numeric denesting of sqrt(a + b*sqrt(r))."""

from sympy import Pow, S, sign, sqrt, sympify
from sympy.simplify.sqrtdenest import _sqrt_match, sqrt_depth


def _radicand(expr):
    expr = sympify(expr)
    if not (isinstance(expr, Pow) and expr.exp == S.Half):
        raise ValueError(f"{expr} is not a square root")
    return expr.base


def surd_parts(p):
    """``(a, b, r)`` with ``p = a + b*sqrt(r)`` as sympy's denesting splits ``p`` (r is the
    square of the deepest surd it picks); None when it finds no surd to split on."""
    parts = _sqrt_match(sympify(p))
    return tuple(parts) if parts else None


def quick_denest(expr):
    """The denesting of ``expr = sqrt(a + b*sqrt(r))`` that sympy finds at once when
    a**2 - b**2*r is a positive rational; None when that quick route does not apply."""
    parts = surd_parts(_radicand(expr))
    if parts is None:
        return None
    a, b, r = parts
    d2 = (a**2 - b**2 * r).expand()
    if not (d2.is_Rational and d2.is_positive):
        return None
    d = sqrt(d2)
    s = a + d
    if not (sqrt_depth(s) < sqrt_depth(r) + 1 or (s**2).is_Rational):
        return None
    s1, s2 = sign(s), sign(b)
    if s1 == s2 == -1:
        s1 = s2 = 1
    return ((s1 * sqrt(a + d) + s2 * sqrt(a - d)) * sqrt(2) / 2).expand()


def split_table(exprs) -> list:
    """For each expression: ``(expression, its nesting depth of square roots, surd_parts)``."""
    rows = []
    for e in exprs:
        e = sympify(e)
        rows.append((e, sqrt_depth(e), surd_parts(e)))
    return rows


def denest_or_keep(expr):
    """``quick_denest(expr)`` when it applies, else ``expr`` itself (a plain square root of a
    number without surds is kept as it is)."""
    found = quick_denest(expr)
    return sympify(expr) if found is None else found
