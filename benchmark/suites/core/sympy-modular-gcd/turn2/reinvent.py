"""Bivariate integer polynomials in the modular gcd: contents modulo a prime, the degree bounds
the bivariate algorithm starts from, and univariate slices y = a."""

from sympy.polys.domains import ZZ
from sympy import nextprime
from sympy.polys.modulargcd import _LC, _gf_gcd, _primitive, _swap
from sympy.polys.rings import ring

from modgcd.images import degree_bound, gcd_mod

_R, _x, _y = ring("x,y", ZZ)


def _poly(f, name: str):
    """A dict ``{(i, j): c}`` (c the coefficient of x**i * y**j) as an element of Z[x, y]."""
    if not isinstance(f, dict) or not all(
        isinstance(k, tuple) and len(k) == 2 and all(isinstance(e, int) and e >= 0 for e in k) and isinstance(c, int)
        for k, c in f.items()
    ):
        raise TypeError(f"{name} must map (i, j) exponent pairs to ints")
    return _R.from_dict({k: ZZ(c) for k, c in f.items() if c})


def _dict(f) -> dict:
    return {k: int(c) for k, c in sorted(f.items())}


def content_mod(f: dict, p: int) -> tuple:
    """``(content, primitive)``: the content of f modulo p as a polynomial in y (a list of ints,
    highest degree first) and the primitive part (a dict), as the modular gcd splits them."""
    fp = _poly(f, "f").trunc_ground(p)
    if not fp:
        raise ValueError("f vanishes modulo p")
    cont, prim = _primitive(fp, p)
    return [int(c) for c in cont.to_dense()], _dict(prim)


def bivariate_bounds(f: dict, g: dict) -> tuple:
    """``(x bound, y bound)``: the bounds on the degree in x of gcd(f, g) and on the degree in y
    of its content that the bivariate modular gcd computes before it starts."""
    F, G = _poly(f, "f"), _poly(g, "g")
    if not F or not G:
        raise ValueError("both polynomials must be non-zero")
    bad = F.ring.domain.gcd(F.LC, G.LC) * F.ring.domain.gcd(_swap(F, 1).LC, _swap(G, 1).LC)
    p = nextprime(1)
    while bad % p == 0:
        p = nextprime(p)
    contf, fp = _primitive(F.trunc_ground(p), p)
    contg, gp = _primitive(G.trunc_ground(p), p)
    ybound = _gf_gcd(contf, contg, p).degree()
    delta = _gf_gcd(_LC(fp), _LC(gp), p)
    for a in range(p):
        if delta.evaluate(0, a) % p:
            hpa = _gf_gcd(fp.evaluate(1, a).trunc_ground(p), gp.evaluate(1, a).trunc_ground(p), p)
            return int(hpa.degree()), int(ybound)
    return int(min(fp.degree(), gp.degree())), int(ybound)


def slice_at(f: dict, a: int) -> list:
    """f(x, a) as a univariate list of ints (turn 1's form)."""
    sliced = _poly(f, "f").evaluate(_y, ZZ(a))
    return [int(c) for c in sliced.to_dense()] if sliced else []


def slice_report(f: dict, g: dict, a: int, p: int) -> dict:
    """For the slices y = a: turn 1's ``gcd_mod`` modulo p, turn 1's ``degree_bound`` (None when
    a slice vanishes), and the bivariate bounds."""
    fa, ga = slice_at(f, a), slice_at(g, a)
    return {
        "image": gcd_mod(fa, ga, p),
        "bound": degree_bound(fa, ga) if fa and ga else None,
        "bounds": bivariate_bounds(f, g),
    }
