import pytest

from text_fold.lines import fold_lines, justify_lines

FOX = "The quick brown fox jumps over the lazy dog"


def test_fold_a_sentence():
    assert fold_lines(FOX, 10) == ["The quick", "brown fox", "jumps over", "the lazy", "dog"]


def test_leading_indentation_is_kept_and_takes_room():
    assert fold_lines("  indented text here", 8) == ["  indent", "ed text", "here"]


def test_words_wider_than_the_line_are_cut():
    assert fold_lines("a supercalifragilistic word", 6) == ["a", "superc", "alifra", "gilist", "ic", "word"]


def test_wide_characters_cut_at_the_edge():
    assert fold_lines("中文字符很长 ok", 5) == ["中文", " 符很", "长 ok"]


def test_paragraphs_fold_on_their_own():
    assert fold_lines("one\n\ntwo  three", 5) == ["one", "", "two", "three"]
    assert fold_lines("", 5) == [""]
    with pytest.raises(ValueError):
        fold_lines("abc", 0)


def test_left_right_and_centre():
    lines = fold_lines(FOX, 12)
    assert justify_lines(lines, 12) == ["The quick   ", "brown fox   ", "jumps over  ", "the lazy dog"]
    assert justify_lines(lines, 12, "right") == ["   The quick", "   brown fox", "  jumps over", "the lazy dog"]
    assert justify_lines(lines, 12, "center") == [" The quick  ", " brown fox  ", " jumps over ", "the lazy dog"]
    assert justify_lines(["  x  "], 6, "center") == ["   x  "]


def test_full_justification_widens_the_gaps():
    assert justify_lines(["a b c", "aa bb cc dd", "x y"], 12, "full") == ["a    b     c", "aa bb cc  dd", "x y"]
    assert justify_lines(fold_lines(FOX, 12), 12, "full") == ["The    quick", "brown    fox", "jumps   over", "the lazy dog"]


def test_full_justification_of_odd_lines():
    assert justify_lines(["a  b", "end"], 8, "full") == ["a      b", "end"]
    assert justify_lines(["single", "x"], 9, "full") == ["single", "x"]
    assert justify_lines(["中文 x y", "z"], 9, "full") == ["中文 x  y", "z"]


def test_lines_too_long_are_cropped():
    assert justify_lines(["toolongline here"], 6) == ["toolon"]
    assert justify_lines(["toolongline here"], 6, "right") == ["toolon"]


def test_nothing_to_justify_and_bad_alignments():
    assert justify_lines([], 5, "full") == []
    with pytest.raises(ValueError):
        justify_lines(["a"], 5, "middle")
