import pytest

from polykit.gcd import chebyshev_gcd, gcd_with_cofactors, read_back, shared_factors


def test_reading_back_small_values():
    assert read_back(12, 10) == [1, 2]
    assert read_back(5, 10) == [5]
    assert read_back(0, 7) == []


def test_reading_back_uses_balanced_digits():
    assert read_back(17, 10) == [2, -3]
    assert read_back(15, 10) == [1, 5]
    assert read_back(999, 10) == [1, 0, 0, -1]
    assert read_back(6, 4) == [1, 2]
    assert read_back(10, 3) == [1, 0, 1]


def test_reading_back_negative_values():
    assert read_back(-38, 10) == [4, -2]
    assert read_back(-5, 10) == [1, -5]


def test_reading_back_a_large_value():
    assert read_back(1030201, 100) == [1, 3, 2, 1]
    with pytest.raises(ValueError):
        read_back(10, 1)


def test_gcd_with_zero_polynomials():
    assert gcd_with_cofactors([], []) == ([], [], [])
    assert gcd_with_cofactors([], [-2, 0]) == ([2, 0], [], [-1])
    assert gcd_with_cofactors([3, 1], []) == ([3, 1], [1], [])
    assert gcd_with_cofactors([0, 0], [0]) == ([], [], [])


def test_gcd_with_cofactors():
    assert gcd_with_cofactors([2, 4], [6, 0, -6]) == ([2], [1, 2], [3, 0, -3])
    assert gcd_with_cofactors([-1, 0, 1], [1, 1]) == ([1, 1], [-1, 1], [1])
    assert gcd_with_cofactors([1], [5, 5]) == ([1], [1], [5, 5])
    with pytest.raises(TypeError):
        gcd_with_cofactors([1, 0.5], [1])


def test_chebyshev_gcds():
    assert chebyshev_gcd(2, 6) == ([2, 0, -1], [1], [16, 0, -16, 0, 1])
    assert chebyshev_gcd(4, 2) == ([1], [8, 0, -8, 0, 1], [2, 0, -1])


def test_chebyshev_gcds_with_order_zero():
    assert chebyshev_gcd(0, 5) == ([1], [1], [16, 0, -20, 0, 5, 0])


def test_shared_factors():
    assert shared_factors(12, 18) == [(1, [1, -1]), (2, [1, 1]), (3, [1, 1, 1]), (6, [1, -1, 1])]
    assert shared_factors(8, 4) == [(1, [1, -1]), (2, [1, 1]), (4, [1, 0, 1])]


def test_shared_factors_of_coprime_orders():
    assert shared_factors(5, 7) == [(1, [1, -1])]
    assert shared_factors(1, 9) == [(1, [1, -1])]
