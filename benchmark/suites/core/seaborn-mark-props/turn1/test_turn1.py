import warnings

import numpy as np
import pandas as pd
import pytest

from mark_props.scales import frame_kinds, scale_kind

PROPS = ["x", "pointsize", "color", "marker"]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def kinds(values):
    return [scale_kind(values, p) for p in PROPS]


def test_numbers_and_text():
    assert kinds([1, 2, 3]) == ["continuous", "continuous", "continuous", "nominal"]
    assert kinds(["a", "b"]) == ["nominal"] * 4


def test_zeros_and_ones_are_numbers_but_flags_are_flags():
    assert kinds([0, 1, 1]) == ["continuous", "continuous", "continuous", "nominal"]
    assert kinds([True, False]) == ["boolean"] * 4


def test_numbers_stored_as_objects_and_categories():
    assert kinds(pd.Series([1, 2], dtype=object)) == ["continuous", "continuous", "continuous", "nominal"]
    assert kinds(pd.Categorical([1, 2])) == ["nominal"] * 4


def test_dates_and_missing_values():
    assert kinds(pd.to_datetime(["2020-01-01"])) == ["temporal", "temporal", "temporal", "nominal"]
    assert kinds([1.0, np.nan]) == ["continuous", "continuous", "continuous", "nominal"]
    with pytest.raises(ValueError):
        scale_kind([np.nan], "x")


def test_transforms_of_coordinates():
    assert scale_kind([1, 2], "x", "log") == "continuous(log)"
    assert scale_kind([1], "x", "sqrt") == "continuous(sqrt)"
    with pytest.raises(ValueError):
        scale_kind([1], "x", "wide")
    with pytest.raises(TypeError):
        scale_kind([1], "x", 3)


def test_ranges_lists_and_dicts_for_sizes():
    assert scale_kind([1, 2], "pointsize", (1, 5)) == "continuous"
    assert scale_kind([1, 2], "pointsize", [1, 5]) == "nominal"
    assert scale_kind([1, 2], "pointsize", {1: 2}) == "nominal"
    assert scale_kind(["a"], "alpha", (0, 1)) == "nominal"


def test_flags_stay_flags_whatever_the_values():
    assert scale_kind([True, False], "pointsize", [1, 5]) == "boolean"


def test_palettes():
    assert scale_kind([1, 2], "color", "viridis") == "continuous"
    assert scale_kind(["a"], "color", "viridis") == "nominal"
    assert scale_kind([1, 2], "color", "deep") == "nominal"
    assert scale_kind([1, 2], "color", ["r", "g"]) == "nominal"
    assert scale_kind([1], "color", ("r", "b")) == "continuous"


def test_object_properties_are_nominal():
    assert scale_kind([1], "marker", ["o"]) == "nominal"
    with pytest.raises(KeyError):
        scale_kind([1], "shoe size")


def test_frame_kinds():
    df = pd.DataFrame({"a": [1, 2], "b": ["u", "v"], "c": [0.5, 2.0]})
    assert frame_kinds(df, {"a": ("pointsize", [3, 4]), "b": "color", "c": "x"}) == {
        "a": "nominal", "b": "nominal", "c": "continuous"}
    with pytest.raises(KeyError):
        frame_kinds(df, {"z": "x"})
