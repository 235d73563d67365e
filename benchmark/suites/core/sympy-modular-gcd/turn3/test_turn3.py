import pytest

from modgcd.reconstruct import gcd_by_slices, interpolate, rational_from_residue, rebuild

# (y + 1) * (x**2 + 1) and (y + 1) * (x + 2)
F = {(2, 1): 1, (2, 0): 1, (0, 1): 1, (0, 0): 1}
G = {(1, 1): 1, (1, 0): 1, (0, 1): 2, (0, 0): 2}


def test_interpolating_linear_images():
    assert interpolate([0, 1], [[1, 0], [1, 1]], 5) == {(0, 1): 1, (1, 0): 1}
    assert interpolate([0, 1], [[], [2]], 11) == {(0, 1): 2}


def test_interpolating_with_residues_modulo_p():
    assert interpolate([0, 1, 2], [[1], [2], [5]], 7) == {(0, 0): 1, (0, 2): 1}
    assert interpolate([3], [[4, 9]], 5) == {(0, 0): -1, (1, 0): -1}


def test_interpolation_refuses_bad_points():
    with pytest.raises(ValueError):
        interpolate([0, 5], [[1], [2]], 5)
    with pytest.raises(ValueError):
        interpolate([0, 1], [[1]], 5)
    with pytest.raises(ValueError):
        interpolate([0, 1], [[1], [2]], 4)


def test_fractions_from_residues():
    assert rational_from_residue([-1, 1, -1, 1], [1, 0, 0, 0, 0], 7) == ([1], [1, 1])
    assert rational_from_residue([1, 2, 3, 4], [1, 0, 0, 0, 0], 11) == ([-1, -2, 3], [1, -2])


def test_residues_that_are_polynomials():
    assert rational_from_residue([2, 0, 1], [1, 0, 0, 0, 0], 5) == ([2, 0, 1], [1])
    assert rational_from_residue([3, 1], [1, 0, 0], 5) == ([-2, 1], [1])
    assert rational_from_residue([], [1, 0, 0], 5) == ([], [1])


def test_residues_without_a_fraction():
    assert rational_from_residue([1, 0, 0, 0], [1, 0, 0, 0, 0], 7) is None
    assert rational_from_residue([1, 0, 0], [1, 0, 0, 0], 5) is None
    with pytest.raises(ValueError):
        rational_from_residue([1], [5], 5)


def test_rebuilding_from_slices():
    assert rebuild(F, [0, 1], 5) == {(0, 0): 1, (0, 1): 1, (2, 0): 1, (2, 1): 1}
    assert rebuild({(1, 2): 3, (0, 0): -4}, [1, 2, 3], 7) == {(0, 0): 3, (1, 2): 3}


def test_rebuilding_from_too_few_slices():
    assert rebuild({(1, 2): 1}, [1, 2], 7) == {(1, 0): -2, (1, 1): 3}


def test_gcd_by_slices_loses_the_content():
    assert gcd_by_slices(F, G, [0, 1], 5) == {(0, 0): 2, (1, 0): 1}


def test_gcd_by_slices():
    x_plus_y = {(1, 0): 1, (0, 1): 1}
    squares = {(2, 0): 1, (0, 2): -1}
    assert gcd_by_slices(x_plus_y, squares, [0, 1, 2], 7) == {(0, 1): 1, (1, 0): 1}
    assert gcd_by_slices(x_plus_y, squares, [1, 2], 7) == {(0, 1): 1, (1, 0): 1}
