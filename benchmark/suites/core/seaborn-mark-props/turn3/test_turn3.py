import warnings

import pytest

from mark_props.styles import dash_patterns, default_dashes, marker_shapes, style_table


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_groups_get_solid_then_dashed_lines():
    assert dash_patterns(["a", "b", "c"]) == {"a": (0.0, None), "b": (0.0, (4.0, 1.5)), "c": (0.0, (1.0, 1.0))}


def test_named_styles_are_scaled_like_matplotlib_lines():
    assert dash_patterns(["a", "b"], ["--", ":"]) == {"a": (0.0, (3.7, 1.6)), "b": (0.0, (1.0, 1.65))}
    assert dash_patterns([2, 1], {1: "-.", 2: (2, 1)}) == {1: (0.0, (6.4, 1.6, 1.0, 1.6)), 2: (0.0, (2.0, 1.0))}


def test_flags_get_the_patterns_seaborn_gives_them():
    assert dash_patterns([True, False]) == {True: (0.0, (3.0, 1.25, 1.5, 1.25)), False: (0.0, (5.0, 1.0, 1.0, 1.0))}


def test_generated_patterns():
    assert default_dashes(3) == [(0.0, None), (0.0, (4.0, 1.5)), (0.0, (1.0, 1.0))]
    patterns = default_dashes(7)
    assert len(patterns) == 7
    assert patterns[5:] == [(0.0, (3.0, 1.25, 1.25, 1.25, 1.25, 1.25)), (0.0, (4.0, 1.0, 4.0, 1.0, 1.0, 1.0))]


def test_markers_of_groups():
    assert marker_shapes(["a", "b", "c", "d"]) == {"a": ("o", True), "b": ("X", True), "c": ("(4, 0, 45)", True), "d": ("P", True)}


def test_given_and_flag_markers():
    assert marker_shapes(["x", "y"], ["o", "x"]) == {"x": ("o", True), "y": ("x", False)}
    assert marker_shapes([True, False]) == {True: ("o", True), False: ("X", True)}


def test_style_table():
    assert style_table(["q", "p"]) == [("q", (0.0, None), "o", 8.0), ("p", (0.0, (4.0, 1.5)), "X", 2.0)]


def test_style_table_with_an_order():
    table = style_table(["q", "p"], order=["p", "q", "r"])
    assert [row[:3] for row in table] == [("p", (0.0, None), "o"), ("q", (0.0, (4.0, 1.5)), "X"),
                                          ("r", (0.0, (1.0, 1.0)), "(4, 0, 45)")]
    assert [row[3] for row in table] == pytest.approx([8.0, 5.8309518948, 2.0])


def test_refused_values():
    with pytest.raises(TypeError):
        dash_patterns(["a"], "dotted")
    with pytest.raises(ValueError):
        dash_patterns(["a", "b"], {"a": "-"})


def test_negative_count():
    with pytest.raises(ValueError):
        default_dashes(-1)
