import warnings

import matplotlib as mpl
import pytest

from mark_props.intervals import level_values, value_at


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def same(actual, expected):
    assert list(actual) == list(expected)
    assert list(actual.values()) == pytest.approx(list(expected.values()))


def test_point_sizes_of_groups_are_spaced_by_area_largest_first():
    same(level_values(["a", "b", "c"]), {"a": 8.0, "b": 5.8309518948, "c": 2.0})


def test_opacity_and_widths_of_groups():
    same(level_values(["a", "b", "c"], "alpha"), {"a": 0.95, "b": 0.625, "c": 0.3})
    same(level_values(["a", "b", "c"], "linewidth"), {"a": 3.0, "b": 1.875, "c": 0.75})
    with mpl.rc_context({"lines.linewidth": 2}):
        same(level_values(["a", "b"], "linewidth"), {"a": 4.0, "b": 1.0})


def test_a_range_and_an_order():
    same(level_values(["b", "a"], "pointsize", (1, 4), order=["a", "b", "z"]), {"a": 4.0, "b": 2.9154759474, "z": 1.0})


def test_a_short_list_cycles_and_a_dict_is_looked_up():
    same(level_values([3, 1, 2], "pointsize", [5, 6]), {1: 5.0, 2: 6.0, 3: 5.0})
    same(level_values(["a", "b"], "stroke", {"a": 9, "b": 1}), {"a": 9.0, "b": 1.0})
    with pytest.raises(ValueError):
        level_values(["a", "b"], "pointsize", {"a": 1})


def test_flags_take_the_two_ends():
    same(level_values([True, False], "pointsize"), {True: 8.0, False: 2.0})
    same(level_values([True, False], "alpha", [0.1, 0.2]), {True: 0.1, False: 0.2})


def test_continuous_values_have_no_levels():
    with pytest.raises(ValueError):
        level_values([1, 2])


def test_only_numeric_properties():
    with pytest.raises(ValueError):
        level_values(["a"], "color")


def test_value_in_the_middle_of_a_continuous_scale():
    assert value_at([1, 3], 2) == pytest.approx(5.8309518948)
    assert value_at([1, 3], 2, "alpha") == pytest.approx(0.625)


def test_values_beyond_the_data_are_clipped_and_a_constant_maps_low():
    assert value_at([1, 3], 5, "pointsize", (1, 10)) == pytest.approx(10.0)
    assert value_at([1, 1], 1) == pytest.approx(2.0)


def test_value_at_needs_numbers():
    with pytest.raises(ValueError):
        value_at(["a"], 1)
