import datetime

from dateutil_zones.convert import utc_to_wall, wall_to_utc
from dateutil_zones.status import zone_for


def clock_changes(spec: str, year: int) -> list[tuple[datetime.datetime, datetime.timedelta, datetime.timedelta]]:
    zone = zone_for(spec)
    found = zone.transitions(year)
    if found is None:
        return []
    dst_on, dst_off = found  # both read on the standard-time side
    instants = sorted([wall_to_utc(spec, dst_on), wall_to_utc(spec, dst_off, fold=1)])
    changes = []
    for instant in instants:
        before = utc_to_wall(spec, instant - datetime.timedelta(microseconds=1)).utcoffset()
        after = utc_to_wall(spec, instant).utcoffset()
        changes.append((instant, before, after))
    return changes
