"""Written from the sympy documentation only (sqrtdenest, radsimp).

Nested square roots with symbols, and sums of square roots that pair up."""

from sympy import Add, Pow, S, sqrtdenest, sympify

from surds.split import quick_denest, split_table, surd_parts


def symbolic_denest(expr):
    expr = sympify(expr)
    if not (isinstance(expr, Pow) and expr.exp == S.Half):
        raise ValueError(f"{expr} is not a square root")
    parts = surd_parts(expr.base)
    if parts is None or parts[1] == 0:
        return None
    found = sqrtdenest(expr)
    return None if found == expr else found


def combine_roots(expr):
    for term in Add.make_args(sympify(expr)):
        c, a = term.as_coeff_Mul()
        if not (c.is_Rational and isinstance(a, Pow) and a.exp == S.Half):
            raise ValueError(f"{term} is not a rational multiple of a square root")
    return sqrtdenest(sympify(expr))


def denest_steps(expr) -> dict:
    expr = sympify(expr)
    return {
        "quick": quick_denest(expr),
        "symbolic": symbolic_denest(expr),
        "table": split_table([expr.base]),
    }
