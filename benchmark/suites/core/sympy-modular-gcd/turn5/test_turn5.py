import pytest
from sympy import I, Rational, Symbol, sqrt

from modgcd.algebraic import associate_gcd, divides_over, field_modulus, integer_associate, leading_in_x

x = Symbol("x")


def test_associates_clear_denominators():
    assert integer_associate(x**2 - sqrt(2) * x / 3 + Rational(1, 2), sqrt(2)) == {(0, 0): 3, (1, 1): -2, (2, 0): 6}
    assert integer_associate(x**3 - 2 ** Rational(1, 3) * x / 2, 2 ** Rational(1, 3)) == {(1, 1): -1, (3, 0): 2}


def test_associates_of_rational_polynomials():
    assert integer_associate(x**2 + 1, I) == {(0, 0): 1, (2, 0): 1}
    assert integer_associate("x**2 - 2", "sqrt(2)") == {(0, 0): -2, (2, 0): 1}
    assert integer_associate(0, sqrt(2)) == {}


def test_associates_over_a_primitive_element():
    assert integer_associate(x - sqrt(2), sqrt(2) + sqrt(3)) == {(0, 1): 9, (0, 3): -1, (1, 0): 2}
    assert integer_associate(x - sqrt(3), sqrt(2) + sqrt(3)) == {(0, 1): -11, (0, 3): 1, (1, 0): 2}
    assert integer_associate(x - sqrt(2), sqrt(2) / 2) == {(0, 1): -2, (1, 0): 1}


def test_associates_refuse_what_is_not_a_polynomial_over_the_field():
    with pytest.raises(ValueError):
        integer_associate(1 / x, sqrt(2))
    with pytest.raises(ValueError):
        integer_associate(x - sqrt(3), sqrt(2))


def test_field_moduli():
    assert field_modulus(sqrt(2)) == [1, 0, -2]
    assert field_modulus(sqrt(2) + sqrt(3)) == [1, 0, -10, 0, 1]
    assert field_modulus(sqrt(2) / 2) == [2, 0, -1]


def test_leading_coefficients_in_x():
    assert leading_in_x({(2, 1): 3, (2, 0): 1, (1, 3): 5}) == [3, 1]
    assert leading_in_x({(0, 2): 1}) == [1, 0, 0]
    assert leading_in_x({}) == []


def test_gcds_of_associates():
    assert associate_gcd(x**2 - 2, x - sqrt(2), sqrt(2), 7) == {(0, 1): -1, (1, 0): 1}
    assert associate_gcd(x**2 + 1, x**2 + 2 * I * x - 1, I, 13) == {(0, 1): 1, (1, 0): 1}


def test_gcds_over_a_primitive_element():
    assert associate_gcd(x**2 - 3, x - sqrt(3), sqrt(2) + sqrt(3), 11) == {(0, 3): -5, (1, 0): 1}
    with pytest.raises(ValueError):
        associate_gcd(x - 1, x, sqrt(2) / 2, 7)


def test_divisibility_over_the_field():
    assert divides_over(x**2 - 2, x - sqrt(2), sqrt(2)) is True
    assert divides_over(x**2 - 2, x - 1, sqrt(2)) is False
    assert divides_over(x**2 + 1, x - I, I) is True


def test_divisibility_over_a_primitive_element():
    assert divides_over(x**2 - 3, x - sqrt(3), sqrt(2) + sqrt(3)) is True
    assert divides_over(x**2 - 2, x - sqrt(3), sqrt(2) + sqrt(3)) is False
