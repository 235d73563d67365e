import datetime

import pytest

from vtz.calendar import calendar_zones, extend_calendar, read_calendar


NY = """BEGIN:VTIMEZONE
TZID:US-Eastern
LAST-MODIFIED:19870101T000000Z
BEGIN:STANDARD
DTSTART:19671029T020000
RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19870405T020000
RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
END:DAYLIGHT
END:VTIMEZONE
"""
IST = """BEGIN:VTIMEZONE
TZID:Asia/Kolkata
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:+0530
TZOFFSETTO:+0530
TZNAME:IST
END:STANDARD
END:VTIMEZONE
"""
BERLIN = """BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
DTSTART:19810329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
END:DAYLIGHT
BEGIN:STANDARD
DTSTART:19961027T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
END:STANDARD
END:VTIMEZONE
"""


def test_reading_a_calendar():
    assert read_calendar(NY).keys() == ["US-Eastern"]


def test_extending_a_calendar_in_place():
    cal = read_calendar(NY)
    assert extend_calendar(cal, IST) == ["Asia/Kolkata"]
    assert cal.keys() == ["US-Eastern", "Asia/Kolkata"]
    assert cal.get("Asia/Kolkata").utcoffset(datetime.datetime(2024, 1, 1)) == datetime.timedelta(hours=5, minutes=30)


def test_several_blocks_at_once_in_their_order():
    cal = read_calendar(IST)
    assert extend_calendar(cal, BERLIN + NY) == ["Europe/Berlin", "US-Eastern"]
    assert cal.keys() == ["Asia/Kolkata", "Europe/Berlin", "US-Eastern"]


def test_a_block_replaces_the_zone_of_its_tzid():
    cal = read_calendar(NY)
    old = cal.get("US-Eastern")
    assert extend_calendar(cal, NY) == ["US-Eastern"]
    assert cal.keys() == ["US-Eastern"] and cal.get("US-Eastern") is not old


def test_text_without_blocks():
    cal = read_calendar(NY)
    assert extend_calendar(cal, "nothing here:at all") == []
    assert cal.keys() == ["US-Eastern"]


def test_refused_blocks_leave_the_calendar_as_it_was():
    for bad in ("", "BEGIN:VTIMEZONE\nBEGIN:STANDARD\nEND:STANDARD\nEND:VTIMEZONE",
                "BEGIN:VTIMEZONE\nTZID:X\nEND:VTIMEZONE", NY.replace("TZOFFSETTO:-0500", "TZOFFSETTO:-5")):
        cal = read_calendar(NY)
        with pytest.raises(ValueError):
            extend_calendar(cal, bad)
        assert cal.keys() == ["US-Eastern"]


def test_offsets_with_seconds():
    cal = read_calendar(NY)
    extend_calendar(cal, IST.replace("TZOFFSETTO:+0530", "TZOFFSETTO:+053015"))
    assert cal.get("Asia/Kolkata").utcoffset(datetime.datetime(2024, 1, 1)) == datetime.timedelta(seconds=19815)


def test_only_strings():
    with pytest.raises(TypeError):
        extend_calendar(read_calendar(NY), None)


def test_calendar_zones():
    zones = calendar_zones(NY, IST, BERLIN)
    assert list(zones) == ["US-Eastern", "Asia/Kolkata", "Europe/Berlin"]
    assert zones["Europe/Berlin"].utcoffset(datetime.datetime(2024, 7, 1)) == datetime.timedelta(hours=2)


def test_calendar_zones_needs_a_text():
    with pytest.raises(ValueError):
        calendar_zones()
    assert list(calendar_zones(NY, NY)) == ["US-Eastern"]
