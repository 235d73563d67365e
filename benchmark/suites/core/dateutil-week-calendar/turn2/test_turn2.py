import datetime

import pytest
from dateutil import tz

from weeks.clock import clock_parts, shift_start, week_stamp, zone_of

D = datetime.datetime


def test_times_of_day():
    assert clock_parts("10:20:30.5") == [10, 20, 30, 500000, None]
    assert clock_parts("102030") == [10, 20, 30, 0, None]
    assert clock_parts("10") == [10, 0, 0, 0, None]


def test_midnight_at_the_end_of_the_day():
    assert clock_parts("24:00") == [24, 0, 0, 0, None]
    with pytest.raises(ValueError):
        clock_parts("24:00:01")


def test_fractions_of_a_second():
    assert clock_parts("10:20:30,1234567") == [10, 20, 30, 123456, None]
    assert clock_parts("10:20:30.123z") == [10, 20, 30, 123000, tz.UTC]


def test_refused_times():
    for bad in ("10:2030", "1020:30", "T10", "10:20:30.", "1"):
        with pytest.raises(ValueError):
            clock_parts(bad)


def test_times_with_offsets():
    assert clock_parts("10:20+05:30") == [10, 20, 0, 0, tz.tzoffset(None, 19800)]
    assert clock_parts("10:20-0000")[4] is tz.UTC


def test_zones():
    assert zone_of("Z") is tz.UTC and zone_of("z") is tz.UTC
    assert zone_of("+00:00") is tz.UTC and zone_of("-00:00") is tz.UTC
    assert zone_of("+0530") == tz.tzoffset(None, 19800)
    assert zone_of("+05") == tz.tzoffset(None, 18000)
    assert zone_of("+05:3") == tz.tzoffset(None, 18180)


def test_refused_zones():
    for bad in ("+24:00", "+05:60", "0530", "+5"):
        with pytest.raises(ValueError):
            zone_of(bad)


def test_week_stamps():
    assert week_stamp("2024-W10-3T10:20:30.5+01:00") == D(2024, 3, 6, 10, 20, 30, 500000, tzinfo=tz.tzoffset(None, 3600))
    assert week_stamp("2024-W10T10") == D(2024, 3, 4, 10)
    assert week_stamp("2024-366T23:59:59.9999999Z") == D(2024, 12, 31, 23, 59, 59, 999999, tzinfo=tz.UTC)


def test_week_stamps_at_the_end_of_a_day():
    assert week_stamp("2024-060T24:00") == D(2024, 3, 1)
    with pytest.raises(ValueError):
        week_stamp("2024-W10-3")


def test_shift_starts():
    assert shift_start(2024, 10, "06:30") == D(2024, 3, 4, 6, 30)
    assert shift_start(2021, 53, "24:00") == D(2022, 1, 4)
    assert shift_start(2025, 1, "22:00-05:00") == D(2024, 12, 30, 22, tzinfo=tz.tzoffset(None, -18000))
