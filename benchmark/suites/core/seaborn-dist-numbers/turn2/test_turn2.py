import numpy as np
import pytest

from dist_numbers.bars import bar_heights, cumulative_steps


def rounded(pair):
    return [list(np.round(a, 6)) for a in pair]


def test_without_bins_the_classic_count_is_used():
    assert rounded(bar_heights([1, 2, 2, 3, 7])) == [[1, 2, 1, 0, 0, 1], [1, 2, 3, 4, 5, 6, 7]]


def test_counts_frequency_and_density():
    data = [1, 2, 2, 3, 7]
    assert rounded(bar_heights(data, bins=3)) == [[3, 1, 1], [1, 3, 5, 7]]
    assert rounded(bar_heights(data, bins=3, stat="frequency")) == [[1.5, 0.5, 0.5], [1, 3, 5, 7]]
    assert rounded(bar_heights(data, bins=3, stat="density")) == [[0.3, 0.1, 0.1], [1, 3, 5, 7]]


def test_cumulative_shares_end_at_their_total():
    data = [1, 2, 2, 3, 7]
    assert rounded(bar_heights(data, bins=3, stat="percent", cumulative=True))[0] == [60, 80, 100]
    assert rounded(bar_heights(data, bins=3, stat="density", cumulative=True))[0] == [0.6, 0.8, 1.0]


def test_cumulative_frequency_counts_observations():
    assert rounded(bar_heights([1, 2, 2, 3, 7], bins=3, stat="frequency", cumulative=True))[0] == [3, 4, 5]


def test_weights_and_missing_values():
    assert rounded(bar_heights([1, 2, None, 3], bins=2, weights=[1, 5, 100, 2], stat="proportion")) == [
        [0.125, 0.875], [1, 2, 3]]
    with pytest.raises(ValueError):
        bar_heights([1, 2], weights=[1])


def test_discrete_and_width():
    assert rounded(bar_heights([1, 1, 2, 4], discrete=True)) == [[2, 1, 0, 1], [0.5, 1.5, 2.5, 3.5, 4.5]]
    assert rounded(bar_heights([1, 1, 2, 4], width=2, stat="probability")) == [[0.75, 0.25], [1, 2.5, 4]]


def test_unknown_statistic():
    with pytest.raises(ValueError):
        bar_heights([1, 2], stat="mean")


def test_ecdf_starts_at_minus_infinity_and_keeps_ties():
    assert rounded(cumulative_steps([3, 1, 2, 2])) == [[-np.inf, 1, 2, 2, 3], [0, 0.25, 0.5, 0.75, 1]]
    assert rounded(cumulative_steps([3, 1, None], stat="percent")) == [[-np.inf, 1, 3], [0, 50, 100]]


def test_complementary_counts():
    assert rounded(cumulative_steps([3, 1, 2, 2], stat="count", complementary=True)) == [
        [-np.inf, 1, 2, 2, 3], [4, 3, 2, 1, 0]]


def test_weighted_ecdf_and_errors():
    assert rounded(cumulative_steps([3, 1, 2], weights=[1, 2, 1])) == [[-np.inf, 1, 2, 3], [0, 0.5, 0.75, 1]]
    with pytest.raises(ValueError):
        cumulative_steps([])
    with pytest.raises(ValueError):
        cumulative_steps([1], stat="density")
