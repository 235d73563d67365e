"""Other ways sympy reads an expression into terms: with fractional exponents kept as
exponents, and without expanding; compared with the readings of turns 2 and 3."""

from sympy import Expr, sympify
from sympy.polys.polyoptions import build_options
from sympy.polys.polyutils import _dict_from_expr, _parallel_dict_from_expr_no_gens

from factorlab.radicals import factored_form
from factorlab.terms import term_tables


def _exprs(exprs) -> list:
    exprs = [sympify(e) for e in exprs]
    if not exprs or not all(isinstance(e, Expr) for e in exprs):
        raise ValueError("at least one expression expected")
    return exprs


def fractional_terms(exprs) -> tuple:
    """``(generators, tables)``: the expressions read together as sums of terms whose exponents
    may be fractions (``sqrt(x)`` is x to the 1/2), as sympy reads them for series."""
    tables, gens = _parallel_dict_from_expr_no_gens(_exprs(exprs), build_options({"series": True}))
    return tuple(gens), [dict(t) for t in tables]


def unexpanded_terms(expr, *gens) -> tuple:
    """``(generators, table)``: ``expr`` read as sympy reads it when told not to expand."""
    (expr,) = _exprs([expr])
    table, opt = _dict_from_expr(expr, build_options(gens, {"expand": False}))
    return tuple(opt.gens), dict(table)


def readings(expr) -> dict:
    """``{"expanded", "unexpanded", "fractional"}``: turn 3's ``term_tables([expr])`` (its one
    table), ``unexpanded_terms(expr)`` and ``fractional_terms([expr])`` (its one table)."""
    gens, (table,) = term_tables([expr])
    fgens, (ftable,) = fractional_terms([expr])
    return {"expanded": (gens, table), "unexpanded": unexpanded_terms(expr), "fractional": (fgens, ftable)}


def factored_terms(expr) -> tuple:
    """``unexpanded_terms`` of turn 2's ``factored_form(expr)``: the factors become generators."""
    return unexpanded_terms(factored_form(expr))
