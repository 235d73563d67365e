"""Invitation series that keep at most one occurrence a day, in every query."""

import heapq

from dateutil.rrule import rruleset
from six import advance_iterator

from invites.series import first_occurrences, series_of


class OnePerDay(rruleset):
    """A recurrence set that keeps only the first occurrence of each day: iteration, indexing,
    ``in``, the number of occurrences, the searches and the cache all see only those."""

    def _all(self):
        rlist = []
        self._rdate.sort()
        self._genitem(rlist, iter(self._rdate))
        for gen in [iter(x) for x in self._rrule]:
            self._genitem(rlist, gen)
        exlist = []
        self._exdate.sort()
        self._genitem(exlist, iter(self._exdate))
        for gen in [iter(x) for x in self._exrule]:
            self._genitem(exlist, gen)
        lastdt = None
        total = 0
        heapq.heapify(rlist)
        heapq.heapify(exlist)
        while rlist:
            ritem = rlist[0]
            if not lastdt or lastdt != ritem.dt:
                while exlist and exlist[0] < ritem:
                    exitem = exlist[0]
                    advance_iterator(exitem)
                    if exlist and exlist[0] is exitem:
                        heapq.heapreplace(exlist, exitem)
                if not exlist or ritem != exlist[0]:
                    total += 1
                    yield ritem.dt
                lastdt = ritem.dt
            advance_iterator(ritem)
            if rlist and rlist[0] is ritem:
                heapq.heapreplace(rlist, ritem)
        self._len = total

    def _iter(self):
        kept, last_day = 0, None
        for occurrence in self._all():
            if occurrence.date() != last_day:
                last_day = occurrence.date()
                kept += 1
                yield occurrence
        self._len = kept


def one_per_day(text: str, start=None, zones=None, cache: bool = False) -> rruleset:
    """The series of the block ``text`` (turn 1), keeping only the first occurrence of each day."""
    read = series_of(text, start, zones)
    series = OnePerDay(cache=cache)
    for rule in read._rrule:
        series.rrule(rule)
    for when in read._rdate:
        series.rdate(when)
    for rule in read._exrule:
        series.exrule(rule)
    for when in read._exdate:
        series.exdate(when)
    return series


def dropped(text: str, count: int = 10, start=None, zones=None) -> list:
    """The occurrences among turn 1's first ``count`` of the block that ``one_per_day`` leaves out,
    in order."""
    kept = one_per_day(text, start, zones)
    return [occurrence for occurrence in first_occurrences(text, count, start, zones) if occurrence not in kept]
