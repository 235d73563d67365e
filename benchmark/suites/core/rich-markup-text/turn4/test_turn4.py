from datetime import datetime

from markup_text.log import log_ansi, log_lines


def at(hour, minute=0, second=0):
    return datetime(2026, 1, 1, hour, minute, second)


STARTED = {"time": at(9, 30), "level": "info", "message": "Server [bold]started[/bold] on port 80", "path": "app.py", "line": 12}
DISK = {"time": at(9, 30), "level": "warning", "message": "Disk almost full, please clean up the temporary folder soon",
        "path": "disk.py", "line": 7}
FAILED = {"time": at(9, 31, 5), "level": "error", "message": "\x1b[31mfailed\x1b[0m: code 2"}


def test_a_log_with_levels_paths_and_a_repeated_time():
    assert log_lines([STARTED, DISK, FAILED], 60) == [
        "[09:30:00] INFO     Server started on port 80      app.py:12",
        "           WARNING  Disk almost full, please clean disk.py:7",
        "                    up the temporary folder soon",
        "[09:31:05] ERROR    failed: code 2",
    ]


def test_without_levels_and_with_another_time_format():
    assert log_lines([STARTED, DISK, FAILED], 60, levels=False, clock="%H:%M") == [
        "09:30 Server started on port 80                    app.py:12",
        "      Disk almost full, please clean up the        disk.py:7",
        "      temporary folder soon",
        "09:31 failed: code 2",
    ]


def test_paths_end_at_the_right_edge():
    lines = log_lines([STARTED, DISK], 60)
    assert [len(line) for line in lines] == [60, 60, 48]
    assert lines[0].index("app.py") == lines[1].index("disk.py") == 51


def test_a_path_without_a_line_and_a_message_without_a_path():
    assert log_lines([{"time": at(1), "level": "debug", "message": "x", "path": "m.py"}], 30) == [
        "[01:00:00] DEBUG    x     m.py"]
    assert log_lines([{"time": at(1), "level": "info", "message": "no path here"}], 30) == ["[01:00:00] INFO     no path", "                    here"]


def test_long_words_fold_in_the_message_column():
    assert log_lines([{"time": at(2), "level": "info", "message": "a" * 25}], 30) == [
        "[02:00:00] INFO     aaaaaaaaaa", "                    aaaaaaaaaa", "                    aaaaa"]


def test_no_records():
    assert log_lines([]) == []
    assert log_ansi([]) == []


def test_ansi_log_with_rich_colours():
    assert log_ansi([STARTED], 60) == [
        "\x1b[2;36m[09:30:00] \x1b[0m\x1b[34mINFO    \x1b[0m Server \x1b[1mstarted\x1b[0m on port 80      \x1b[2mapp.py:12\x1b[0m"]


def test_ansi_log_on_a_16_colour_terminal():
    assert log_ansi([FAILED], 60, colors="standard") == [
        "\x1b[2;36m[09:31:05] \x1b[0m\x1b[1;31mERROR   \x1b[0m \x1b[31mfailed\x1b[0m: code 2"]


def test_ansi_log_of_a_warning_without_levels():
    assert log_ansi([DISK], 40, levels=False) == [
        "\x1b[2;36m[09:30:00] \x1b[0mDisk almost full,   \x1b[2mdisk.py:7\x1b[0m",
        "\x1b[2;36m           \x1b[0mplease clean up the",
        "\x1b[2;36m           \x1b[0mtemporary folder",
        "\x1b[2;36m           \x1b[0msoon",
    ]


def test_levels_rich_does_not_know_have_no_colour():
    assert log_ansi([{"time": at(3), "level": "notice", "message": "m"}], 30) == [
        "\x1b[2;36m[03:00:00] \x1b[0mNOTICE   m"]


def test_a_record_without_a_time_is_refused():
    import pytest

    with pytest.raises(ValueError):
        log_lines([{"level": "info", "message": "when?"}])
    with pytest.raises(ValueError):
        log_ansi([{"time": "09:30", "message": "not a datetime"}])
