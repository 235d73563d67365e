"""Integer polynomial families as coefficient lists: Chebyshev polynomials and the
cyclotomic factors of x**n - 1."""

from sympy import totient
from sympy.polys.domains import ZZ
from sympy.polys.densebasic import dup_degree, dup_strip
from sympy.polys.orthopolys import _dup_chebyshevt_prod, _dup_chebyshevt_rec
from sympy.ntheory import factorint
from sympy.polys.densearith import dup_quo
from sympy.polys.densebasic import dup_inflate


def _check_order(n, name: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{name} must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"{name} must be non-negative, got {n}")
    return n


def _as_ints(f) -> list:
    """A coefficient list of the integer domain as plain ints, leading zeros dropped."""
    return [int(c) for c in dup_strip(f)]


def chebyshev_coeffs(n: int) -> list:
    """Coefficients of the Chebyshev polynomial T_n, highest degree first, as sympy builds it
    (its recurrence for small n, its doubling product from n = 64 on)."""
    _check_order(n, "n")
    if n == 0:
        return [1]
    if n < 64:
        coeffs = _dup_chebyshevt_rec(n, ZZ)
    else:
        coeffs = _dup_chebyshevt_prod(n, ZZ)
    return _as_ints(coeffs)


def cyclotomic_factors(n: int) -> list:
    """The irreducible factors of x**n - 1 over the integers, each as a coefficient list, in
    the order sympy's factoriser generates them."""
    _check_order(n, "n")
    if n == 0:
        raise ValueError("x**0 - 1 is the zero polynomial")
    factors = [[ZZ.one, -ZZ.one]]
    for p, k in factorint(n).items():
        new = [dup_quo(dup_inflate(h, p, ZZ), h, ZZ) for h in factors]
        factors.extend(new)
        for _ in range(1, k):
            new = [dup_inflate(q, p, ZZ) for q in new]
            factors.extend(new)
    return [_as_ints(h) for h in factors]


def family_report(n: int) -> dict:
    """What turn 1 knows about order ``n``: T_n's degree, leading coefficient and value at -1,
    the factors of x**n - 1, their degrees, and the degree of the last one."""
    _check_order(n, "n")
    cheb = chebyshev_coeffs(n)
    report = {
        "chebyshev_degree": dup_degree(cheb),
        "chebyshev_leading": cheb[0],
        "chebyshev_at_minus_one": sum(c * (-1) ** (len(cheb) - 1 - i) for i, c in enumerate(cheb)),
    }
    if n == 0:
        report.update(factors=[], degrees=[], last_degree=None)
        return report
    factors = cyclotomic_factors(n)
    degrees = [dup_degree(f) for f in factors]
    report.update(
        factors=factors,
        degrees=degrees,
        last_degree=degrees[-1] if degrees[-1] == totient(n) else None,
    )
    return report
