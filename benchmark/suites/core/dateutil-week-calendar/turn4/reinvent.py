"""What is left of a week, and carried-over shift lengths."""

import datetime

from dateutil.relativedelta import relativedelta
from dateutil.rrule import WEEKLY, _iterinfo, rrule
from six.moves import range

from weeks.isoweek import read_week_date
from weeks.numbering import any_date, numbered_week, week_of_text

_CARRIED = ("days", "hours", "minutes", "seconds", "microseconds")


def rest_of_week(day: datetime.date, week_start: int = 0) -> list:
    """The days (dates) from ``day`` to the end of its week, weeks starting on ``week_start``
    (0 = Monday), as dateutil's weekly rules take a week from a given day."""
    rule = rrule(WEEKLY, dtstart=datetime.datetime(day.year, 1, 1), wkst=week_start)
    info = _iterinfo(rule)
    info.rebuild(day.year, day.month)
    days = [None] * (info.yearlen + 7)
    i = start = datetime.date(day.year, day.month, day.day).toordinal() - info.yearordinal
    for _ in range(7):
        days[i] = i
        i += 1
        if info.wdaymask[i] == rule._wkst:
            break
    end = i
    return [datetime.date.fromordinal(info.yearordinal + index) for index in days[start:end] if index is not None]


def week_span(day: datetime.date, week_start: int = 0) -> tuple:
    """``(first, stop)``: the positions in its year, as dateutil's recurrence engine counts the days
    of a year, of ``day`` and of the day after the end of its week (weeks starting on
    ``week_start``); ``stop`` may pass the end of the year."""
    days = rest_of_week(day, week_start)
    start = day.toordinal() - datetime.date(day.year, 1, 1).toordinal()
    return start, start + len(days)


def carry(days: int = 0, hours: int = 0, minutes: int = 0, seconds: int = 0, microseconds: int = 0) -> dict:
    """The shift length given field by field, with overflow carried into the larger fields as
    dateutil's relative deltas carry it: ``{"days", "hours", "minutes", "seconds",
    "microseconds"}``."""
    delta = relativedelta()
    for name, value in zip(_CARRIED, (days, hours, minutes, seconds, microseconds)):
        setattr(delta, name, value)
    delta._fix()
    return {name: getattr(delta, name) for name in _CARRIED}


def week_left(text: str, week_start: int = 0) -> dict:
    """``{"week": ..., "left": ..., "numbered": ...}`` for the date of ``text`` (turn 3's forms):
    turn 3's week number, ``rest_of_week`` of the date, and the days of that numbered week
    (turn 3's ``numbered_week``) from the date on."""
    day = read_week_date(text) if "W" in text else any_date(text)
    week = week_of_text(text, week_start)
    numbered = [other for other in numbered_week(day.year, week, week_start) if other >= day]
    return {"week": week, "left": rest_of_week(day, week_start), "numbered": numbered}
