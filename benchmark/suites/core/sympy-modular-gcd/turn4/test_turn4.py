import pytest

from modgcd.extension import gcd_over, linear_check, reduce_mod, trial_remainder

SQRT2 = [1, 0, -2]  # z**2 - 2
X2_MINUS_2 = {(2, 0): 1, (0, 0): -2}


def test_reducing_modulo_the_minimal_polynomial_and_p():
    assert reduce_mod({(0, 3): 1, (1, 2): 1}, SQRT2, 7) == {(0, 1): 2, (1, 0): 2}
    assert reduce_mod({(0, 2): 5, (0, 0): 3}, SQRT2, 7) == {(0, 0): -1}
    assert reduce_mod({(0, 4): 1}, [1, 0, 1], 5) == {(0, 0): 1}


def test_reducing_refuses_bad_minimal_polynomials():
    with pytest.raises(ValueError):
        reduce_mod({(1, 0): 1}, [2, 0, -2], 5)
    with pytest.raises(ValueError):
        reduce_mod({(1, 0): 1}, SQRT2, 9)


def test_gcds_over_the_extension():
    assert gcd_over(X2_MINUS_2, {(1, 0): 1, (0, 1): -1}, SQRT2, 7) == {(0, 1): -1, (1, 0): 1}
    assert gcd_over(X2_MINUS_2, {(2, 0): 1, (1, 1): 1}, SQRT2, 7) == {(0, 1): 1, (1, 0): 1}
    assert gcd_over(X2_MINUS_2, {(2, 0): 1, (1, 0): 3}, SQRT2, 7) == {(0, 0): 3, (1, 0): 1}


def test_coprime_polynomials_over_the_extension():
    assert gcd_over(X2_MINUS_2, {(1, 0): 2}, SQRT2, 5) == {(0, 0): 1}
    assert gcd_over({(1, 0): 1}, {(1, 1): 1, (0, 0): 1}, [1, 0, -1], 5) == {(0, 0): 1}


def test_gcd_when_a_leading_coefficient_is_not_invertible():
    assert gcd_over({(2, 0): 1}, {(1, 1): 1, (1, 0): -1, (0, 0): 1}, [1, 0, -1], 5) is None


def test_trial_division_that_divides():
    assert trial_remainder(X2_MINUS_2, {(1, 0): 1, (0, 1): -1}, SQRT2) == {}
    assert trial_remainder({(3, 0): 1}, {(1, 1): 1}, SQRT2) == {}
    assert trial_remainder({(2, 0): 1, (0, 0): 1}, {(1, 0): 1, (0, 1): -1}, [1, 0, 1], 3) == {}


def test_trial_division_remainders():
    assert trial_remainder(X2_MINUS_2, {(1, 0): 1, (0, 1): -2}, SQRT2) == {(0, 0): 6}
    assert trial_remainder(X2_MINUS_2, {(1, 0): 2, (0, 1): -1}, SQRT2) == {(0, 0): -6}
    assert trial_remainder({(2, 0): 3, (0, 1): 1}, {(1, 0): 2}, [1, 0, -3]) == {(0, 1): 2}


def test_trial_division_modulo_a_prime():
    assert trial_remainder(X2_MINUS_2, {(1, 0): 1, (0, 0): 1}, SQRT2, 5) == {(0, 0): -1}
    with pytest.raises(ZeroDivisionError):
        trial_remainder({(1, 0): 1}, {}, SQRT2)


def test_linear_extension_check():
    assert linear_check({(2, 0): 1, (0, 1): -1}, {(1, 0): 1, (0, 0): -2}, 4, 7) == {
        "over": {(0, 0): -2, (1, 0): 1},
        "slices": [1, -2],
        "content": ([1], {(0, 1): -1, (2, 0): 1}),
    }


def test_bad_polynomials():
    with pytest.raises(TypeError):
        gcd_over([1, 0], {(1, 0): 1}, SQRT2, 7)
