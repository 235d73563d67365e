import numpy as np
import pytest

from dist_numbers.curve import density_curve, step_quantiles, histogram_with_curve

DATA = [1, 2, 2, 3, 7]


def r(array):
    return list(np.round(array, 4))


def test_curve_extends_past_the_data():
    grid, density = density_curve(DATA, points=5)
    assert r(grid) == [-4.0993, -0.0496, 4.0, 8.0496, 12.0993]
    assert r(density) == [0.0007, 0.0936, 0.1062, 0.0395, 0.0005]


def test_cut_zero_stops_at_the_data_and_missing_values_are_dropped():
    grid, density = density_curve([1, 2, 2, None, 3, 7], points=5, cut=0)
    assert r(grid) == [1.0, 2.5, 4.0, 5.5, 7.0]
    assert r(density) == [0.1495, 0.1681, 0.1062, 0.0604, 0.0512]


def test_bandwidth_scales_the_default_rule():
    grid, density = density_curve(DATA, points=5, bandwidth=0.5)
    assert r(grid) == [-1.5496, 1.2252, 4.0, 6.7748, 9.5496]
    assert r(density) == [0.0011, 0.2252, 0.0591, 0.0906, 0.001]


def test_clip_bounds_the_grid():
    grid, density = density_curve(DATA, points=5, clip=(0, 5))
    assert r(grid) == [0.0, 1.25, 2.5, 3.75, 5.0]
    assert r(density) == [0.0964, 0.1594, 0.1681, 0.1181, 0.0697]


def test_weights_move_the_mass():
    grid, density = density_curve(DATA, points=5, weights=[1, 1, 1, 1, 5])
    assert r(grid) == [-4.0993, -0.0496, 4.0, 8.0496, 12.0993]
    assert r(density) == [0.0049, 0.0515, 0.0938, 0.0844, 0.0121]


def test_a_density_needs_two_distinct_values():
    with pytest.raises(ValueError):
        density_curve([2, 2])


def test_curve_over_counts_stays_within_the_bars_range():
    out = histogram_with_curve(DATA, bins=3, points=4)
    assert r(out["heights"]) == [3.0, 1.0, 1.0]
    assert r(out["edges"]) == [1.0, 3.0, 5.0, 7.0]
    assert r(out["grid"]) == [1.0, 3.0, 5.0, 7.0]
    assert r(out["curve"]) == [1.4949, 1.5234, 0.697, 0.5122]


def test_curve_follows_the_statistic():
    assert r(histogram_with_curve(DATA, bins=3, points=4, stat="percent")["curve"]) == [29.8977, 30.4681, 13.941, 10.2437]
    assert r(histogram_with_curve(DATA, bins=3, points=4, stat="density")["curve"]) == [0.1495, 0.1523, 0.0697, 0.0512]


def test_ecdf_quantiles_are_data_values():
    assert step_quantiles([3, 1, 2, 2], [0, 0.25, 0.5, 0.6, 1]) == [1.0, 1.0, 2.0, 2.0, 3.0]
    assert step_quantiles([5, None, 1], [0.5, 0.51]) == [1.0, 5.0]


def test_weighted_ecdf_quantiles_and_bad_shares():
    assert step_quantiles([3, 1, 2], [0.5], weights=[1, 2, 1]) == [1.0]
    with pytest.raises(ValueError):
        step_quantiles([1, 2], [1.5])
