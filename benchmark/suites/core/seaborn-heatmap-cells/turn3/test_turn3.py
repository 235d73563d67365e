import warnings

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from heat_cells.ticks import draw_heatmap, tick_labels

IDX = pd.MultiIndex.from_tuples([("x", 1), ("x", 2), ("y", 1)], names=["grp", "rep"])
DF = pd.DataFrame(np.arange(12.0).reshape(3, 4), index=IDX, columns=pd.Index(list("abcd"), name="col"))
BIG = pd.DataFrame(np.zeros((60, 3)))


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_labels_of_every_row_and_column():
    ticks = tick_labels(DF)
    assert ticks["x"] == [(0.5, "a"), (1.5, "b"), (2.5, "c"), (3.5, "d")]
    assert ticks["y"] == [(0.5, "x-1"), (1.5, "x-2"), (2.5, "y-1")]
    assert (ticks["xlabel"], ticks["ylabel"]) == ("col", "grp-rep")


def test_every_second_label_and_none():
    ticks = tick_labels(DF, xticklabels=2, yticklabels=False)
    assert ticks["x"] == [(0.5, "a"), (2.5, "c")]
    assert ticks["y"] == []


def test_given_labels():
    assert tick_labels(DF, xticklabels=["p", "q", "r", "s"])["x"] == [(0.5, "p"), (1.5, "q"), (2.5, "r"), (3.5, "s")]


def test_automatic_labels_depend_on_the_figure_size():
    tall = tick_labels(BIG, yticklabels="auto")["y"]
    assert len(tall) == 20 and tall[:3] == [(0.5, "0"), (3.5, "3"), (6.5, "6")]
    small = tick_labels(BIG, yticklabels="auto", size=(3, 2))["y"]
    assert len(small) == 10 and small[:3] == [(0.5, "0"), (6.5, "6"), (12.5, "12")]


def test_unnamed_axes_have_empty_labels():
    ticks = tick_labels([[1, 2], [3, 4]])
    assert (ticks["xlabel"], ticks["ylabel"]) == ("", "")
    assert ticks["x"] == [(0.5, "0"), (1.5, "1")]


def test_drawn_ticks_and_rotation():
    drawn = draw_heatmap(Figure().subplots(), DF, annot=True)
    assert drawn["x"] == [(0.5, "a", 0.0), (1.5, "b", 0.0), (2.5, "c", 0.0), (3.5, "d", 0.0)]
    assert drawn["y"] == [(0.5, "x-1", 90.0), (1.5, "x-2", 90.0), (2.5, "y-1", 90.0)]


def test_drawn_axes_read_from_the_top_and_have_a_colour_bar():
    drawn = draw_heatmap(Figure().subplots(), DF, annot=True)
    assert drawn["ylim"] == (3.0, 0.0)
    assert drawn["colorbar"] is True
    assert (drawn["xlabel"], drawn["ylabel"]) == ("col", "grp-rep")


def test_drawn_colours_and_labels():
    drawn = draw_heatmap(Figure().subplots(), DF, annot=True)
    assert drawn["colors"][0] == ["#03051a", "#221331", "#451c47", "#691f55"]
    assert drawn["labels"][2] == [("8", "light"), ("9", "dark"), ("10", "dark"), ("11", "dark")]


def test_crowded_labels_are_turned():
    long = pd.DataFrame(np.ones((2, 12)), columns=[f"a rather long column name {i}" for i in range(12)])
    drawn = draw_heatmap(Figure().subplots(), long, cbar=False)
    assert drawn["x"][:2] == [(0.5, "a rather long column name 0", 90.0), (1.5, "a rather long column name 1", 90.0)]
    assert drawn["colorbar"] is False
    assert drawn["ylim"] == (2.0, 0.0)


def test_no_annotations_by_default():
    drawn = draw_heatmap(Figure().subplots(), [[1, 2]], cbar=False)
    assert drawn["labels"] == [[None, None]]
    assert drawn["y"] == [(0.5, "0", 90.0)]
