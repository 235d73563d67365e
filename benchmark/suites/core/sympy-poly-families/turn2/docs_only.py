"""Written from the sympy documentation only (Poly, div, decompose, compose).

Functional composition of integer polynomials: f = g(h) over the integers."""

from sympy import Poly, Symbol, compose, decompose, div

from polykit.families import chebyshev_coeffs, cyclotomic_factors

x = Symbol("x")


def _read(f, name: str):
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError(f"{name} must be a list of ints")
    return Poly(list(f) or [0], x)


def _ints(p) -> list:
    return [] if p.is_zero else [int(c) for c in p.all_coeffs()]


def outer_for(f: list, h: list):
    f, h = _read(f, "f"), _read(h, "h")
    if h.degree() < 1:
        raise ValueError("the inner polynomial must have degree at least 1")
    coeffs = []
    while not f.is_zero:
        q, r = div(f, h)
        if r.degree() > 0:
            return None
        coeffs.append(r.as_expr())
        f = q
    if not coeffs:
        return []
    g = Poly(list(reversed(coeffs)), x)
    if not all(c.is_integer for c in g.all_coeffs()):
        return None
    return _ints(g)


def split_once(f: list):
    f = _read(f, "f")
    if f.degree() < 4:
        return None
    parts = decompose(f)
    if len(parts) < 2:
        return None
    inner = parts[1]
    for p in parts[2:]:
        inner = compose(inner, p)
    return _ints(parts[0]), _ints(Poly(inner, x))


def chebyshev_outer(n: int, m: int):
    if m < 1:
        raise ValueError("m must be at least 1")
    return outer_for(chebyshev_coeffs(n), chebyshev_coeffs(m))


def split_factors(n: int) -> list:
    return [split_once(f) for f in cyclotomic_factors(n)]
