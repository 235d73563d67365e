"""Factor lists of expressions as sympy's factoring collects them: the raw list before any
sorting, grouped by multiplicity, and the sorted tables of numerator and denominator."""

from sympy import sympify
from sympy.polys.polyoptions import build_options
from sympy.polys.polytools import _generic_factor_list, _symbolic_factor_list


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
    coeff, factors = _symbolic_factor_list(_check(expr), build_options(gens, {}), "factor")
    return coeff, [(_expr_of(f), k) for f, k in factors]


def grouped_by_multiplicity(expr, *gens) -> tuple:
    """``(coeff, [(product, multiplicity), ...])``: the square-free parts of ``expr`` grouped by
    multiplicity, in the order sympy's symbolic square-free pass leaves them."""
    coeff, factors = _symbolic_factor_list(_check(expr), build_options(gens, {}), "sqf")
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
