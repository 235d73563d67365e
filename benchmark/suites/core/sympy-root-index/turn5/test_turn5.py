import pytest
from sympy import Rational, symbols

from rootindex.refine import bisected, box_history, first_boxes, separated_boxes

x = symbols("x")
R = Rational
P = (x**2 + 1) * (x**3 - 2)


def test_first_boxes():
    assert first_boxes(P, x) == [
        (x**2 + 1, ((0, 2), (-2, 0)), 1),
        (x**2 + 1, ((0, 2), (0, 2)), 1),
        (x**3 - 2, ((-4, 0), (-4, 0)), 1),
        (x**3 - 2, ((-4, 0), (0, 4)), 1),
    ]


def test_first_boxes_of_a_quadratic():
    assert first_boxes(x**2 + x + 1, x) == [(x**2 + x + 1, ((-2, 0), (-2, 0)), 1), (x**2 + x + 1, ((-2, 0), (0, 2)), 1)]


def test_no_boxes_without_non_real_roots():
    assert first_boxes(x**2 - 2, x) == []
    assert separated_boxes(x**2 - 2, x) == []


def test_separated_boxes():
    assert separated_boxes(P, x) == [
        (x**2 + 1, ((0, R(1, 4)), (-1, R(-7, 8))), 1),
        (x**2 + 1, ((0, R(1, 4)), (R(7, 8), 1)), 1),
        (x**3 - 2, ((-1, R(-1, 2)), (R(-3, 2), -1)), 1),
        (x**3 - 2, ((-1, R(-1, 2)), (1, R(3, 2))), 1),
    ]


def test_separated_boxes_of_a_quadratic():
    assert separated_boxes(x**2 + x + 1, x) == [
        (x**2 + x + 1, ((R(-1, 2), R(-1, 4)), (-1, R(-3, 4))), 1),
        (x**2 + x + 1, ((R(-1, 2), R(-1, 4)), (R(3, 4), 1)), 1),
    ]


def test_one_bisection_step():
    assert bisected(P, x, 0) == ((0, 2), (-1, 0))
    assert bisected(P, x, 2) == ((-4, 0), (-2, 0))
    assert bisected(x**2 + x + 1, x, 1) == ((-2, 0), (0, 1))


def test_bisection_of_a_missing_box():
    with pytest.raises(IndexError):
        bisected(x**2 - 2, x, 0)


def test_box_history_of_a_quartic():
    history = box_history(x**4 + 1, x)
    assert history["first"] == [
        (x**4 + 1, ((-2, 0), (-2, 0)), 1),
        (x**4 + 1, ((-2, 0), (0, 2)), 1),
        (x**4 + 1, ((0, 2), (-2, 0)), 1),
        (x**4 + 1, ((0, 2), (0, 2)), 1),
    ]
    assert history["separated"] == history["final"]
    assert history["keys"] == [(x**4 + 1, 0), (x**4 + 1, 1), (x**4 + 1, 2), (x**4 + 1, 3)]


def test_box_history_of_a_scaled_quintic():
    history = box_history(x**5 + 512 * x + 1024, x)
    assert history["keys"][0] == (x**5 + 2 * x + 1, 0)
    assert len(history["first"]) == len(history["final"]) == 4


def test_box_history_of_real_roots_only():
    assert box_history(x**2 - 4, x) == {"first": [], "separated": [], "final": [], "keys": [(x + 1, 0), (x - 1, 0)]}
