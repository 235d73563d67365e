import warnings

import numpy as np
import pandas as pd
import pytest

from heat_cells.sidebars import scaled_cells, side_colors

DF = pd.DataFrame([[1.0, 2.0, 4.0], [2.0, 6.0, 10.0]], index=["r1", "r2"], columns=["a", "b", "c"])


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def values(frame):
    assert isinstance(frame, pd.DataFrame)
    return [v for row in frame.to_numpy().tolist() for v in row]


def test_unscaled():
    cells = scaled_cells(DF)
    assert values(cells["data"]) == [1.0, 2.0, 4.0, 2.0, 6.0, 10.0]
    assert cells["colors"] == [["#03051a", "#2a1636", "#841e5a"], ["#2a1636", "#dd2c45", "#faebdd"]]
    assert cells["limits"] == pytest.approx((1.0, 10.0))


def test_z_score_of_rows():
    cells = scaled_cells(DF, zscore=0)
    assert values(cells["data"]) == pytest.approx([-0.872872, -0.218218, 1.091089, -1.0, 0.0, 1.0], abs=1e-6)
    assert cells["colors"][1] == ["#03051a", "#c21753", "#f8dac5"]
    assert cells["limits"] == pytest.approx((-1.0, 1.0910894512))


def test_z_score_of_columns():
    cells = scaled_cells(DF, zscore=1)
    assert values(cells["data"]) == pytest.approx([-0.707107] * 3 + [0.707107] * 3, abs=1e-6)


def test_standard_scale_of_rows_and_columns():
    assert values(scaled_cells(DF, scale=0)["data"]) == pytest.approx([0.0, 1 / 3, 1.0, 0.0, 0.5, 1.0])
    assert values(scaled_cells(DF, scale=1)["data"]) == pytest.approx([0.0] * 3 + [1.0] * 3)
    with pytest.raises(ValueError):
        scaled_cells(DF, zscore=0, scale=0)


def test_a_list_of_colours_is_one_bar():
    assert side_colors(DF, ["red", "blue"]) == ([["#ff0000", "#0000ff"]], None)
    assert side_colors(DF, None) == ([], None)


def test_a_series_is_matched_to_the_rows_by_label():
    assert side_colors(DF, pd.Series({"r2": "green", "r9": "red"}, name="grp")) == ([["#ffffff", "#008000"]], ["grp"])


def test_an_unnamed_series_for_the_columns():
    colors = pd.Series(["green", "red", "blue"], index=["a", "b", "c"])
    assert side_colors(DF, colors, axis=1) == ([["#008000", "#ff0000", "#0000ff"]], [""])


def test_a_frame_gives_one_labelled_bar_per_column():
    colors = pd.DataFrame({"k1": ["red", "blue"], "k2": ["#00ff00", (0, 0, 0)]}, index=["r1", "r2"])
    assert side_colors(DF, colors) == ([["#ff0000", "#0000ff"], ["#00ff00", "#000000"]], ["k1", "k2"])


def test_nested_lists_are_several_bars():
    assert side_colors(DF, [["red", "blue"], ["k", "w"]]) == ([["#ff0000", "#0000ff"], ["#000000", "#ffffff"]], None)


def test_labelled_colours_need_labelled_data():
    with pytest.raises(TypeError):
        side_colors(np.ones((2, 3)), pd.Series(["red", "blue"]))
    with pytest.raises(ValueError):
        side_colors(DF, ["red", "blue"], axis=2)
