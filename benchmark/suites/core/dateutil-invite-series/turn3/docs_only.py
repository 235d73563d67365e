"""Written from dateutil's documentation only (rruleset, its iteration protocol).

Invitation series that keep at most one occurrence a day, in every query."""

from dateutil.rrule import rruleset

from invites.series import first_occurrences, series_of


class OnePerDay(rruleset):
    def __iter__(self):
        last_day = None
        for occurrence in super().__iter__():
            if occurrence.date() != last_day:
                last_day = occurrence.date()
                yield occurrence


def one_per_day(text: str, start=None, zones=None, cache: bool = False) -> rruleset:
    series = OnePerDay(cache=cache)
    series.rrule(series_of(text, start, zones))
    return series


def dropped(text: str, count: int = 10, start=None, zones=None) -> list:
    kept = one_per_day(text, start, zones)
    return [occurrence for occurrence in first_occurrences(text, count, start, zones) if occurrence not in kept]
