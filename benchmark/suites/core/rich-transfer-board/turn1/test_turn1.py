import pytest

from transfer.board import board_lines, size_text

TASKS = [
    {"description": "alpha.iso", "completed": 512_000, "total": 2_000_000},
    {"description": "b", "completed": 999, "total": 1000},
    {"description": "hidden", "visible": False},
    {"description": "unknown size", "completed": 1500, "total": None},
    {"description": "done", "completed": 3 * 1024**2, "total": 3 * 1024**2},
]


def test_sizes_in_bytes():
    assert size_text(0) == "0 bytes"
    assert size_text(1) == "1 byte"
    assert size_text(999) == "999 bytes"


def test_decimal_units():
    assert size_text(1000) == "1.0 kB"
    assert size_text(1024) == "1.0 kB"
    assert size_text(123456789) == "123.5 MB"


def test_just_below_the_next_unit():
    assert size_text(999_999) == "1,000.0 kB"
    assert size_text(1048575, binary=True) == "1,024.0 KiB"


def test_binary_units():
    assert size_text(1000, binary=True) == "1,000 bytes"
    assert size_text(1023, binary=True) == "1,023 bytes"
    assert size_text(1024, binary=True) == "1.0 KiB"
    assert size_text(123456789, binary=True) == "117.7 MiB"


def test_precision():
    assert size_text(1023, precision=2) == "1.02 kB"
    assert size_text(999_999, precision=0) == "1,000 kB"
    assert size_text(999, precision=3) == "999 bytes"


def test_beyond_the_largest_unit_and_negative_sizes():
    assert size_text(10**27) == "1,000.0 YB"
    with pytest.raises(ValueError):
        size_text(-1)


def test_board_of_transfers():
    assert board_lines(TASKS) == [
        "alpha.iso    ━━━━━                 26% 0.5/2.0 MB",
        "b            ━━━━━━━━━━━━━━━━━━━╸ 100% 1.0/1.0 kB",
        "unknown size ━━━━━━━━━━━━━━━━━━━━      1.5/? kB",
        "done         ━━━━━━━━━━━━━━━━━━━━ 100% 3.1/3.1 MB",
    ]


def test_hidden_transfers_are_not_shown():
    assert board_lines([{"description": "x", "visible": False}]) == []
    assert board_lines([]) == []


def test_a_narrow_board_in_binary_units():
    assert board_lines(TASKS, 40, binary=True) == [
        "alpha.iso    ━━╸         26% 0.5/1.9 MiB",
        "b            ━━━━━━━━━╸ 100% 999/1,000",
        "                             bytes",
        "unknown size ━━━━━━━━━━      1.5/? KiB",
        "done         ━━━━━━━━━━ 100% 3.0/3.0 MiB",
    ]


def test_defaults_of_a_task():
    assert board_lines([{"description": "new"}]) == ["new                        0% 0/100 bytes"]
