import pytest

from text_fold.pieces import cut_cells, word_pieces


def test_words_keep_the_space_after_them():
    assert word_pieces("one two  three") == [("one ", 3), ("two  ", 3), ("three", 5)]


def test_leading_space_travels_with_the_first_word_and_counts():
    assert word_pieces("  hello  world\tfoo ") == [("  hello  ", 7), ("world\t", 5), ("foo ", 3)]


def test_wide_characters_count_two_cells():
    assert word_pieces("中文 字  x") == [("中文 ", 4), ("字  ", 2), ("x", 1)]


def test_line_breaks_are_white_space_like_any_other():
    assert word_pieces("\n a\nb ") == [("\n a\n", 2), ("b ", 1)]


def test_no_words():
    assert word_pieces("") == []
    assert word_pieces("   \t ") == []


def test_cut_plain_text():
    assert cut_cells("abcdef", 3) == ("abc", "def")
    assert cut_cells("abc", 0) == ("", "abc")


def test_cut_past_the_end_leaves_nothing_on_the_right():
    assert cut_cells("abc", 3) == ("abc", "")
    assert cut_cells("abc", 10) == ("abc", "")
    assert cut_cells("", 2) == ("", "")


def test_cut_between_wide_characters():
    assert cut_cells("a中文b", 3) == ("a中", "文b")


def test_cut_through_a_wide_character_leaves_a_space_on_each_side():
    assert cut_cells("a中文b", 2) == ("a ", " 文b")
    assert cut_cells("中文", 1) == (" ", " 文")


def test_negative_cut_is_refused():
    with pytest.raises(ValueError):
        cut_cells("abc", -1)
