"""Isolating the real roots of integer polynomials as sympy's root objects do: the shrunk
polynomial they start from, and disjoint isolating intervals of the non-zero real roots."""

from sympy import Poly, Rational, Symbol, sympify
from sympy.polys.domains import QQ, ZZ
from sympy.polys.rootisolation import _real_isolate_and_disjoin
from sympy.polys.rootoftools import ComplexRootOf


def _coeffs(f) -> list:
    if not isinstance(f, (list, tuple)) or not f or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError("a factor must be a non-empty list of ints")
    if f[0] == 0:
        raise ValueError("a factor must not have a leading zero")
    return [ZZ(c) for c in f]


def _interval(pair) -> tuple:
    (a, b), k = pair[0], pair[1]
    return (Rational(int(a.numerator), int(a.denominator)), Rational(int(b.numerator), int(b.denominator))), k


def isolating_intervals(factors, eps=None, strict: bool = False) -> tuple:
    """``(negative, positive)``: intervals ``((a, b), multiplicity)`` isolating the non-zero real
    roots of the square-free integer factors ``[(coefficients, multiplicity), ...]``, pairwise
    disjoint, as sympy's isolation of several factors leaves them; ``eps`` bounds their width,
    ``strict`` also keeps the endpoints apart."""
    rep = [(_coeffs(f), int(k)) for f, k in factors]
    width = None if eps is None else QQ(sympify(eps).p, sympify(eps).q)
    negative, positive = _real_isolate_and_disjoin(rep, ZZ, eps=width, strict=strict)
    return [_interval(p) for p in negative], [_interval(p) for p in positive]


def prepared(p, x) -> tuple:
    """``(scale, q)``: the integer polynomial q (an expression in x) sympy's root objects work
    on for the polynomial p in x, with the factor ``scale`` they multiply q's roots by."""
    x = sympify(x)
    if not isinstance(x, Symbol):
        raise TypeError("x must be a symbol")
    poly = Poly(sympify(p), x)
    if poly.degree() < 1:
        raise ValueError("p must have positive degree in x")
    scale, q = ComplexRootOf._preprocess_roots(poly)
    return scale, q.as_expr()


def interval_table(p, x, eps=None) -> dict:
    """For the polynomial p in x: ``{"scale", "prepared", "negative", "positive"}``: ``prepared``
    and the ``isolating_intervals`` of the square-free factors of the prepared polynomial."""
    scale, q = prepared(p, x)
    _, parts = Poly(q, x).sqf_list()
    negative, positive = isolating_intervals([([int(c) for c in f.all_coeffs()], k) for f, k in parts], eps)
    return {"scale": scale, "prepared": q, "negative": negative, "positive": positive}
