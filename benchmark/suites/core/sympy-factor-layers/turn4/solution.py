"""Roots that sympy writes down directly: linear, quadratic and two-term factors, the count of
roots on the imaginary axis, and the roots of the factors of turns 1 and 2."""

from sympy import Poly, Symbol, sympify
from sympy.polys.polyerrors import PolynomialError
from sympy.polys.rootoftools import ComplexRootOf, _imag_count_of_factor

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
    """The roots of ``p`` in the order sympy's root objects write them down directly (linear
    always; quadratic and two-term polynomials when ``radicals``); None when it does not."""
    return ComplexRootOf._roots_trivial(_univariate(p, x), radicals)


def imaginary_count(p, x) -> int:
    """The number of roots on the imaginary axis sympy's complex root isolation counts for p."""
    poly = _univariate(p, x)
    if not poly.domain.is_ZZ:
        poly = poly.clear_denoms(convert=True)[1]
    return int(_imag_count_of_factor(poly))


def factor_roots(expr, x) -> list:
    """``[(factor, exponent, easy_roots(factor, x)), ...]`` for the factors of turn 1's
    ``collected_factors(expr)`` that are polynomials of positive degree in x."""
    out = []
    for factor, k in collected_factors(expr)[1]:
        if factor.is_polynomial(x) and factor.has(x):
            out.append((factor, k, easy_roots(factor, x)))
    return out


def rescaled_roots(p, x):
    """``easy_roots`` of each factor of turn 2's ``rescaled_factors(p, x)``, as a list of
    lists; None when there is no rescaling."""
    rescaled = rescaled_factors(p, x)
    if rescaled is None:
        return None
    return [easy_roots(factor, x) for factor, _ in rescaled[1]]
