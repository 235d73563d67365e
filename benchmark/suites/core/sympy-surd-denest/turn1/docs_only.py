"""Written from the sympy documentation only (sqrtdenest, Add.as_coeff_add, Pow).

Nested square roots: splitting a radicand as a + b*sqrt(r), and denesting."""

from sympy import Add, Pow, S, sqrtdenest, sympify


def _radicand(expr):
    expr = sympify(expr)
    if not (isinstance(expr, Pow) and expr.exp == S.Half):
        raise ValueError(f"{expr} is not a square root")
    return expr.base


def _depth(e) -> int:
    if isinstance(e, Pow) and e.exp == S.Half:
        return 1 + _depth(e.base)
    return max((_depth(a) for a in e.args), default=0)


def surd_parts(p):
    p = sympify(p)
    if p.is_Number:
        return (p, S.Zero, S.Zero)
    terms = Add.make_args(p)
    surds = [t for t in terms if _depth(t) > 0]
    if not surds:
        return None
    pick = max(surds, key=_depth)
    b, r = pick.as_coeff_Mul()
    rest = Add(*[t for t in terms if t is not pick])
    return (rest, b, r**2)


def quick_denest(expr):
    found = sqrtdenest(sympify(expr)) if _radicand(expr) is not None else None
    return None if found == sympify(expr) and _depth(_radicand(expr)) > 0 else found


def split_table(exprs) -> list:
    return [(e, _depth(e), surd_parts(e)) for e in map(sympify, exprs)]


def denest_or_keep(expr):
    found = quick_denest(expr)
    return sympify(expr) if found is None else found
