import pytest

from group_colors.swatches import box_swatches, density_shades


def test_boxes_are_filled_with_softened_group_colours():
    assert box_swatches(["b", "a", "b"]) == [
        {"label": "b", "fill": "#3274a1", "edge": "#3f3f3f", "text": "light"},
        {"label": "a", "fill": "#e1812c", "edge": "#3f3f3f", "text": "light"},
    ]


def test_full_saturation_keeps_the_group_colours():
    assert box_swatches(["b", "a"], saturation=1) == [
        {"label": "b", "fill": "#1f77b4", "edge": "#3f3f3f", "text": "light"},
        {"label": "a", "fill": "#ff7f0e", "edge": "#3f3f3f", "text": "light"},
    ]


def test_the_edge_comes_from_the_unsoftened_colours():
    assert box_swatches(["x"], scheme={"x": "red"}, saturation=.5) == [
        {"label": "x", "fill": "#bf4040", "edge": "#4c4c4c", "text": "light"}]


def test_shaded_columns_use_their_legend_entries():
    assert box_swatches([1, 5, 3]) == [
        {"label": "1", "fill": "#e9d4cf", "edge": "#1c1c1c", "text": "dark"},
        {"label": "3", "fill": "#a16f8d", "edge": "#1c1c1c", "text": "light"},
        {"label": "5", "fill": "#2d223a", "edge": "#1c1c1c", "text": "light"},
    ]
    rows = box_swatches(list(range(10, 80, 10)), scheme="viridis")
    assert len(rows) == 7
    assert rows[:2] == [
        {"label": "10", "fill": "#3e0b4a", "edge": "#1a1a1a", "text": "light"},
        {"label": "20", "fill": "#4b427a", "edge": "#1a1a1a", "text": "light"},
    ]


def test_no_data_no_swatches():
    assert box_swatches([]) == []


def test_a_given_edge_colour_is_kept():
    assert box_swatches(["a"], edge="k") == [{"label": "a", "fill": "#3274a1", "edge": "#000000", "text": "light"}]


def test_shades_run_from_light_to_dark():
    assert density_shades("#1f77b4") == ["#acc9ee", "#5badf6", "#2a90d8", "#3871a3", "#3d546e"]
    assert density_shades("red", 3) == ["#f2b8b8", "#fe4141", "#8c3636"]


def test_shades_ignore_transparency():
    assert density_shades((0, 0.5, 0, 0.3), 2) == ["#65df65", "#355b35"]


def test_greys_share_one_set_of_shades_whatever_their_lightness():
    assert density_shades("white", 2) == ["#c6c6c6", "#525252"]
    assert density_shades("black", 2) == ["#c6c6c6", "#525252"]


def test_single_step_is_the_lightest_shade():
    assert density_shades("gray", 1) == ["#c6c6c6"]


def test_shades_need_a_step():
    with pytest.raises(ValueError):
        density_shades("red", 0)
