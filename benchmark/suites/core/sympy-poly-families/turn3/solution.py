"""Polynomials over the integers modulo a prime p, reduced modulo a polynomial g: the field
maps a course on finite fields needs (trace and quadratic character)."""

from sympy import isprime
from sympy.polys.domains import ZZ
from sympy.polys.galoistools import gf_degree, gf_frobenius_monomial_base, gf_from_int_poly
from sympy.polys.galoistools import _gf_pow_pnm1d2, _gf_trace_map

from polykit.families import chebyshev_coeffs, cyclotomic_factors


def _setup(f, g, p: int):
    if isinstance(p, bool) or not isinstance(p, int) or not isprime(p):
        raise ValueError(f"p must be a prime, got {p!r}")
    for name, poly in (("f", f), ("g", g)):
        if not isinstance(poly, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in poly):
            raise TypeError(f"{name} must be a list of ints")
    g = gf_from_int_poly(list(g), p)
    if gf_degree(g) < 1 or g[0] != 1:
        raise ValueError("the modulus g must be monic of degree at least 1 modulo p")
    return gf_from_int_poly(list(f), p), g, gf_frobenius_monomial_base(g, p, ZZ)


def to_residues(f: list, p: int) -> list:
    """``f`` modulo ``p``, written as sympy's finite-field layer writes polynomials."""
    return _setup(f, [1, 0], p)[0]


def trace_poly(f: list, g: list, p: int) -> list:
    """f + f**p + ... + f**(p**(n-1)) modulo g and p, n the degree of g."""
    f, g, base = _setup(f, g, p)
    return [int(c) for c in _gf_trace_map(f, gf_degree(g), g, base, p, ZZ)]


def half_power(f: list, g: list, p: int) -> list:
    """f**((p**n - 1) // 2) modulo g and p, n the degree of g (p odd)."""
    if p == 2:
        raise ValueError("p must be odd")
    f, g, base = _setup(f, g, p)
    return [int(c) for c in _gf_pow_pnm1d2(f, gf_degree(g), g, base, p, ZZ)]


def chebyshev_traces(k: int, g: list, p: int) -> list:
    """The traces (``trace_poly``) of T_0, ..., T_k (turn 1) modulo g and p."""
    return [trace_poly(chebyshev_coeffs(i), g, p) for i in range(k + 1)]


def cyclotomic_characters(n: int, g: list, p: int) -> list:
    """For each factor of x**n - 1 in turn 1's order, the pair (its residues modulo p, its
    ``half_power`` modulo g and p)."""
    return [(to_residues(h, p), half_power(h, g, p)) for h in cyclotomic_factors(n)]
