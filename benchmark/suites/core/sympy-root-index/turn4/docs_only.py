"""Written from the sympy documentation only (RootSum, Lambda, Poly.all_roots, roots).

Sums over the roots of a polynomial, and roots of polynomials with algebraic coefficients."""

from sympy import Lambda, Poly, RootSum, Symbol, sympify

from rootindex.complexes import all_keys
from rootindex.reals import real_keys


def _poly(p, x, **args) -> Poly:
    x = sympify(x)
    if not isinstance(x, Symbol):
        raise TypeError("x must be a symbol")
    poly = Poly(sympify(p), x, **args)
    if poly.degree() < 1:
        raise ValueError("p must have positive degree in x")
    return poly


def root_sum(p, x, f, r):
    r, f = sympify(r), sympify(f)
    if not f.is_rational_function(r):
        raise ValueError("f must be a rational function of r")
    return RootSum(_poly(p, x), Lambda(r, f))


def power_sum(p, x, k: int):
    r = Symbol("r")
    return root_sum(p, x, r**k, r)


def extension_roots(p, x, radicals: bool = True) -> list:
    poly = _poly(p, x, extension=True)
    if not poly.domain.is_AlgebraicField:
        raise ValueError("p has no algebraic coefficients")
    return poly.all_roots(radicals=radicals)


def sum_report(p, x, f, r) -> dict:
    return {"sum": root_sum(p, x, f, r), "roots": len(all_keys(p, x)), "real": len(real_keys(p, x))}
