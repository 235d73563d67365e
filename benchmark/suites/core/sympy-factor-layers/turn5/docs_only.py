"""Written from the sympy documentation only (Poly with expand=False, Poly.as_dict, powsimp).

Other ways of reading an expression into terms."""

from sympy import Expr, Poly, sympify

from factorlab.radicals import factored_form
from factorlab.terms import term_tables


def _exprs(exprs) -> list:
    exprs = [sympify(e) for e in exprs]
    if not exprs or not all(isinstance(e, Expr) for e in exprs):
        raise ValueError("at least one expression expected")
    return exprs


def fractional_terms(exprs) -> tuple:
    exprs = _exprs(exprs)
    bases = sorted({b for e in exprs for b in e.free_symbols}, key=str)
    tables = []
    for e in exprs:
        table = {}
        for term in e.expand().as_ordered_terms():
            c, powers = term.as_coeff_mul()
            exps = dict(p.as_base_exp() for p in powers)
            monom = tuple(exps.get(b, 0) for b in bases)
            table[monom] = table.get(monom, 0) + c
        tables.append(table)
    return tuple(bases), tables


def unexpanded_terms(expr, *gens) -> tuple:
    (expr,) = _exprs([expr])
    P = Poly(expr, *gens, expand=False)
    return tuple(P.gens), P.as_dict()


def readings(expr) -> dict:
    gens, (table,) = term_tables([expr])
    fgens, (ftable,) = fractional_terms([expr])
    return {"expanded": (gens, table), "unexpanded": unexpanded_terms(expr), "fractional": (fgens, ftable)}


def factored_terms(expr) -> tuple:
    return unexpanded_terms(factored_form(expr))
