"""ISO week dates of our payroll calendar, read and computed as dateutil does."""

import datetime

from dateutil.parser.isoparser import isoparser


def _ascii(text: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return text.strip().encode("ascii")


def _whole(value) -> int:
    if isinstance(value, bool) or int(value) != value:
        raise ValueError(f"not a whole number: {value!r}")
    return int(value)


def week_date(year: int, week: int, day: int = 1) -> datetime.date:
    """The date of ISO day ``day`` (1 = Monday) of ISO week ``week`` of ``year``, as dateutil's ISO
    reader computes it; ValueError for a week or day it refuses."""
    return isoparser()._calculate_weekdate(_whole(year), _whole(week), _whole(day))


def read_week_date(text: str) -> datetime.date:
    """The date of a week date ("2024-W10-3", "2024W103", "2024-W10") or an ordinal date
    ("2024-060", "2024060"), read as dateutil's ISO reader reads these forms; ValueError for
    anything else, text left over included."""
    raw = _ascii(text)
    (year, month, day), used = isoparser()._parse_isodate_uncommon(raw)
    if used != len(raw):
        raise ValueError(f"text left over in {text!r}")
    return datetime.date(year, month, day)


def week_label(day: datetime.date) -> str:
    """"YYYY-Www-D", the ISO week date of ``day``; reading it back gives ``day``."""
    year, week, weekday = day.isocalendar()
    label = f"{year:04d}-W{week:02d}-{weekday}"
    if read_week_date(label) != week_date(year, week, weekday):
        raise ValueError(f"no week date for {day!r}")
    return label
