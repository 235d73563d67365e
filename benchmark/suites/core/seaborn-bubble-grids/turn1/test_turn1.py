import warnings

import numpy as np
import pytest

from bubble_grid.bins import edges_1d, edges_2d, clean_pairs

X = [1, 2, 2.5, 4, np.nan, 7]
Y = [0.1, 0.5, 0.4, np.inf, 3, 0.9]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def same(actual, expected):
    assert isinstance(actual, np.ndarray)
    assert actual.tolist() == pytest.approx(expected)


def test_pairs_with_a_missing_or_infinite_value_are_dropped():
    x, y, w = clean_pairs(X, Y)
    same(x, [1.0, 2.0, 2.5, 7.0])
    same(y, [0.1, 0.5, 0.4, 0.9])
    assert w is None
    x, y, w = clean_pairs(X, Y, weights=[1, 2, 3, 4, 5, np.nan])
    same(w, [1.0, 2.0, 3.0])
    with pytest.raises(ValueError):
        clean_pairs([1, 2], [1])


def test_edges_of_one_variable():
    same(edges_1d(X), [1.0, 2.5, 4.0, 5.5, 7.0])
    same(edges_1d(X, bins=3, binrange=(0, 9)), [0.0, 3.0, 6.0, 9.0])


def test_a_bin_width_starts_at_the_smallest_value_and_may_overshoot():
    same(edges_1d(X, binwidth=2), [1.0, 3.0, 5.0, 7.0])
    same(edges_1d(X, binwidth=2.5), [1.0, 3.5, 6.0, 8.5])
    same(edges_1d(X, binwidth=10), [1.0, 11.0])


def test_discrete_bins_are_centred_on_integers():
    same(edges_1d([1, 2, 5], discrete=True), [0.5, 1.5, 2.5, 3.5, 4.5, 5.5])


def test_two_variables_with_a_rule():
    xe, ye = edges_2d(X, Y)
    same(xe, [1.0, 3.0, 5.0, 7.0])
    same(ye, [0.1, 0.3666666667, 0.6333333333, 0.9])


def test_a_pair_gives_each_variable_its_own_setting():
    xe, ye = edges_2d(X, Y, bins=(2, 3))
    same(xe, [1.0, 4.0, 7.0])
    same(ye, [0.1, 0.3666666667, 0.6333333333, 0.9])
    xe, ye = edges_2d(X, Y, binwidth=(2, 0.25))
    same(ye, [0.1, 0.35, 0.6, 0.85, 1.1])


def test_ranges_and_discreteness_per_variable():
    xe, ye = edges_2d(X, Y, binrange=((0, 8), (0, 1)), bins=4)
    same(xe, [0.0, 2.0, 4.0, 6.0, 8.0])
    same(ye, [0.0, 0.25, 0.5, 0.75, 1.0])
    xe, ye = edges_2d([1, 2, 3], [1, 1, 2], discrete=(True, False), bins=2)
    same(xe, [0.5, 1.5, 2.5, 3.5])
    same(ye, [1.0, 1.5, 2.0])


def test_a_list_of_edges_is_shared_unless_it_has_two_entries():
    xe, ye = edges_2d(X, Y, bins=[0, 5, 10])
    same(xe, [0.0, 5.0, 10.0])
    same(ye, [0.0, 5.0, 10.0])
    xe, ye = edges_2d(X, Y, bins=[2, 3])
    same(xe, [1.0, 4.0, 7.0])
    assert len(ye) == 4


def test_a_rule_for_one_variable_and_edges_for_the_other():
    xe, ye = edges_2d(X, Y, bins=["sqrt", [0, 0.5, 1]])
    same(xe, [1.0, 4.0, 7.0])
    same(ye, [0.0, 0.5, 1.0])


def test_nothing_to_bin():
    with pytest.raises(ValueError):
        edges_1d([np.nan])
    with pytest.raises(ValueError):
        edges_2d([np.nan], [1.0])
