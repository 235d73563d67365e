import datetime

from dateutil.tz import enfold

from dateutil_zones.convert import utc_to_wall


def wall_label(wall: datetime.datetime) -> str:
    if wall.tzinfo is None or wall.utcoffset() is None:
        raise ValueError("wall_label needs an aware datetime")
    minutes = int(wall.utcoffset().total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    hours, minutes = divmod(abs(minutes), 60)
    label = f"{wall:%Y-%m-%d %H:%M:%S} {wall.tzname()} (UTC{sign}{hours:02d}:{minutes:02d})"
    zone = wall.tzinfo
    ambiguous = None
    if getattr(zone, "is_ambiguous", None) is not None:
        try:
            ambiguous = zone.is_ambiguous(wall)
        except Exception:
            ambiguous = None
    if ambiguous is None:
        wall_0 = enfold(wall, fold=0)
        wall_1 = enfold(wall, fold=1)
        same_offset = wall_0.utcoffset() == wall_1.utcoffset()
        same_dst = wall_0.dst() == wall_1.dst()
        ambiguous = not (same_offset and same_dst)
    if ambiguous:
        label += " [second]" if wall.fold else " [first]"
    return label


def utc_label(spec: str, moment: datetime.datetime) -> str:
    return wall_label(utc_to_wall(spec, moment))
