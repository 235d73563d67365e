import json

import pytest

from excerpt.syntax import error_block, syntax_error_lines


def syntax(message, line, offset, text, filename="<config>"):
    return SyntaxError(message, (filename, line, offset, text))


NEVER_CLOSED = syntax("'(' was never closed", 1, 5, "x = (1,\n")
TRAILING = json.JSONDecodeError("Expecting property name enclosed in double quotes", '{\n  "a": 1,\n}', 12)


def test_a_python_syntax_error():
    assert syntax_error_lines(NEVER_CLOSED) == ["x = (1,", "    ▲", "SyntaxError: '(' was never closed"]


def test_the_mark_goes_under_the_offset():
    error = syntax("expected ':'", 1, 8, "if True\n")
    assert syntax_error_lines(error) == ["if True", "       ▲", "SyntaxError: expected ':'"]


def test_offsets_past_the_line_or_missing():
    assert syntax_error_lines(syntax("m", 1, 40, "x = (1,\n"))[:2] == ["x = (1,", "       ▲"]
    assert syntax_error_lines(syntax("m", 1, None, "x = (1,\n"))[:2] == ["x = (1,", "▲"]
    assert syntax_error_lines(syntax("m", 1, 0, "abc"))[:2] == ["abc", "▲"]


def test_a_json_error():
    assert syntax_error_lines(TRAILING) == ["}", "▲", "JSONDecodeError: Expecting property name enclosed in double quotes"]
    empty = json.JSONDecodeError("Expecting value", "", 0)
    assert syntax_error_lines(empty) == ["", "▲", "JSONDecodeError: Expecting value"]


def test_the_place_is_shown_only_for_files_that_exist():
    assert syntax_error_lines(TRAILING, __file__, 200)[0] == f" {__file__}:3"
    assert syntax_error_lines(TRAILING, "no/such/file.json")[0] == "}"
    in_file = syntax("m", 7, 2, "ab\n", __file__)
    assert syntax_error_lines(in_file, width=200) == [f" {__file__}:7", "ab", " ▲", "SyntaxError: m"]


def test_long_lines_are_cropped_to_the_width():
    error = syntax("'[' was never closed", 1, 9, "value = [" + ", ".join(map(str, range(30))) + "\n")
    assert syntax_error_lines(error, width=30) == [
        "value = [0, 1, 2, 3, 4, 5, 6,", "        ▲", "SyntaxError: '[' was never closed"]


def test_a_block_for_a_syntax_error():
    assert error_block(syntax("invalid syntax", 1, 5, "x = = 2"), "", 40) == [
        "x = = 2", "    ▲", "SyntaxError: invalid syntax", "raised SyntaxError: invalid syntax (<co…"]


def test_a_block_for_a_json_error():
    error = json.JSONDecodeError("Expecting value", "nope", 0)
    assert error_block(error, "", 40) == [
        "nope", "▲", "JSONDecodeError: Expecting value", "raised JSONDecodeError: Expecting value…"]


def test_a_block_for_any_other_error():
    assert error_block(ValueError("x"), "", 40) == ["raised ValueError: x"]
    try:
        {}["k"]
    except KeyError as error:
        block = error_block(error, "", 40)
    assert block[0].startswith("File test_turn4.py, line ") and block[-1] == "raised KeyError: 'k'"


def test_other_errors_have_no_syntax_to_show():
    with pytest.raises(TypeError):
        syntax_error_lines(ValueError("x"))
