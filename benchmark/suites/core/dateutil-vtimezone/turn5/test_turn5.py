import datetime

import pytest

from vtz.calendar import calendar_zones
from vtz.ranges import range_disagreements, range_zone, same_switches

D = datetime.datetime

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


def zone(text, tzid):
    return calendar_zones(text)[tzid]


def test_range_zone_switches():
    ranged = range_zone(zone(NY, "US-Eastern"))
    assert ranged.transitions(2024) == (D(2024, 3, 10, 2, 0), D(2024, 11, 3, 1, 0))
    assert ranged.transitions(1980) == (D(1980, 3, 9, 2, 0), D(1980, 11, 2, 1, 0))


def test_range_zone_offsets_and_names():
    ranged = range_zone(zone(NY, "US-Eastern"))
    summer = D(2024, 7, 1, tzinfo=ranged)
    assert summer.utcoffset() == datetime.timedelta(hours=-4) and summer.tzname() == "EDT"
    assert D(2024, 1, 1, tzinfo=ranged).tzname() == "EST"


def test_range_zone_of_last_weekday_rules():
    ranged = range_zone(zone(BERLIN, "Europe/Berlin"))
    assert ranged.transitions(2024) == (D(2024, 3, 31, 2, 0), D(2024, 10, 27, 2, 0))
    assert D(2024, 7, 1, tzinfo=ranged).utcoffset() == datetime.timedelta(hours=2)


def test_range_zone_of_one_component():
    ranged = range_zone(zone(IST, "Asia/Kolkata"))
    assert ranged.transitions(2024) is None
    assert D(2024, 7, 1, tzinfo=ranged).utcoffset() == datetime.timedelta(hours=5, minutes=30)


def test_zones_that_cannot_be_ranged():
    two_standards = NY.replace("BEGIN:DAYLIGHT", "BEGIN:STANDARD").replace("END:DAYLIGHT", "END:STANDARD")
    with pytest.raises(ValueError):
        range_zone(zone(two_standards, "US-Eastern"))


def test_range_disagreements():
    instants = [D(2024, 11, 3, 4) + datetime.timedelta(minutes=30 * i) for i in range(6)] + [D(2024, 3, 10, 7)]
    assert range_disagreements(zone(NY, "US-Eastern"), instants) == []
    assert range_disagreements(zone(NY, "US-Eastern"), [D(1980, 7, 1, 12), D(1990, 7, 1, 12)]) == [D(1980, 7, 1, 12)]


def test_range_disagreements_elsewhere():
    berlin = [D(2024, 10, 27, 0, 30), D(2024, 10, 27, 1, 30), D(2024, 3, 31, 0, 59), D(2024, 3, 31, 1, 0)]
    assert range_disagreements(zone(BERLIN, "Europe/Berlin"), berlin) == []
    assert range_disagreements(zone(IST, "Asia/Kolkata"), [D(2024, 1, 1)]) == []


def test_same_switches():
    assert same_switches(zone(NY, "US-Eastern"), 2024) is True
    assert same_switches(zone(BERLIN, "Europe/Berlin"), 2024) is True


def test_different_switches_in_early_years():
    assert same_switches(zone(NY, "US-Eastern"), 1980) is False
    assert same_switches(zone(NY, "US-Eastern"), 1987) is False


def test_same_switches_without_summer_time():
    assert same_switches(zone(IST, "Asia/Kolkata"), 2024) is True
    assert same_switches(zone(IST, "Asia/Kolkata"), 1970) is True
