"""Real roots as sympy's indexed roots name them: keys ``(factor, index)`` in sympy's order,
the key of the root of a given index, and numeric values."""

from sympy import CRootOf, PurePoly, Symbol, sympify
from sympy.polys.rootoftools import ComplexRootOf

from rootindex.isolate import interval_table, prepared


def _pure(p, x):
    scale, q = prepared(p, x)
    return scale, PurePoly(q, x)



def real_keys(p, x) -> list:
    """``[(factor, index), ...]``: the real roots of p in x (with multiplicity) as sympy's
    indexed roots key them, factors of ``prepared(p, x)`` as expressions in x, in sympy's order."""
    _, poly = _pure(p, x)
    return [(f.as_expr().subs(f.gen, x), int(i)) for f, i in ComplexRootOf._real_roots(poly)]


def root_key(p, x, index: int) -> tuple:
    """The key ``(factor, index)`` of the root of p of that index among all its roots (real ones
    first), as sympy's indexed roots find it."""
    _, poly = _pure(p, x)
    degree = poly.degree()
    if not -degree <= index < degree:
        raise IndexError(f"root index {index} out of range for degree {degree}")
    factor, i = ComplexRootOf._indexed_root(poly, index % degree)
    return factor.as_expr().subs(factor.gen, x), int(i)


def real_values(p, x, digits: int = 10) -> list:
    """The real roots of p (with multiplicity), in the order of ``real_keys``, to ``digits``
    significant digits: each the root of its key times turn 1's scale."""
    scale, _ = _pure(p, x)
    return [(scale * CRootOf(f, i)).evalf(digits) for f, i in real_keys(p, x)]


def real_summary(p, x) -> dict:
    """``{"keys", "count", "intervals"}``: ``real_keys``, their number, and the number of turn
    1's isolating intervals of the prepared polynomial (zero roots are not among those)."""
    keys = real_keys(p, x)
    table = interval_table(p, x)
    return {"keys": keys, "count": len(keys), "intervals": len(table["negative"]) + len(table["positive"])}
