"""Written from the sympy documentation only (intervals, Poly.clear_denoms, Poly.primitive,
sqf_list).

Isolating the real roots of integer polynomials."""

from sympy import Poly, Symbol, intervals, sympify


def isolating_intervals(factors, eps=None, strict: bool = False) -> tuple:
    x = Symbol("x")
    polys = []
    for f, k in factors:
        if not isinstance(f, (list, tuple)) or not f or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
            raise TypeError("a factor must be a non-empty list of ints")
        if f[0] == 0:
            raise ValueError("a factor must not have a leading zero")
        polys.append((Poly(list(f), x), int(k)))
    found = intervals([p for p, _ in polys], eps=eps, strict=strict)
    negative, positive = [], []
    for (a, b), where in found:
        k = polys[next(iter(where))][1]
        (negative if b <= 0 else positive).append(((a, b), k))
    return negative, positive


def prepared(p, x) -> tuple:
    x = sympify(x)
    if not isinstance(x, Symbol):
        raise TypeError("x must be a symbol")
    poly = Poly(sympify(p), x)
    if poly.degree() < 1:
        raise ValueError("p must have positive degree in x")
    coeff, q = poly.clear_denoms()
    _, q = q.primitive()
    return coeff, q.as_expr()


def interval_table(p, x, eps=None) -> dict:
    scale, q = prepared(p, x)
    _, parts = Poly(q, x).sqf_list()
    negative, positive = isolating_intervals([([int(c) for c in f.all_coeffs()], k) for f, k in parts], eps)
    return {"scale": scale, "prepared": q, "negative": negative, "positive": positive}
