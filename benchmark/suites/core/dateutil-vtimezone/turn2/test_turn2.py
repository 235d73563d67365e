import datetime

import pytest

from vtz.calendar import calendar_zones
from vtz.components import component_at, components_after_update, wall_of, zone_walls

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


def eastern():
    return calendar_zones(NY)["US-Eastern"]


def test_components_in_summer_and_winter():
    assert component_at(eastern(), D(2024, 7, 1)) == {"name": "EDT", "summer": True, "offset": -14400, "offset_from": -18000}
    assert component_at(eastern(), D(2024, 1, 1)) == {"name": "EST", "summer": False, "offset": -18000, "offset_from": -14400}


def test_components_in_the_repeated_and_skipped_hours():
    assert component_at(eastern(), D(2024, 11, 3, 1, 30))["name"] == "EDT"
    assert component_at(eastern(), D(2024, 11, 3, 1, 30), fold=1)["name"] == "EST"
    assert component_at(eastern(), D(2024, 3, 10, 2, 30))["name"] == "EDT"


def test_components_before_their_onsets():
    assert component_at(eastern(), D(1960, 1, 1))["name"] == "EST"
    assert component_at(eastern(), D(1980, 7, 1))["name"] == "EST"


def test_a_zone_of_one_component():
    assert component_at(calendar_zones(IST)["Asia/Kolkata"], D(1900, 1, 1)) == {
        "name": "IST", "summer": False, "offset": 19800, "offset_from": 19800}


def test_walls_around_the_repeated_hour():
    assert wall_of(eastern(), D(2024, 11, 3, 5, 30)) == (D(2024, 11, 3, 1, 30), 0, "EDT")
    assert wall_of(eastern(), D(2024, 11, 3, 6, 30)) == (D(2024, 11, 3, 1, 30), 1, "EST")


def test_walls_around_the_skipped_hour_and_before_summer_time_began():
    assert wall_of(eastern(), D(2024, 3, 10, 7)) == (D(2024, 3, 10, 3, 0), 0, "EDT")
    assert wall_of(eastern(), D(2024, 3, 10, 6, 59)) == (D(2024, 3, 10, 1, 59), 0, "EST")
    assert wall_of(eastern(), D(1980, 7, 1, 12)) == (D(1980, 7, 1, 7, 0), 0, "EST")


def test_zone_walls():
    assert zone_walls([NY, IST], "Asia/Kolkata", [D(2024, 1, 1)]) == [(D(2024, 1, 1, 5, 30), 0, "IST")]
    assert zone_walls([NY], "US-Eastern", []) == []
    with pytest.raises(KeyError):
        zone_walls([NY], "Asia/Kolkata", [D(2024, 1, 1)])


def test_zone_walls_of_a_later_calendar():
    assert zone_walls([IST, BERLIN], "Europe/Berlin", [D(2024, 10, 27, 0, 30), D(2024, 10, 27, 1, 30)]) == [
        (D(2024, 10, 27, 2, 30), 0, "CEST"), (D(2024, 10, 27, 2, 30), 1, "CET")]


def test_components_after_an_update():
    later = NY.replace("BYDAY=2SU;BYMONTH=3", "BYDAY=1SU;BYMONTH=4").replace("BYDAY=1SU;BYMONTH=11", "BYDAY=-1SU;BYMONTH=10")
    before, after = components_after_update(NY, later, "US-Eastern", D(2024, 3, 20))
    assert (before["name"], after["name"]) == ("EDT", "EST")
