"""Written from the sympy documentation only (Poly.all_roots, CRootOf, Poly.intervals with
all=True).

All roots in sympy's order, and boxes around the non-real roots."""

from sympy import CRootOf, Poly, minimal_polynomial, sympify

from rootindex.reals import real_keys, root_key


def _key(r, x):
    if isinstance(r, CRootOf):
        return r.poly.as_expr().subs(r.poly.gen, x), int(r.index)
    m = minimal_polynomial(r, x)
    return m, Poly(m, x).all_roots().index(r)


def all_keys(p, x) -> list:
    return [_key(r, x) for r in Poly(sympify(p), x).all_roots()]


def complex_boxes(p, x) -> list:
    poly = Poly(sympify(p), x)
    out = []
    _, factors = poly.factor_list()
    for f, k in factors:
        for (low, high), _ in f.intervals(all=True)[1]:
            ax, ay = low.as_real_imag()
            bx, by = high.as_real_imag()
            out.append((f.as_expr(), ((ax, bx), (ay, by)), k))
    return out


def catalogue(p, x) -> dict:
    reals = real_keys(p, x)
    keys = all_keys(p, x)
    first = root_key(p, x, len(reals)) if len(keys) > len(reals) else None
    return {"real": reals, "all": keys, "first_complex": first, "boxes": complex_boxes(p, x)}
