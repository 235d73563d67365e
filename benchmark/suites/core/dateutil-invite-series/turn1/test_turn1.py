import datetime

import pytest
from dateutil.rrule import rruleset

from invites.series import first_occurrences, read_series, series_of

D = datetime.datetime
WEEKLY = """DTSTART:20240101T090000
RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6
EXDATE:20240103T090000
RDATE:20240106T100000"""


def test_parts_of_a_block():
    assert read_series(WEEKLY) == {
        "start": D(2024, 1, 1, 9), "rules": ["RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=MO,WE"],
        "dates": [D(2024, 1, 6, 10)], "exclusion_rules": [], "exclusions": [D(2024, 1, 3, 9)]}


def test_occurrences_of_a_block():
    assert first_occurrences(WEEKLY, 10) == [D(2024, 1, 1, 9), D(2024, 1, 6, 10), D(2024, 1, 8, 9), D(2024, 1, 10, 9),
                                             D(2024, 1, 15, 9), D(2024, 1, 17, 9)]
    assert first_occurrences(WEEKLY, 0) == []


def test_always_a_set():
    assert isinstance(series_of("RRULE:FREQ=DAILY;COUNT=2", start=D(2024, 1, 1)), rruleset)


def test_folded_lowercase_lines():
    block = "dtstart:20240101T090000\nrrule:freq=monthly;byday=-1fr;\n count=3"
    assert read_series(block)["rules"] == ["RRULE:FREQ=MONTHLY;COUNT=3;BYDAY=-1FR"]
    assert first_occurrences(block) == [D(2024, 1, 26, 9), D(2024, 2, 23, 9), D(2024, 3, 29, 9)]


def test_bare_rules_take_the_given_start():
    assert read_series("FREQ=DAILY;INTERVAL=2;COUNT=3", start=D(2024, 5, 1))["rules"] == ["RRULE:FREQ=DAILY;INTERVAL=2;COUNT=3"]
    assert first_occurrences("FREQ=DAILY;INTERVAL=2;COUNT=3", start=D(2024, 5, 1)) == [D(2024, 5, 1), D(2024, 5, 3), D(2024, 5, 5)]


def test_rules_are_written_back_as_dateutil_writes_them():
    parts = read_series("RRULE:FREQ=YEARLY;BYDAY=+1MO,TH(+2);BYMONTH=3\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1", start=D(2024, 1, 1))
    assert parts["rules"] == ["RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=+1MO,+2TH", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1"]


def test_dates_and_exclusion_rules_only():
    parts = read_series("RDATE:20240105T000000,20240102T000000\nEXRULE:FREQ=WEEKLY;COUNT=2", start=D(2024, 1, 2))
    assert parts == {"start": None, "rules": [], "dates": [D(2024, 1, 2), D(2024, 1, 5)],
                     "exclusion_rules": ["RRULE:FREQ=WEEKLY;COUNT=2"], "exclusions": []}
    assert first_occurrences("RDATE:20240105T000000,20240102T000000\nEXRULE:FREQ=WEEKLY;COUNT=2", start=D(2024, 1, 2)) == [D(2024, 1, 5)]


def test_zones_of_tzid_names():
    block = "DTSTART;TZID=America/New_York:20240310T013000\nRRULE:FREQ=DAILY;COUNT=3"
    start = read_series(block)["start"]
    assert start.replace(tzinfo=None) == D(2024, 3, 10, 1, 30) and start.utcoffset() == datetime.timedelta(hours=-5)
    fixed = datetime.timezone(datetime.timedelta(hours=-5))
    assert read_series(block, zones=lambda name: fixed)["start"] == D(2024, 3, 10, 1, 30, tzinfo=fixed)
    assert read_series("DTSTART;TZID=Nowhere/Land:20240101T090000\nRRULE:FREQ=DAILY;COUNT=1")["start"] == D(2024, 1, 1, 9)


def test_a_later_start_line_wins():
    block = "DTSTART:20240101T090000\nDTSTART:20240102T090000\nRRULE:FREQ=DAILY"
    assert read_series(block)["start"] == D(2024, 1, 2, 9)


def test_refused_blocks():
    for bad in ("", "   ", "RRULE:FREQ=SOMETIMES", "XRULE:FREQ=DAILY", "RRULE:FREQ=DAILY;FOO=1"):
        with pytest.raises(ValueError):
            read_series(bad)
    with pytest.raises(TypeError):
        read_series(None)
