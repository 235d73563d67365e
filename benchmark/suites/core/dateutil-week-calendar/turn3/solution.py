"""Numbered weeks with any first day of the week, as dateutil's recurrence rules number them."""

import datetime

from dateutil.parser.isoparser import isoparser
from dateutil.rrule import YEARLY, _iterinfo, rrule

from weeks.isoweek import read_week_date, week_date


def numbered_week(year: int, week: int, week_start: int = 0) -> list:
    """The days (dates, in order) that dateutil's yearly rules for ``year`` select for week number
    ``week`` (negative: counted from the end of the year) when weeks start on ``week_start``
    (0 = Monday)."""
    rule = rrule(YEARLY, dtstart=datetime.datetime(year, 1, 1), byweekno=[week], wkst=week_start)
    info = _iterinfo(rule)
    info.rebuild(year, 1)
    return [datetime.date.fromordinal(info.yearordinal + index) for index, marked in enumerate(info.wnomask) if marked]


def any_date(text: str) -> datetime.date:
    """The date of an ISO date in any form dateutil's ISO reader takes for a date ("2024-03-05",
    "20240305", "2024-03", "2024", and turn 1's week and ordinal dates); ValueError for anything
    else, text left over included."""
    raw = text.strip().encode("ascii")
    (year, month, day), used = isoparser()._parse_isodate(raw)
    if used != len(raw):
        raise ValueError(f"text left over in {text!r}")
    return datetime.date(year, month, day)


def week_of_text(text: str, week_start: int = 0) -> int:
    """The smallest week number of ``numbered_week`` for the date's own year whose days hold the date
    of ``text`` (turn 1's forms when it holds a "W", else ``any_date``)."""
    day = read_week_date(text) if "W" in text else any_date(text)
    for week in range(1, 54):
        if day in numbered_week(day.year, week, week_start):
            return week
    raise ValueError(f"no numbered week holds {day}")


def iso_agrees(year: int, week: int) -> bool:
    """Whether ``numbered_week(year, week)`` (Monday weeks) is exactly the seven days of turn 1's ISO
    week ``week`` of ``year``."""
    monday = week_date(year, week, 1)
    return numbered_week(year, week) == [monday + datetime.timedelta(days=n) for n in range(7)]
