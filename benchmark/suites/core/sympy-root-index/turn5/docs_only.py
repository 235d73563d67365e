"""Written from the sympy documentation only (Poly.intervals with all=True, eps, refine_root).

How the boxes around non-real roots come about."""

from sympy import Poly, sympify

from rootindex.complexes import catalogue, complex_boxes
from rootindex.isolate import prepared


def _boxes(p, x, **args):
    _, q = prepared(p, x)
    out = []
    for f, k in Poly(q, x).factor_list()[1]:
        for (low, high), _ in f.intervals(all=True, **args)[1]:
            ax, ay = low.as_real_imag()
            bx, by = high.as_real_imag()
            out.append((f.as_expr(), ((ax, bx), (ay, by)), k))
    return out


def first_boxes(p, x) -> list:
    return _boxes(p, x)


def separated_boxes(p, x) -> list:
    return _boxes(p, x, eps=sympify(1) / 4)


def bisected(p, x, index: int) -> tuple:
    boxes = first_boxes(p, x)
    if not 0 <= index < len(boxes):
        raise IndexError(f"no box {index}")
    (ax, bx), (ay, by) = boxes[index][1]
    if bx - ax >= by - ay:
        return (ax, (ax + bx) / 2), (ay, by)
    return (ax, bx), (ay, (ay + by) / 2)


def box_history(p, x) -> dict:
    return {
        "first": first_boxes(p, x),
        "separated": separated_boxes(p, x),
        "final": complex_boxes(p, x),
        "keys": catalogue(p, x)["all"],
    }
