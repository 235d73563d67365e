import datetime

from dateutil.tz import datetime_ambiguous

from dateutil_zones.convert import utc_to_wall


def wall_label(wall: datetime.datetime) -> str:
    if wall.tzinfo is None or wall.utcoffset() is None:
        raise ValueError("wall_label needs an aware datetime")
    minutes = int(wall.utcoffset().total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    hours, minutes = divmod(abs(minutes), 60)
    label = f"{wall:%Y-%m-%d %H:%M:%S} {wall.tzname()} (UTC{sign}{hours:02d}:{minutes:02d})"
    if datetime_ambiguous(wall):
        label += " [second]" if wall.fold else " [first]"
    return label


def utc_label(spec: str, moment: datetime.datetime) -> str:
    return wall_label(utc_to_wall(spec, moment))
