import pytest

from modgcd.bivariate import bivariate_bounds, content_mod, slice_at, slice_report

# (y + 1) * (x**2 + 1) and (y + 1) * (x + 2)
F = {(2, 1): 1, (2, 0): 1, (0, 1): 1, (0, 0): 1}
G = {(1, 1): 1, (1, 0): 1, (0, 1): 2, (0, 0): 2}


def test_content_in_y():
    assert content_mod(F, 5) == ([1, 1], {(0, 0): 1, (2, 0): 1})
    assert content_mod(F, 2) == ([1, 1], {(0, 0): 1, (2, 0): 1})


def test_primitive_part_keeps_symmetric_residues():
    assert content_mod(G, 3) == ([1, 1], {(0, 0): -1, (1, 0): 1})
    assert content_mod({(1, 0): 3, (0, 1): 3}, 5) == ([1], {(0, 1): -2, (1, 0): -2})


def test_content_of_a_larger_polynomial():
    assert content_mod({(3, 2): 4, (1, 1): 2, (0, 3): 6}, 7) == ([1, 0], {(0, 2): -1, (1, 0): 2, (3, 1): -3})


def test_content_refuses_vanishing_and_bad_input():
    with pytest.raises(ValueError):
        content_mod({(1, 1): 5}, 5)
    with pytest.raises(TypeError):
        content_mod({(1,): 1}, 5)


def test_bounds_of_polynomials_with_a_common_content():
    assert bivariate_bounds(F, G) == (0, 1)


def test_bounds_from_the_first_useful_prime():
    assert bivariate_bounds({(1, 0): 1, (0, 1): 1}, {(1, 0): 1, (0, 1): -1}) == (1, 0)
    assert bivariate_bounds({(2, 0): 1, (0, 2): -1}, {(1, 0): 1, (0, 1): 1}) == (1, 0)
    assert bivariate_bounds({(1, 0): 2, (0, 0): 1}, {(1, 0): 2, (0, 0): 3}) == (0, 0)


def test_bounds_refuse_zero():
    with pytest.raises(ValueError):
        bivariate_bounds({}, F)


def test_slices():
    assert slice_at(F, 2) == [3, 0, 3]
    assert slice_at(G, -1) == []
    assert slice_at({(0, 2): 1}, 3) == [9]


def test_slice_report():
    assert slice_report(F, G, 1, 5) == {"image": [1, 2], "bound": 0, "bounds": (0, 1)}


def test_slice_report_of_vanishing_slices():
    assert slice_report(F, G, -1, 5) == {"image": [], "bound": None, "bounds": (0, 1)}
    assert slice_report({(1, 0): 1, (0, 1): 1}, {(1, 0): 1, (0, 1): -1}, 0, 3)["bound"] == 1
