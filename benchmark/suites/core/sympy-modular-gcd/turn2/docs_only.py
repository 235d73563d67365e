"""Written from the sympy documentation only (Poly, gcd with a modulus, degree, content).

Bivariate integer polynomials in the modular gcd."""

from sympy import Poly, gcd, symbols

from modgcd.images import degree_bound, gcd_mod

x, y = symbols("x y")


def _poly(f, name: str, **args):
    if not isinstance(f, dict) or not all(
        isinstance(k, tuple) and len(k) == 2 and all(isinstance(e, int) and e >= 0 for e in k) and isinstance(c, int)
        for k, c in f.items()
    ):
        raise TypeError(f"{name} must map (i, j) exponent pairs to ints")
    return Poly(sum((c * x**i * y**j for (i, j), c in f.items()), 0), x, y, **args)


def content_mod(f: dict, p: int) -> tuple:
    P = _poly(f, "f", modulus=p)
    if P.is_zero:
        raise ValueError("f vanishes modulo p")
    cont = Poly(0, y, modulus=p)
    for c in Poly(P.as_expr(), x).all_coeffs():
        cont = gcd(cont, Poly(c, y, modulus=p))
    prim = Poly(P.as_expr(), x, y, modulus=p).quo(Poly(cont.as_expr(), x, y, modulus=p))
    return [int(c) for c in cont.monic().all_coeffs()], {k: int(c) for k, c in sorted(prim.as_dict().items())}


def bivariate_bounds(f: dict, g: dict) -> tuple:
    F, G = _poly(f, "f"), _poly(g, "g")
    if F.is_zero or G.is_zero:
        raise ValueError("both polynomials must be non-zero")
    h = gcd(F, G)
    content = Poly(h.as_expr(), x).content() if h.as_expr().has(x) else h.as_expr()
    return Poly(h.as_expr(), x).degree(), Poly(content, y).degree()


def slice_at(f: dict, a: int) -> list:
    s = Poly(_poly(f, "f").as_expr().subs(y, a), x)
    return [] if s.is_zero else [int(c) for c in s.all_coeffs()]


def slice_report(f: dict, g: dict, a: int, p: int) -> dict:
    fa, ga = slice_at(f, a), slice_at(g, a)
    return {
        "image": gcd_mod(fa, ga, p),
        "bound": degree_bound(fa, ga) if fa and ga else None,
        "bounds": bivariate_bounds(f, g),
    }
