"""Written from the sympy documentation only (Poly, roots, Poly.all_roots, re).

Roots sympy writes down directly, and roots on the imaginary axis."""

from sympy import Poly, Symbol, re, roots, sympify
from sympy.polys.polyerrors import PolynomialError

from factorlab.radicals import rescaled_factors
from factorlab.raw import collected_factors


def _univariate(p, x) -> Poly:
    p, x = sympify(p), sympify(x)
    if not isinstance(x, Symbol):
        raise TypeError("x must be a symbol")
    poly = Poly(p, x)
    if poly.degree() < 1 or not poly.is_univariate:
        raise PolynomialError(f"{p} is not a polynomial of positive degree in {x}")
    return poly


def easy_roots(p, x, radicals: bool = True):
    poly = _univariate(p, x)
    if poly.degree() == 1 or (radicals and (poly.degree() == 2 or len(poly.terms()) == 2)):
        found = roots(poly, multiple=True)
        return found or None
    return None


def imaginary_count(p, x) -> int:
    poly = _univariate(p, x)
    return sum(1 for r in poly.all_roots() if re(r) == 0)


def factor_roots(expr, x) -> list:
    out = []
    for factor, k in collected_factors(expr)[1]:
        if factor.is_polynomial(x) and factor.has(x):
            out.append((factor, k, easy_roots(factor, x)))
    return out


def rescaled_roots(p, x):
    rescaled = rescaled_factors(p, x)
    if rescaled is None:
        return None
    return [easy_roots(factor, x) for factor, _ in rescaled[1]]
