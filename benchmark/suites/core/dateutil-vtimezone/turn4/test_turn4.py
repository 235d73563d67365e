import datetime

from vtz.calendar import calendar_zones
from vtz.onsets import last_onset, onsets, year_onsets

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


def test_onsets_of_two_years():
    assert onsets(eastern(), D(2024, 1, 1), D(2025, 12, 31)) == [
        (D(2024, 3, 10, 2, 0), "EDT"), (D(2024, 11, 3, 2, 0), "EST"), (D(2025, 3, 9, 2, 0), "EDT"), (D(2025, 11, 2, 2, 0), "EST")]


def test_onsets_when_summer_time_began():
    assert onsets(eastern(), D(1986, 1, 1), D(1987, 12, 31)) == [
        (D(1986, 11, 2, 2, 0), "EST"), (D(1987, 4, 5, 2, 0), "EDT"), (D(1987, 11, 1, 2, 0), "EST")]


def test_bounds_are_included():
    assert onsets(eastern(), D(2024, 3, 10, 2), D(2024, 3, 10, 2)) == [(D(2024, 3, 10, 2, 0), "EDT")]
    assert onsets(eastern(), D(2024, 3, 10, 2, 1), D(2024, 11, 3, 1, 59)) == []


def test_a_single_onset():
    zone = calendar_zones(IST)["Asia/Kolkata"]
    assert onsets(zone, D(1960, 1, 1), D(2024, 1, 1)) == [(D(1970, 1, 1), "IST")]


def test_onsets_in_calendar_order():
    zone = calendar_zones(BERLIN)["Europe/Berlin"]
    assert onsets(zone, D(1996, 1, 1), D(1996, 12, 31)) == [(D(1996, 3, 31, 2, 0), "CEST"), (D(1996, 10, 27, 3, 0), "CET")]


def test_last_onset():
    assert last_onset(eastern(), D(2024, 7, 1)) == D(2024, 3, 10, 2, 0)
    assert last_onset(eastern(), D(2024, 11, 3, 2, 0)) == D(2024, 11, 3, 2, 0)
    assert last_onset(eastern(), D(1960, 1, 1)) is None


def test_last_onset_in_the_repeated_hour():
    assert last_onset(eastern(), D(2024, 11, 3, 1, 30)) == D(2024, 3, 10, 2, 0)
    assert last_onset(eastern(), D(2024, 11, 3, 1, 30), fold=1) == D(2024, 11, 3, 2, 0)


def test_last_onset_of_a_single_component():
    zone = calendar_zones(IST)["Asia/Kolkata"]
    assert last_onset(zone, D(2024, 1, 1)) == D(1970, 1, 1)
    assert last_onset(zone, D(1960, 1, 1)) is None


def test_year_onsets():
    assert year_onsets([NY], "US-Eastern", 2024) == [(D(2024, 3, 10, 2, 0), "EDT", True), (D(2024, 11, 3, 2, 0), "EST", False)]
    assert year_onsets([NY], "US-Eastern", 1980) == [(D(1980, 11, 2, 2, 0), "EST", False)]


def test_year_onsets_of_another_zone_of_the_calendar():
    assert year_onsets([NY, IST], "Asia/Kolkata", 1970) == [(D(1970, 1, 1), "IST", False)]
    assert year_onsets([NY, IST], "Asia/Kolkata", 1971) == []
