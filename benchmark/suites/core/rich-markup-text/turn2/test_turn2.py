import pytest

from markup_text.wrap import wrap_ansi, wrap_markup


def test_styles_are_reopened_on_every_line():
    assert wrap_markup("Hello [bold]big world[/bold] of text", 10) == ["Hello [bold]big[/]", "[bold]world[/] of", "text"]


def test_long_words_fold_or_are_cut():
    assert wrap_markup("[red]abcdefghijklmnop[/red]", 5) == ["[red]abcde[/]", "[red]fghij[/]", "[red]klmno[/]", "[red]p[/]"]
    assert wrap_markup("[red]abcdefghijklmnop[/red] x", 5, fold=False) == ["[red]abcde[/]", "x"]


def test_emoji_codes():
    assert wrap_markup(":smile: is [b]happy[/b]", 7) == ["😄 is", "[bold]happy[/]"]
    assert wrap_markup(":smile: is", 7, emoji=False) == [":smile:", "is"]


def test_new_lines_and_empty_text():
    assert wrap_markup("a\n\nb [i]c[/i]", 4) == ["a", "", "b [italic]c[/]"]
    assert wrap_markup("", 5) == [""]


def test_brackets_in_the_text_are_escaped():
    assert wrap_markup("[b]x\\[y][/b]", 10) == ["[bold]x\\[y][/]"]


def test_wide_characters_and_spaces():
    assert wrap_markup("日本語のテキストです", 5) == ["日本", "語の", "テキ", "スト", "です"]
    assert wrap_markup("  lead and  double  spaces", 8) == ["  lead", "and", "double", "spaces"]


def test_tags_with_parameters():
    assert wrap_markup("[link=https://a]go there[/link]", 3) == ["[link=https://a]go[/]", "[link=https://a]the[/]", "[link=https://a]re[/]"]


def test_ansi_codes_are_reset_at_every_line_end():
    assert wrap_ansi("\x1b[1;31mred words here\x1b[0m and plain", 9) == [
        "\x1b[1;31mred words\x1b[0m", "\x1b[1;31mhere\x1b[0m and", "plain"]
    assert wrap_ansi("abcdefgh", 3, fold=False) == ["abc"]
    assert wrap_ansi("", 3) == [""]


def test_ansi_links_are_reopened():
    assert wrap_ansi("\x1b]8;;http://a\x1b\\link here\x1b]8;;\x1b\\", 4) == [
        "\x1b]8;;http://a\x1b\\link\x1b]8;;\x1b\\", "\x1b]8;;http://a\x1b\\here\x1b]8;;\x1b\\"]


def test_width_below_one():
    with pytest.raises(ValueError):
        wrap_markup("x", 0)
    with pytest.raises(ValueError):
        wrap_ansi("x", -1)
