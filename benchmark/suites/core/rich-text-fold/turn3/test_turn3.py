import pytest

from text_fold.columns import columns_text, share_cells, take_cells


def test_share_by_ratio_rounds_the_earlier_parts_up():
    assert share_cells(10, [1, 2, 1]) == [3, 5, 2]
    assert share_cells(10, [1, 1, 1]) == [4, 3, 3]
    assert share_cells(7, [1, 1, 1, 1]) == [2, 2, 2, 1]
    assert share_cells(0, [1, 2]) == [0, 0]


def test_share_with_minimums():
    assert share_cells(10, [1, 1, 1], [1, 5, 1]) == [4, 5, 1]
    assert share_cells(3, [1, 1, 1], [2, 2, 2]) == [2, 2, 2]
    assert share_cells(10, [1, 1], [6, 0]) == [10, 0]


def test_share_refuses_bad_ratios():
    with pytest.raises(ValueError):
        share_cells(10, [0, 0])
    with pytest.raises(ValueError):
        share_cells(10, [1, 1], [1])


def test_take_by_ratio_rounds_half_to_even():
    assert take_cells([10, 10, 10], 5, [1, 1, 1], [10, 10, 10]) == [8, 8, 9]
    assert take_cells([9, 9, 9, 9], 5, [1, 1, 1, 1], [9, 9, 9, 9]) == [8, 8, 7, 8]
    assert take_cells([5, 5], 4, [1, 1], [10, 10]) == [3, 3]


def test_take_respects_maximums_and_zero_ratios():
    assert take_cells([5, 5], 5, [1, 1], [1, 10]) == [4, 1]
    assert take_cells([4, 4], 3, [1, 1], [0, 5]) == [4, 1]
    assert take_cells([4, 4, 4], 3, [1, 0, 1], [5, 5, 5]) == [2, 4, 3]
    with pytest.raises(ValueError):
        take_cells([4, 4], 2, [0, 0], [5, 5])


def test_columns_at_their_natural_width():
    assert columns_text(["ab", "cd"], 20) == ["ab cd"]
    assert columns_text([], 20) == []


def test_columns_narrowed_by_ratio():
    assert columns_text(["alpha beta gamma", "one two three four five"], 20, [1, 3], gap=2, align="right") == [
        " alpha beta  one two",
        "      gamma    three",
        "                four",
        "                five",
    ]


def test_columns_shared_out_when_narrowing_is_not_enough():
    texts = ["Name: rich\nVersion 14", "A library for rich text and beautiful formatting in the terminal.", "MIT"]
    assert columns_text(texts, 30) == [
        "Name: rich A library MIT      ",
        "Version 14 for rich           ",
        "           text and           ",
        "           beautiful          ",
        "           formattin          ",
        "           g in the           ",
        "           terminal.          ",
    ]


def test_full_justified_columns():
    assert columns_text(["aaaa bbbb cccc dddd", "x"], 9, [1, 1], align="full") == ["aaaa x", "bbbb  ", "cccc  ", "dddd  "]


def test_too_many_columns_for_the_width():
    with pytest.raises(ValueError):
        columns_text(["a", "b", "c"], 4)
