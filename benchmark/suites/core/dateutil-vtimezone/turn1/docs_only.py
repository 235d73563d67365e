"""Written from dateutil's documentation only (tz.tzical: keys(), get()).

iCalendar VTIMEZONE blocks, read into dateutil calendars."""

import io

from dateutil.tz import tzical


def _text(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return text


def read_calendar(text: str) -> tzical:
    return tzical(io.StringIO(_text(text)))


def extend_calendar(cal, text: str) -> list:
    # tzical takes a whole file: read the new text as a calendar of its own
    if "BEGIN:VTIMEZONE" not in _text(text):
        return []
    return read_calendar(text).keys()


def calendar_zones(*texts: str) -> dict:
    if not texts:
        raise ValueError("at least one text is needed")
    zones = {}
    for text in texts:
        cal = read_calendar(text)
        zones.update({tzid: cal.get(tzid) for tzid in cal.keys()})
    return zones
