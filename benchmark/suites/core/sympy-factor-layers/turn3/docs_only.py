"""Written from the sympy documentation only (parallel_poly_from_expr, Poly.as_dict,
ordered/default_sort_key).

Generators and term tables."""

from sympy import Expr, default_sort_key, parallel_poly_from_expr, sympify

from factorlab.raw import collected_factors, grouped_by_multiplicity


def generator_order(gens, wrt=None) -> tuple:
    gens = [sympify(g) for g in gens]
    if len(set(gens)) != len(gens):
        raise ValueError("generators must be distinct")
    first = [] if wrt is None else [str(w) for w in (wrt if isinstance(wrt, (list, tuple)) else [wrt])]
    head = [g for name in first for g in gens if str(g) == name]
    return tuple(head + sorted((g for g in gens if g not in head), key=default_sort_key))


def term_tables(exprs, *gens) -> tuple:
    exprs = [sympify(e) for e in exprs]
    if not exprs or not all(isinstance(e, Expr) for e in exprs):
        raise ValueError("at least one expression expected")
    polys, opt = parallel_poly_from_expr(exprs, *gens)
    return tuple(opt.gens), [dict(p.as_dict()) for p in polys]


def factor_terms(expr, *gens) -> tuple:
    factors = [f for f, _ in collected_factors(expr, *gens)[1]]
    return term_tables(factors, *gens) if factors else (tuple(gens), [])


def grouped_terms(expr, *gens) -> tuple:
    products = [f for f, _ in grouped_by_multiplicity(expr, *gens)[1]]
    return term_tables(products, *gens) if products else (tuple(gens), [])
