"""What sympy's root finder does to an integer polynomial before solving it: shrinking its
coefficients by an integer scaling of x, and bounding the order of a cyclotomic polynomial."""

from sympy import Poly, Symbol
from sympy.polys.domains import ZZ
from sympy.polys.polyroots import _integer_basis, _inv_totient_estimate

from polykit.compose import split_once
from polykit.families import cyclotomic_factors

x = Symbol("x")


def _read(f) -> Poly:
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError("f must be a list of ints")
    return Poly(list(f) or [0], x, domain=ZZ)


def root_scale(f: list):
    """``(d, q)``: the integer d the root finder substitutes (x = d*y) and the integer
    polynomial q with f(d*y) = d**n * q(y), n the degree of f; None when it does not scale."""
    poly = _read(f)
    if poly.degree() < 1:
        return None
    d = _integer_basis(poly)
    if d is None:
        return None
    n = poly.degree()
    q = poly.termwise(lambda k, c: c // d ** (n - k[0]))
    return d, [int(c) for c in q.all_coeffs()]


def totient_window(m: int) -> tuple:
    """``(L, U)``: the orders n the root finder tries for a cyclotomic polynomial of degree m."""
    if isinstance(m, bool) or not isinstance(m, int):
        raise TypeError("m must be an int")
    if m < 1:
        raise ValueError("m must be positive")
    low, high = _inv_totient_estimate(m)
    return int(low), int(high)


def cyclotomic_order(f: list):
    """The n for which ``f`` is the last factor of x**n - 1 (turn 1's cyclotomic polynomial of
    order n), or None."""
    poly = _read(f)
    if poly.degree() < 1:
        return None
    low, high = totient_window(poly.degree())
    target = [int(c) for c in poly.all_coeffs()]
    for n in range(low, high + 1):
        if cyclotomic_factors(n)[-1] == target:
            return n
    return None


def scaled_split(f: list):
    """``(d, g, h)``: the scaling of ``root_scale`` (d = 1 when there is none) and turn 2's
    ``split_once`` of the scaled polynomial, or None when that has no split."""
    scaled = root_scale(f)
    d, q = scaled if scaled is not None else (1, [int(c) for c in _read(f).all_coeffs()])
    split = split_once(q)
    return None if split is None else (d, split[0], split[1])
