from more_itertools_frames.layout import code_rows
import pytest


def test_exact_rows():
    assert code_rows('#.#.#.', '.', '-', 3) == ['#-#', '-#-']


def test_last_row_filled():
    assert code_rows('#..##..#', '##', '@', 3) == ['#..', '@..', '#..']


def test_custom_fill():
    assert code_rows('#.#', '.', '', 4, fill='_') == ['##__']


def test_width_one():
    assert code_rows('#.#', '#', 'ab', 1) == ['a', 'b', '.', 'a', 'b']


def test_wider_than_text():
    assert code_rows('..', '#', '!', 5, fill='~') == ['..~~~']


def test_everything_deleted():
    assert code_rows('###', '#', '', 2) == []


def test_empty_code():
    assert code_rows('', '#', 'x', 3) == []


def test_limit_passed_on():
    assert code_rows('#.#.#.#', '#', '*', 4, limit=2) == ['*.*.', '#.#.']


def test_substitute_grows_rows():
    assert code_rows('#.', '#', '####', 2, fill='?') == ['##', '##', '.?']


def test_zero_width():
    with pytest.raises(ValueError):
        code_rows('#.#', '#', '+', 0)


def test_negative_width_on_empty():
    with pytest.raises(ValueError):
        code_rows('', '#', '+', -2)
