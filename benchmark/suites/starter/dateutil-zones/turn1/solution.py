import datetime

from dateutil.tz import datetime_ambiguous, datetime_exists, tzstr


def zone_for(spec: str) -> datetime.tzinfo:
    return tzstr(spec)


def wall_status(spec: str, wall: datetime.datetime) -> str:
    zone = zone_for(spec)
    naive = wall.replace(tzinfo=None)
    if not datetime_exists(naive, zone):
        return "missing"
    if datetime_ambiguous(naive, zone):
        return "ambiguous"
    return "normal"
