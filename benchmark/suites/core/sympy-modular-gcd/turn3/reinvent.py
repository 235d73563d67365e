"""Putting images back together: interpolation in y modulo a prime, and rational functions
recovered from their residues, as the modular gcd does both."""

from sympy import isprime
from sympy.polys.domains import ZZ
from sympy.polys.modulargcd import _rational_function_reconstruction
from sympy.polys.rings import ring

from modgcd.bivariate import slice_at
from modgcd.images import gcd_mod

_R2, _x, _y = ring("x,y", ZZ)
_R1, _t = ring("x", ZZ)


def _univariate(f, name: str, R=_R1):
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return R.from_list([ZZ(c) for c in f])


def interpolate(points, images, p: int) -> dict:
    """The polynomial in x and y (a dict, turn 2's form) of degree below ``len(points)`` in y
    whose slice at y = a is ``images[k]`` modulo p for each ``a = points[k]``."""
    points = [int(a) for a in points]
    if not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    if len(points) != len(images) or not points:
        raise ValueError("one image for each point, at least one point")
    if len({a % p for a in points}) != len(points):
        raise ValueError("the points must differ modulo p")
    hpeval = [_univariate(h, "image") for h in images]
    hp = _R2.zero
    for a, hpa in zip(points, hpeval):
        numer, denom = _R2.one, ZZ.one
        for b in points:
            if b != a:
                numer *= _y - b
                denom *= a - b
        hp += hpa.set_ring(_R2) * numer.mul_ground(ZZ.invert(denom, p))
    hp = hp.trunc_ground(p)
    return {k: int(c) for k, c in sorted(hp.items())}


def rational_from_residue(c: list, m: list, p: int):
    """``(numerator, denominator)`` (lists in y, turn 1's form): the fraction a/b modulo p with
    a = b*c modulo m, as the modular gcd recovers it from the residue c modulo m; None when the
    residue gives none."""
    if not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    C, M = _univariate(c, "c").trunc_ground(p), _univariate(m, "m").trunc_ground(p)
    if M.degree() < 1:
        raise ValueError("the modulus must have degree at least 1 modulo p")
    frac = _rational_function_reconstruction(C, p, M)
    if frac is None:
        return None
    return [int(k) for k in frac.numer.to_dense()], [int(k) for k in frac.denom.to_dense()]


def rebuild(f: dict, points, p: int) -> dict:
    """``interpolate`` of turn 2's slices of f at the points, modulo p."""
    return interpolate(points, [slice_at(f, a) for a in points], p)


def gcd_by_slices(f: dict, g: dict, points, p: int) -> dict:
    """``interpolate`` of turn 1's ``gcd_mod`` of turn 2's slices of f and g at the points."""
    return interpolate(points, [gcd_mod(slice_at(f, a), slice_at(g, a), p) for a in points], p)
