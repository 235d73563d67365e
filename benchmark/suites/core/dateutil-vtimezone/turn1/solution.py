"""iCalendar VTIMEZONE blocks, read into dateutil calendars."""

import io

from dateutil.tz import tzical


def _text(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return text


def read_calendar(text: str) -> tzical:
    """A dateutil calendar of the VTIMEZONE blocks of ``text``."""
    return tzical(io.StringIO(_text(text)))


def _restore(cal: tzical, before: dict, added: dict) -> None:
    """The calendar's zones: those it had, then those added (replacing equal TZIDs in place)."""
    merged = dict(before)
    merged.update(added)
    cal._vtz.clear()
    cal._vtz.update(merged)


def extend_calendar(cal: tzical, text: str) -> list:
    """Add the VTIMEZONE blocks of ``text`` to the calendar ``cal`` in place, as dateutil reads such
    blocks (a block whose TZID the calendar holds replaces that zone); the TZIDs of ``text`` in the
    order of its blocks."""
    before = dict(cal._vtz)
    cal._vtz.clear()
    try:
        cal._parse_rfc(_text(text))
    except ValueError:
        _restore(cal, before, {})
        raise
    added = list(cal._vtz)
    _restore(cal, before, dict(cal._vtz))
    return added


def _zones_of(cal: tzical) -> dict:
    return {tzid: cal.get(tzid) for tzid in cal.keys()}


def calendar_zones(*texts: str) -> dict:
    """``{tzid: zone}`` of one calendar read from the first text and extended with each of the
    others in turn (``extend_calendar``); at least one text is needed."""
    if not texts:
        raise ValueError("at least one text is needed")
    cal = read_calendar(texts[0])
    for text in texts[1:]:
        extend_calendar(cal, text)
    return _zones_of(cal)
