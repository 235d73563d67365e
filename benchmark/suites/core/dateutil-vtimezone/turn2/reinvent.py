"""The components of calendar zones in effect at a wall time, and wall readings of instants."""

import datetime

from dateutil.tz import enfold

from vtz.calendar import calendar_zones, extend_calendar, read_calendar


def _seconds(delta: datetime.timedelta) -> int:
    return int(delta.total_seconds())


def _naive(wall: datetime.datetime, fold: int) -> datetime.datetime:
    return wall.replace(tzinfo=None, fold=fold)


def _on(zone, utc: datetime.datetime) -> datetime.datetime:
    """The naive UTC instant attached to ``zone``, as conversions from UTC take it."""
    return utc.replace(tzinfo=zone)


def component_at(zone, wall: datetime.datetime, fold: int = 0) -> dict:
    """The component (STANDARD or DAYLIGHT block) of the calendar zone ``zone`` that dateutil applies
    at the naive wall time ``wall`` (``fold`` picks the occurrence of a repeated reading):
    ``{"name": ..., "summer": ..., "offset": ..., "offset_from": ...}`` (offsets in seconds)."""
    comp = zone._find_comp(_naive(wall, fold))
    return {"name": comp.tzname, "summer": comp.isdst, "offset": _seconds(comp.tzoffsetto),
            "offset_from": _seconds(comp.tzoffsetfrom)}


def wall_of(zone, utc: datetime.datetime) -> tuple:
    """``(wall, fold, name)``: the naive wall reading of the naive UTC instant ``utc`` on the calendar
    zone ``zone``, 1 for the second of two equal readings, and the zone name shown then."""
    dt = _on(zone, utc)
    wall = zone._fromutc(dt)
    local = enfold(wall, fold=zone._fold_status(dt, wall))
    return local.replace(tzinfo=None), local.fold, local.tzname()


def zone_walls(texts, tzid: str, instants) -> list:
    """``wall_of`` the zone ``tzid`` of turn 1's ``calendar_zones(*texts)`` for each naive UTC
    instant, in order; a TZID the texts do not define raises ``KeyError``."""
    zone = calendar_zones(*texts)[tzid]
    return [wall_of(zone, utc) for utc in instants]


def components_after_update(base: str, update: str, tzid: str, wall: datetime.datetime) -> tuple:
    """``(before, after)``: ``component_at`` the wall time in zone ``tzid`` of the calendar read from
    ``base``, before and after turn 1's ``extend_calendar`` with ``update``."""
    cal = read_calendar(base)
    before = component_at(cal.get(tzid), wall)
    extend_calendar(cal, update)
    return before, component_at(cal.get(tzid), wall)
