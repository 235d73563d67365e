"""The gcd over an algebraic extension, as the modular gcd for function fields computes its
images: polynomials in x and z, z a root of a minimal polynomial m(z)."""

from sympy import isprime
from sympy.polys.domains import ZZ
from sympy.polys.modulargcd import _euclidean_algorithm, _trial_division, _trunc
from sympy.polys.rings import ring

from modgcd.bivariate import content_mod, slice_at
from modgcd.images import gcd_mod

_R, _x, _z = ring("x,z", ZZ)
_M, _m = ring("z", ZZ)


def _poly(f, name: str):
    if not isinstance(f, dict) or not all(
        isinstance(k, tuple) and len(k) == 2 and all(isinstance(e, int) and e >= 0 for e in k) and isinstance(c, int)
        for k, c in f.items()
    ):
        raise TypeError(f"{name} must map (i, j) exponent pairs to ints")
    return _R.from_dict({k: ZZ(c) for k, c in f.items() if c})


def _minpoly(m, p=None):
    if p is not None and not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    if not isinstance(m, (list, tuple)) or not all(isinstance(c, int) for c in m) or len(m) < 2 or m[0] != 1:
        raise ValueError("the minimal polynomial must be a monic list of ints of degree at least 1")
    return _M.from_list([ZZ(c) for c in m])


def _dict(f) -> dict:
    return {k: int(c) for k, c in sorted(f.items())}


def reduce_mod(f: dict, m: list, p: int) -> dict:
    """f (exponent pairs (i, j) of x**i * z**j) reduced modulo m(z) and p."""
    return _dict(_trunc(_poly(f, "f"), _minpoly(m, p), p))


def gcd_over(f: dict, g: dict, m: list, p: int):
    """The monic gcd of f and g in x over the integers modulo p extended by z, m(z) = 0, as the
    function-field modular gcd computes its images; None when that computation gives none."""
    h = _euclidean_algorithm(_poly(f, "f"), _poly(g, "g"), _minpoly(m, p), p)
    return None if h is None else _dict(h)


def trial_remainder(f: dict, h: dict, m: list, p=None) -> dict:
    """What is left of f after the function-field gcd's trial division by h, over the rationals
    (p None) or modulo the prime p; ``{}`` when h divides f."""
    H = _poly(h, "h")
    if not H:
        raise ZeroDivisionError("division by the zero polynomial")
    return _dict(_trial_division(_poly(f, "f"), H, _minpoly(m, p), p))


def linear_check(f: dict, g: dict, c: int, p: int) -> dict:
    """For the extension z = c (m(z) = z - c): ``gcd_over`` beside turn 1's ``gcd_mod`` of turn
    2's slices at c, and turn 2's ``content_mod`` of f."""
    return {
        "over": gcd_over(f, g, [1, -c], p),
        "slices": gcd_mod(slice_at(f, c), slice_at(g, c), p),
        "content": content_mod(f, p),
    }
