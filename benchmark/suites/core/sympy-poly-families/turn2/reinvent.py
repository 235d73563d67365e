"""Functional composition of integer polynomials: f = g(h) over the integers."""

from sympy.polys.domains import ZZ
from sympy.polys.densebasic import dup_degree, dup_strip
from sympy.polys.densearith import dup_div
from sympy.polys.densebasic import dup_LC, dup_from_raw_dict
from sympy.polys.densetools import dup_compose, _dup_right_decompose

from polykit.families import chebyshev_coeffs, cyclotomic_factors


def _read(f, name: str) -> list:
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return dup_strip([ZZ(c) for c in f])


def _outer(f, h):
    coeffs, i = {}, 0
    while f:
        q, r = dup_div(f, h, ZZ)
        if dup_degree(r) > 0:
            return None
        coeffs[i] = dup_LC(r, ZZ)
        f, i = q, i + 1
    return dup_from_raw_dict(coeffs, ZZ)


def outer_for(f: list, h: list):
    """The integer polynomial g with f = g(h), or None when f is no polynomial in h over the
    integers. ``h`` must have degree at least 1; the zero polynomial gives ``[]``."""
    f, h = _read(f, "f"), _read(h, "h")
    if dup_degree(h) < 1:
        raise ValueError("the inner polynomial must have degree at least 1")
    g = _outer(f, h)
    return None if g is None else [int(c) for c in g]


def split_once(f: list):
    """``(g, h)`` with f = g(h), both of degree at least 2, as sympy's decomposer finds the
    first one (the smallest inner degree first), or None."""
    f = _read(f, "f")
    n = dup_degree(f)
    if n < 4:
        return None
    for s in range(2, n):
        if n % s:
            continue
        h = _dup_right_decompose(f, s, ZZ)
        if h is None:
            continue
        g = _outer(f, h)
        if g is not None and dup_compose(g, h, ZZ) == f:
            return [int(c) for c in g], [int(c) for c in h]
    return None


def chebyshev_outer(n: int, m: int):
    """The outer polynomial g with T_n = g(T_m) (turn 1's Chebyshev polynomials), or None."""
    if m < 1:
        raise ValueError("m must be at least 1")
    return outer_for(chebyshev_coeffs(n), chebyshev_coeffs(m))


def split_factors(n: int) -> list:
    """For each factor of x**n - 1 (turn 1's order), its ``split_once`` or None."""
    return [split_once(f) for f in cyclotomic_factors(n)]
