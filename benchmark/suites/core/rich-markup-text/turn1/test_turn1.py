import pytest

from markup_text.scan import ansi_runs, markup_runs


def test_plain_and_styled_runs():
    assert markup_runs("Hello [bold]world[/bold]!") == [("Hello ", ""), ("world", "bold"), ("!", "")]
    assert markup_runs("[bold red on white]x") == [("x", "bold red on white")]
    assert markup_runs("") == []


def test_nested_tags_and_implicit_closes():
    assert markup_runs("[b]a[i]b[/]c[/b]") == [("a", "bold"), ("b", "bold italic"), ("c", "bold")]
    assert markup_runs("[b][i]x[/b]y[/i]") == [("x", "bold italic"), ("y", "italic")]
    assert markup_runs("[bold]x[/b]") == [("x", "bold")]


def test_neighbouring_runs_of_one_style_merge():
    assert markup_runs("[red]a[/red][red]b[/red]") == [("ab", "red")]
    assert markup_runs("[b]x[/b][b]y") == [("xy", "bold")]


def test_what_is_not_a_tag():
    assert markup_runs("[1, 2] list") == [("[1, 2] list", "")]
    assert markup_runs("[B]x") == [("[B]x", "")]
    assert markup_runs(":smile: [red]:wave:") == [(":smile: ", ""), (":wave:", "red")]


def test_escapes():
    assert markup_runs(r"\[b] not a tag") == [("[b] not a tag", "")]
    assert markup_runs("\\\\[b]bold[/b]") == [("\\", ""), ("bold", "bold")]
    assert markup_runs("[b]a\\[/b]") == [("a[/b]", "bold")]


def test_parameters_and_handlers():
    assert markup_runs("[link=https://x.y]site[/link]") == [("site", "link=https://x.y")]
    assert markup_runs("[#ff0000]r") == [("r", "#ff0000")]
    assert markup_runs("[@click]c[/]") == [("c", "")]


def test_closing_tags_that_close_nothing():
    for markup in ("a[/]", "x [/not]", "[b]x[/i]", "[RED]x[/red]"):
        with pytest.raises(ValueError):
            markup_runs(markup)


def test_ansi_styles_accumulate_until_a_reset():
    assert ansi_runs("\x1b[1;31mred\x1b[0m plain") == [("red", "1;31", ""), (" plain", "", "")]
    assert ansi_runs("\x1b[38;5;196mx\x1b[1my") == [("x", "38;5;196", ""), ("y", "38;5;196;1", "")]
    assert ansi_runs("\x1b[1mb\x1b[mreset") == [("b", "1", ""), ("reset", "", "")]
    assert ansi_runs("\x1b[0;32mg\x1b[39mh") == [("g", "32", ""), ("h", "32;39", "")]


def test_other_escape_codes_are_dropped():
    assert ansi_runs("\x1b(Bxyz") == [("xyz", "", "")]
    assert ansi_runs("\x1b[2Kclear") == [("clear", "", "")]
    assert ansi_runs("\x1b[1m\x1b[0m") == []
    assert ansi_runs("a\x1b[31m") == [("a", "", "")]


def test_links_and_plain_text():
    assert ansi_runs("\x1b]8;;http://a\x1b\\link\x1b]8;;\x1b\\ after") == [("link", "", "http://a"), (" after", "", "")]
    assert ansi_runs("no codes") == [("no codes", "", "")]
    assert ansi_runs("") == []
