import pytest
from sympy import Rational, symbols

from rootindex.isolate import interval_table, isolating_intervals, prepared

x = symbols("x")
R = Rational


def test_intervals_of_two_factors():
    assert isolating_intervals([([1, 0, -2], 1), ([1, 0, -3], 2)]) == (
        [((R(-3, 2), -1), 1), ((-2, R(-3, 2)), 2)],
        [((1, R(3, 2)), 1), ((R(3, 2), 2), 2)],
    )


def test_zero_roots_are_left_out():
    assert isolating_intervals([([1, 0, -1, 0], 1)]) == ([((-1, -1), 1)], [((1, 1), 1)])
    assert isolating_intervals([([1, 0, 1], 1)]) == ([], [])


def test_narrow_intervals():
    assert isolating_intervals([([1, 0, -2], 1)], eps=R(1, 10)) == ([((R(-10, 7), R(-7, 5)), 1)], [((R(7, 5), R(10, 7)), 1)])


def test_strict_intervals():
    assert isolating_intervals([([1, 0, -2], 1), ([1, -1], 1)]) == ([((-2, -1), 1)], [((1, 2), 1), ((1, 1), 1)])
    assert isolating_intervals([([1, 0, -2], 1), ([1, -1], 1)], strict=True) == ([((-2, -1), 1)], [((R(4, 3), R(3, 2)), 1), ((1, 1), 1)])


def test_multiplicities_are_kept():
    assert isolating_intervals([([2, -3], 3)]) == ([], [((1, 2), 3)])


def test_bad_factors():
    with pytest.raises(TypeError):
        isolating_intervals([([1.5, 1], 1)])
    with pytest.raises(ValueError):
        isolating_intervals([([0, 1, 1], 1)])


def test_prepared_polynomials():
    assert prepared(4 * x**2 - 2, x) == (1, 2 * x**2 - 1)
    assert prepared(x**2 / 3 + 2 * x, x) == (6, x**2 + x)
    assert prepared(x**5 + 512 * x + 1024, x) == (4, x**5 + 2 * x + 1)


def test_prepared_refuses_constants():
    with pytest.raises(ValueError):
        prepared(7, x)
    with pytest.raises(TypeError):
        prepared(x, 3)


def test_interval_table_of_a_scaled_quintic():
    assert interval_table(x**5 + 512 * x + 1024, x) == {
        "scale": 4,
        "prepared": x**5 + 2 * x + 1,
        "negative": [((-1, 0), 1)],
        "positive": [],
    }


def test_interval_table_with_a_double_root():
    table = interval_table((4 * x**2 - 2) * (x - 3) ** 2, x)
    assert table["scale"] == 1
    assert table["negative"] == [((-1, 0), 1)]
    assert table["positive"] == [((0, 1), 1), ((3, 3), 2)]
