import io

import pytest
from rich.progress import Progress

from transfer.reading import reading_frames, tracked


def setup():
    progress = Progress(auto_refresh=False)
    task_id = progress.add_task("x", total=50)
    return progress, task_id, io.BytesIO(b"line one\nline two\nend")


def test_frames_of_a_read_with_a_known_size():
    assert reading_frames(b"x" * 2500, 1000, 2500, 50) == [
        "reading ━━━━━━━━              40% 1.0/2.5 kB",
        "reading ━━━━━━━━━━━━━━━━      80% 2.0/2.5 kB",
        "reading ━━━━━━━━━━━━━━━━━━━━ 100% 2.5/2.5 kB",
        "read 2.5 kB",
    ]


def test_frames_of_a_read_of_unknown_size():
    assert reading_frames(b"x" * 2500, 1000, None, 50) == [
        "reading ━━━━━━━━━━━━━━━━━━━━  1.0/? kB",
        "reading ━━━━━━━━━━━━━━━━━━━━  2.0/? kB",
        "reading ━━━━━━━━━━━━━━━━━━━━  2.5/? kB",
        "read 2.5 kB",
    ]


def test_small_reads_in_binary_units_and_empty_data():
    assert reading_frames(b"ab\ncd\n", 4, 6, 40, True) == [
        "reading ━━━━━━━━━━━        67% 4/6 bytes",
        "reading ━━━━━━━━━━━━━━━━━ 100% 6/6 bytes",
        "read 6 bytes",
    ]
    assert reading_frames(b"", 10, 100, 50) == ["read 0 bytes"]
    with pytest.raises(ValueError):
        reading_frames(b"abc", 0)


def test_lines_advance_the_task():
    progress, task_id, handle = setup()
    reader = tracked(handle, progress, task_id)
    assert reader.readline() == b"line one\n"
    assert progress.tasks[0].completed == 9
    assert list(reader) == [b"line two\n", b"end"]
    assert progress.tasks[0].completed == 21


def test_seeking_moves_the_task_back():
    progress, task_id, handle = setup()
    reader = tracked(handle, progress, task_id)
    reader.read()
    reader.seek(5)
    assert progress.tasks[0].completed == 5
    assert reader.read(3) == b"one"
    assert progress.tasks[0].completed == 8 and reader.tell() == 8


def test_readlines_and_the_total_left_alone():
    progress, task_id, handle = setup()
    reader = tracked(handle, progress, task_id)
    reader.seek(5)
    assert reader.readlines() == [b"one\n", b"line two\n", b"end"]
    assert progress.tasks[0].completed == 21
    assert progress.tasks[0].total == 50


def test_readinto_a_buffer():
    progress, task_id, handle = setup()
    reader = tracked(handle, progress, task_id)
    buffer = bytearray(4)
    assert reader.readinto(buffer) == 4 and bytes(buffer) == b"line"
    assert progress.tasks[0].completed == 4


def test_closing_closes_the_handle_unless_asked_not_to():
    progress, task_id, handle = setup()
    reader = tracked(handle, progress, task_id)
    reader.close()
    assert handle.closed and reader.closed
    other = io.BytesIO(b"abc")
    kept = tracked(other, progress, task_id, close=False)
    assert kept.read() == b"abc"
    kept.close()
    assert kept.closed and not other.closed


def test_writing_is_refused():
    progress, task_id, handle = setup()
    reader = tracked(handle, progress, task_id)
    assert not reader.writable()
    with pytest.raises(OSError):
        reader.write(b"x")


def test_unknown_tasks_are_refused():
    progress, task_id, handle = setup()
    with pytest.raises(KeyError):
        tracked(handle, progress, 99)
