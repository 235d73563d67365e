"""Written from the sympy documentation only (powdenest, nthroot).

Powers of powers and n-th roots of sums of surds."""

from sympy import Pow, S, exp, powdenest, sqrt, sympify
from sympy.simplify.simplify import nthroot

from surds.general import general_denester
from surds.levels import one_level


def denest_power(expr):
    expr = sympify(expr)
    if not isinstance(expr, (Pow, exp)):
        raise ValueError(f"{expr} is not a power")
    return powdenest(expr)


def surd_root(p, n: int, prec: int = 15):
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ValueError("n must be an int of at least 2")
    p = sympify(p)
    if not p.is_positive:
        raise ValueError(f"{p} is not positive")
    return nthroot(p, n, prec=prec)


def square_root_report(p) -> dict:
    p = sympify(p)
    root = sqrt(p)
    if not (isinstance(root, Pow) and root.exp == S.Half):
        raise ValueError(f"sqrt({p}) is not a square root")
    return {"root": surd_root(p, 2), "one_level": one_level(root), "denester": general_denester(root)}
