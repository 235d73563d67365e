"""Times of day and offsets of our ISO stamps, and stamps on week dates."""

import datetime

from dateutil.parser.isoparser import isoparser

from weeks.isoweek import read_week_date, week_date


def _ascii(text: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return text.strip().encode("ascii")


def clock_parts(text: str) -> list:
    """``[hour, minute, second, microsecond, zone]`` of an ISO time of day ("10:20:30.5+01:00",
    "102030", "10"), as dateutil's ISO reader reads it (``zone`` a tzinfo or None); ValueError
    for what it refuses."""
    return isoparser()._parse_isotime(_ascii(text))


def zone_of(text: str) -> datetime.tzinfo:
    """The zone of an ISO offset ("Z", "+05:30", "-0800", "+05"), as dateutil's ISO reader makes
    it; ValueError for what it refuses."""
    return isoparser()._parse_tzstr(_ascii(text))


def _at(day: datetime.date, parts: list) -> datetime.datetime:
    hour, minute, second, micro, zone = parts
    extra = datetime.timedelta(days=1) if hour == 24 else datetime.timedelta(0)
    return datetime.datetime(day.year, day.month, day.day, hour % 24, minute, second, micro, zone) + extra


def week_stamp(text: str) -> datetime.datetime:
    """The datetime of "<week or ordinal date>T<time>" (turn 1's forms); 24:00 is midnight at the end
    of the day."""
    date_part, sep, time_part = text.partition("T")
    if not sep:
        raise ValueError(f"no time in {text!r}")
    return _at(read_week_date(date_part), clock_parts(time_part))


def shift_start(year: int, week: int, clock: str) -> datetime.datetime:
    """The start of the shift at ``clock`` (an ISO time) on the Monday of ISO week ``week``."""
    return _at(week_date(year, week, 1), clock_parts(clock))
