import pytest
from sympy import Rational, exp, sqrt, symbols

from factorlab.raw import collected_factors, factor_table, grouped_by_multiplicity, multiplicities

x, y = symbols("x y")


def test_factors_in_collection_order():
    assert collected_factors(-2 * (x - y) * (x**2 - 4)) == (-2, [(x - 2, 1), (x + 2, 1), (x - y, 1)])
    assert collected_factors(x**4 - 1) == (1, [(x - 1, 1), (x + 1, 1), (x**2 + 1, 1)])


def test_powers_and_non_polynomial_factors():
    assert collected_factors((x * y + x) ** 2 * exp(x)) == (1, [(y + 1, 2), (x, 2), (exp(x), 1)])
    assert collected_factors(2**x * (x + 1)) == (1, [(2, x), (x + 1, 1)])


def test_fractional_and_negative_exponents():
    assert collected_factors(6 * (x**2 - 1) * (y + 2) ** 2 * sqrt(x + 1)) == (
        6,
        [(x + 1, Rational(1, 2)), (y + 2, 2), (x - 1, 1), (x + 1, 1)],
    )
    assert collected_factors((x + 1) ** Rational(3, 2) * (x - 1) ** -2) == (1, [(x + 1, Rational(3, 2)), (x - 1, -2)])


def test_constants_and_generators():
    assert collected_factors(3) == (3, [])
    assert collected_factors(x**2 * y - y, x) == (y, [(x - 1, 1), (x + 1, 1)])


def test_grouping_by_multiplicity():
    assert grouped_by_multiplicity((x**2 - 1) ** 3 * (x - 1) * (x + 3) ** 2) == (1, [(x - 1, 1), (x + 3, 2), (x**2 - 1, 3)])


def test_grouping_products_of_the_same_multiplicity():
    assert grouped_by_multiplicity(x**3 * (x + 1) ** 3 * (y - 1)) == (1, [(y - 1, 1), (x**2 + x, 3)])
    assert grouped_by_multiplicity(5) == (5, [])


def test_factor_tables():
    assert factor_table((x**2 - 1) / (x + 2) ** 2) == {"coeff": 1, "numerator": [(x - 1, 1), (x + 1, 1)], "denominator": [(x + 2, 2)]}
    assert factor_table(x / (4 * x**2 - 4)) == {"coeff": Rational(1, 4), "numerator": [(x, 1)], "denominator": [(x - 1, 1), (x + 1, 1)]}


def test_factor_table_of_a_polynomial():
    assert factor_table(2 * x**2 + 4 * x + 2) == {"coeff": 2, "numerator": [(x + 1, 2)], "denominator": []}


def test_multiplicities():
    assert multiplicities((x**2 - 1) * (x - 1) ** 2 * (x + 1)) == {x - 1: 3, x + 1: 2}
    assert multiplicities(sqrt(x + 1) * (x + 1)) == {x + 1: Rational(3, 2)}


def test_non_commutative_expressions_are_refused():
    A, B = symbols("A B", commutative=False)
    with pytest.raises(ValueError):
        collected_factors(A * B + B * A)
