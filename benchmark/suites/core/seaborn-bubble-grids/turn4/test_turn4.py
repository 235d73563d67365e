import warnings

import matplotlib as mpl
import numpy as np
import pytest

from bubble_grid.sizes import bubble_sizes, cell_bubbles, size_of

X = [1, 2, 2.5, 4, np.nan, 7, 6]
Y = [0.1, 0.5, 0.4, np.inf, 3, 0.9, 0.2]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_numbers_are_sized_between_the_default_limits():
    assert bubble_sizes([3, 1, 2, 2]) == {1: 18.0, 2: 45.0, 3: 72.0}
    with mpl.rc_context({"lines.markersize": 4}):
        assert bubble_sizes([1, 2]) == {1: 8.0, 2: 32.0}


def test_size_limits_and_a_data_range():
    assert bubble_sizes([3, 1, 2], sizes=(10, 100)) == {1: 10.0, 2: 55.0, 3: 100.0}
    assert bubble_sizes([3, 1, 2], sizes=(10, 100), norm=(0, 4)) == {1: 32.5, 2: 55.0, 3: 77.5}


def test_groups_get_decreasing_sizes_in_their_order():
    assert bubble_sizes(["b", "a", "c"]) == {"b": 72.0, "a": 45.0, "c": 18.0}
    assert bubble_sizes(["b", "a", "c"], sizes=(10, 40), order=["c", "b", "a"]) == {"c": 40.0, "b": 25.0, "a": 10.0}


def test_zeros_and_ones_are_groups():
    assert bubble_sizes([0, 1, 1]) == {0: 72.0, 1: 18.0}


def test_listed_and_given_sizes():
    assert bubble_sizes([1, 2, 3], sizes=[5, 6, 7]) == {1: 5.0, 2: 6.0, 3: 7.0}
    assert bubble_sizes([1, 2], sizes={1: 30, 2: 10}) == {1: 30.0, 2: 10.0}


def test_sizes_of_values_not_in_the_data():
    assert size_of(2.5, [1, 2, 3]) == pytest.approx(58.5)
    assert size_of(10, [1, 2, 3]) == pytest.approx(72.0)
    assert size_of(2, [1, 2, 3], sizes=(0, 1)) == pytest.approx(0.5)
    assert size_of(0, [1, 2, 3], norm=(-1, 3)) == pytest.approx(31.5)


def test_sizes_of_groups():
    assert size_of("a", ["a", "b"]) == pytest.approx(72.0)
    with pytest.raises(KeyError):
        size_of("z", ["a", "b"])


def test_bubbles_of_the_grid():
    bubbles = cell_bubbles(X, Y, bins=2)
    assert [b[:3] for b in bubbles] == [(2.5, 0.3, 2.0), (5.5, 0.3, 1.0), (2.5, 0.7, 1.0), (5.5, 0.7, 1.0)]
    assert [b[4] for b in bubbles] == [72.0, 18.0, 18.0, 18.0]
    assert [b[3] for b in bubbles] == pytest.approx([0.0793671024, 0.0267974871, 0.1135050879, 0.0003352679])


def test_bubbles_skip_empty_cells():
    bubbles = cell_bubbles(X, Y, bins=(3, 2), sizes=(1, 5))
    assert [b[:3] for b in bubbles] == [(2.0, 0.3, 2.0), (6.0, 0.3, 1.0), (2.0, 0.7, 1.0), (6.0, 0.7, 1.0)]
    assert [b[4] for b in bubbles] == [5.0, 1.0, 1.0, 1.0]


def test_bad_sizes():
    with pytest.raises(ValueError):
        bubble_sizes([np.nan])
    with pytest.raises(ValueError):
        bubble_sizes([1, 2], sizes=(1, 2, 3))
    with pytest.raises(ValueError):
        bubble_sizes(["a", "b"], sizes={"a": 1})
