import numpy as np
import pytest

from dist_numbers.bins import bar_edges, classic_bin_count


def edges(*args, **kwargs):
    return list(np.round(bar_edges(*args, **kwargs), 6))


def test_default_rule():
    assert edges([1, 2, 2, 3, 7]) == [1.0, 2.2, 3.4, 4.6, 5.8, 7.0]


def test_missing_and_infinite_values_are_left_out():
    assert edges([1, 2, None, 3, np.nan, 7], bins=3) == [1.0, 3.0, 5.0, 7.0]
    assert edges([1, 2, np.inf, 7], bins=3) == [1.0, 3.0, 5.0, 7.0]


def test_bin_width_that_divides_the_range():
    assert edges([0, 0.9], width=0.3) == [0.0, 0.3, 0.6, 0.9]
    assert edges([1, 9], width=2, limits=(0, 10)) == [0, 2, 4, 6, 8, 10]


def test_bin_width_is_adjusted_to_fill_the_range():
    assert edges([0, 1], width=0.3) == [0.0, 0.333333, 0.666667, 1.0]
    assert edges([1, 9], width=3, limits=(0, 10)) == [0.0, 3.333333, 6.666667, 10.0]
    assert edges([0, 1], width=0.4) == [0.0, 0.5, 1.0]


def test_bin_width_wider_than_the_data_is_refused():
    with pytest.raises(ValueError):
        bar_edges([5], width=1)


def test_a_single_repeated_value():
    assert edges([5, 5]) == [4.5, 5.5]
    assert edges([5, 5], bins=2) == [4.5, 5.0, 5.5]


def test_discrete_bars_are_centred_on_the_values():
    assert edges([1, 3], discrete=True) == [0.5, 1.5, 2.5, 3.5]
    assert edges([1.2, 3.7], discrete=True) == [0.7, 1.7, 2.7, 3.7, 4.7]
    assert edges([2, 4], discrete=True, limits=(0, 5)) == [-0.5, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5]


def test_limits_and_explicit_edges():
    assert edges([1, 9], bins=4, limits=(0, 10)) == [0.0, 2.5, 5.0, 7.5, 10.0]
    assert edges([1, 2, 3], bins=[0, 1, 5]) == [0, 1, 5]
    assert edges([], limits=(0, 1), width=0.5) == [0.0, 0.5, 1.0]
    with pytest.raises(ValueError):
        bar_edges([])


def test_classic_count_of_tiny_samples_and_no_middle_spread():
    assert classic_bin_count([1]) == 1
    assert classic_bin_count([]) == 1
    assert classic_bin_count([1, 2, 3, 4, 5, None]) == 2
    assert classic_bin_count([3, 3, 3, 3, 3, 3, 3, 3, 3, 4]) == 3


def test_classic_count_of_larger_samples():
    rng = np.random.default_rng(0)
    assert classic_bin_count(rng.normal(size=1000)) == 27
    assert classic_bin_count(np.arange(10.0)) == 3
    assert classic_bin_count(rng.normal(size=100000)) == 50
