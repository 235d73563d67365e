import inspect
import io

import pytest

from transfer.logfile import log_board

ISO = {"description": "a.iso", "completed": 512_000, "total": 2_000_000}


def here():
    return inspect.currentframe().f_back.f_lineno


def test_a_plain_entry():
    log = io.StringIO()
    line = here() + 1
    path, number = log_board([ISO, {"description": "x", "total": None, "completed": 10}], log, 50)
    assert path.endswith("test_turn4.py") and number == line
    assert log.getvalue() == (
        f"test_turn4.py:{line}\n"
        "a.iso ━━━━━                 26% 0.5/2.0 MB\n"
        "x     ━━━━━━━━━━━━━━━━━━━━      10/? bytes\n"
        "total 0.5 MB of 2.0 MB\n"
    )


def test_an_entry_in_colour():
    log = io.StringIO()
    line = here() + 1
    log_board([ISO], log, 50, "standard")
    assert log.getvalue() == (
        f"\x1b[1mtest_turn4.py:{line}\x1b[0m\n"
        "a.iso ━━━━━                 26% 0.5/2.0 MB\n"
        "\x1b[2mtotal \x1b[0m0.5 MB of 2.0 MB\n"
    )


def test_no_totals_when_no_size_is_known():
    log = io.StringIO()
    line = here() + 1
    log_board([{"description": "a", "total": None}], log, 30, "256")
    assert log.getvalue() == f"\x1b[1mtest_turn4.py:{line}\x1b[0m\na ━━━━━━━━━━━━━━━━━  0/? bytes\n"


def test_an_empty_board():
    log = io.StringIO()
    line = here() + 1
    log_board([], log, 30, "truecolor")
    assert log.getvalue() == f"\x1b[1mtest_turn4.py:{line}\x1b[0m\n"


def test_totals_count_hidden_transfers():
    log = io.StringIO()
    line = here() + 1
    log_board([ISO, {"description": "h", "visible": False, "completed": 1_000_000, "total": 1_000_000}], log, 50)
    assert log.getvalue().splitlines() == [
        f"test_turn4.py:{line}", "a.iso ━━━━━                 26% 0.5/2.0 MB", "total 1.5 MB of 3.0 MB"]


def test_totals_in_bytes_and_binary_units():
    log = io.StringIO()
    log_board([{"description": "s", "completed": 10}], log, 40)
    assert log.getvalue().splitlines()[-1] == "total 10 bytes of 100 bytes"
    log = io.StringIO()
    log_board([{"description": "b", "completed": 1024, "total": 4096}], log, 40, binary=True)
    assert log.getvalue().splitlines()[1:] == ["b ━━━━━                 25% 1.0/4.0 KiB", "total 1.0 KiB of 4.0 KiB"]


def test_entries_are_appended():
    log = io.StringIO()
    first = here() + 1
    log_board([], log)
    second = here() + 1
    log_board([], log)
    assert log.getvalue() == f"test_turn4.py:{first}\ntest_turn4.py:{second}\n"


def test_the_place_of_a_helper_that_logs():
    def helper(log):
        return log_board([], log)

    log = io.StringIO()
    path, number = helper(log)
    assert number == helper.__code__.co_firstlineno + 1
    assert log.getvalue() == f"test_turn4.py:{number}\n"


def test_unknown_colour_systems_write_nothing():
    log = io.StringIO()
    with pytest.raises(ValueError):
        log_board([ISO], log, 50, "rainbow")
    assert log.getvalue() == ""


def test_the_board_is_written_at_the_width_given():
    log = io.StringIO()
    log_board([ISO], log, 30)
    assert log.getvalue().splitlines()[1] == "a.iso ━━         26% 0.5/2.0"
