"""Written from dateutil's documentation only (rrule, rrulebase's iteration protocol).

Shift schedules that skip holidays in every query, and the free days of a week."""

import datetime

from dateutil.rrule import rrule

from weeks.numbering import numbered_week
from weeks.spans import rest_of_week


class SkippingRule(rrule):
    def __init__(self, freq, skip=(), **kwargs):
        self._skip = frozenset(skip)
        super().__init__(freq, **kwargs)

    def __iter__(self):
        for occurrence in super().__iter__():
            if occurrence.date() not in self._skip:
                yield occurrence


def skipping_rule(freq, skip=(), **kwargs):
    return SkippingRule(freq, skip=skip, **kwargs)


def week_slots(year: int, week: int, skip=(), week_start: int = 0) -> list:
    return [datetime.datetime.combine(day, datetime.time()) for day in numbered_week(year, week, week_start) if day not in skip]


def next_free(day: datetime.date, skip=(), week_start: int = 0):
    for other in rest_of_week(day, week_start):
        if other not in set(skip):
            return other
    return None
