"""Written from the sympy documentation only (factor_list with an extension, factor).

Polynomials whose coefficients hold radicals."""

from sympy import Poly, Pow, Symbol, factor, factor_list, sympify
from sympy.polys.polyerrors import PolynomialError

from factorlab.raw import collected_factors, grouped_by_multiplicity


def rescaled_factors(p, x):
    p, x = sympify(p), sympify(x)
    if not isinstance(x, Symbol):
        raise TypeError("x must be a symbol")
    if p.free_symbols - {x}:
        raise PolynomialError(f"{p} is not univariate in {x}")
    if not p.is_polynomial(x) or not p.has(x):
        raise PolynomialError(f"{p} is not a polynomial of positive degree in {x}")
    P = Poly(p, x)
    if P.domain.is_ZZ or P.domain.is_QQ:
        return None
    radicals = sorted({a for c in P.coeffs() for a in sympify(c).atoms(Pow)}, key=str)
    return factor_list(p, x, extension=radicals or None)


def factored_form(expr, *gens):
    return factor(sympify(expr), *gens)


def radical_report(p, x) -> dict:
    return {
        "rescaled": rescaled_factors(p, x),
        "collected": collected_factors(p, x),
        "grouped": grouped_by_multiplicity(p, x),
        "form": factored_form(p, x),
    }
