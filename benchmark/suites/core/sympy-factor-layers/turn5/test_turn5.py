import pytest
from sympy import Rational, sqrt, symbols
from sympy.polys.polyerrors import PolynomialError

from factorlab.readings import factored_terms, fractional_terms, readings, unexpanded_terms

x, y = symbols("x y")
half, three_halves = Rational(1, 2), Rational(3, 2)


def test_fractional_exponents_are_kept():
    assert fractional_terms([sqrt(x) + x, x**three_halves * y]) == ((x, y), [{(1, 0): 1, (half, 0): 1}, {(three_halves, 1): 1}])


def test_negative_and_fractional_exponents():
    assert fractional_terms([1 / x + x]) == ((x,), [{(1,): 1, (-1,): 1}])
    assert fractional_terms([y ** Rational(2, 3) / x]) == ((x, y), [{(-1, Rational(2, 3)): 1}])


def test_numbers_under_roots():
    assert fractional_terms([sqrt(2) * x]) == ((x, 2), [{(1, half): 1}])
    with pytest.raises(ValueError):
        fractional_terms([])


def test_unexpanded_terms():
    assert unexpanded_terms((x + 1) ** 2 * y) == ((y, x + 1), {(1, 2): 1})
    assert unexpanded_terms(x * (x + 1)) == ((x, x + 1), {(1, 1): 1})


def test_unexpanded_terms_of_sums():
    assert unexpanded_terms(3 * (x - 1) ** 2 + 2 * (x - 1)) == ((x, x - 1), {(0, 0): -2, (1, 0): 2, (0, 2): 3})


def test_unexpanded_terms_with_generators():
    assert unexpanded_terms(x**2 * y + y, x) == ((x,), {(0,): y, (2,): y})
    with pytest.raises(PolynomialError):
        unexpanded_terms((x + 1) ** 2 * (y - 1), x)


def test_readings_of_a_product_with_a_root():
    assert readings(sqrt(x) * (x + 1)) == {
        "expanded": ((sqrt(x),), {(3,): 1, (1,): 1}),
        "unexpanded": ((sqrt(x), x + 1), {(1, 1): 1}),
        "fractional": ((x, x + 1), {(half, 1): 1}),
    }


def test_readings_of_a_square():
    assert readings((x + y) ** 2) == {
        "expanded": ((x, y), {(2, 0): 1, (1, 1): 2, (0, 2): 1}),
        "unexpanded": ((x + y,), {(2,): 1}),
        "fractional": ((x + y,), {(2,): 1}),
    }


def test_factored_terms():
    assert factored_terms(x**2 * y - y) == ((y, x + 1, x - 1), {(1, 1, 1): 1})
    assert factored_terms(x**3 - x**2) == ((x, x - 1), {(2, 1): 1})


def test_factored_terms_keep_the_coefficient():
    assert factored_terms(2 * x**2 + 4 * x + 2) == ((x + 1,), {(2,): 2})
