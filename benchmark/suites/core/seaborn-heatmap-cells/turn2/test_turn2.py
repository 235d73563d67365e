import warnings

import numpy as np
import pandas as pd
import pytest

from heat_cells.colors import cell_colors, cell_labels

DF = pd.DataFrame([[1.0, 2.0, np.nan], [4.0, 50.0, 6.0]], index=["r1", "r2"], columns=["a", "b", "c"])


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_default_colours_and_blank_cells():
    assert cell_colors(DF) == [["#03051a", "#08081e", None], ["#170f28", "#faebdd", "#271534"]]


def test_named_map_and_an_upper_limit():
    assert cell_colors(DF, cmap="viridis", vmax=10) == [["#440154", "#482878", None], ["#31688e", "#fde725", "#1f9e89"]]


def test_a_centre_switches_to_a_diverging_map():
    assert cell_colors(DF, center=5) == [["#22222b", "#212026", None], ["#1f1e21", "#ffd4ac", "#211e1e"]]


def test_the_map_is_centred_symmetrically():
    assert cell_colors([[-1, 0, 3]], center=0) == [["#444282", "#1f1e1e", "#ffd4ac"]]
    assert cell_colors([[-1, 0, 3]], center=0, cmap="RdBu") == [["#f7b799", "#f6f7f7", "#053061"]]


def test_a_list_of_colours_is_a_map():
    assert cell_colors([[0, 1], [2, 3]], cmap=["red", "green", "blue"]) == [["#ff0000", "#008000"], ["#0000ff", "#0000ff"]]


def test_masked_cells_and_robust_limits():
    mask = np.array([[False, True, False], [False, False, False]])
    assert cell_colors(DF, robust=True, mask=mask) == [["#03051a", None, None], ["#170f28", "#faebdd", "#271534"]]


def test_labels_and_their_tone():
    assert cell_labels(DF) == [[("1", "light"), ("2", "light"), None],
                               [("4", "light"), ("50", "dark"), ("6", "light")]]


def test_label_format():
    assert cell_labels(DF, fmt=".1f", center=5)[1] == [("4.0", "light"), ("50.0", "dark"), ("6.0", "light")]
    assert cell_labels([[0.123456, 1234567.0]], fmt="g") == [[("0.123456", "light"), ("1.23457e+06", "dark")]]


def test_labels_from_another_array():
    labels = cell_labels(DF, annot=np.array([[1, 2, 3], [4, 5, 6]]), fmt="d")
    assert labels == [[("1", "light"), ("2", "light"), None], [("4", "light"), ("5", "dark"), ("6", "light")]]


def test_no_labels():
    assert cell_labels(DF, annot=False) == [[None, None, None], [None, None, None]]
