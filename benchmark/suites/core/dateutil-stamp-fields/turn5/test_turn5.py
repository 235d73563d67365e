import pytest

from stamps.explain import explain, explain_numbers


def test_clock_numbers():
    assert explain_numbers("10:30") == [("10", ["hour", "minute"])]
    assert explain_numbers("12h30m") == [("12", ["hour"]), ("30", ["minute"])]
    assert explain_numbers("10 h 5") == [("10", ["hour"]), ("5", ["minute"])]


def test_dates_read_together():
    assert explain_numbers("2024-03-05") == [("2024", ["date", "date", "date"])]
    assert explain_numbers("3.5.7.9") == [("3", ["date", "date", "date"]), ("9", ["date"])]


def test_compact_forms():
    assert explain_numbers("19990101T2359") == [("19990101", ["date", "date", "date"]), ("2359", ["hour", "minute"])]
    assert explain_numbers("990101") == [("990101", ["date", "date", "date"])]
    assert explain_numbers("235959.5") == [("235959.5", ["hour", "minute", "second", "microsecond"])]


def test_full_stamp_with_fraction():
    assert explain_numbers("2024-03-05T10:20:30.5") == [
        ("2024", ["date", "date", "date"]), ("10", ["hour", "minute", "second", "microsecond"])]


def test_am_pm_and_month_names():
    assert explain_numbers("3 pm") == [("3", ["hour"])]
    assert explain_numbers("12am") == [("12", ["hour"])]
    assert explain_numbers("Jan 5 2003") == [("5", ["date"]), ("2003", ["date"])]


def test_numbers_that_cannot_be_placed():
    with pytest.raises(ValueError):
        explain_numbers("45x")
    assert explain_numbers("45x", fuzzy=True) == [("45", [])]
    assert explain_numbers("5x") == [("5", ["date"])]


def test_more_date_numbers_than_a_date_holds():
    assert explain_numbers("1 2 3 4") == [("1", ["date"]), ("2", ["date"]), ("3", ["date"]), ("4", ["date"])]
    assert explain_numbers("10:30 99 98 97")[0] == ("10", ["hour", "minute"])


def test_explain_a_plain_stamp():
    result = explain("10:30")
    assert result["numbers"] == [("10", ["hour", "minute"])]
    assert (result["fields"]["hour"], result["fields"]["minute"]) == (10, 30)


def test_explain_falls_back_to_fuzzy_reading():
    result = explain("Today is January 1, 2047 at 8:21:00AM")
    assert result["fields"]["skipped"] == ["Today is ", " ", " ", "at "]
    assert result["numbers"] == [("1", ["date"]), ("2047", ["date"]), ("8", ["hour", "minute", "second", "microsecond"])]


def test_explain_text_without_numbers():
    assert explain("hello")["numbers"] == []
    assert explain("") is None
