"""Other ways sympy reads an expression into terms: with fractional exponents kept as
exponents, and without expanding; compared with the readings of turns 2 and 3."""

from sympy import Expr, sympify
from sympy.polys.polyoptions import build_options
from sympy import Add, Mul, Pow, S
from sympy.core.exprtools import decompose_power, decompose_power_rat
from sympy.polys.polyutils import _dict_from_expr, _not_a_coeff, _sort_gens

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
    opt = build_options({"series": True})
    gens, reprs = set(), []
    for expr in _exprs(exprs):
        terms = []
        for term in Add.make_args(expr):
            coeff, elements = [], {}
            for factor in Mul.make_args(term):
                if not _not_a_coeff(factor) and factor.is_Number:
                    coeff.append(factor)
                else:
                    base, exp = decompose_power_rat(factor) if opt.series else decompose_power(factor)
                    if not opt.series and exp < 0:
                        exp, base = -exp, Pow(base, -S.One)
                    elements[base] = elements.setdefault(base, 0) + exp
                    gens.add(base)
            terms.append((coeff, elements))
        reprs.append(terms)
    gens = _sort_gens(gens, opt=opt)
    tables = []
    for terms in reprs:
        table = {}
        for coeff, term in terms:
            monom = tuple(term.get(g, 0) for g in gens)
            table[monom] = table.get(monom, 0) + Mul(*coeff)
        tables.append(table)
    return tuple(gens), tables


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
