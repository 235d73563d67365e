"""Powers of powers and n-th roots of sums of surds: one denesting step of sympy's power
denesting, and the n-th root sympy finds for a sum of surds."""

from sympy import Integer, Pow, Rational, S, Symbol, exp, solve, sqrt, sqrtdenest, sympify
from sympy.core.function import _mexpand
from sympy.polys.numberfields.minpoly import _minimal_polynomial_sq
from sympy.simplify.powsimp import _denest_pow

from surds.general import general_denester
from surds.levels import one_level


def denest_power(expr):
    """One step of sympy's power denesting applied to the power ``expr`` (a power or an
    exponential is required: ``ValueError`` otherwise), exactly as that step writes its result."""
    expr = sympify(expr)
    if not isinstance(expr, (Pow, exp)):
        raise ValueError(f"{expr} is not a power")
    return _denest_pow(expr)


def surd_root(p, n: int, prec: int = 15):
    """The n-th root of the positive sum of surds ``p`` that sympy's n-th root search returns, or
    None; ``n`` must be an int of at least 2 and p positive (``ValueError``)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ValueError("n must be an int of at least 2")
    p = sympify(p)
    if not p.is_positive:
        raise ValueError(f"{p} is not positive")
    n = Integer(n)
    while n % 2 == 0:
        p = sqrtdenest(sqrt(p))
        n = n // 2
    if n == 1:
        return p
    pn = p ** Rational(1, n)
    x = Symbol("x")
    f = _minimal_polynomial_sq(p, n, x)
    if f is None:
        return None
    for sol in solve(f, x):
        if abs(sol - pn).n() < 1.0 / 10**prec:
            sol = sqrtdenest(sol)
            if _mexpand(sol**n) == p:
                return sol
    return None


def square_root_report(p) -> dict:
    """``{"root", "one_level", "denester"}`` for sqrt(p): ``surd_root(p, 2)``, turn 3's
    ``one_level(sqrt(p))`` and turn 4's ``general_denester(sqrt(p))``."""
    p = sympify(p)
    root = sqrt(p)
    if not (isinstance(root, Pow) and root.exp == S.Half):
        raise ValueError(f"sqrt({p}) is not a square root")
    return {"root": surd_root(p, 2), "one_level": one_level(root), "denester": general_denester(root)}
