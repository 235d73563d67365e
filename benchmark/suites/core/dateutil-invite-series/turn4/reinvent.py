"""Edits of invitation series in place, and the date lines of invitations."""

import itertools
import re

from dateutil import tz
from dateutil.rrule import rrulestr

from invites.daily import one_per_day
from invites.series import first_occurrences


def reinstate(series, when) -> bool:
    """Take the datetime ``when`` off the exclusion dates of the recurrence set ``series`` (every
    equal entry), in place; every later query of the set sees it again, cached or not, even after
    the set was iterated. True when it was excluded."""
    if when not in series._exdate:
        return False
    series._exdate[:] = [other for other in series._exdate if other != when]
    if series._cache is not None:
        series._cache = []
        series._cache_complete = False
        series._cache_gen = series._iter()
        if series._cache_lock.locked():
            series._cache_lock.release()
    series._len = None
    return True


def date_values(line: str, zones=None) -> list:
    """The datetimes of one DTSTART, RDATE or EXDATE line ("EXDATE;TZID=Europe/Paris:20240101T090000,
    20240108T090000"), read exactly as dateutil reads such a line in a recurrence block (TZID names
    resolved with ``zones``, a mapping or a function, dateutil's zone lookup when None)."""
    head, sep, value = line.partition(":")
    if not sep:
        raise ValueError(f"no value in {line!r}")
    names = {name.upper(): name for name in re.findall("TZID=(?P<name>[^:]+):", line)}
    params = head.upper().split(";")[1:]
    return rrulestr._parse_date_value(value.upper(), params, names, False, zones if zones is not None else tz.gettz, None)


def reinstated_view(text: str, when, count: int = 5) -> dict:
    """``{"before": ..., "after": ..., "plain": ...}``: the first ``count`` occurrences of turn 3's
    cached ``one_per_day`` series of the block before and after ``reinstate(series, when)``, and
    turn 1's ``first_occurrences`` of the block."""
    series = one_per_day(text, cache=True)
    before = list(itertools.islice(series, count))
    reinstate(series, when)
    return {"before": before, "after": list(itertools.islice(series, count)), "plain": first_occurrences(text, count)}
