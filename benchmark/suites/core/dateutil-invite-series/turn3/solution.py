"""Invitation series that keep at most one occurrence a day, in every query."""

from dateutil.rrule import rruleset

from invites.series import first_occurrences, series_of


class OnePerDay(rruleset):
    """A recurrence set that keeps only the first occurrence of each day: iteration, indexing,
    ``in``, the number of occurrences, the searches and the cache all see only those."""

    def _iter(self):
        kept, last_day = 0, None
        for occurrence in rruleset._iter(self):
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
