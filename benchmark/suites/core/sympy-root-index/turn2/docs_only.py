"""Written from the sympy documentation only (Poly.real_roots, Poly.all_roots, CRootOf,
minimal_polynomial).

Real roots as sympy's indexed roots name them."""

from sympy import CRootOf, Poly, minimal_polynomial, sympify

from rootindex.isolate import interval_table


def _key(r, x):
    if isinstance(r, CRootOf):
        return r.poly.as_expr().subs(r.poly.gen, x), int(r.index)
    m = minimal_polynomial(r, x)
    return m, Poly(m, x).all_roots().index(r)


def real_keys(p, x) -> list:
    return [_key(r, x) for r in Poly(sympify(p), x).real_roots()]


def root_key(p, x, index: int) -> tuple:
    roots = Poly(sympify(p), x).all_roots()
    if not -len(roots) <= index < len(roots):
        raise IndexError(f"root index {index} out of range for degree {len(roots)}")
    return _key(roots[index], x)


def real_values(p, x, digits: int = 10) -> list:
    return [r.evalf(digits) for r in Poly(sympify(p), x).real_roots()]


def real_summary(p, x) -> dict:
    keys = real_keys(p, x)
    table = interval_table(p, x)
    return {"keys": keys, "count": len(keys), "intervals": len(table["negative"]) + len(table["positive"])}
