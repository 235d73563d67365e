"""Factor lists of expressions as sympy's factoring collects them: the raw list before any
sorting, grouped by multiplicity, and the sorted tables of numerator and denominator."""

from collections import defaultdict
from functools import reduce
from operator import mul

from sympy import Expr, Mul, S, sympify
from sympy.core.evalf import pure_complex
from sympy.polys.polyerrors import PolificationFailed
from sympy.polys.polyoptions import build_options
from sympy.polys.polytools import _factors_product, _generic_factor_list, _poly_from_expr


def _symbolic_list(expr, opt, method):
    coeff, factors = S.One, []
    args = [i._eval_factor() if hasattr(i, "_eval_factor") else i for i in Mul.make_args(expr)]
    for arg in args:
        if arg.is_Number or (isinstance(arg, Expr) and pure_complex(arg)):
            coeff *= arg
            continue
        elif arg.is_Pow and arg.base != S.Exp1:
            base, exp = arg.args
            if base.is_Number and exp.is_Number:
                coeff *= arg
                continue
            if base.is_Number:
                factors.append((base, exp))
                continue
        else:
            base, exp = arg, S.One
        try:
            poly, _ = _poly_from_expr(base, opt)
        except PolificationFailed as exc:
            factors.append((exc.expr, exp))
            continue
        _coeff, _factors = getattr(poly, method + "_list")()
        if _coeff is not S.One:
            if exp.is_Integer:
                coeff *= _coeff**exp
            elif _coeff.is_positive:
                factors.append((_coeff, exp))
            else:
                _factors.append((_coeff, S.One))
        if exp is S.One:
            factors.extend(_factors)
        elif exp.is_integer:
            factors.extend([(f, k * exp) for f, k in _factors])
        else:
            other = []
            for f, k in _factors:
                if f.as_expr().is_positive:
                    factors.append((f, k * exp))
                else:
                    other.append((f, k))
            factors.append((_factors_product(other), exp))
    if method == "sqf":
        factors = [(reduce(mul, (f for f, e in factors if e == k)), k) for k in {i for _, i in factors}]
    collected = defaultdict(int)
    for k, v in factors:
        collected[k] += v
    return coeff, list(collected.items())


def _expr_of(f):
    return f.as_expr() if getattr(f, "is_Poly", False) else f


def _check(expr):
    expr = sympify(expr)
    if not expr.is_commutative:
        raise ValueError("only commutative expressions are factored")
    return expr


def collected_factors(expr, *gens) -> tuple:
    """``(coeff, [(factor, exponent), ...])``: the irreducible factors of ``expr`` (numbers in
    ``coeff``) in the order sympy's symbolic factoring collects them, factors as expressions."""
    coeff, factors = _symbolic_list(_check(expr), build_options(gens, {}), "factor")
    return coeff, [(_expr_of(f), k) for f, k in factors]


def grouped_by_multiplicity(expr, *gens) -> tuple:
    """``(coeff, [(product, multiplicity), ...])``: the square-free parts of ``expr`` grouped by
    multiplicity, in the order sympy's symbolic square-free pass leaves them."""
    coeff, factors = _symbolic_list(_check(expr), build_options(gens, {}), "sqf")
    return coeff, [(_expr_of(f), k) for f, k in factors]


def factor_table(expr, *gens) -> dict:
    """``{"coeff", "numerator", "denominator"}``: the sorted factor lists of the numerator and
    of the denominator of ``expr`` once put over a common denominator."""
    coeff, numer, denom = _generic_factor_list(sympify(expr), gens, {"frac": True}, "factor")
    return {"coeff": coeff, "numerator": numer, "denominator": denom}


def multiplicities(expr, *gens) -> dict:
    """The exponent of each factor of ``collected_factors``, factors as keys; a factor met
    twice adds up."""
    table = {}
    for factor, k in collected_factors(expr, *gens)[1]:
        table[factor] = table.get(factor, 0) + k
    return table
