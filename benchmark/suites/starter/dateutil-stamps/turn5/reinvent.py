import datetime

from dateutil import tz
from dateutil.parser import isoparser

from dateutil_stamps.iso import parse_iso
from dateutil_stamps.loose import parse_stamp
from dateutil_stamps.utc import attach_assumed, to_utc


def _interval(text, reference, assume, dayfirst, zones):
    head, sep, tail = text.partition("--")
    if not sep:
        raise ValueError(f"not an interval (START--END): {text!r}")
    first, last = head.strip(), tail.strip()
    start = attach_assumed(parse_stamp(first, reference, dayfirst=dayfirst, zones=zones), assume)
    if last[:1] in ("T", "t") and last[1:2].isdigit():
        end = attach_assumed(parse_iso(start.date().isoformat() + "T" + last[1:]), assume)
    else:
        try:
            day = isoparser().parse_isodate(last)
        except ValueError:
            end = to_utc(last, reference, assume, dayfirst=dayfirst, zones=zones)
        else:
            end = attach_assumed(datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time()), assume)
    start, end = start.astimezone(tz.UTC), end.astimezone(tz.UTC)
    if end < start:
        raise ValueError(f"the interval ends before it starts: {text!r}")
    return start, end


def merge_intervals(texts: list[str], reference: datetime.date, assume: str = "Z", slack_seconds: float = 0.0,
                    dayfirst: bool = False, zones: dict[str, int] | None = None
                    ) -> list[tuple[datetime.datetime, datetime.datetime]]:
    intervals = sorted(_interval(text, reference, assume, dayfirst, zones) for text in texts)
    slack = abs(datetime.timedelta(seconds=slack_seconds))
    merged: list[tuple[datetime.datetime, datetime.datetime]] = []
    for start, end in intervals:
        if merged and start - merged[-1][1] <= slack:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
