import warnings

import pytest

from mark_props.colors import color_table, group_colors, value_color


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_groups_take_the_colour_cycle():
    assert group_colors(["a", "b", "c"]) == {"a": "#1f77b4", "b": "#ff7f0e", "c": "#2ca02c"}
    assert group_colors([True, False]) == {True: "#1f77b4", False: "#ff7f0e"}


def test_many_groups_take_evenly_spaced_hues():
    colors = group_colors(list("abcdefghijk"))
    assert len(colors) == 11
    assert list(colors.values())[:2] == ["#f77189", "#e18632"]


def test_named_palettes():
    assert group_colors(["a", "b"], "Set2") == {"a": "#66c2a5", "b": "#fc8d62"}
    assert group_colors([1, 2], "deep") == {1: "#4c72b0", 2: "#dd8452"}


def test_a_colour_map_name_for_groups_samples_inside_the_map():
    assert group_colors(["a", "b", "c"], "viridis") == {"a": "#3b528b", "b": "#21918c", "c": "#5ec962"}


def test_lists_dicts_and_pairs():
    assert group_colors(["b", "a"], ["red", "blue", "green"], order=["a", "b", "c"]) == {
        "a": "#ff0000", "b": "#0000ff", "c": "#008000"}
    assert group_colors(["a", "b"], {"a": "k", "b": (0, 1, 0)}) == {"a": "#000000", "b": "#00ff00"}
    assert group_colors(["a", "b"], ("red", "blue")) == {"a": "#ff0000", "b": "#0000ff"}
    with pytest.raises(ValueError):
        group_colors(["a", "b"], {"a": "k"})


def test_numbers_have_no_groups():
    with pytest.raises(ValueError):
        group_colors([1, 2])


def test_continuous_colours():
    assert value_color([1, 3], 2) == "#a9678f"
    assert value_color([1, 3], 1) == "#edd1cb"
    assert value_color([1, 3], 9) == "#2d1e3e"


def test_continuous_colours_of_a_map_and_a_blend():
    assert value_color([1, 3], 3, "viridis") == "#fde725"
    assert value_color([1, 3], 2, ("white", "black")) == "#7f7f7f"
    with pytest.raises(ValueError):
        value_color(["a"], 1)


def test_colour_table():
    assert color_table(["q", "p"]) == [("q", "#1f77b4", "o"), ("p", "#ff7f0e", "X")]


def test_colour_table_with_an_order():
    assert color_table(["q", "p"], order=["p", "q"]) == [("p", "#1f77b4", "o"), ("q", "#ff7f0e", "X")]
