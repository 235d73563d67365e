"""Written from the sympy documentation only (Poly, minimal_polynomial, lcm, rem, gcd with an
extension).

From polynomials over an algebraic number field to integer polynomials in x and z."""

from functools import reduce

from sympy import Poly, Symbol, ilcm, minimal_polynomial, sympify

from modgcd.extension import gcd_over, trial_remainder

x, y, z = Symbol("x"), Symbol("y"), Symbol("z")


def integer_associate(f, alpha) -> dict:
    f, alpha = sympify(f), sympify(alpha)
    try:
        P = Poly(f, x, extension=alpha) if f != 0 else None
    except Exception as exc:
        raise ValueError(f"{f} is not a polynomial in x over Q({alpha})") from exc
    if P is None:
        return {}
    if not P.free_symbols <= {x} or (P.domain.is_Algebraic and not set(P.domain.ext.args or [P.domain.ext]) & {alpha}) and P.domain.ext.as_expr() != alpha:
        raise ValueError(f"{f} is not a polynomial in x over Q({alpha})")
    expr = P.as_expr().subs(alpha, z)
    if expr.has(x) is False and expr.free_symbols - {z}:
        raise ValueError(f"{f} is not a polynomial in x over Q({alpha})")
    Q = Poly(expr, x, z)
    den = reduce(ilcm, [int(c.q) for c in Q.coeffs()], 1)
    return {k: int(c * den) for k, c in sorted(Q.as_dict().items())}


def field_modulus(alpha) -> list:
    return [int(c) for c in Poly(minimal_polynomial(sympify(alpha), z), z).all_coeffs()]


def leading_in_x(f: dict) -> list:
    expr = sum((c * x**i * y**j for (i, j), c in f.items()), 0)
    if expr == 0:
        return []
    return [int(c) for c in Poly(Poly(expr, x).LC(), y).all_coeffs()]


def associate_gcd(f, g, alpha, p: int):
    m = field_modulus(alpha)
    return gcd_over(integer_associate(f, alpha), integer_associate(g, alpha), m, p)


def divides_over(f, h, alpha) -> bool:
    m = field_modulus(alpha)
    return trial_remainder(integer_associate(f, alpha), integer_associate(h, alpha), m) == {}
