import datetime

import numpy as np
import pandas as pd

from group_colors.levels import level_order, value_kind


def test_text_levels_keep_the_order_they_first_appear_in():
    assert level_order(["b", "a", None, "b", "c"]) == ["b", "a", "c"]
    assert level_order(["2", "10", "1"]) == ["2", "10", "1"]


def test_number_levels_are_sorted_plain_python_values():
    levels = level_order([3, 1, 2, 1])
    assert levels == [1, 2, 3]
    assert [type(level) for level in levels] == [int, int, int]
    assert level_order([3, 1, 2, 1, np.nan]) == [1.0, 2.0, 3.0]
    assert level_order(np.array([2.5, 1.0, 2.5])) == [1.0, 2.5]


def test_numbers_held_as_objects_are_still_sorted():
    assert level_order(np.array([3, 1, 2], dtype=object)) == [1, 2, 3]
    assert level_order(pd.Series([10, 2, 10], dtype=object)) == [2, 10]


def test_flags_are_numbers():
    levels = level_order([True, False, True])
    assert levels == [False, True]
    assert type(levels[0]) is bool


def test_mixed_levels_and_dates_keep_their_first_appearance():
    assert level_order([2, "a", 1]) == [2, "a", 1]
    stamps = pd.to_datetime(["2021-02-01", "2020-01-01", "2021-02-01"])
    assert level_order(stamps) == [pd.Timestamp("2021-02-01"), pd.Timestamp("2020-01-01")]


def test_categoricals_keep_every_declared_category():
    cat = pd.Categorical(["x", "y", "x"], categories=["z", "y", "x"])
    assert level_order(cat) == ["z", "y", "x"]
    assert level_order(pd.Series(cat)) == ["z", "y", "x"]
    assert level_order(cat, drop_unused=True) == ["y", "x"]


def test_an_explicit_order_is_taken_as_given():
    assert level_order(["a", "b"], order=["c", "b", "a"]) == ["c", "b", "a"]
    assert level_order(["a", "b"], order=["c", "b", "a", None]) == ["c", "b", "a", None]
    assert level_order([1, 2], order=[3, 2, 1], drop_unused=True) == [2, 1]


def test_kind_of_plain_columns():
    assert value_kind([1.5, 2, None]) == "number"
    assert value_kind(["1", "2"]) == "category"
    assert value_kind([1, "a"]) == "category"
    assert value_kind(pd.to_datetime(["2020-01-01"])) == "date"
    assert value_kind([datetime.datetime(2020, 1, 1), None]) == "date"


def test_kind_looks_at_the_entries_of_object_columns():
    assert value_kind(np.array([1, 2.5], dtype=object)) == "number"
    assert value_kind(pd.Series([datetime.date(2020, 1, 1)], dtype=object)) == "category"
    assert value_kind(pd.Categorical([1, 2])) == "category"


def test_binary_columns():
    assert value_kind([0, 1, 1]) == "number"
    assert value_kind([0, 1, 1], binary_as="category") == "category"
    assert value_kind([0.0, 1.0, np.nan], binary_as="category") == "category"
    assert value_kind([True, None], binary_as="category") == "category"
    assert value_kind([0, 2], binary_as="category") == "number"


def test_no_data_is_empty():
    assert value_kind([]) == "empty"
    assert value_kind([None, np.nan]) == "empty"
    assert value_kind(pd.Categorical([None])) == "empty"
