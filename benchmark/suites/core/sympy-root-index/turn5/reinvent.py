"""How sympy's boxes around non-real roots come about: the boxes of the first isolation, the
boxes once made disjoint and off the axes, one bisection step, and turn 3's final boxes."""

from sympy import PurePoly, Rational, ordered
from sympy.polys.rootoftools import ComplexRootOf, _pure_factors

from rootindex.complexes import catalogue, complex_boxes
from rootindex.isolate import prepared


def _rational(q) -> Rational:
    return Rational(int(q.numerator), int(q.denominator))


def _box(box) -> tuple:
    return (_rational(box.ax), _rational(box.bx)), (_rational(box.ay), _rational(box.by))


def _isolated(p, x) -> list:
    poly = PurePoly(prepared(p, x)[1], x)
    out = []
    for factor, k in ordered(_pure_factors(poly)):
        out.extend((box, factor, k) for box in ComplexRootOf._get_complexes_sqf(factor, False))
    return out


def _listed(entries, x) -> list:
    return [(f.as_expr().subs(f.gen, x), _box(box), int(k)) for box, f, k in entries]


def first_boxes(p, x) -> list:
    """``[(factor, ((ax, bx), (ay, by)), multiplicity), ...]``: the boxes of the non-real roots of
    the prepared polynomial (turn 1) as sympy's first isolation gives them, factor by factor."""
    return _listed(_isolated(p, x), x)


def separated_boxes(p, x) -> list:
    """The boxes of ``first_boxes`` once sympy has refined them to be pairwise disjoint and off
    the real axis (and off the imaginary axis for roots that are not on it), same order."""
    complexes = _isolated(p, x)
    for i, (u, f, k) in enumerate(complexes):
        for j, (v, g, m) in enumerate(complexes[i + 1:]):
            u, v = u.refine_disjoint(v)
            complexes[i + j + 1] = (v, g, m)
        complexes[i] = (u, f, k)
    complexes = ComplexRootOf._refine_imaginary(complexes)
    for i, (u, f, k) in enumerate(complexes):
        while u.ay * u.by <= 0:
            u = u.refine()
        complexes[i] = u, f, k
    return _listed(complexes, x)


def bisected(p, x, index: int) -> tuple:
    """The box of ``first_boxes``'s entry ``index`` after one step of sympy's bisection, as
    ``((ax, bx), (ay, by))``."""
    entries = _isolated(p, x)
    if not 0 <= index < len(entries):
        raise IndexError(f"no box {index}")
    return _box(entries[index][0]._inner_refine())


def box_history(p, x) -> dict:
    """``{"first", "separated", "final", "keys"}``: the first and separated boxes, turn 3's
    ``complex_boxes`` and the keys of turn 3's ``catalogue``."""
    return {
        "first": first_boxes(p, x),
        "separated": separated_boxes(p, x),
        "final": complex_boxes(p, x),
        "keys": catalogue(p, x)["all"],
    }
