"""Written from the sympy documentation only (Poly with a modulus, gcd, degree, crt).

The integer polynomial gcd, one prime at a time."""

from sympy import Poly, Symbol, gcd, isprime
from sympy.ntheory.modular import crt

x = Symbol("x")


def _poly(f, name, **args):
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return Poly(list(f) or [0], x, **args)


def _prime(p) -> int:
    if isinstance(p, bool) or not isinstance(p, int) or not isprime(p):
        raise ValueError(f"not a prime: {p!r}")
    return p


def _list(P) -> list:
    return [] if P.is_zero else [int(c) for c in P.all_coeffs()]


def gcd_mod(f: list, g: list, p: int) -> list:
    _prime(p)
    return _list(gcd(_poly(f, "f", modulus=p), _poly(g, "g", modulus=p)))


def degree_bound(f: list, g: list) -> int:
    F, G = _poly(f, "f"), _poly(g, "g")
    if F.is_zero or G.is_zero:
        raise ValueError("both polynomials must be non-zero")
    return gcd(F, G).degree()


def combine(hp: list, hq: list, p: int, q: int) -> list:
    _prime(p), _prime(q)
    if p == q:
        raise ValueError("the two moduli must differ")
    HP, HQ = _list(_poly(hp, "hp")), _list(_poly(hq, "hq"))
    if len(HP) < len(HQ):
        raise ValueError("hp must not have a lower degree than hq")
    HQ = [0] * (len(HP) - len(HQ)) + HQ
    out = [int(crt([p, q], [a, b])[0]) for a, b in zip(HP, HQ)]
    while out and out[0] == 0:
        out.pop(0)
    return out


def image_table(f: list, g: list, primes) -> dict:
    table = {p: gcd_mod(f, g, p) for p in primes}
    table["bound"] = degree_bound(f, g)
    return table
