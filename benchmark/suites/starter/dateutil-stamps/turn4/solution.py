import datetime

from dateutil import tz
from dateutil.parser import isoparser

from dateutil_stamps.iso import parse_iso
from dateutil_stamps.loose import parse_stamp
from dateutil_stamps.utc import attach_assumed, to_utc


def parse_interval(text: str, reference: datetime.date, assume: str = "Z", dayfirst: bool = False,
                   zones: dict[str, int] | None = None) -> tuple[datetime.datetime, datetime.datetime]:
    head, sep, tail = text.partition("--")
    if not sep:
        raise ValueError(f"not an interval (START--END): {text!r}")
    first, last = head.strip(), tail.strip()
    start = attach_assumed(parse_stamp(first, reference, dayfirst=dayfirst, zones=zones), assume)
    if last[:1] in ("T", "t") and last[1:2].isdigit():
        # a time of day on the start's own calendar date
        end = attach_assumed(parse_iso(start.date().isoformat() + "T" + last[1:]), assume)
    else:
        try:
            day = isoparser().parse_isodate(last)
        except ValueError:
            end = to_utc(last, reference, assume, dayfirst=dayfirst, zones=zones)
        else:
            # a date alone: up to the end of that day
            end = attach_assumed(datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time()), assume)
    start, end = start.astimezone(tz.UTC), end.astimezone(tz.UTC)
    if end < start:
        raise ValueError(f"the interval ends before it starts: {text!r}")
    return start, end
