"""Written from the sympy documentation only (Poly, rem, gcd over an algebraic extension).

The gcd over an algebraic extension: polynomials in x and z, z a root of m(z)."""

from sympy import Poly, isprime, rem, symbols

from modgcd.bivariate import content_mod, slice_at
from modgcd.images import gcd_mod

x, z = symbols("x z")


def _expr(f, name):
    if not isinstance(f, dict) or not all(
        isinstance(k, tuple) and len(k) == 2 and all(isinstance(e, int) and e >= 0 for e in k) and isinstance(c, int)
        for k, c in f.items()
    ):
        raise TypeError(f"{name} must map (i, j) exponent pairs to ints")
    return sum((c * x**i * z**j for (i, j), c in f.items()), 0)


def _minpoly(m, p=None):
    if p is not None and not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    if not isinstance(m, (list, tuple)) or not all(isinstance(c, int) for c in m) or len(m) < 2 or m[0] != 1:
        raise ValueError("the minimal polynomial must be a monic list of ints of degree at least 1")
    return Poly(list(m), z).as_expr()


def _reduce(e, m, p=None):
    r = Poly(e, z, x).rem(Poly(m, z, x)) if e != 0 else Poly(0, z, x)
    out = {}
    for (j, i), c in r.as_dict().items():
        if p is not None:
            c = int(c) % p
            c = c - p if c > p // 2 else c
        if c:
            out[(i, j)] = c
    return dict(sorted(out.items()))


def reduce_mod(f: dict, m: list, p: int) -> dict:
    return _reduce(_expr(f, "f"), _minpoly(m, p), p)


def gcd_over(f: dict, g: dict, m: list, p: int):
    M = _minpoly(m, p)
    a, b = Poly(_expr(f, "f"), x), Poly(_expr(g, "g"), x)
    while not b.is_zero:
        q = Poly(0, x)
        r = a
        while not r.is_zero and r.degree() >= b.degree():
            inv = Poly(b.LC(), z).invert(Poly(M, z)) if b.degree() >= 0 else None
            t = Poly(r.LC() * inv.as_expr(), x) * Poly(x ** (r.degree() - b.degree()), x)
            r = Poly(_reduce_expr(r - t * b, M, p), x)
        a, b = b, r
    inv = Poly(a.LC(), z).invert(Poly(M, z))
    return _reduce(_reduce_expr(a.as_expr() * inv.as_expr(), M, p), M, p)


def _reduce_expr(e, M, p):
    d = _reduce(e, M, p)
    return sum((c * x**i * z**j for (i, j), c in d.items()), 0)


def trial_remainder(f: dict, h: dict, m: list, p=None) -> dict:
    M = _minpoly(m, p)
    H = _expr(h, "h")
    if H == 0:
        raise ZeroDivisionError("division by the zero polynomial")
    r = rem(_expr(f, "f"), H, x)
    return _reduce(r.as_numer_denom()[0], M, p) if r != 0 else {}


def linear_check(f: dict, g: dict, c: int, p: int) -> dict:
    return {
        "over": gcd_over(f, g, [1, -c], p),
        "slices": gcd_mod(slice_at(f, c), slice_at(g, c), p),
        "content": content_mod(f, p),
    }
