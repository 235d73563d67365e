import numpy as np
import pandas as pd
import pytest

from trend_lines.inputs import bin_centres, fit_inputs


def same(actual, expected):
    assert isinstance(actual, np.ndarray)
    assert actual.tolist() == pytest.approx(expected)


def test_rows_with_a_missing_value_are_dropped():
    x, y, units = fit_inputs([1, 2, None, 4], [1.0, np.nan, 3, 4])
    same(x, [1.0, 4.0])
    same(y, [1.0, 4.0])
    assert units is None
    assert x.dtype == float and y.dtype == float


def test_columns_of_a_frame_and_units():
    df = pd.DataFrame({"a": [3, 1, 2, np.nan], "b": [1, 2, 3, 4], "u": ["p", "q", None, "p"]})
    x, y, units = fit_inputs("a", "b", data=df)
    same(x, [3.0, 1.0, 2.0])
    same(y, [1.0, 2.0, 3.0])
    x, y, units = fit_inputs("a", "b", data=df, units="u")
    same(x, [3.0, 1.0])
    assert units.tolist() == ["p", "q"]


def test_a_single_column_matrix_counts_as_one_dimensional():
    x, y, _ = fit_inputs(np.array([[1.0], [2.0], [3.0]]), [4, 5, 6])
    same(x, [1.0, 2.0, 3.0])
    same(y, [4.0, 5.0, 6.0])


def test_series_keep_their_order_not_their_index():
    x, y, _ = fit_inputs(pd.Series([5, 6, 7], index=[12, 10, 11]), np.array([1, 2, 3]))
    same(x, [5.0, 6.0, 7.0])
    same(y, [1.0, 2.0, 3.0])


def test_bad_inputs():
    with pytest.raises(ValueError):
        fit_inputs("a", [1, 2])
    with pytest.raises(ValueError):
        fit_inputs(np.ones((3, 2)), [1, 2, 3])
    with pytest.raises(ValueError):
        fit_inputs([1, 2, 3], [1, 2])


def test_a_number_of_bins():
    binned, centres = bin_centres([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3)
    same(centres, [3.25, 5.5, 7.75])
    same(binned, [3.25] * 4 + [5.5] * 2 + [7.75] * 4)


def test_one_bin_is_the_median():
    binned, centres = bin_centres([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1)
    same(centres, [5.5])
    same(binned, [5.5] * 10)


def test_given_centres_keep_their_order_and_ties_go_to_the_first_listed():
    binned, centres = bin_centres([0, 1, 2, 3, 4], [4, 0])
    same(centres, [4.0, 0.0])
    same(binned, [0.0, 0.0, 4.0, 4.0, 4.0])
    binned, _ = bin_centres([0, 1, 2, 3, 4], [0, 2, 4])
    same(binned, [0.0, 0.0, 2.0, 2.0, 4.0])


def test_repeated_values_can_give_equal_centres():
    binned, centres = bin_centres([1, 1, 1, 10], 2)
    same(centres, [1.0, 1.0])
    same(binned, [1.0, 1.0, 1.0, 1.0])
    binned, _ = bin_centres([0, 5], [0, 10])
    same(binned, [0.0, 0.0])


def test_bin_centres_refuses_bad_input():
    with pytest.raises(ValueError):
        bin_centres([], 2)
    with pytest.raises(ValueError):
        bin_centres([1.0, np.nan], 2)
    with pytest.raises(ValueError):
        bin_centres([1.0, 2.0], 0)
