"""Nested square roots with symbols, and sums of square roots that pair up, denested as
sympy's square-root denesting does it."""

from sympy import Add, Pow, S, radsimp, sqrt, sympify
from sympy.core.function import _mexpand
from sympy.simplify.sqrtdenest import sqrtdenest
from sympy.simplify.sqrtdenest import _sqrt_symbolic_denest

from surds.split import quick_denest, split_table, surd_parts


def symbolic_denest(expr):
    """For ``expr = sqrt(p)`` whose radicand splits (turn 1's ``surd_parts``) as
    a + b*sqrt(r) with symbols in r, the denested form sympy's symbolic route finds; None when
    it finds none. Non-square roots raise ``ValueError``."""
    expr = sympify(expr)
    if not (isinstance(expr, Pow) and expr.exp == S.Half):
        raise ValueError(f"{expr} is not a square root")
    parts = surd_parts(expr.base)
    if parts is None or parts[1] == 0:
        return None
    return _sqrt_symbolic_denest(*parts)


def combine_roots(expr):
    """A sum of rational multiples of square roots with pairs whose product denests, combined as
    sympy's denesting combines them; other expressions raise ``ValueError``."""
    cs, args = [], []
    for term in Add.make_args(sympify(expr)):
        c, a = term.as_coeff_Mul()
        if not (c.is_Rational and isinstance(a, Pow) and a.exp == S.Half):
            raise ValueError(f"{term} is not a rational multiple of a square root")
        cs.append(c)
        args.append(a)
    while True:
        pair = None
        for i in range(len(args) - 1):
            for j in range(i + 1, len(args)):
                p = _mexpand(args[i].base * args[j].base)
                s = sqrtdenest(sqrt(p))
                if s != sqrt(p):
                    pair = s, i, j
                    break
            if pair:
                break
        if pair is None:
            return Add(*[c * a for c, a in zip(cs, args)])
        s, i, j = pair
        c2 = cs.pop(j)
        args.pop(j)
        cs[i] += radsimp(c2 * s / args[i].base)


def denest_steps(expr) -> dict:
    """``{"quick", "symbolic", "table"}``: turn 1's ``quick_denest``, ``symbolic_denest`` and
    turn 1's ``split_table`` of the radicand."""
    expr = sympify(expr)
    return {
        "quick": quick_denest(expr),
        "symbolic": symbolic_denest(expr),
        "table": split_table([expr.base]),
    }
