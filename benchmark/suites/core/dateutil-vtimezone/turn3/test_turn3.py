import datetime
import time

import pytest

from vtz.calendar import calendar_zones
from vtz.machine import disagreements, machine_offsets, machine_plain_summer, machine_summer

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


@pytest.fixture
def clock(monkeypatch):
    def set_clock(spec):
        monkeypatch.setenv("TZ", spec)
        time.tzset()
    yield set_clock
    monkeypatch.undo()
    time.tzset()


def test_machine_summer(clock):
    clock("EST5EDT,M3.2.0,M11.1.0")
    assert machine_summer(D(2024, 7, 1)) is True and machine_summer(D(2024, 1, 1)) is False


def test_machine_summer_in_the_repeated_and_skipped_hours(clock):
    clock("EST5EDT,M3.2.0,M11.1.0")
    assert machine_summer(D(2024, 11, 3, 1, 30)) is True
    assert machine_summer(D(2024, 11, 3, 1, 30), fold=1) is False
    assert machine_summer(D(2024, 3, 10, 2, 30)) is True and machine_summer(D(2024, 3, 10, 2, 30), fold=1) is True


def test_machine_summer_follows_the_setting(clock):
    clock("AEST-10AEDT,M10.1.0,M4.1.0/3")
    assert machine_summer(D(2024, 1, 1)) is True and machine_summer(D(2024, 7, 1)) is False
    clock("UTC0")
    assert machine_summer(D(2024, 7, 1)) is False


def test_plain_summer(clock):
    clock("EST5EDT,M3.2.0,M11.1.0")
    assert machine_plain_summer(D(2024, 7, 1)) is True
    assert machine_plain_summer(D(2024, 11, 3, 1, 30)) is False
    assert machine_plain_summer(D(2024, 11, 3, 0, 59)) is True
    assert machine_plain_summer(D(2024, 3, 10, 2, 30)) is True


def test_disagreements_with_a_matching_clock(clock):
    clock("EST5EDT,M3.2.0,M11.1.0")
    zone = calendar_zones(NY)["US-Eastern"]
    walls = [D(2024, 3, 10, 2, 30), D(2024, 11, 3, 1, 30), D(1980, 7, 1), D(2024, 7, 1), D(2024, 4, 1)]
    assert disagreements(zone, walls) == [D(1980, 7, 1)]


def test_disagreements_with_older_rules(clock):
    clock("EST5EDT,M4.1.0,M10.5.0")
    zone = calendar_zones(NY)["US-Eastern"]
    walls = [D(2024, 3, 10, 2, 30), D(2024, 11, 3, 1, 30), D(1980, 7, 1), D(2024, 7, 1), D(2024, 4, 1)]
    assert disagreements(zone, walls) == [D(2024, 3, 10, 2, 30), D(2024, 11, 3, 1, 30), D(1980, 7, 1), D(2024, 4, 1)]


def test_disagreements_with_a_clock_at_utc(clock):
    clock("UTC0")
    zone = calendar_zones(BERLIN)["Europe/Berlin"]
    assert disagreements(zone, [D(2024, 1, 1), D(2024, 7, 1)]) == [D(2024, 7, 1)]


def test_machine_offsets(clock):
    clock("EST5EDT,M3.2.0,M11.1.0")
    zone = calendar_zones(NY)["US-Eastern"]
    assert machine_offsets(zone, [D(2024, 11, 3, 5, 30), D(2024, 11, 3, 6, 30), D(1980, 7, 1, 12)]) == [
        (D(2024, 11, 3, 1, 30), D(2024, 11, 3, 1, 30)), (D(2024, 11, 3, 1, 30), D(2024, 11, 3, 1, 30)),
        (D(1980, 7, 1, 7, 0), D(1980, 7, 1, 8, 0))]


def test_machine_offsets_elsewhere(clock):
    clock("CET-1CEST,M3.5.0,M10.5.0/3")
    zone = calendar_zones(NY)["US-Eastern"]
    assert machine_offsets(zone, [D(2024, 11, 3, 5, 30)]) == [(D(2024, 11, 3, 1, 30), D(2024, 11, 3, 6, 30))]
