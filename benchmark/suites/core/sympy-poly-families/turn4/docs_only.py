"""Written from the sympy documentation only (Poly, totient, cyclotomic_poly).

Scaling an integer polynomial's variable to shrink its coefficients, and cyclotomic orders."""

from sympy import Poly, Symbol, integer_nthroot, totient

from polykit.compose import split_once
from polykit.families import cyclotomic_factors

x = Symbol("x")


def _read(f) -> Poly:
    if not isinstance(f, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool) for c in f):
        raise TypeError("f must be a list of ints")
    return Poly(list(f) or [0], x)


def root_scale(f: list):
    poly = _read(f)
    n = poly.degree()
    if n < 1:
        return None
    terms = [(k, int(c)) for (k,), c in poly.terms() if k < n]
    if not terms:
        return None
    bound = min(integer_nthroot(abs(c), n - k)[0] for k, c in terms)
    for d in range(bound, 1, -1):
        if all(c % d ** (n - k) == 0 for k, c in terms):
            q = poly.termwise(lambda m, c: c // d ** (n - m[0]))
            return d, [int(c) for c in q.all_coeffs()]
    return None


def totient_window(m: int) -> tuple:
    if isinstance(m, bool) or not isinstance(m, int):
        raise TypeError("m must be an int")
    if m < 1:
        raise ValueError("m must be positive")
    orders = [n for n in range(1, 6 * m + 7) if totient(n) == m]
    return min(orders), max(orders)


def cyclotomic_order(f: list):
    poly = _read(f)
    if poly.degree() < 1:
        return None
    target = [int(c) for c in poly.all_coeffs()]
    low, high = totient_window(poly.degree())
    for n in range(low, high + 1):
        if totient(n) == poly.degree() and cyclotomic_factors(n)[-1] == target:
            return n
    return None


def scaled_split(f: list):
    scaled = root_scale(f)
    d, q = scaled if scaled is not None else (1, [int(c) for c in _read(f).all_coeffs()])
    split = split_once(q)
    return None if split is None else (d, split[0], split[1])
