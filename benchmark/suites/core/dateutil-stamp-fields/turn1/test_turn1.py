import pytest

from stamps.lexing import piece_kinds, pieces, words_and_numbers


def test_a_classic_log_stamp():
    assert pieces("Thu Sep 25 10:36:28 BRST 2003") == [
        "Thu", " ", "Sep", " ", "25", " ", "10", ":", "36", ":", "28", " ", "BRST", " ", "2003"]


def test_decimal_numbers_stay_whole():
    assert pieces("2024-03-05T10:20:30.5+02:00") == [
        "2024", "-", "03", "-", "05", "T", "10", ":", "20", ":", "30.5", "+", "02", ":", "00"]
    assert pieces("1.5h") == ["1.5", "h"]
    assert pieces("v1.2b") == ["v", "1.2", "b"]


def test_a_comma_before_fractions_of_a_second():
    assert pieces("2003-09-25T10:49:41,502")[-1] == "41.502"


def test_dotted_dates_and_dotted_words_are_cut():
    assert pieces("10.5.2003") == ["10", ".", "5", ".", "2003"]
    assert pieces("a.m. 10.30") == ["a", ".", "m", ".", " ", "10.30"]
    assert pieces("Jan.5,2003") == ["Jan", ".", "5", ",", "2003"]


def test_spaces_and_empty_text():
    assert pieces("  x  ") == [" ", " ", "x", " ", " "]
    assert pieces("") == []
    with pytest.raises(TypeError):
        pieces(None)


def test_suffixes_split_from_numbers():
    assert pieces("4th of July") == ["4", "th", " ", "of", " ", "July"]
    assert pieces("12:30pm") == ["12", ":", "30", "pm"]


def test_kinds():
    assert piece_kinds("12:30pm") == [("12", "number"), (":", "other"), ("30", "number"), ("pm", "word")]
    assert piece_kinds("Jan.5") == [("Jan", "word"), (".", "other"), ("5", "number")]


def test_kinds_of_spaces_and_letters_beyond_ascii():
    assert piece_kinds("é1 x") == [("é", "word"), ("1", "number"), (" ", "space"), ("x", "word")]


def test_grouping_by_kind():
    assert words_and_numbers("Thu Sep 25 10:36:28 BRST 2003") == {
        "words": ["Thu", "Sep", "BRST"], "numbers": ["25", "10", "36", "28", "2003"], "other": [":", ":"]}
    assert words_and_numbers("") == {"words": [], "numbers": [], "other": []}


def test_grouping_of_dotted_text():
    assert words_and_numbers("N.Y.C. 1999") == {"words": ["N", "Y", "C"], "numbers": ["1999"], "other": [".", ".", "."]}
    assert words_and_numbers("3.14.15")["numbers"] == ["3", "14", "15"]
