"""Written from the documentation only (dateutil.relativedelta, dateutil.rrule's wkst).

What is left of a week, and carried-over shift lengths."""

import datetime

from dateutil.relativedelta import relativedelta

from weeks.isoweek import read_week_date
from weeks.numbering import any_date, numbered_week, week_of_text


def rest_of_week(day: datetime.date, week_start: int = 0) -> list:
    # the week holding `day` runs from its week_start weekday for seven days
    first = day - datetime.timedelta(days=(day.weekday() - week_start) % 7)
    return [first + datetime.timedelta(days=n) for n in range(7) if first + datetime.timedelta(days=n) >= day]


def week_span(day: datetime.date, week_start: int = 0) -> tuple:
    # the day of the year, as time.struct_time counts it
    first = day.timetuple().tm_yday
    return first, first + len(rest_of_week(day, week_start)) - 1


def carry(days: int = 0, hours: int = 0, minutes: int = 0, seconds: int = 0, microseconds: int = 0) -> dict:
    delta = relativedelta(days=days, hours=hours, minutes=minutes, seconds=seconds, microseconds=microseconds)
    return {name: getattr(delta, name) for name in ("days", "hours", "minutes", "seconds", "microseconds")}


def week_left(text: str, week_start: int = 0) -> dict:
    day = read_week_date(text) if "W" in text else any_date(text)
    week = week_of_text(text, week_start)
    numbered = [other for other in numbered_week(day.year, week, week_start) if other >= day]
    return {"week": week, "left": rest_of_week(day, week_start), "numbered": numbered}
