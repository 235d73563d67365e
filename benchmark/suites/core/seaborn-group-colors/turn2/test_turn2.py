import warnings

import numpy as np
import pandas as pd
import pytest

from group_colors.mapping import level_colors, text_tone

BLUE = (0.1216, 0.4667, 0.7059)
ORANGE = (1.0, 0.498, 0.0549)


def same(colors, expected):
    assert list(colors) == list(expected)
    for key, rgb in expected.items():
        assert len(colors[key]) == 3
        assert colors[key] == pytest.approx(rgb, abs=1e-4)


def test_groups_take_the_current_colour_cycle_in_level_order():
    same(level_colors(["b", "a", "b"]), {"b": BLUE, "a": ORANGE})
    same(level_colors(pd.Categorical(["x"], categories=["y", "x"])), {"y": BLUE, "x": ORANGE})


def test_many_groups_get_evenly_spaced_hues_instead_of_a_repeating_cycle():
    ten = level_colors(list("abcdefghij"))
    assert len(ten) == 10
    same({k: ten[k] for k in "aj"}, {"a": BLUE, "j": (0.0902, 0.7451, 0.8118)})
    eleven = level_colors(list("abcdefghijk"))
    assert len(eleven) == 11
    same({k: eleven[k] for k in "ab"}, {"a": (0.9678, 0.4413, 0.5358), "b": (0.8836, 0.524, 0.1957)})


def test_numbers_are_shaded_along_a_continuous_map():
    same(level_colors([1, 5, 3]), {1: (0.9313, 0.8202, 0.7971), 3: (0.6627, 0.4028, 0.5599), 5: (0.1751, 0.1184, 0.2422)})
    same(level_colors([1.0, np.nan, 4.0]), {1.0: (0.9313, 0.8202, 0.7971), 4.0: (0.1751, 0.1184, 0.2422)})
    same(level_colors([1, 2, 3], scheme="viridis"), {1: (0.267, 0.0049, 0.3294), 2: (0.1276, 0.5669, 0.5506), 3: (0.9932, 0.9062, 0.1439)})


def test_numbers_with_a_qualitative_scheme_are_groups():
    same(level_colors([1, 2, 3], scheme="deep", order=[3, 1, 2]),
         {3: (0.298, 0.4471, 0.6902), 1: (0.8667, 0.5176, 0.3216), 2: (0.3333, 0.6588, 0.4078)})
    # a continuous mapping has no order
    same(level_colors([1, 2, 3], order=[3, 1, 2]), {1: (0.9313, 0.8202, 0.7971), 2: (0.6627, 0.4028, 0.5599), 3: (0.1751, 0.1184, 0.2422)})


def test_flags_are_two_groups():
    same(level_colors([True, False]), {False: BLUE, True: ORANGE})
    same(level_colors([0, 1, 1]), {0: BLUE, 1: ORANGE})


def test_named_scheme_and_order_with_an_unused_level():
    same(level_colors(["a", "b"], scheme="Set2", order=["b", "c", "a"]),
         {"b": (0.4, 0.7608, 0.6471), "c": (0.9882, 0.5529, 0.3843), "a": (0.5529, 0.6275, 0.7961)})


def test_explicit_colours():
    same(level_colors(["a", "b"], scheme={"a": "red", "b": (0, 0, 1), "z": "g"}), {"a": (1, 0, 0), "b": (0, 0, 1)})
    with pytest.raises(ValueError):
        level_colors(["a", "b"], scheme={"a": "red"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        same(level_colors(["a", "b", "c"], scheme=["red", "blue"]), {"a": (1, 0, 0), "b": (0, 0, 1), "c": (1, 0, 0)})


def test_dates_and_empty_columns():
    same(level_colors(pd.to_datetime(["2021-01-01", "2020-01-01"])),
         {pd.Timestamp("2021-01-01"): BLUE, pd.Timestamp("2020-01-01"): ORANGE})
    assert level_colors([None, np.nan]) == {}
    assert level_colors([]) == {}


def test_text_tone_of_plain_colours():
    assert text_tone("white") == "dark"
    assert text_tone("black") == "light"
    assert text_tone((1, 1, 0)) == "dark"
    assert text_tone("#1f77b4") == "light"


def test_text_tone_threshold():
    assert text_tone("#b0b0b0") == "dark"
    assert text_tone("#a8a8a8") == "light"
    assert text_tone("#ff7f0e") == "light"


def test_text_tone_of_transparent_colours_over_white():
    assert text_tone((0, 0, 0, 0.2)) == "dark"
    assert text_tone((0, 0, 0, 0.5)) == "light"
