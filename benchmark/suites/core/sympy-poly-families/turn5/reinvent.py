"""Pieces of sympy's integer polynomial gcd: the trivial cases, reading an integer back into a
polynomial as the heuristic gcd does, and gcds of the course's families."""

from sympy.polys.domains import ZZ
from sympy.polys.densearith import dup_neg
from sympy.polys.densebasic import dup_LC, dup_strip
from sympy.polys.euclidtools import dup_inner_gcd
from sympy.polys.heuristicgcd import _gcd_interpolate
from sympy.polys.rings import ring

from polykit.families import chebyshev_coeffs, cyclotomic_factors
from polykit.scaling import cyclotomic_order

_R, _X = ring("x", ZZ)


def _read(f, name: str) -> list:
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return dup_strip([ZZ(c) for c in f])


def _ints(f) -> list:
    return [int(c) for c in f]


def read_back(h: int, x: int) -> list:
    """The integer polynomial sympy's heuristic gcd reads back from the integer ``h``, the
    value of a gcd candidate at the evaluation point ``x`` (an int of at least 2)."""
    if isinstance(x, bool) or not isinstance(x, int) or x < 2:
        raise ValueError("the evaluation point must be an int of at least 2")
    return _ints(_R.to_dense(_gcd_interpolate(ZZ(h), ZZ(x), _R)))


def gcd_with_cofactors(f: list, g: list) -> tuple:
    """``(h, cff, cfg)``: the gcd of two integer polynomials and the cofactors f / h, g / h."""
    f, g = _read(f, "f"), _read(g, "g")
    if not (f or g):
        result = [], [], []
    elif not f:
        result = (g, [], [ZZ.one]) if ZZ.is_nonnegative(dup_LC(g, ZZ)) else (dup_neg(g, ZZ), [], [-ZZ.one])
    elif not g:
        result = (f, [ZZ.one], []) if ZZ.is_nonnegative(dup_LC(f, ZZ)) else (dup_neg(f, ZZ), [-ZZ.one], [])
    else:
        result = dup_inner_gcd(f, g, ZZ)
    return tuple(_ints(part) for part in result)


def chebyshev_gcd(n: int, m: int) -> tuple:
    """``gcd_with_cofactors`` of turn 1's T_n and T_m."""
    return gcd_with_cofactors(chebyshev_coeffs(n), chebyshev_coeffs(m))


def shared_factors(n: int, m: int) -> list:
    """The factors x**n - 1 and x**m - 1 share, in turn 1's order for n, each as
    ``(order, factor)`` with turn 4's ``cyclotomic_order``."""
    other = cyclotomic_factors(m)
    return [(cyclotomic_order(f), f) for f in cyclotomic_factors(n) if f in other]
