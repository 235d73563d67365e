"""Written from the sympy documentation only (Poly with a modulus, rem, pow, isprime).

Polynomials over the integers modulo a prime p, reduced modulo a polynomial g."""

from sympy import Poly, Symbol, isprime

from polykit.families import chebyshev_coeffs, cyclotomic_factors

x = Symbol("x")


def _poly(f, name, p):
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return Poly(list(f) or [0], x, modulus=p)


def _setup(f, g, p):
    if isinstance(p, bool) or not isinstance(p, int) or not isprime(p):
        raise ValueError(f"p must be a prime, got {p!r}")
    f, g = _poly(f, "f", p), _poly(g, "g", p)
    if g.degree() < 1 or g.LC() % p != 1:
        raise ValueError("the modulus g must be monic of degree at least 1 modulo p")
    return f, g


def _coeffs(P) -> list:
    return [] if P.is_zero else [int(c) for c in P.all_coeffs()]


def to_residues(f: list, p: int) -> list:
    f, _ = _setup(f, [1, 0], p)
    return _coeffs(f)


def trace_poly(f: list, g: list, p: int) -> list:
    f, g = _setup(f, g, p)
    n = g.degree()
    total, h = f.rem(g), f.rem(g)
    for _ in range(1, n):
        h = (h ** p).rem(g)
        total = (total + h).rem(g)
    return _coeffs(total)


def half_power(f: list, g: list, p: int) -> list:
    if p == 2:
        raise ValueError("p must be odd")
    f, g = _setup(f, g, p)
    result, base, e = Poly(1, x, modulus=p), f.rem(g), (p ** g.degree() - 1) // 2
    while e:
        if e & 1:
            result = (result * base).rem(g)
        base, e = (base * base).rem(g), e >> 1
    return _coeffs(result)


def chebyshev_traces(k: int, g: list, p: int) -> list:
    return [trace_poly(chebyshev_coeffs(i), g, p) for i in range(k + 1)]


def cyclotomic_characters(n: int, g: list, p: int) -> list:
    return [(to_residues(h, p), half_power(h, g, p)) for h in cyclotomic_factors(n)]
