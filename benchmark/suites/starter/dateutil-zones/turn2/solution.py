import datetime

from dateutil.tz import UTC, resolve_imaginary

from dateutil_zones.status import zone_for


def wall_to_utc(spec: str, wall: datetime.datetime, fold: int = 0) -> datetime.datetime:
    zone = zone_for(spec)
    local = resolve_imaginary(wall.replace(tzinfo=zone, fold=fold))
    return local.astimezone(UTC)


def utc_to_wall(spec: str, moment: datetime.datetime) -> datetime.datetime:
    zone = zone_for(spec)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone)
