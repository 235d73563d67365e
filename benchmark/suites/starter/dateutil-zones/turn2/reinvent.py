import datetime

from dateutil.tz import UTC, datetime_exists

from dateutil_zones.status import zone_for


def wall_to_utc(spec: str, wall: datetime.datetime, fold: int = 0) -> datetime.datetime:
    zone = zone_for(spec)
    local = wall.replace(tzinfo=zone, fold=fold)
    if not datetime_exists(local):
        # fall forward by the change of offset around the gap
        curr_offset = (local + datetime.timedelta(hours=24)).utcoffset()
        old_offset = (local - datetime.timedelta(hours=24)).utcoffset()
        local += curr_offset - old_offset
    return local.astimezone(UTC)


def utc_to_wall(spec: str, moment: datetime.datetime) -> datetime.datetime:
    zone = zone_for(spec)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone)
