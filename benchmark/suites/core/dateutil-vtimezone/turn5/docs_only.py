"""Written from dateutil's documentation only (tz.tzrange: offsets, and its default rules).

Calendar zones as dateutil range zones (two yearly rules), for systems that only take those."""

import datetime

from dateutil.tz import tzrange

from vtz.components import component_at, wall_of
from vtz.onsets import onsets


def range_zone(zone):
    winter = component_at(zone, datetime.datetime(2024, 1, 15))
    summer = component_at(zone, datetime.datetime(2024, 7, 15))
    if not summer["summer"]:
        return tzrange(winter["name"], winter["offset"])
    # tzrange's documented default rules: first Sunday of April to last Sunday of October
    return tzrange(winter["name"], winter["offset"], summer["name"], summer["offset"])


def range_disagreements(zone, instants) -> list:
    ranged = range_zone(zone)
    out = []
    for utc in instants:
        local = utc.replace(tzinfo=datetime.timezone.utc).astimezone(ranged)
        if wall_of(zone, utc)[:2] != (local.replace(tzinfo=None), local.fold):
            out.append(utc)
    return out


def same_switches(zone, year: int) -> bool:
    ranged = range_zone(zone)
    switches = ranged.transitions(year)
    found = onsets(zone, datetime.datetime(year, 1, 1), datetime.datetime(year, 12, 31, 23, 59, 59))
    if switches is None:
        return not found or all(name == found[0][1] for _, name in found)
    on, off = switches
    return sorted(when for when, _ in found) == sorted([on, off + datetime.timedelta(hours=1)])
