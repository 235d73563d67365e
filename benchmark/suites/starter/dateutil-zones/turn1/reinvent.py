import datetime

from dateutil.tz import UTC, enfold, tzstr


def zone_for(spec: str) -> datetime.tzinfo:
    return tzstr(spec)


def wall_status(spec: str, wall: datetime.datetime) -> str:
    zone = zone_for(spec)
    naive = wall.replace(tzinfo=None)
    # does the wall time survive a round trip through UTC?
    back = naive.replace(tzinfo=zone).astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if back != naive:
        return "missing"
    # ambiguous: the zone says so, or the two folds give different offsets
    if getattr(zone, "is_ambiguous", None) is not None:
        try:
            return "ambiguous" if zone.is_ambiguous(naive) else "normal"
        except Exception:
            pass
    local = naive.replace(tzinfo=zone)
    wall_0 = enfold(local, fold=0)
    wall_1 = enfold(local, fold=1)
    same_offset = wall_0.utcoffset() == wall_1.utcoffset()
    same_dst = wall_0.dst() == wall_1.dst()
    return "normal" if same_offset and same_dst else "ambiguous"
