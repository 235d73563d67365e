import datetime

import pytest
from dateutil import tz

from invites.daily import one_per_day
from invites.edits import date_values, reinstate, reinstated_view
from invites.series import series_of

D = datetime.datetime
BLOCK = """DTSTART:20240101T090000
RRULE:FREQ=DAILY;COUNT=5
EXDATE:20240102T090000,20240104T090000
EXDATE:20240102T090000"""


def test_reinstate_in_a_plain_series():
    series = series_of(BLOCK)
    assert list(series) == [D(2024, 1, 1, 9), D(2024, 1, 3, 9), D(2024, 1, 5, 9)]
    assert reinstate(series, D(2024, 1, 2, 9)) is True
    assert list(series) == [D(2024, 1, 1, 9), D(2024, 1, 2, 9), D(2024, 1, 3, 9), D(2024, 1, 5, 9)]
    assert series.count() == 4


def test_reinstate_what_is_not_excluded():
    series = series_of(BLOCK)
    assert reinstate(series, D(2024, 1, 3, 9)) is False
    assert reinstate(series, D(2024, 1, 2, 9)) is True and reinstate(series, D(2024, 1, 2, 9)) is False


def test_reinstate_in_a_cached_series_already_counted():
    series = one_per_day(BLOCK, cache=True)
    assert list(series) == [D(2024, 1, 1, 9), D(2024, 1, 3, 9), D(2024, 1, 5, 9)] and series.count() == 3
    assert reinstate(series, D(2024, 1, 4, 9)) is True
    assert list(series) == [D(2024, 1, 1, 9), D(2024, 1, 3, 9), D(2024, 1, 4, 9), D(2024, 1, 5, 9)]
    assert series.count() == 4 and series[2] == D(2024, 1, 4, 9)


def test_reinstated_view():
    view = reinstated_view(BLOCK, D(2024, 1, 2, 9), 4)
    assert view["before"] == [D(2024, 1, 1, 9), D(2024, 1, 3, 9), D(2024, 1, 5, 9)]
    assert view["after"] == [D(2024, 1, 1, 9), D(2024, 1, 2, 9), D(2024, 1, 3, 9), D(2024, 1, 5, 9)]
    assert view["plain"] == [D(2024, 1, 1, 9), D(2024, 1, 3, 9), D(2024, 1, 5, 9)]


def test_date_lines_with_a_zone():
    values = date_values("EXDATE;TZID=Europe/Paris:20240101T090000,20240108T090000")
    assert [value.replace(tzinfo=None) for value in values] == [D(2024, 1, 1, 9), D(2024, 1, 8, 9)]
    assert all(value.utcoffset() == datetime.timedelta(hours=1) for value in values)


def test_date_lines_with_zones_given():
    paris = tz.tzoffset("P", 3600)
    assert date_values("EXDATE;TZID=Europe/Paris:20240101T090000", zones={"Europe/Paris": paris}) == [D(2024, 1, 1, 9, tzinfo=paris)]


def test_dates_and_unknown_zones():
    assert date_values("DTSTART;VALUE=DATE:20240105") == [D(2024, 1, 5)]
    assert date_values("EXDATE;TZID=Nowhere/Land:20240101T090000") == [D(2024, 1, 1, 9)]
    assert date_values("RDATE:20240105T100000,20240106T100000") == [D(2024, 1, 5, 10), D(2024, 1, 6, 10)]


def test_names_are_matched_as_written():
    assert date_values("exdate;tzid=America/New_York:20240101t090000") == [D(2024, 1, 1, 9)]


def test_refused_date_lines():
    for bad in ("RDATE;TZID=Europe/Paris:20240101T090000Z", "RDATE;VALUE=PERIOD:20240101T090000/PT1H",
                "EXDATE;VALUE=DATE;VALUE=DATE:20240101", "RDATE 2024"):
        with pytest.raises(ValueError):
            date_values(bad)
