"""Times of day and offsets of our ISO stamps, and stamps on week dates."""

import datetime
import re

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
    reader = isoparser()
    raw = _ascii(text)
    parts, pos, comp, has_sep = [0, 0, 0, 0, None], 0, -1, False
    if len(raw) < 2:
        raise ValueError("ISO time too short")
    while pos < len(raw) and comp < 5:
        comp += 1
        if raw[pos:pos + 1] in b"-+Zz":
            parts[-1] = reader._parse_tzstr(raw[pos:])
            pos = len(raw)
            break
        if comp == 1 and raw[pos:pos + 1] == b":":
            has_sep = True
            pos += 1
        elif comp == 2 and has_sep:
            if raw[pos:pos + 1] != b":":
                raise ValueError("inconsistent colons")
            pos += 1
        if comp < 3:
            parts[comp] = int(raw[pos:pos + 2])
            pos += 2
        if comp == 3:
            frac = re.compile(b"[\\.,]([0-9]+)").match(raw[pos:])
            if not frac:
                continue
            digits = frac.group(1)[:6]
            parts[comp] = int(digits) * 10 ** (6 - len(digits))
            pos += len(frac.group())
    if pos < len(raw):
        raise ValueError("unused characters")
    if parts[0] == 24 and any(part != 0 for part in parts[1:4]):
        raise ValueError("hour 24 only at midnight")
    return parts


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
