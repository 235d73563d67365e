import datetime

import pytest
from dateutil import tz
from dateutil.tz import tzoffset, tzutc

from dateutil_stamps.iso import parse_iso


def test_extended_and_basic_formats():
    assert parse_iso("2021-03-04T05:06:07") == datetime.datetime(2021, 3, 4, 5, 6, 7)
    assert parse_iso("20210304T0506") == datetime.datetime(2021, 3, 4, 5, 6)


def test_reduced_precision_dates_start_at_their_first_day():
    assert parse_iso("2021-02") == datetime.datetime(2021, 2, 1, 0, 0)
    assert parse_iso("2021") == datetime.datetime(2021, 1, 1, 0, 0)


def test_week_dates():
    assert parse_iso("2021-W01-1") == datetime.datetime(2021, 1, 4, 0, 0)
    assert parse_iso("2021W015") == datetime.datetime(2021, 1, 8, 0, 0)
    assert parse_iso("2020-W53") == datetime.datetime(2020, 12, 28, 0, 0)


def test_week_53_of_a_short_year_runs_into_the_next_year():
    assert parse_iso("2021-W53-1") == datetime.datetime(2022, 1, 3, 0, 0)


def test_ordinal_dates():
    assert parse_iso("2021-032") == datetime.datetime(2021, 2, 1, 0, 0)
    assert parse_iso("2021032") == datetime.datetime(2021, 2, 1, 0, 0)
    with pytest.raises(ValueError):
        parse_iso("2021-366")


def test_hour_24_is_midnight_of_the_next_day():
    assert parse_iso("2021-02-28T24:00") == datetime.datetime(2021, 3, 1, 0, 0)
    with pytest.raises(ValueError):
        parse_iso("2021-03-04T24:30")


def test_fraction_with_comma_is_truncated_to_microseconds():
    assert parse_iso("2021-03-04T10:00:00,123456789") == datetime.datetime(2021, 3, 4, 10, 0, 0, 123456)


def test_zero_offsets_give_the_utc_object():
    for text in ("2021-03-04T10:00Z", "2021-03-04T10:00-00:00", "2021-03-04T10:00+00"):
        value = parse_iso(text)
        assert value == datetime.datetime(2021, 3, 4, 10, 0, tzinfo=tzutc())
        assert value.tzinfo is tz.UTC


def test_other_offsets():
    assert parse_iso("2021-03-04T10:00+05:30") == datetime.datetime(2021, 3, 4, 10, 0, tzinfo=tzoffset(None, 19800))
    assert parse_iso("2021-03-04T10+05").utcoffset() == datetime.timedelta(hours=5)


def test_separator_is_exact_and_whitespace_is_stripped():
    assert parse_iso("  2021-03-04 10:00 ", sep=" ") == datetime.datetime(2021, 3, 4, 10, 0)
    assert parse_iso("\t2021-03-04T10:00\n") == datetime.datetime(2021, 3, 4, 10, 0)
    with pytest.raises(ValueError):
        parse_iso("2021-03-04 10:00")
    with pytest.raises(ValueError):
        parse_iso("2021-03-04T10:00", sep=" ")


def test_invalid_separator_and_text():
    with pytest.raises(ValueError):
        parse_iso("2021-03-04T10:00", sep="TT")
    with pytest.raises(ValueError):
        parse_iso("2021-03-04T10:00", sep="1")
    with pytest.raises(ValueError):
        parse_iso("202103")
    with pytest.raises(ValueError):
        parse_iso("2021-02T10")
