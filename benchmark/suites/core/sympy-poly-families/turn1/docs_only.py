"""Written from the sympy documentation only (chebyshevt_poly, cyclotomic_poly, divisors).

Integer polynomial families as coefficient lists."""

from sympy import Symbol, chebyshevt_poly, cyclotomic_poly, divisors, totient

x = Symbol("x")


def _check_order(n, name: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{name} must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"{name} must be non-negative, got {n}")
    return n


def chebyshev_coeffs(n: int) -> list:
    _check_order(n, "n")
    return [int(c) for c in chebyshevt_poly(n, x, polys=True).all_coeffs()]


def cyclotomic_factors(n: int) -> list:
    _check_order(n, "n")
    if n == 0:
        raise ValueError("x**0 - 1 is the zero polynomial")
    return [[int(c) for c in cyclotomic_poly(d, x, polys=True).all_coeffs()] for d in divisors(n)]


def family_report(n: int) -> dict:
    _check_order(n, "n")
    cheb = chebyshev_coeffs(n)
    report = {
        "chebyshev_degree": len(cheb) - 1,
        "chebyshev_leading": cheb[0],
        "chebyshev_at_minus_one": sum(c * (-1) ** (len(cheb) - 1 - i) for i, c in enumerate(cheb)),
    }
    if n == 0:
        report.update(factors=[], degrees=[], last_degree=None)
        return report
    factors = cyclotomic_factors(n)
    degrees = [len(f) - 1 for f in factors]
    report.update(factors=factors, degrees=degrees, last_degree=degrees[-1] if degrees[-1] == totient(n) else None)
    return report
