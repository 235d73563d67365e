"""Written from the documentation only (tzinfo.utcoffset/dst/tzname, datetime.astimezone, PEP 495).

The components of calendar zones in effect at a wall time, and wall readings of instants."""

import datetime

from vtz.calendar import calendar_zones, extend_calendar, read_calendar


def component_at(zone, wall, fold: int = 0) -> dict:
    local = wall.replace(tzinfo=zone, fold=fold)
    offset = int(local.utcoffset().total_seconds())
    shift = int(local.dst().total_seconds())
    summer = bool(shift)
    # a DAYLIGHT block comes from standard time, a STANDARD block from summer time (one hour more)
    return {"name": local.tzname(), "summer": summer, "offset": offset,
            "offset_from": offset - shift if summer else offset + 3600}


def wall_of(zone, utc) -> tuple:
    local = utc.replace(tzinfo=datetime.timezone.utc).astimezone(zone)
    return local.replace(tzinfo=None), local.fold, local.tzname()


def zone_walls(texts, tzid: str, instants) -> list:
    zone = calendar_zones(*texts)[tzid]
    return [wall_of(zone, utc) for utc in instants]


def components_after_update(base: str, update: str, tzid: str, wall) -> tuple:
    cal = read_calendar(base)
    before = component_at(cal.get(tzid), wall)
    extend_calendar(cal, update)
    return before, component_at(cal.get(tzid), wall)
