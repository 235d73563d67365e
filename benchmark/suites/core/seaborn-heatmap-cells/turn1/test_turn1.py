import warnings

import numpy as np
import pandas as pd
import pytest

from heat_cells.cells import blank_cells, color_limits

DF = pd.DataFrame([[1.0, 2.0, np.nan], [4.0, 50.0, 6.0]], index=["r1", "r2"], columns=["a", "b", "c"])


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def grid(frame):
    assert isinstance(frame, pd.DataFrame)
    return frame.to_numpy().tolist()


def test_missing_values_are_blank():
    blank = blank_cells(DF)
    assert list(blank.index) == ["r1", "r2"] and list(blank.columns) == ["a", "b", "c"]
    assert grid(blank) == [[False, False, True], [False, False, False]]


def test_an_array_mask_adds_to_the_missing_values():
    blank = blank_cells(DF, mask=np.array([[True, False, False], [False, False, False]]))
    assert grid(blank) == [[True, False, True], [False, False, False]]
    with pytest.raises(ValueError):
        blank_cells(DF, mask=np.zeros((3, 2), bool))


def test_a_frame_mask_must_have_the_rows_of_the_data_in_their_order():
    reordered = pd.DataFrame([[False, False, False], [True, False, False]], index=["r2", "r1"], columns=["a", "b", "c"])
    with pytest.raises(ValueError):
        blank_cells(DF, mask=reordered)
    same = pd.DataFrame([[False, True, False], [False, False, True]], index=["r1", "r2"], columns=["a", "b", "c"])
    assert grid(blank_cells(DF, mask=same)) == [[False, True, True], [False, False, True]]


def test_nested_lists_are_a_matrix():
    blank = blank_cells([[1, 2], [3, None]])
    assert list(blank.index) == [0, 1]
    assert grid(blank) == [[False, False], [False, True]]


def test_limits_are_the_extremes_of_the_shown_values():
    assert color_limits(DF) == pytest.approx((1.0, 50.0))
    assert color_limits(DF, mask=DF > 10) == pytest.approx((1.0, 6.0))


def test_robust_limits_cut_off_the_tails():
    assert color_limits(DF, robust=True) == pytest.approx((1.08, 46.48))
    assert color_limits(np.arange(100).reshape(10, 10), robust=True) == pytest.approx((1.98, 97.02))


def test_given_limits_are_kept():
    assert color_limits(DF, vmin=0) == pytest.approx((0.0, 50.0))
    assert color_limits(DF, vmax=3, robust=True) == pytest.approx((1.08, 3.0))


def test_limits_are_floats():
    low, high = color_limits([[1, 2], [3, 4]])
    assert (type(low), type(high)) == (float, float)
    assert (low, high) == (1.0, 4.0)


def test_all_blank_data_has_no_limits():
    with pytest.raises(ValueError):
        color_limits(DF, mask=np.ones((2, 3), bool))


def test_data_must_be_a_matrix():
    with pytest.raises(ValueError):
        blank_cells([1, 2, 3])
