import datetime

from dateutil.tz import UTC, resolve_imaginary

from dateutil_zones.convert import utc_to_wall
from dateutil_zones.status import zone_for


def clock_changes(spec: str, year: int) -> list[tuple[datetime.datetime, datetime.timedelta, datetime.timedelta]]:
    zone = zone_for(spec)
    if not zone.hasdst:
        return []
    # the zone's yearly rules, applied to the first of January (standard-time readings)
    base_year = datetime.datetime(year, 1, 1)
    dst_on = base_year + zone._start_delta
    dst_off = base_year + zone._end_delta
    instants = []
    for wall, fold in ((dst_on, 0), (dst_off, 1)):
        local = resolve_imaginary(wall.replace(tzinfo=zone, fold=fold))
        instants.append(local.astimezone(UTC))
    instants.sort()
    changes = []
    for instant in instants:
        before = utc_to_wall(spec, instant - datetime.timedelta(microseconds=1)).utcoffset()
        after = utc_to_wall(spec, instant).utcoffset()
        changes.append((instant, before, after))
    return changes
