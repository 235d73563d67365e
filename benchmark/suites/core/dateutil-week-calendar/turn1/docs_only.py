"""Written from the documentation only (datetime.date.fromisocalendar, dateutil's isoparse docs).

ISO week dates of our payroll calendar, read and computed as dateutil does."""

import datetime
import re

_WEEK = re.compile(r"^(\d{4})(-?)W(\d{2})(?:\2([1-7]))?$")
_ORDINAL = re.compile(r"^(\d{4})-?(\d{3})$")


def week_date(year: int, week: int, day: int = 1) -> datetime.date:
    return datetime.date.fromisocalendar(year, week, day)


def read_week_date(text: str) -> datetime.date:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    text = text.strip()
    match = _WEEK.match(text)
    if match:
        year, _, week, day = match.groups()
        return week_date(int(year), int(week), int(day or 1))
    match = _ORDINAL.match(text)
    if match:
        year, ordinal = int(match.group(1)), int(match.group(2))
        if not 1 <= ordinal <= (366 if year % 4 == 0 and (year % 100 or year % 400 == 0) else 365):
            raise ValueError("invalid ordinal day")
        return datetime.date(year, 1, 1) + datetime.timedelta(days=ordinal - 1)
    raise ValueError(f"not a week or ordinal date: {text!r}")


def week_label(day: datetime.date) -> str:
    year, week, weekday = day.isocalendar()
    label = f"{year:04d}-W{week:02d}-{weekday}"
    if read_week_date(label) != day:
        raise ValueError(f"no week date for {day!r}")
    return label
