import datetime

import pytest

from clockrules.spec import read_spec, yearly_switches

NY = "EST5EDT,M3.2.0,M11.1.0"
EU = "CET-1CEST,M3.5.0,M10.5.0/3"
SYD = "AEST-10AEDT,M10.1.0,M4.1.0/3"
NONE = {"month": None, "week": None, "weekday": None, "year_day": None, "julian_day": None, "day": None, "seconds": None}


def rule(**fields):
    return {**NONE, **fields}


def test_offsets_and_names():
    fields = read_spec(NY)
    assert (fields["std"], fields["std_offset"], fields["dst"], fields["dst_offset"]) == ("EST", -18000, "EDT", None)
    assert fields["leftover"] is False
    fields = read_spec("NZST-12NZDT-13,M9.5.0,M4.1.0/3")
    assert (fields["std_offset"], fields["dst_offset"]) == (43200, 46800)
    assert read_spec("IST-5:30")["std_offset"] == 19800


def test_month_week_weekday_rules():
    fields = read_spec(NY)
    assert fields["start"] == rule(month=3, week=2, weekday=6)
    assert fields["end"] == rule(month=11, week=1, weekday=6)


def test_last_week_and_explicit_times():
    fields = read_spec(EU)
    assert fields["start"] == rule(month=3, week=-1, weekday=6)
    assert fields["end"] == rule(month=10, week=-1, weekday=6, seconds=10800)
    assert read_spec("EST5EDT4,M3.2.0/02:00:30,M11.1.0")["start"]["seconds"] == 7230


def test_day_of_year_rules():
    fields = read_spec("XXX3YYY,J60/1:30,300/4")
    assert fields["start"] == rule(julian_day=60, seconds=5400)
    assert fields["end"] == rule(year_day=301, seconds=14400)


def test_names_without_rules_and_the_gmt_sign():
    fields = read_spec("GMT+3")
    assert (fields["std"], fields["std_offset"], fields["dst"]) == ("GMT", -10800, None)
    assert fields["start"] == NONE and fields["end"] == NONE
    assert read_spec("UTC")["std_offset"] is None
    assert read_spec("EST5EDT")["start"] == NONE


def test_leftover_text_is_reported_and_unreadable_strings_refused():
    assert read_spec("EST5EDT,M3.2.0,M11.1.0,foo")["leftover"] is True
    for bad in ("", "<+03>-3", "5EST"):
        with pytest.raises(ValueError):
            read_spec(bad)


def test_switches_of_a_northern_zone():
    assert yearly_switches(NY, 2024) == (datetime.datetime(2024, 3, 10, 2, 0), datetime.datetime(2024, 11, 3, 1, 0))
    assert yearly_switches(NY, 2023) == (datetime.datetime(2023, 3, 12, 2, 0), datetime.datetime(2023, 11, 5, 1, 0))
    assert yearly_switches(EU, 2024) == (datetime.datetime(2024, 3, 31, 2, 0), datetime.datetime(2024, 10, 27, 2, 0))


def test_switches_of_a_southern_zone_and_default_rules():
    assert yearly_switches(SYD, 2024) == (datetime.datetime(2024, 10, 6, 2, 0), datetime.datetime(2024, 4, 7, 2, 0))
    assert yearly_switches("EST5EDT", 2024) == (datetime.datetime(2024, 4, 7, 2, 0), datetime.datetime(2024, 10, 27, 1, 0))


def test_switches_by_day_of_year_and_seconds():
    assert yearly_switches("XXX3YYY,J60/1:30,300/4", 2024) == (
        datetime.datetime(2024, 3, 1, 1, 30), datetime.datetime(2024, 10, 27, 3, 0))
    assert yearly_switches("XXX3YYY,J60/1:30,300/4", 2023) == (
        datetime.datetime(2023, 3, 1, 1, 30), datetime.datetime(2023, 10, 28, 3, 0))
    assert yearly_switches("EST5EDT4,M3.2.0/02:00:30,M11.1.0", 2024)[0] == datetime.datetime(2024, 3, 10, 2, 0, 30)


def test_no_switches_without_summer_time():
    assert yearly_switches("GMT+3", 2024) is None
    assert yearly_switches("UTC", 2024) is None
    assert yearly_switches("IST-5:30", 2024) is None
    with pytest.raises(ValueError):
        yearly_switches("EST5EDT,M3.2.0,M11.1.0,foo", 2024)
