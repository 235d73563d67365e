import pytest
from sympy import Rational, sin, sqrt, symbols
from sympy.polys.polyerrors import PolynomialError

from factorlab.radicals import factored_form, radical_report, rescaled_factors

x, y = symbols("x y")


def test_rescaled_square():
    assert rescaled_factors(x**2 - 2 * sqrt(2) * x + 2, x) == (Rational(1, 2), [(-sqrt(2) * x + 2, 2)])


def test_rescaled_product_of_linear_factors():
    assert rescaled_factors(x**2 + sqrt(3) * x - 6, x) == (6, [(-sqrt(3) * x / 6 - 1, 1), (-sqrt(3) * x / 3 + 1, 1)])


def test_rescaled_cubics():
    assert rescaled_factors(x**3 + sqrt(2) * x**2 - 2 * x - 2 * sqrt(2), x) == (
        2 * sqrt(2),
        [(sqrt(2) * x / 2 - 1, 1), (sqrt(2) * x / 2 + 1, 2)],
    )
    assert rescaled_factors(x**3 + 3 * sqrt(5) * x**2 + 15 * x + 5 * sqrt(5), x) == (
        5 * sqrt(5) / 27,
        [(3 * sqrt(5) * x / 5 + 3, 3)],
    )


def test_rescaled_irreducible():
    assert rescaled_factors(x**2 + 2 * sqrt(2) * x + 1, x) == (Rational(1, 8), [(8 * x**2 + 16 * sqrt(2) * x + 8, 1)])


def test_polynomials_without_a_rescaling():
    assert rescaled_factors(x**4 - 4, x) is None
    assert rescaled_factors(2 * x**2 - 4, x) is None


def test_rescaling_refuses_what_is_not_univariate():
    with pytest.raises(PolynomialError):
        rescaled_factors(x * y, x)
    with pytest.raises(PolynomialError):
        rescaled_factors(1 / x, x)
    with pytest.raises(TypeError):
        rescaled_factors(x**2, 2)


def test_factored_forms():
    assert factored_form((x**2 - 1) / (x + 1)) == x - 1
    assert factored_form(x**2 * y - y) == y * (x - 1) * (x + 1)
    assert factored_form(sin(x**2 - 1) + 1) == sin(x**2 - 1) + 1


def test_factored_form_with_generators():
    assert factored_form(x**2 * y - y, x) == y * (x - 1) * (x + 1)


def test_radical_report():
    assert radical_report(x**2 - 2 * sqrt(2) * x + 2, x) == {
        "rescaled": (Rational(1, 2), [(-sqrt(2) * x + 2, 2)]),
        "collected": (1, [(x**2 - 2 * sqrt(2) * x + 2, 1)]),
        "grouped": (1, [(x - sqrt(2), 2)]),
        "form": x**2 - 2 * sqrt(2) * x + 2,
    }


def test_radical_report_of_a_rational_polynomial():
    report = radical_report(x**2 - 1, x)
    assert report["rescaled"] is None
    assert report["collected"] == (1, [(x - 1, 1), (x + 1, 1)])
    assert report["form"] == (x - 1) * (x + 1)
