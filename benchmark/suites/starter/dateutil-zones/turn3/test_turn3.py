import datetime

from dateutil import tz
from dateutil.tz import tzutc

from dateutil_zones.changes import clock_changes


def test_new_york_2021():
    assert clock_changes("EST5EDT,M3.2.0,M11.1.0", 2021) == [
        (datetime.datetime(2021, 3, 14, 7, 0, tzinfo=tzutc()), datetime.timedelta(days=-1, seconds=68400), datetime.timedelta(days=-1, seconds=72000)),
        (datetime.datetime(2021, 11, 7, 6, 0, tzinfo=tzutc()), datetime.timedelta(days=-1, seconds=72000), datetime.timedelta(days=-1, seconds=68400)),
    ]


def test_default_rules_when_omitted():
    assert clock_changes("EST5EDT", 2021) == [
        (datetime.datetime(2021, 4, 4, 7, 0, tzinfo=tzutc()), datetime.timedelta(days=-1, seconds=68400), datetime.timedelta(days=-1, seconds=72000)),
        (datetime.datetime(2021, 10, 31, 6, 0, tzinfo=tzutc()), datetime.timedelta(days=-1, seconds=72000), datetime.timedelta(days=-1, seconds=68400)),
    ]
    assert [c[0] for c in clock_changes("EST5EDT", 2006)] == [
        datetime.datetime(2006, 4, 2, 7, 0, tzinfo=tzutc()),
        datetime.datetime(2006, 10, 29, 6, 0, tzinfo=tzutc()),
    ]


def test_central_europe_changes_at_the_same_utc_instant():
    assert clock_changes("CET-1CEST,M3.5.0,M10.5.0/3", 2021) == [
        (datetime.datetime(2021, 3, 28, 1, 0, tzinfo=tzutc()), datetime.timedelta(seconds=3600), datetime.timedelta(seconds=7200)),
        (datetime.datetime(2021, 10, 31, 1, 0, tzinfo=tzutc()), datetime.timedelta(seconds=7200), datetime.timedelta(seconds=3600)),
    ]


def test_last_sunday_rule_in_another_year():
    assert [c[0] for c in clock_changes("CET-1CEST,M3.5.0,M10.5.0/3", 2020)] == [
        datetime.datetime(2020, 3, 29, 1, 0, tzinfo=tzutc()),
        datetime.datetime(2020, 10, 25, 1, 0, tzinfo=tzutc()),
    ]


def test_southern_hemisphere_is_sorted_by_instant():
    assert clock_changes("AEST-10AEDT,M10.1.0,M4.1.0/3", 2021) == [
        (datetime.datetime(2021, 4, 3, 16, 0, tzinfo=tzutc()), datetime.timedelta(seconds=39600), datetime.timedelta(seconds=36000)),
        (datetime.datetime(2021, 10, 2, 16, 0, tzinfo=tzutc()), datetime.timedelta(seconds=36000), datetime.timedelta(seconds=39600)),
    ]


def test_half_hour_daylight_saving():
    assert clock_changes("LHST-10:30LHDT-11,M10.1.0,M4.1.0", 2021) == [
        (datetime.datetime(2021, 4, 3, 15, 0, tzinfo=tzutc()), datetime.timedelta(seconds=39600), datetime.timedelta(seconds=37800)),
        (datetime.datetime(2021, 10, 2, 15, 30, tzinfo=tzutc()), datetime.timedelta(seconds=37800), datetime.timedelta(seconds=39600)),
    ]


def test_zones_without_daylight_saving():
    assert clock_changes("JST-9", 2021) == []
    assert clock_changes("UTC+3", 2021) == []


def test_julian_day_rules_skip_february_29():
    assert [c[0] for c in clock_changes("AST4ADT,J60/2,J300/2", 2020)] == [
        datetime.datetime(2020, 3, 1, 6, 0, tzinfo=tzutc()),
        datetime.datetime(2020, 10, 27, 5, 0, tzinfo=tzutc()),
    ]


def test_zero_based_day_rules_count_february_29():
    assert [c[0] for c in clock_changes("AST4ADT,59,299", 2020)] == [
        datetime.datetime(2020, 2, 29, 6, 0, tzinfo=tzutc()),
        datetime.datetime(2020, 10, 26, 5, 0, tzinfo=tzutc()),
    ]
    assert [c[0] for c in clock_changes("AST4ADT,59,299", 2021)] == [
        datetime.datetime(2021, 3, 1, 6, 0, tzinfo=tzutc()),
        datetime.datetime(2021, 10, 27, 5, 0, tzinfo=tzutc()),
    ]


def test_instants_are_utc():
    for instant, before, after in clock_changes("EST5EDT,M3.2.0,M11.1.0", 2021):
        assert instant.tzinfo is tz.UTC
        assert before != after
