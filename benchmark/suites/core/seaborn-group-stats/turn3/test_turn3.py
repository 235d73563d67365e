import warnings

import numpy as np
import pandas as pd
import pytest

from group_stats.trends import group_trends, stacked_totals

DF = pd.DataFrame({"g": ["p", "p", "p", "q", "q", "p", "r", "r", "r"],
                   "t": [1, 2, 3, 1, 1, 4, 1, 2, 3],
                   "v": [1.0, 4.0, 9.0, 2.0, 3.0, 16.5, 5, 3, np.nan]})
SALES = pd.DataFrame({"day": ["mon", "mon", "tue", "tue", "mon", "wed"],
                      "shop": ["b", "a", "a", "b", "b", "a"],
                      "n": [3, 2, 5, 1, 4, np.nan]})


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def curve(pair, xs, ys):
    assert all(isinstance(a, np.ndarray) for a in pair)
    assert pair[0].tolist() == pytest.approx(xs)
    assert pair[1].tolist() == pytest.approx(ys)


def cells(frame):
    return [[None if pd.isna(v) else v for v in row] for row in frame.itertuples(index=False)]


def test_quadratic_trend_over_the_group_range():
    trends = group_trends(DF, "t", "v", "g", order=2, points=4)
    assert list(trends) == ["p", "q", "r"]
    curve(trends["p"], [1, 2, 3, 4], [1.025, 3.925, 9.075, 16.475])


def test_groups_with_too_few_distinct_x_get_no_trend():
    trends = group_trends(DF, "t", "v", "g", order=2, points=4)
    curve(trends["q"], [], [])
    curve(trends["r"], [], [])


def test_straight_trend_ignores_missing_values():
    trends = group_trends(DF, "t", "v", "g", order=1, points=3)
    curve(trends["p"], [1, 2.5, 4], [-0.1, 7.625, 15.35])
    curve(trends["r"], [1, 1.5, 2], [5, 4, 3])
    curve(trends["q"], [], [])


def test_constant_trend_and_a_group_order():
    trends = group_trends(DF, "t", "v", "g", order=0, points=2, group_order={"g": ["r", "s"]})
    assert list(trends) == ["r", "s"]
    curve(trends["r"], [1, 2], [4, 4])
    curve(trends["s"], [], [])
    with pytest.raises(ValueError):
        group_trends(DF, "t", "v", "g", points=0)


def test_stacked_totals_per_position():
    table = stacked_totals(SALES, "day", "shop", "n")
    assert list(table.columns) == ["day", "shop", "n", "bottom", "top"]
    assert cells(table)[:4] == [["mon", "b", 7.0, 0.0, 7.0], ["mon", "a", 2.0, 7.0, 9.0],
                                ["tue", "b", 1.0, 0.0, 1.0], ["tue", "a", 5.0, 1.0, 6.0]]


def test_a_missing_combination_is_not_stacked_but_a_sum_of_nothing_is_zero():
    table = stacked_totals(SALES, "day", "shop", "n")
    assert cells(table)[4:] == [["wed", "b", None, None, None], ["wed", "a", 0.0, 0.0, 0.0]]


def test_stacking_follows_the_given_group_order():
    table = stacked_totals(SALES, "day", "shop", "n", func="max", order={"shop": ["a", "c", "b"]})
    assert cells(table)[:3] == [["mon", "a", 2.0, 0.0, 2.0], ["mon", "c", None, None, None],
                                ["mon", "b", 4.0, 2.0, 6.0]]
    assert cells(table)[5] == ["tue", "b", 1.0, 5.0, 6.0]
    assert len(table) == 9


def test_negative_totals_stack_downwards():
    table = stacked_totals(SALES.assign(n=[3, -2, 5, 1, 4, 2]), "day", "shop", "n", func="mean")
    assert cells(table)[:2] == [["mon", "b", 3.5, 0.0, 3.5], ["mon", "a", -2.0, 3.5, 1.5]]
    assert cells(table)[5] == ["wed", "a", 2.0, 0.0, 2.0]


def test_trends_of_two_grouping_columns():
    frame = DF.assign(h=["x", "y", "x", "y", "x", "y", "x", "y", "x"])
    trends = group_trends(frame, "t", "v", ["g", "h"], order=0, points=2)
    assert list(trends)[:2] == [("p", "x"), ("p", "y")]
    curve(trends[("p", "x")], [1, 3], [5, 5])
    curve(trends[("q", "y")], [1, 1], [2, 2])


def test_missing_columns():
    with pytest.raises(KeyError):
        stacked_totals(SALES, "day", "shop", "nope")
