import pytest

from code_view.gutter import gutter_styles, number_color


def test_numbers_are_a_shade_between_background_and_text():
    assert number_color() == "#656660"
    assert number_color("github-dark") == "#4e5359"
    assert number_color("default") == "#adadad"


def test_the_blend_moves_the_shade():
    assert number_color(blend=0.9) == "#e3e3dd"
    assert number_color(blend=0) == "#272822"
    assert number_color(blend=1) == "#f8f8f2"


def test_a_background_of_our_own():
    assert number_color("monokai", "#000000") == "#4a4a48"
    assert number_color("monokai", "#ffffff") == "#fcfcfb"
    assert number_color("default", "#000000") == "#000000"


def test_terminal_colours_give_the_default():
    assert number_color("ansi_dark") is None
    assert number_color("ansi_dark", "#000000") is None
    assert number_color("monokai", "default") is None
    assert number_color("monokai", "red") is None


def test_blend_out_of_range():
    with pytest.raises(ValueError):
        number_color(blend=1.5)
    with pytest.raises(ValueError):
        number_color(blend=-0.1)


def test_gutter_styles_on_a_true_colour_terminal():
    assert gutter_styles() == (
        "on #272822",
        "not bold not italic not underline #656660 on #272822",
        "bold not italic not underline #e3e3dd on #272822",
    )
    assert gutter_styles(colors="256") == gutter_styles()


def test_gutter_styles_on_a_16_colour_terminal():
    assert gutter_styles(colors="standard") == ("on #272822", "dim on #272822", "not dim on #272822")


def test_gutter_styles_without_a_background():
    assert gutter_styles("ansi_dark") == ("none", "dim", "none")
    assert gutter_styles("monokai", "default") == ("none", "dim", "none")


def test_gutter_styles_of_terminal_themes_on_a_background():
    assert gutter_styles("ansi_dark", "#000000") == ("on #000000", "default on #000000", "bold default on #000000")
    assert gutter_styles("monokai", "red") == (
        "on red",
        "not bold not italic not underline default on red",
        "bold not italic not underline default on red",
    )


def test_unknown_colour_system():
    with pytest.raises(ValueError):
        gutter_styles(colors="windows")
