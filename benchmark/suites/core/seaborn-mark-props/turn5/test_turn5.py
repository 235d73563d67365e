import warnings

import pandas as pd
import pytest

from mark_props.legend import legend_entries


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def entries(actual, expected):
    assert [label for label, _ in actual] == [label for label, _ in expected]
    for (_, got), (_, want) in zip(actual, expected):
        assert got == (pytest.approx(want) if isinstance(want, float) else want)


def test_point_sizes_at_round_values_inside_the_data():
    entries(legend_entries([1.0, 2.5, 7.0]), [("2", 3.7416573868), ("4", 5.8309518948), ("6", 7.3484692283)])


def test_colours_at_round_values():
    entries(legend_entries([1.0, 2.5, 7.0], "color"), [("2", "#dfacb1"), ("4", "#a9678f"), ("6", "#563362")])


def test_a_tick_count():
    entries(legend_entries([1.0, 2.5, 7.0], "color", count=3), [("1", "#edd1cb"), ("4", "#a9678f"), ("7", "#2d1e3e")])


def test_small_values_and_a_range():
    entries(legend_entries([0.001, 0.0042], "alpha", (0.2, 1)),
            [("0.001", 0.2), ("0.002", 0.45), ("0.003", 0.7), ("0.004", 0.95)])


def test_large_values_are_written_in_full():
    entries(legend_entries([1000, 250000], "linewidth"),
            [("50000", 1.1927710843), ("100000", 1.6445783133), ("150000", 2.0963855422),
             ("200000", 2.5481927711), ("250000", 3.0)])


def test_groups():
    entries(legend_entries(["b", "a", "b"], "color"), [("b", "#1f77b4"), ("a", "#ff7f0e")])
    entries(legend_entries(["q", "p"], "marker"), [("q", "o"), ("p", "X")])


def test_groups_in_a_given_order():
    entries(legend_entries(["q", "p"], "linestyle", order=["p", "q"]), [("p", (0.0, None)), ("q", (0.0, (4.0, 1.5)))])
    entries(legend_entries([3, 1], "pointsize", [4, 9]), [("1", 4.0), ("3", 9.0)])


def test_flags_are_labelled_as_text():
    entries(legend_entries([True, False], "pointsize"), [("True", 8.0), ("False", 2.0)])


def test_coordinates_have_no_legend():
    with pytest.raises(ValueError):
        legend_entries([1], "x")


def test_dates_have_no_legend_here():
    with pytest.raises(ValueError):
        legend_entries(pd.to_datetime(["2020-01-01"]), "pointsize")
