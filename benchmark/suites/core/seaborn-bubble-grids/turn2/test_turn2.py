import warnings

import numpy as np
import pytest

from bubble_grid.counts import grid_counts, margin_counts

X = [1, 2, 2.5, 4, np.nan, 7, 6]
Y = [0.1, 0.5, 0.4, np.inf, 3, 0.9, 0.2]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def grid(actual, expected):
    assert isinstance(actual, np.ndarray)
    assert [v for row in actual.tolist() for v in row] == pytest.approx([v for row in expected for v in row])


def test_counts_and_edges():
    heights, xe, ye = grid_counts(X, Y, bins=2)
    grid(heights, [[2, 1], [1, 1]])
    assert xe.tolist() == [1.0, 4.0, 7.0]
    assert ye.tolist() == pytest.approx([0.1, 0.5, 0.9])


def test_normalised_cells():
    grid(grid_counts(X, Y, bins=2, stat="density")[0], [[1 / 3, 1 / 6], [1 / 6, 1 / 6]])
    grid(grid_counts(X, Y, bins=2, stat="frequency")[0], [[5 / 3, 5 / 6], [5 / 6, 5 / 6]])
    grid(grid_counts(X, Y, bins=2, stat="percent")[0], [[40, 20], [20, 20]])
    grid(grid_counts(X, Y, bins=(3, 2), stat="probability")[0], [[0.4, 0.2], [0, 0], [0.2, 0.2]])


def test_cumulative_cells_add_up_along_both_axes():
    grid(grid_counts(X, Y, bins=2, cumulative=True)[0], [[2, 3], [3, 5]])


def test_a_cumulative_density_ends_at_one():
    grid(grid_counts(X, Y, bins=2, stat="density", cumulative=True)[0], [[0.4, 0.6], [0.6, 1.0]])


def test_weighted_cells_drop_the_weight_of_a_dropped_pair():
    grid(grid_counts(X, Y, bins=2, weights=[1, 2, 3, 4, 5, 6, 0.5])[0], [[4, 2], [0.5, 6]])


def test_margins():
    heights, edges = margin_counts(X, Y, bins=3)
    assert heights.tolist() == [3.0, 0.0, 2.0] and edges.tolist() == [1.0, 3.0, 5.0, 7.0]
    heights, edges = margin_counts(X, Y, axis=1, bins=2, stat="density")
    assert heights.tolist() == pytest.approx([1.5, 1.0])


def test_margin_of_a_per_variable_setting():
    heights, edges = margin_counts(X, Y, bins=(3, 2), axis=1)
    assert heights.tolist() == [3.0, 2.0]
    assert edges.tolist() == pytest.approx([0.1, 0.5, 0.9])


def test_cumulative_frequency_margins_count_observations():
    heights, edges = margin_counts(X, Y, discrete=True, cumulative=True, stat="frequency")
    assert heights.tolist() == [1.0, 2.0, 3.0, 3.0, 3.0, 4.0, 5.0]
    assert edges.tolist() == [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]
    heights, _ = margin_counts(X, Y, binwidth=2, stat="frequency", cumulative=True)
    assert heights.tolist() == [3.0, 3.0, 5.0]


def test_unknown_stat():
    with pytest.raises(ValueError):
        grid_counts(X, Y, stat="mean")
    with pytest.raises(ValueError):
        margin_counts(X, Y, stat="mean")


def test_unknown_axis():
    with pytest.raises(ValueError):
        margin_counts(X, Y, axis=2)
