import pytest

from excerpt.code import code_offset, frame_excerpt, marked_excerpt

CODE = "def f(x):\n    total = x[0] +\\\n        x[1]\n    return total\n\n\nprint(f([1]))"
COUNTS = "\n".join(f"x{i} = {i}" for i in range(1, 13))


def boom():
    return {}["k"]


def test_offsets_of_positions():
    assert code_offset(CODE, 1, 0) == 0
    assert code_offset(CODE, 1, 4) == 4
    assert code_offset(CODE, 2, 4) == 14
    assert code_offset(CODE, 3, 8) == 38
    assert code_offset(CODE, 7, 13) == 75


def test_columns_past_the_end_of_their_line_stop_at_its_end():
    assert code_offset(CODE, 1, 99) == 9
    assert code_offset(CODE, 4, 100) == 59
    assert code_offset("", 1, 5) == 0


def test_lines_past_the_end():
    assert code_offset(CODE, 8, 0) is None
    assert code_offset("abc\n", 2, 0) == 4
    assert code_offset("abc\n", 3, 0) is None


def test_positions_that_cannot_be():
    with pytest.raises(ValueError):
        code_offset(CODE, 0, 0)
    with pytest.raises(ValueError):
        code_offset(CODE, 1, -1)


def test_a_region_over_two_lines():
    assert marked_excerpt(CODE, (2, 12), (3, 12)) == [
        "1 │ def f(x):",
        "2 │     total = x[0] +\\",
        "  │             ^^^^^^^",
        "3 │         x[1]",
        "  │ ^^^^^^^^^^^^",
        "4 │     return total",
    ]


def test_a_region_without_context():
    assert marked_excerpt(CODE, (2, 4), (2, 9), context=0) == ["2 │     total = x[0] +\\", "  │     ^^^^^"]


def test_a_region_past_the_end_of_its_line_and_blank_lines():
    assert marked_excerpt(CODE, (4, 11), (4, 40), context=5) == [
        "1 │ def f(x):",
        "2 │     total = x[0] +\\",
        "3 │         x[1]",
        "4 │     return total",
        "  │            ^^^^^",
        "5 │",
        "6 │",
        "7 │ print(f([1]))",
    ]


def test_the_gutter_fits_the_largest_number():
    assert marked_excerpt(COUNTS, (9, 0), (10, 2)) == [
        " 8 │ x8 = 8", " 9 │ x9 = 9", "   │ ^^^^^^", "10 │ x10 = 10", "   │ ^^", "11 │ x11 = 11"]
    with pytest.raises(ValueError):
        marked_excerpt(COUNTS, (12, 0), (13, 1))


def test_the_line_an_exception_was_raised_at():
    try:
        boom()
    except KeyError as error:
        raised = error
    number = boom.__code__.co_firstlineno + 1
    with open(__file__, encoding="utf-8") as handle:
        source = handle.read()
    assert number == 10
    assert frame_excerpt(raised, source) == [
        "File test_turn2.py, line 10, in boom",
        " 9 │ def boom():",
        '10 │     return {}["k"]',
        "   │     ^^^^^^^^^^^^^^",
        "11 │",
    ]


def test_excerpts_without_code():
    try:
        boom()
    except KeyError as error:
        raised = error
    number = boom.__code__.co_firstlineno + 1
    assert frame_excerpt(raised, "x = 1") == [f"File test_turn2.py, line {number}, in boom"]
    assert frame_excerpt(ValueError("never raised"), "") == []
