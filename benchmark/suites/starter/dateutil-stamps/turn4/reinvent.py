import datetime

from dateutil import tz
from dateutil.parser import isoparser
from dateutil.utils import default_tzinfo

from dateutil_stamps.iso import parse_iso
from dateutil_stamps.loose import parse_stamp
from dateutil_stamps.utc import to_utc


def _with_offset(value, assume):
    offset = isoparser().parse_tzstr(assume.strip())
    return default_tzinfo(value, offset)


def parse_interval(text: str, reference: datetime.date, assume: str = "Z", dayfirst: bool = False,
                   zones: dict[str, int] | None = None) -> tuple[datetime.datetime, datetime.datetime]:
    head, sep, tail = text.partition("--")
    if not sep:
        raise ValueError(f"not an interval (START--END): {text!r}")
    first, last = head.strip(), tail.strip()
    start = _with_offset(parse_stamp(first, reference, dayfirst=dayfirst, zones=zones), assume)
    if last[:1] in ("T", "t") and last[1:2].isdigit():
        end = _with_offset(parse_iso(start.date().isoformat() + "T" + last[1:]), assume)
    else:
        try:
            day = isoparser().parse_isodate(last)
        except ValueError:
            end = to_utc(last, reference, assume, dayfirst=dayfirst, zones=zones)
        else:
            end = _with_offset(datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time()), assume)
    start, end = start.astimezone(tz.UTC), end.astimezone(tz.UTC)
    if end < start:
        raise ValueError(f"the interval ends before it starts: {text!r}")
    return start, end
