import datetime

from dateutil.rrule import WEEKLY, rrule
from dateutil.tz import resolve_imaginary

from dateutil_zones.label import wall_label
from dateutil_zones.status import zone_for


def weekly_series(spec: str, anchor: datetime.datetime, start: datetime.datetime, end: datetime.datetime,
                  interval: int = 1) -> list[datetime.datetime]:
    zone = zone_for(spec)
    rule = rrule(WEEKLY, interval=interval, dtstart=anchor.replace(tzinfo=None))
    walls = rule.between(start.replace(tzinfo=None), end.replace(tzinfo=None), inc=True)
    return [resolve_imaginary(wall.replace(tzinfo=zone)) for wall in walls]


def series_labels(spec: str, anchor: datetime.datetime, start: datetime.datetime, end: datetime.datetime,
                  interval: int = 1) -> list[str]:
    return [wall_label(reading) for reading in weekly_series(spec, anchor, start, end, interval)]
