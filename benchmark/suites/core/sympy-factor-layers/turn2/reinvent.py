"""Polynomials whose coefficients hold radicals: the factorisation sympy finds through a
rational rescaling of the variable, and factored forms."""

from sympy import Poly, Symbol, factor_list, simplify, sympify
from sympy.polys.polytools import to_rational_coeffs
from sympy.polys.polyerrors import PolynomialError
from sympy.polys.polyoptions import build_options
from sympy.polys.polytools import _symbolic_factor

from factorlab.raw import collected_factors, grouped_by_multiplicity


def rescaled_factors(p, x):
    """``(c, [(factor, multiplicity), ...])``: the factorisation of the univariate polynomial
    ``p`` in ``x`` that sympy obtains by rescaling or shifting x so that the coefficients become
    rational, mapped back to x; None when no such rescaling exists."""
    p, x = sympify(p), sympify(x)
    if not isinstance(x, Symbol):
        raise TypeError("x must be a symbol")
    if p.free_symbols - {x}:
        raise PolynomialError(f"{p} is not univariate in {x}")
    if not p.is_polynomial(x) or not p.has(x):
        raise PolynomialError(f"{p} is not a polynomial of positive degree in {x}")
    p1 = Poly(p, x, domain="EX")
    n = p1.degree()
    res = to_rational_coeffs(p1)
    if not res:
        return None
    lc, r, t, g = res
    factors = factor_list(g.as_expr())
    if lc:
        c = simplify(factors[0] * lc * r**n)
        r1 = simplify(1 / r)
        return c, [(simplify(f.subs({x: x * r1})), k) for f, k in factors[1]]
    return factors[0], [(f.subs({x: x - t}), k) for f, k in factors[1]]


def factored_form(expr, *gens):
    """``expr`` as sympy's symbolic factoring writes it (fractions put together first)."""
    opt = build_options(gens, {})
    opt["fraction"] = True
    return _symbolic_factor(sympify(expr), opt, "factor")


def radical_report(p, x) -> dict:
    """``{"rescaled", "collected", "grouped", "form"}``: ``rescaled_factors``, turn 1's
    ``collected_factors`` and ``grouped_by_multiplicity`` of p in x, and ``factored_form``."""
    return {
        "rescaled": rescaled_factors(p, x),
        "collected": collected_factors(p, x),
        "grouped": grouped_by_multiplicity(p, x),
        "form": factored_form(p, x),
    }
