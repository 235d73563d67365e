"""Generators and term tables: the order sympy gives the generators of expressions and the
tables of terms it builds over them, for whole expressions and for their factors."""

from sympy import Expr, sympify
from sympy.polys.polyoptions import build_options
from sympy.polys.polyutils import _parallel_dict_from_expr, _sort_gens

from factorlab.raw import collected_factors, grouped_by_multiplicity


def generator_order(gens, wrt=None) -> tuple:
    """``gens`` in the order sympy sorts generators; ``wrt`` (a generator or a list of them, or
    their names) puts those first."""
    gens = [sympify(g) for g in gens]
    if len(set(gens)) != len(gens):
        raise ValueError("generators must be distinct")
    if wrt is None:
        return _sort_gens(gens)
    return _sort_gens(gens, wrt=[str(w) for w in (wrt if isinstance(wrt, (list, tuple)) else [wrt])])


def term_tables(exprs, *gens) -> tuple:
    """``(gens, tables)``: the generators sympy finds for all of ``exprs`` together (or ``gens``
    as given) and, for each expression, the dict mapping exponent tuples to coefficients."""
    exprs = [sympify(e) for e in exprs]
    if not exprs or not all(isinstance(e, Expr) for e in exprs):
        raise ValueError("at least one expression expected")
    tables, opt = _parallel_dict_from_expr(exprs, build_options(gens, {}))
    return tuple(opt.gens), [dict(sorted(t.items(), reverse=True)) for t in tables]


def factor_terms(expr, *gens) -> tuple:
    """``term_tables`` of the factors of turn 1's ``collected_factors`` (coefficient left out)."""
    factors = [f for f, _ in collected_factors(expr, *gens)[1]]
    return term_tables(factors, *gens) if factors else (tuple(gens), [])


def grouped_terms(expr, *gens) -> tuple:
    """``term_tables`` of the products of turn 1's ``grouped_by_multiplicity``."""
    products = [f for f, _ in grouped_by_multiplicity(expr, *gens)[1]]
    return term_tables(products, *gens) if products else (tuple(gens), [])
