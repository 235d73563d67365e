"""Written from the sympy documentation only (factor_list, sqf_list, together, fraction).

Factor lists of expressions: raw, grouped by multiplicity, and tables."""

from sympy import factor_list, fraction, sqf_list, sympify, together


def _check(expr):
    expr = sympify(expr)
    if not expr.is_commutative:
        raise ValueError("only commutative expressions are factored")
    return expr


def collected_factors(expr, *gens) -> tuple:
    return factor_list(_check(expr), *gens)


def grouped_by_multiplicity(expr, *gens) -> tuple:
    return sqf_list(_check(expr), *gens)


def factor_table(expr, *gens) -> dict:
    numer, denom = fraction(together(sympify(expr)))
    cn, fn = factor_list(numer, *gens)
    cd, fd = factor_list(denom, *gens)
    return {"coeff": cn / cd, "numerator": fn, "denominator": fd}


def multiplicities(expr, *gens) -> dict:
    table = {}
    for factor, k in collected_factors(expr, *gens)[1]:
        table[factor] = table.get(factor, 0) + k
    return table
