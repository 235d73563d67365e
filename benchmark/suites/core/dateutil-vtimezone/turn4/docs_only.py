"""Written from the documentation only (tzinfo.utcoffset, tzname).

The onsets of calendar zones: when each of their components takes effect."""

import datetime

from vtz.calendar import calendar_zones
from vtz.components import component_at

_HOUR = datetime.timedelta(hours=1)


def onsets(zone, start, end) -> list:
    # walk the wall clock hour by hour and note where the component's name changes
    out = []
    when = start
    name = component_at(zone, when - _HOUR)["name"]
    while when <= end:
        now = component_at(zone, when)["name"]
        if now != name:
            out.append((when, now))
            name = now
        when += _HOUR
    return out


def last_onset(zone, wall, fold: int = 0):
    name = component_at(zone, wall, fold)["name"]
    when = wall.replace(minute=0, second=0, microsecond=0)
    for _ in range(24 * 400):
        if component_at(zone, when - _HOUR)["name"] != name:
            return when
        when -= _HOUR
    return None


def year_onsets(texts, tzid: str, year: int) -> list:
    zone = calendar_zones(*texts)[tzid]
    found = onsets(zone, datetime.datetime(year, 1, 1), datetime.datetime(year, 12, 31, 23, 59, 59))
    return [(when, name, component_at(zone, when)["summer"]) for when, name in found]
