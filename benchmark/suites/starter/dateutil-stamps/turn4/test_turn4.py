import datetime

import pytest
from dateutil import tz
from dateutil.tz import tzutc

from dateutil_stamps.interval import parse_interval

D = datetime.datetime
R = datetime.date


def test_two_full_stamps():
    assert parse_interval("2021-03-04T10:00Z -- 2021-03-04T12:00Z", R(2021, 1, 1)) == (
        D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 12, 0, tzinfo=tzutc()))
    start, end = parse_interval("2021-03-04T10:00Z--2021-03-05T10:00Z", R(2021, 1, 1))
    assert (start, end) == (D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 5, 10, 0, tzinfo=tzutc()))
    assert start.tzinfo is tz.UTC and end.tzinfo is tz.UTC


def test_end_as_a_time_of_day():
    assert parse_interval("2021-03-04 22:00 -- T23:30", R(2021, 1, 1), "+01:00") == (
        D(2021, 3, 4, 21, 0, tzinfo=tzutc()), D(2021, 3, 4, 22, 30, tzinfo=tzutc()))
    assert parse_interval("2021-03-04 09:00--T1730", R(2021, 1, 1)) == (
        D(2021, 3, 4, 9, 0, tzinfo=tzutc()), D(2021, 3, 4, 17, 30, tzinfo=tzutc()))


def test_end_at_hour_24_closes_the_day():
    assert parse_interval("2021-03-04 22:00 -- T24:00", R(2021, 1, 1), "+01:00") == (
        D(2021, 3, 4, 21, 0, tzinfo=tzutc()), D(2021, 3, 4, 23, 0, tzinfo=tzutc()))


def test_time_of_day_is_on_the_start_date_as_written():
    assert parse_interval("2021-03-04T22:00+02:00 -- T23:30", R(2021, 1, 1)) == (
        D(2021, 3, 4, 20, 0, tzinfo=tzutc()), D(2021, 3, 4, 23, 30, tzinfo=tzutc()))
    assert parse_interval("2021-03-04 09:00 -- T17:30+02:00", R(2021, 1, 1)) == (
        D(2021, 3, 4, 9, 0, tzinfo=tzutc()), D(2021, 3, 4, 15, 30, tzinfo=tzutc()))


def test_iso_date_alone_ends_with_that_day():
    assert parse_interval("2021-03-04 -- 2021-03-05", R(2021, 1, 1), "+01:00") == (
        D(2021, 3, 3, 23, 0, tzinfo=tzutc()), D(2021, 3, 5, 23, 0, tzinfo=tzutc()))
    assert parse_interval("2021-03-04 -- 2021-W09-5", R(2021, 1, 1))[1] == D(2021, 3, 6, 0, 0, tzinfo=tzutc())
    assert parse_interval("2021-03-04 -- 2021-064", R(2021, 1, 1))[1] == D(2021, 3, 6, 0, 0, tzinfo=tzutc())


def test_other_dates_are_read_as_stamps():
    assert parse_interval("01/03/2021 10:00 -- 02/03/2021", R(2021, 1, 1), dayfirst=True) == (
        D(2021, 3, 1, 10, 0, tzinfo=tzutc()), D(2021, 3, 2, 0, 0, tzinfo=tzutc()))
    assert parse_interval("2021-03-04 10:00 -- March 5 2021 10:00", R(2021, 1, 1), "+02:00") == (
        D(2021, 3, 4, 8, 0, tzinfo=tzutc()), D(2021, 3, 5, 8, 0, tzinfo=tzutc()))


def test_loose_start_and_weekday_names():
    assert parse_interval("March 4 2021 9am -- T10:15", R(2020, 1, 1), "-05:00") == (
        D(2021, 3, 4, 14, 0, tzinfo=tzutc()), D(2021, 3, 4, 15, 15, tzinfo=tzutc()))
    assert parse_interval("tue 9:00 -- T10:15", R(2021, 3, 4), "+01:00") == (
        D(2021, 3, 9, 8, 0, tzinfo=tzutc()), D(2021, 3, 9, 9, 15, tzinfo=tzutc()))
    assert parse_interval("2021-03-04 10:00 -- Tue 9:00", R(2021, 3, 4)) == (
        D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 9, 9, 0, tzinfo=tzutc()))


def test_zone_names():
    assert parse_interval("9:00 CET -- 11:00 CET", R(2021, 3, 4), zones={"CET": 60}) == (
        D(2021, 3, 4, 8, 0, tzinfo=tzutc()), D(2021, 3, 4, 10, 0, tzinfo=tzutc()))


def test_empty_interval_is_allowed():
    assert parse_interval("2021-03-04T10:00 -- 2021-03-04T10:00", R(2021, 3, 4)) == (
        D(2021, 3, 4, 10, 0, tzinfo=tzutc()), D(2021, 3, 4, 10, 0, tzinfo=tzutc()))


def test_errors():
    with pytest.raises(ValueError):
        parse_interval("2021-03-04 22:00 -- T21:00", R(2021, 1, 1))
    with pytest.raises(ValueError):
        parse_interval("2021-03-04T23:00-05:00 -- T23:30", R(2021, 1, 1))
    with pytest.raises(ValueError):
        parse_interval("2021-03-04T10:00Z 2021-03-05T10:00Z", R(2021, 1, 1))
    with pytest.raises(ValueError):
        parse_interval("2021-03-04 10:00 -- T24:30", R(2021, 3, 4))
