"""Sums over the roots of a polynomial, computed exactly without the roots, and the roots of
polynomials whose coefficients are algebraic numbers."""

from sympy import Lambda, Poly, Symbol, factor, symbols, sympify, together
from sympy.polys.domains import QQ
from sympy.polys.polyerrors import GeneratorsNeeded
from sympy.polys.polyfuncs import symmetrize, viete
from sympy.polys.rootoftools import ComplexRootOf

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
    """The sum of ``f`` (an expression in the symbol ``r``, rational in r) over all roots of p,
    repeated roots repeated, as sympy's exact summation over roots writes it."""
    r, f = sympify(r), sympify(f)
    if not f.is_rational_function(r):
        raise ValueError("f must be a rational function of r")
    poly = _poly(p, x)
    roots = symbols("r:%d" % poly.degree())
    total = sum(f.subs(r, root) for root in roots)
    num, den = together(total).as_numer_denom()
    parts = []
    for part in (num.expand(), den.expand()):
        try:
            P = Poly(part, domain=QQ[roots], expand=False)
        except GeneratorsNeeded:
            parts.append((None, None, (part,)))
        else:
            monoms, coeffs = zip(*P.terms())
            parts.append((P, monoms, coeffs))
    coeffs, mapping = symmetrize(parts[0][2] + parts[1][2], formal=True)
    values = [(sym, val) for (sym, _), (_, val) in zip(mapping, viete(poly, roots))]
    coeffs = [c.subs(values) for c, _ in coeffs]
    n, out = len(parts[0][2]), []
    for (P, monoms, _), cs in zip(parts, (coeffs[:n], coeffs[n:])):
        out.append(Poly(dict(zip(monoms, cs)), *P.gens).as_expr() if P is not None else cs[0])
    return factor(out[0] / out[1])


def power_sum(p, x, k: int):
    """The sum of the k-th powers of the roots of p (k may be negative)."""
    r = Symbol("r")
    return root_sum(p, x, r**k, r)


def extension_roots(p, x, radicals: bool = True) -> list:
    """All roots of p, whose coefficients may be algebraic numbers, in the order sympy's indexed
    roots give them for such polynomials (repeated roots repeated)."""
    poly = _poly(p, x, extension=True)
    if not poly.domain.is_AlgebraicField:
        raise ValueError("p has no algebraic coefficients")
    return ComplexRootOf._get_roots_alg("_all_roots", poly, radicals)


def sum_report(p, x, f, r) -> dict:
    """``{"sum", "roots", "real"}``: ``root_sum``, and the numbers of turn 3's ``all_keys`` and
    turn 2's ``real_keys`` of p."""
    return {"sum": root_sum(p, x, f, r), "roots": len(all_keys(p, x)), "real": len(real_keys(p, x))}
