import pytest

from polykit.scaling import cyclotomic_order, root_scale, scaled_split, totient_window


def test_scaling_a_quintic():
    assert root_scale([1, 0, 0, 0, 512, 1024]) == (4, [1, 0, 0, 0, 2, 1])


def test_scaling_quadratics_and_cubics():
    assert root_scale([1, 4, 16]) == (4, [1, 1, 1])
    assert root_scale([1, 6, 36]) == (6, [1, 1, 1])
    assert root_scale([1, 2, 4, 8]) == (2, [1, 1, 1, 1])
    assert root_scale([2, 8, 32]) == (4, [2, 2, 2])


def test_two_term_polynomials():
    assert root_scale([1, 0, 4]) == (2, [1, 0, 1])
    assert root_scale([1, 0, -64]) == (8, [1, 0, -1])
    assert root_scale([1, 0, 0, 16]) is None
    assert root_scale([3, 0, 0, 24]) is None


def test_polynomials_that_do_not_scale():
    assert root_scale([4, 2, 1]) is None
    assert root_scale([1, 0, 0, 0, 0]) is None
    assert root_scale([5]) is None
    assert root_scale([]) is None
    with pytest.raises(TypeError):
        root_scale("x + 1")


def test_totient_windows():
    assert totient_window(1) == (1, 2)
    assert totient_window(4) == (4, 12)
    assert totient_window(8) == (8, 30)
    assert totient_window(12) == (12, 45)


def test_totient_windows_of_larger_degrees():
    assert totient_window(192) == (192, 840)
    assert totient_window(400) == (400, 1750)
    with pytest.raises(ValueError):
        totient_window(0)
    with pytest.raises(TypeError):
        totient_window(True)


def test_cyclotomic_orders():
    assert cyclotomic_order([1, -1]) == 1
    assert cyclotomic_order([1, 1]) == 2
    assert cyclotomic_order([1, 1, 1]) == 3
    assert cyclotomic_order([1, -1, 1]) == 6
    assert cyclotomic_order([1, 0, -1, 0, 1]) == 12
    assert cyclotomic_order([1, 1, 0, -1, -1, -1, 0, 1, 1]) == 30


def test_polynomials_that_are_not_cyclotomic():
    assert cyclotomic_order([1, 2, 1]) is None
    assert cyclotomic_order([2, 2]) is None
    assert cyclotomic_order([7]) is None


def test_scaled_splits():
    assert scaled_split([1, 0, 8, 0, 64]) == (2, [1, 2, 4], [1, 0, 0])
    assert scaled_split([1, 0, 0, 0, 1]) == (1, [1, 0, 1], [1, 0, 0])


def test_scaled_splits_that_fail():
    assert scaled_split([1, 2, 3]) is None
    assert scaled_split([1, 4, 16]) is None
