import pytest

from markup_text.convert import ansi_to_markup, markup_to_ansi


def test_styles_become_ansi_codes():
    assert markup_to_ansi("[bold red]hi[/] there") == "\x1b[1;31mhi\x1b[0m there"
    assert markup_to_ansi("[on blue]b[/] [u i]c") == "\x1b[44mb\x1b[0m \x1b[3;4mc\x1b[0m"
    assert markup_to_ansi("[bold #5f87af on #101010]t") == "\x1b[1;38;2;95;135;175;48;2;16;16;16mt\x1b[0m"


def test_colours_are_brought_down_to_the_terminal():
    assert markup_to_ansi("[#ff0000]x", colors="standard") == "\x1b[31mx\x1b[0m"
    assert markup_to_ansi("[#ff0000]x", colors="256") == "\x1b[38;5;196mx\x1b[0m"
    assert markup_to_ansi("[#ff0000]x") == "\x1b[38;2;255;0;0mx\x1b[0m"
    assert markup_to_ansi("[#5f87af]t", colors="standard") == "\x1b[37mt\x1b[0m"


def test_numbered_colours():
    assert markup_to_ansi("[color(200)]m", colors="standard") == "\x1b[35mm\x1b[0m"
    assert markup_to_ansi("[color(200)]m") == "\x1b[38;5;200mm\x1b[0m"


def test_the_same_style_on_two_terminals_in_turn():
    assert [markup_to_ansi("[#00ff00]g", colors=c) for c in ("256", "standard", "truecolor")] == [
        "\x1b[38;5;46mg\x1b[0m", "\x1b[32mg\x1b[0m", "\x1b[38;2;0;255;0mg\x1b[0m"]


def test_wrapping_links_and_escapes():
    assert markup_to_ansi("Hello [bold]big world[/bold] of text", 10) == "Hello \x1b[1mbig\x1b[0m\n\x1b[1mworld\x1b[0m of\ntext"
    assert markup_to_ansi("[link=https://a]go[/link]") == "go"
    assert markup_to_ansi("plain \\[x]") == "plain [x]"
    assert markup_to_ansi("[b]x[/b]\n\n[i]y") == "\x1b[1mx\x1b[0m\n\n\x1b[3my\x1b[0m"
    assert markup_to_ansi("") == ""


def test_bad_styles_and_colour_systems():
    with pytest.raises(ValueError):
        markup_to_ansi("[nosuch]x")
    with pytest.raises(ValueError):
        markup_to_ansi("x", colors="windows")


def test_ansi_codes_become_rich_styles():
    assert ansi_to_markup("\x1b[1;31mred\x1b[0m x") == "[bold color(1)]red[/bold color(1)] x"
    assert ansi_to_markup("\x1b[38;5;196mx") == "[color(196)]x[/color(196)]"
    assert ansi_to_markup("\x1b[91mbright\x1b[39m") == "[color(9)]bright[/color(9)]"


def test_ansi_styles_that_switch_off():
    assert ansi_to_markup("\x1b[7mrev\x1b[27mnot") == "[reverse]rev[not reverse][/reverse]not[/not reverse]"
    assert ansi_to_markup("\x1b[38;2;1;2;3my \x1b[4mu") == "[#010203]y [underline #010203][/#010203]u[/underline #010203]"


def test_ansi_lines_and_wrapping():
    assert ansi_to_markup("\x1b[1;31mred words here\x1b[0m and plain", 9) == (
        "[bold color(1)]red words[/bold color(1)]\n[bold color(1)]here[/bold color(1)] and\nplain")
    assert ansi_to_markup("\x1b[1mbold\nnext") == "[bold]bold[/bold]\n[bold]next[/bold]"


def test_ansi_text_with_brackets_and_nothing():
    assert ansi_to_markup("a[b]") == "a\\[b]"
    assert ansi_to_markup("") == ""
