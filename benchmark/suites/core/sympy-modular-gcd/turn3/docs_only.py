"""Written from the sympy documentation only (interpolate, Poly with a modulus, gcdex).

Putting images back together: interpolation in y modulo a prime, and rational functions."""

from sympy import Poly, gcdex, interpolate as lagrange, isprime, symbols

from modgcd.bivariate import slice_at
from modgcd.images import gcd_mod

x, y = symbols("x y")


def _expr(f, name):
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return Poly(list(f) or [0], x).as_expr()


def interpolate(points, images, p: int) -> dict:
    points = [int(a) for a in points]
    if not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    if len(points) != len(images) or not points:
        raise ValueError("one image for each point, at least one point")
    if len({a % p for a in points}) != len(points):
        raise ValueError("the points must differ modulo p")
    exprs = [_expr(h, "image") for h in images]
    result = lagrange(list(zip(points, exprs)), y) if len(points) > 1 else exprs[0]
    P = Poly(result, x, y)
    out = {}
    for k, c in P.as_dict().items():
        r = int(c.p * pow(int(c.q), -1, p)) % p
        if r:
            out[k] = r
    return dict(sorted(out.items()))


def rational_from_residue(c: list, m: list, p: int):
    if not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    C = Poly(list(c) or [0], y, modulus=p)
    M = Poly(list(m) or [0], y, modulus=p)
    if M.degree() < 1:
        raise ValueError("the modulus must have degree at least 1 modulo p")
    n = M.degree() // 2
    r0, s0, r1, s1 = M, Poly(0, y, modulus=p), C, Poly(1, y, modulus=p)
    while not r1.is_zero and r1.degree() > n:
        q = r0.quo(r1)
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
    if s1.is_zero or s1.degree() > M.degree() - n - 1 or s1.gcd(M).degree() > 0:
        return None
    lc = s1.LC()
    a, b = r1 * pow(int(lc), -1, p), s1 * pow(int(lc), -1, p)
    return ([] if a.is_zero else [int(k) for k in a.all_coeffs()]), [int(k) for k in b.all_coeffs()]


def rebuild(f: dict, points, p: int) -> dict:
    return interpolate(points, [slice_at(f, a) for a in points], p)


def gcd_by_slices(f: dict, g: dict, points, p: int) -> dict:
    return interpolate(points, [gcd_mod(slice_at(f, a), slice_at(g, a), p) for a in points], p)
