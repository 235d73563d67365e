"""Written from the documentation only (dateutil.rrule's byweekno and wkst, RFC 5545, isoparser.parse_isodate).

Numbered weeks with any first day of the week, as dateutil's recurrence rules number them."""

import datetime

from dateutil.parser import isoparser
from dateutil.rrule import DAILY, rrule

from weeks.isoweek import read_week_date, week_date


def numbered_week(year: int, week: int, week_start: int = 0) -> list:
    # RFC 5545: week 1 is the first week with at least four days in the year
    rule = rrule(DAILY, dtstart=datetime.datetime(year, 1, 1), until=datetime.datetime(year, 12, 31),
                 byweekno=[week], wkst=week_start)
    return [occurrence.date() for occurrence in rule]


def any_date(text: str) -> datetime.date:
    return isoparser().parse_isodate(text.strip())


def week_of_text(text: str, week_start: int = 0) -> int:
    day = read_week_date(text) if "W" in text else any_date(text)
    for week in range(1, 54):
        if day in numbered_week(day.year, week, week_start):
            return week
    raise ValueError(f"no numbered week holds {day}")


def iso_agrees(year: int, week: int) -> bool:
    monday = week_date(year, week, 1)
    return numbered_week(year, week) == [monday + datetime.timedelta(days=n) for n in range(7)]
