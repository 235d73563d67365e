import pandas as pd

from group_colors.legend import legend_rows, outline_color


def test_groups_have_one_entry_each_in_level_order():
    assert legend_rows(["b", "a", "b"]) == [("b", "#1f77b4", "light"), ("a", "#ff7f0e", "light")]
    assert legend_rows([0, 1]) == [("0", "#1f77b4", "light"), ("1", "#ff7f0e", "light")]


def test_few_shaded_values_are_all_listed():
    assert legend_rows([1, 5, 3]) == [("1", "#edd1cb", "dark"), ("3", "#a9678f", "light"), ("5", "#2d1e3e", "light")]
    assert legend_rows([2.5, 1.0]) == [("1.0", "#edd1cb", "dark"), ("2.5", "#2d1e3e", "light")]
    seven = legend_rows(list(range(1, 8)), brief=False)
    assert len(seven) == 7
    assert seven[1] == ("2", "#dfacb1", "dark")


def test_more_than_six_shaded_values_give_a_brief_legend_of_round_values():
    assert legend_rows([0.013, 0.02, 0.05, 0.031, 0.044, 0.07, 0.09]) == [
        ("0.015", "#ecccc7", "dark"), ("0.030", "#d8a0aa", "dark"), ("0.045", "#bb7797", "light"),
        ("0.060", "#905483", "light"), ("0.075", "#5e3767", "light"), ("0.090", "#2d1e3e", "light"),
    ]


def test_brief_values_stay_inside_the_data_range():
    assert legend_rows([3, 17, 44, 91, 120, 133, 250], scheme="viridis") == [
        ("50", "#424086", "light"), ("100", "#2a768e", "light"), ("150", "#22a785", "light"),
        ("200", "#7ad151", "dark"), ("250", "#fde725", "dark"),
    ]


def test_brief_labels_are_written_out_in_full():
    labels = [label for label, _, _ in legend_rows([1000, 25000, 125000, 300000, 700000, 900000, 1200000])]
    assert labels == ["200000", "400000", "600000", "800000", "1000000", "1200000"]


def test_brief_values_of_integer_data_are_integers():
    assert legend_rows([1, 5, 3], brief=True) == [
        ("1", "#edd1cb", "dark"), ("2", "#d499a7", "light"), ("3", "#a9678f", "light"),
        ("4", "#6c3f70", "light"), ("4", "#6c3f70", "light"), ("5", "#2d1e3e", "light"),
    ]


def test_groups_are_never_shortened():
    entries = legend_rows(list(range(1, 8)), scheme="deep")
    assert len(entries) == 7
    assert entries[:2] == [("1", "#4c72b0", "light"), ("2", "#dd8452", "light")]


def test_dates_and_empty_columns():
    assert legend_rows(pd.to_datetime(["2021-01-01", "2020-01-01"])) == [
        ("2021-01-01 00:00:00", "#1f77b4", "light"), ("2020-01-01 00:00:00", "#ff7f0e", "light")]
    assert legend_rows([]) == []
    assert outline_color([]) is None


def test_outline_is_a_grey_darker_than_every_group():
    assert outline_color(["a", "b"]) == "#3f3f3f"
    assert outline_color(["a", "b"], scheme="pastel") == "#737373"
    assert outline_color([1, 2, 3]) == "#1c1c1c"


def test_outline_follows_the_darkest_group():
    assert outline_color(["a"], scheme={"a": "white"}) == "#999999"
    assert outline_color(["a", "b"], scheme={"a": "yellow", "b": "black"}) == "#000000"
