import pytest

from text_fold.report import report_lines

NOTE = "This release folds text the way rich folds it, so exports and terminal views agree."


def test_titles_are_upper_case_and_centred():
    assert report_lines([("title", "release notes for the folding toolkit")], 16) == [
        " RELEASE NOTES  ", "FOR THE FOLDING ", "    TOOLKIT     "]


def test_text_is_fully_justified_and_its_last_line_padded():
    assert report_lines([("text", NOTE)], 26) == [
        "This  release  folds  text",
        "the way rich folds it,  so",
        "exports and terminal views",
        "agree.                    ",
    ]


def test_columns_are_two_cells_apart():
    assert report_lines([("columns", ["Added: grids and cards", "Fixed: wide characters"])], 26) == [
        "Added: grids  Fixed: wide ", "and cards     characters  "]


def test_cards_are_padded_grids():
    assert report_lines([("card", [["Version", "14.0"], ["Date", "today"]])], 26) == [
        " Version      14.0        ", " Date         today       "]


def test_a_whole_report_with_a_separator():
    blocks = [("title", "notes"), ("text", "Folded as rich folds."), ("card", [["a", "b"]])]
    assert report_lines(blocks, 12, "-") == [
        "   NOTES    ",
        "------------",
        "Folded    as",
        "rich folds. ",
        "------------",
        " a     b    ",
    ]


def test_separators_repeat_and_are_cut_to_the_width():
    assert report_lines([("title", "a"), ("text", "b c")], 8, "-=") == ["   A    ", "-=-=-=-=", "b c     "]


def test_blocks_are_apart_by_a_blank_line_by_default():
    assert report_lines([("title", "a"), ("text", "b c")], 8) == ["   A    ", "        ", "b c     "]


def test_empty_columns_and_cards_keep_their_separators():
    assert report_lines([("columns", []), ("card", []), ("title", "x")], 6) == ["      ", "      ", "  X   "]


def test_an_empty_report():
    assert report_lines([], 10) == []


def test_bad_blocks_and_widths():
    with pytest.raises(ValueError):
        report_lines([("table", [])], 10)
    with pytest.raises(ValueError):
        report_lines([("title", "x")], 3)


def test_wide_characters_in_text_are_cut_as_turn_one_cuts_them():
    assert report_lines([("text", "中文字符很长 ok")], 5) == ["中文 ", " 符很", "长 ok"]
