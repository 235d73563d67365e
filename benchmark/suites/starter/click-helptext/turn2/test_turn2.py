import pytest

from click_helptext.section import render_section


def test_heading_and_aligned_rows():
    rows = [("-v, --verbose", "Print more output."), ("--help", "Show this message and exit.")]
    assert render_section("Options", rows) == (
        "Options:\n  -v, --verbose  Print more output.\n  --help         Show this message and exit.\n"
    )


def test_description_wraps_inside_its_column():
    rows = [("-o, --output FILE", "Write the result to FILE instead of the standard output, creating it when needed.")]
    assert render_section("Options", rows, width=50) == (
        "Options:\n"
        "  -o, --output FILE  Write the result to FILE\n"
        "                     instead of the standard\n"
        "                     output, creating it when\n"
        "                     needed.\n"
    )


def test_description_column_width_from_width():
    rows = [("--x", "alpha beta gamma delta epsilon")]
    assert render_section("Options", rows, width=20) == (
        "Options:\n  --x  alpha beta\n       gamma delta\n       epsilon\n"
    )


def test_description_column_never_narrower_than_ten():
    rows = [("--x", "alpha beta gamma delta epsilon")]
    assert render_section("Options", rows, width=14) == (
        "Options:\n  --x  alpha beta\n       gamma\n       delta\n       epsilon\n"
    )


def test_col_max_caps_the_first_column_and_long_terms_break_the_line():
    rows = [("--a", "short"), ("--a-very-long-option-name-that-overflows TEXT", "Its description goes below.")]
    assert render_section("Options", rows, width=60, col_max=20) == (
        "Options:\n"
        "  --a                   short\n"
        "  --a-very-long-option-name-that-overflows TEXT\n"
        "                        Its description goes below.\n"
    )


def test_rows_without_description():
    rows = [("init", "Create a config."), ("sync",), ("push", "")]
    assert render_section("Commands", rows) == "Commands:\n  init  Create a config.\n  sync\n  push\n"


def test_rows_must_have_two_columns():
    with pytest.raises(TypeError):
        render_section("Options", [("x",), ("y",)])
    with pytest.raises(TypeError):
        render_section("Options", [("a", "b", "c")])


def test_intro_without_rows():
    assert render_section("Options", [], intro="Nothing to show here.") == "Options:\n  Nothing to show here.\n"


def test_intro_is_reflowed_and_separated_from_rows():
    rows = [("-q", "Quiet."), ("--config PATH", "Read settings from PATH.")]
    result = render_section(
        "Options", rows, intro="These apply to every command.\n\nSee the manual for more.", width=50
    )
    assert result == (
        "Options:\n  These apply to every command.\n\n  See the manual for more.\n\n"
        "  -q             Quiet.\n  --config PATH  Read settings from PATH.\n"
    )
    assert render_section(
        "Arguments", [("SRC", "Source.")],
        intro="Positional arguments come first, before any option of the command.", width=40,
    ) == "Arguments:\n  Positional arguments come first,\n  before any option of the command.\n\n  SRC  Source.\n"


def test_styled_terms_align_by_visible_width():
    rows = [("\x1b[1m--color\x1b[0m", "Force colors."), ("--no-pager", "Never page.")]
    assert render_section("Options", rows) == (
        "Options:\n  \x1b[1m--color\x1b[0m     Force colors.\n  --no-pager  Never page.\n"
    )


def test_description_paragraphs_and_no_rewrap_blocks():
    rows = [("--mode", "How to run.\n\n\b\nfast\nslow")]
    assert render_section("Options", rows, width=40) == (
        "Options:\n  --mode  How to run.\n          \n          fast\n          slow\n"
    )
