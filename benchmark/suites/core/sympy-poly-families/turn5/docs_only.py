"""Written from the sympy documentation only (Poly, cofactors).

Pieces of an integer polynomial gcd, and gcds of the course's families."""

from sympy import Poly, Symbol, cofactors

from polykit.families import chebyshev_coeffs, cyclotomic_factors
from polykit.scaling import cyclotomic_order

x = Symbol("x")


def _read(f, name: str) -> Poly:
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return Poly(list(f) or [0], x)


def _ints(p) -> list:
    return [] if p.is_zero else [int(c) for c in p.all_coeffs()]


def read_back(h: int, x: int) -> list:
    if isinstance(x, bool) or not isinstance(x, int) or x < 2:
        raise ValueError("the evaluation point must be an int of at least 2")
    sign, h = (-1 if h < 0 else 1), abs(h)
    digits = []
    while h:
        h, d = divmod(h, x)
        digits.append(d)
    return [sign * d for d in reversed(digits)] if sign > 0 else [d for d in reversed(digits)]


def gcd_with_cofactors(f: list, g: list) -> tuple:
    h, cff, cfg = cofactors(_read(f, "f"), _read(g, "g"))
    return _ints(h), _ints(cff), _ints(cfg)


def chebyshev_gcd(n: int, m: int) -> tuple:
    return gcd_with_cofactors(chebyshev_coeffs(n), chebyshev_coeffs(m))


def shared_factors(n: int, m: int) -> list:
    other = cyclotomic_factors(m)
    return [(cyclotomic_order(f), f) for f in cyclotomic_factors(n) if f in other]
