import numpy as np
import pandas as pd
import pytest

from group_stats.groups import group_levels, group_summary

DF = pd.DataFrame({
    "site": ["b", "a", "b", "c", "a"],
    "year": [2021, 2020, 2020, 2021, 2021],
    "v": [1.0, 2.0, 3.0, 4.0, np.nan],
    "w": [5, 6, 7, 8, 9],
})
CAT = DF.assign(site=pd.Categorical(DF.site, categories=["c", "b", "a", "z"]))


def cells(frame):
    return [[None if pd.isna(v) else v for v in row] for row in frame.itertuples(index=False)]


def test_text_levels_keep_their_order_of_appearance_numbers_are_sorted():
    assert group_levels(DF, "site") == ["b", "a", "c"]
    assert group_levels(DF, "year") == [2020, 2021]
    assert group_levels(pd.DataFrame({"o": ["10", "9", "x"]}), "o") == ["10", "9", "x"]


def test_level_combinations_and_given_orders():
    assert group_levels(DF, ["site", "year"]) == [
        ("b", 2020), ("b", 2021), ("a", 2020), ("a", 2021), ("c", 2020), ("c", 2021)]
    assert group_levels(DF, "site", order={"site": ["c", "a"]}) == ["c", "a"]


def test_levels_of_categories_flags_and_object_numbers():
    assert group_levels(CAT, "site") == ["c", "b", "a", "z"]
    assert group_levels(pd.DataFrame({"f": [True, False, True]}), "f") == [False, True]
    assert group_levels(pd.DataFrame({"o": pd.Series([3, 1, None, 2], dtype=object)}), "o") == [1, 2, 3]


def test_levels_are_plain_python_values():
    assert all(type(v) is int for v in group_levels(DF, "year"))
    with pytest.raises(KeyError):
        group_levels(DF, "nope")


def test_summary_of_one_grouping_column():
    table = group_summary(DF, "site", "v")
    assert list(table.columns) == ["site", "v"]
    assert cells(table) == [["b", 2.0], ["a", 2.0], ["c", 4.0]]


def test_every_combination_gets_a_row():
    table = group_summary(DF, ["site", "year"], ["w", "v"], func="sum")
    assert list(table.columns) == ["site", "year", "w", "v"]
    assert cells(table) == [
        ["b", 2020, 7.0, 3.0], ["b", 2021, 5.0, 1.0], ["a", 2020, 6.0, 2.0],
        ["a", 2021, 9.0, 0.0], ["c", 2020, None, None], ["c", 2021, 8.0, 4.0]]


def test_given_order_may_name_absent_levels():
    table = group_summary(DF, ["year", "site"], "w", func="max", order={"site": ["a", "q"]})
    assert cells(table) == [[2020, "a", 6.0], [2020, "q", None], [2021, "a", 9.0], [2021, "q", None]]


def test_unused_categories_are_counted_as_zero():
    table = group_summary(CAT, "site", "w", func="count")
    assert cells(table) == [["c", 1], ["b", 2], ["a", 2], ["z", 0]]


def test_callable_reductions_see_missing_values():
    assert cells(group_summary(DF, "site", "v", func=len)) == [["b", 2], ["a", 2], ["c", 1]]


def test_bad_columns():
    with pytest.raises(KeyError):
        group_summary(DF, "site", "nope")
    with pytest.raises(ValueError):
        group_summary(DF, [], "v")
