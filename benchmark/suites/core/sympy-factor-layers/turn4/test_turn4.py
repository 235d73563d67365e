import pytest
from sympy import I, Rational, exp, sqrt, symbols
from sympy.polys.polyerrors import PolynomialError

from factorlab.roots import easy_roots, factor_roots, imaginary_count, rescaled_roots

x, y = symbols("x y")


def test_easy_roots_of_linear_and_quadratic_polynomials():
    assert easy_roots(2 * x - 3, x) == [Rational(3, 2)]
    assert easy_roots(x**2 - 3 * x + 2, x) == [1, 2]
    assert easy_roots(x**2 + x + 1, x) == [-Rational(1, 2) - sqrt(3) * I / 2, -Rational(1, 2) + sqrt(3) * I / 2]


def test_easy_roots_without_radicals():
    assert easy_roots(2 * x - 3, x, radicals=False) == [Rational(3, 2)]
    assert easy_roots(x**2 - 3 * x + 2, x, radicals=False) is None


def test_easy_roots_of_two_term_polynomials():
    assert easy_roots(x**4 + 16, x) == [-sqrt(2) - sqrt(2) * I, -sqrt(2) + sqrt(2) * I, sqrt(2) - sqrt(2) * I, sqrt(2) + sqrt(2) * I]
    assert easy_roots(x**3 - x, x) is None


def test_easy_roots_refuse_constants_and_non_symbols():
    with pytest.raises(PolynomialError):
        easy_roots(5, x)
    with pytest.raises(TypeError):
        easy_roots(x, 2)


def test_imaginary_counts():
    assert imaginary_count(x**2 + 1, x) == 2
    assert imaginary_count(x**4 + 5 * x**2 + 4, x) == 4
    assert imaginary_count(x**2 - 1, x) == 0


def test_imaginary_counts_of_other_polynomials():
    assert imaginary_count(x**3 + x, x) == 0
    assert imaginary_count(x**2 / 2 + 2, x) == 2
    assert imaginary_count(x**4 - 1, x) == 2


def test_factor_roots():
    assert factor_roots(3 * (x**2 - 3 * x + 2) * (x**3 - x - 1) * exp(x), x) == [
        (x**3 - x - 1, 1, None),
        (x - 2, 1, [2]),
        (x - 1, 1, [1]),
    ]


def test_factor_roots_with_other_symbols():
    assert factor_roots((x**2 + 1) * (2 * x + 1) ** 2 * y, x) == [(2 * x + 1, 2, [-Rational(1, 2)]), (x**2 + 1, 1, [-I, I])]


def test_rescaled_roots():
    assert rescaled_roots(x**2 - 2 * sqrt(2) * x + 2, x) == [[sqrt(2)]]
    assert rescaled_roots(x**2 + sqrt(3) * x - 6, x) == [[-2 * sqrt(3)], [sqrt(3)]]


def test_rescaled_roots_without_a_rescaling():
    assert rescaled_roots(x**2 - 1, x) is None
