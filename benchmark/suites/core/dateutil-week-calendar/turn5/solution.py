"""Shift schedules that skip holidays in every query, and the free days of a week."""

import datetime

from dateutil.rrule import rrule

from weeks.numbering import numbered_week
from weeks.spans import rest_of_week


class SkippingRule(rrule):
    """A recurrence rule whose occurrences on the dates of ``skip`` do not exist: iteration,
    indexing, ``in``, ``count``, ``before``, ``after``, ``between`` and the cache all leave them out."""

    def __init__(self, freq, skip=(), **kwargs):
        self._skip = frozenset(skip)
        super().__init__(freq, **kwargs)

    def _iter(self):
        kept = 0
        for occurrence in rrule._iter(self):
            if occurrence.date() not in self._skip:
                kept += 1
                yield occurrence
        self._len = kept


def skipping_rule(freq, skip=(), **kwargs) -> rrule:
    """An ``rrule(freq, **kwargs)`` without its occurrences on the dates of ``skip``."""
    return SkippingRule(freq, skip=skip, **kwargs)


def week_slots(year: int, week: int, skip=(), week_start: int = 0) -> list:
    """The midnights (naive datetimes) of the days of turn 3's ``numbered_week`` that ``skip`` does
    not hold, in order."""
    return [datetime.datetime.combine(day, datetime.time()) for day in numbered_week(year, week, week_start) if day not in skip]


def next_free(day: datetime.date, skip=(), week_start: int = 0):
    """The first day of turn 4's ``rest_of_week(day)`` that ``skip`` does not hold; None when the
    rest of the week is all skipped."""
    for other in rest_of_week(day, week_start):
        if other not in set(skip):
            return other
    return None
