"""All roots in sympy's order, and the boxes in the complex plane that sympy's indexed roots
isolate the non-real roots in."""

from sympy import PurePoly, Rational
from sympy.polys.rootoftools import ComplexRootOf, _pure_factors

from rootindex.isolate import prepared
from rootindex.reals import real_keys, root_key


def _poly(p, x):
    return PurePoly(prepared(p, x)[1], x)


def _rational(q) -> Rational:
    return Rational(int(q.numerator), int(q.denominator))


def all_keys(p, x) -> list:
    """The keys ``(factor, index)`` of all roots of p in x (repeated roots repeated), the real
    ones first, in the order sympy's indexed roots list them."""
    return [(f.as_expr().subs(f.gen, x), int(i)) for f, i in ComplexRootOf._all_roots(_poly(p, x), use_cache=False)]


def complex_boxes(p, x) -> list:
    """``[(factor, ((ax, bx), (ay, by)), multiplicity), ...]``: for each non-real root of p, the
    box ax <= re <= bx, ay <= im <= by sympy first isolates it in, in sympy's order."""
    out = []
    for box, factor, k in ComplexRootOf._get_complexes(_pure_factors(_poly(p, x)), use_cache=False):
        re_part = (_rational(box.ax), _rational(box.bx))
        im_part = (_rational(box.ay), _rational(box.by))
        out.append((factor.as_expr().subs(factor.gen, x), (re_part, im_part), int(k)))
    return out


def catalogue(p, x) -> dict:
    """``{"real", "all", "first_complex", "boxes"}``: turn 2's ``real_keys``, ``all_keys``, turn
    2's ``root_key`` of the first non-real root (None when all are real), ``complex_boxes``."""
    reals = real_keys(p, x)
    keys = all_keys(p, x)
    first = root_key(p, x, len(reals)) if len(keys) > len(reals) else None
    return {"real": reals, "all": keys, "first_complex": first, "boxes": complex_boxes(p, x)}
