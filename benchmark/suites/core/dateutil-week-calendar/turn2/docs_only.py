"""Written from the documentation only (datetime.time.fromisoformat, dateutil's isoparse and tz docs).

Times of day and offsets of our ISO stamps, and stamps on week dates."""

import datetime

from dateutil import tz
from dateutil.parser import isoparser

from weeks.isoweek import read_week_date, week_date


def clock_parts(text: str) -> list:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    value = isoparser().parse_isotime(text.strip())
    return [value.hour, value.minute, value.second, value.microsecond, value.tzinfo]


def zone_of(text: str) -> datetime.tzinfo:
    return isoparser().parse_tzstr(text.strip())


def _at(day, parts):
    hour, minute, second, micro, zone = parts
    return datetime.datetime(day.year, day.month, day.day, hour, minute, second, micro, zone)


def week_stamp(text: str) -> datetime.datetime:
    date_part, sep, time_part = text.partition("T")
    if not sep:
        raise ValueError(f"no time in {text!r}")
    return _at(read_week_date(date_part), clock_parts(time_part))


def shift_start(year: int, week: int, clock: str) -> datetime.datetime:
    return _at(week_date(year, week, 1), clock_parts(clock))
