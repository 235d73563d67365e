"""Written from the documentation only (dateutil.tz.tzlocal, time.mktime, time.localtime).

Summer time on this machine's own clock (its TZ setting), beside the calendar zones."""

import datetime
import time

from dateutil.tz import tzlocal

from vtz.components import component_at, wall_of


def machine_summer(wall, fold: int = 0) -> bool:
    zone = tzlocal()
    return bool(wall.replace(tzinfo=zone, fold=fold).dst())


def machine_plain_summer(wall) -> bool:
    return bool(time.localtime(time.mktime(wall.timetuple())).tm_isdst)


def disagreements(zone, walls) -> list:
    return [wall for wall in walls if bool(component_at(zone, wall)["summer"]) != machine_summer(wall)]


def machine_offsets(zone, instants) -> list:
    out = []
    for utc in instants:
        wall, _, _ = wall_of(zone, utc)
        local = utc.replace(tzinfo=datetime.timezone.utc).astimezone(tzlocal())
        out.append((wall, local.replace(tzinfo=None)))
    return out
