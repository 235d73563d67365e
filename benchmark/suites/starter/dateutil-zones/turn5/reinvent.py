import datetime

from dateutil.tz import datetime_exists, tzstr

from dateutil_zones.label import wall_label


def weekly_series(spec: str, anchor: datetime.datetime, start: datetime.datetime, end: datetime.datetime,
                  interval: int = 1) -> list[datetime.datetime]:
    zone = tzstr(spec)
    wall = anchor.replace(tzinfo=None)
    start, end = start.replace(tzinfo=None), end.replace(tzinfo=None)
    step = datetime.timedelta(weeks=interval)
    if wall < start:
        wall += step * -((wall - start) // step)
    readings = []
    while wall <= end:
        local = wall.replace(tzinfo=zone)
        if not datetime_exists(local):
            # fall forward by the change of offset around the gap
            curr_offset = (local + datetime.timedelta(hours=24)).utcoffset()
            old_offset = (local - datetime.timedelta(hours=24)).utcoffset()
            local += curr_offset - old_offset
        readings.append(local)
        wall += step
    return readings


def series_labels(spec: str, anchor: datetime.datetime, start: datetime.datetime, end: datetime.datetime,
                  interval: int = 1) -> list[str]:
    return [wall_label(reading) for reading in weekly_series(spec, anchor, start, end, interval)]
