import pytest

from transfer.batch import amount_column, batch_frames


def test_one_unit_for_the_whole_column():
    assert amount_column([512, 2_000_000, 999]) == ["0.0 MB", "2.0 MB", "0.0 MB"]
    assert amount_column([1500.5, 20]) == ["1.5 kB", "0.0 kB"]


def test_bytes_have_no_decimals_and_no_singular():
    assert amount_column([1, 999]) == ["  1 bytes", "999 bytes"]
    assert amount_column([0]) == ["0 bytes"]


def test_the_unit_is_chosen_below_the_next_power():
    assert amount_column([999_999, 5]) == ["1,000.0 kB", "    0.0 kB"]
    assert amount_column([10**28]) == ["10,000.0 YB"]


def test_binary_units():
    assert amount_column([1023, 1024], True) == ["1.0 KiB", "1.0 KiB"]
    assert amount_column([1023], True) == ["1,023 bytes"]


def test_empty_and_negative_columns():
    assert amount_column([]) == []
    with pytest.raises(ValueError):
        amount_column([5, -1])


def test_a_batch_is_read_file_after_file():
    frames = batch_frames([("a.txt", b"x" * 1500), ("bb.bin", b"y" * 700)], 1000, 50)
    assert frames == [
        ["a.txt  ━━━━━━━━━━━━━         67% 1.0/1.5 kB", "bb.bin                        0% 0/700 bytes"],
        ["a.txt  ━━━━━━━━━━━━━━━━━━━━ 100% 1.5/1.5 kB", "bb.bin                        0% 0/700 bytes"],
        ["a.txt  ━━━━━━━━━━━━━━━━━━━━ 100% 1.5/1.5 kB", "bb.bin ━━━━━━━━━━━━━━━━━━━━ 100% 700/700 bytes"],
        ["a.txt   1.5 kB", "bb.bin  0.7 kB"],
    ]


def test_a_batch_in_binary_units():
    frames = batch_frames([("one", b"1" * 2048)], 2048, 40, binary=True)
    assert frames == [["one ━━━━━━━━━━━━━━━━━━━ 100% 2.0/2.0 KiB"], ["one  2.0 KiB"]]


def test_empty_files_only_get_a_summary():
    assert batch_frames([("empty", b"")], 5) == [["empty  0 bytes"]]


def test_no_files():
    assert batch_frames([], 5) == []


def test_bad_chunks():
    with pytest.raises(ValueError):
        batch_frames([("a", b"x")], 0)
