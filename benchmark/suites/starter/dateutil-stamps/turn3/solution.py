import datetime

from dateutil import tz
from dateutil.parser import isoparser
from dateutil.utils import default_tzinfo

from dateutil_stamps.loose import parse_stamp


def attach_assumed(value: datetime.datetime, assume: str = "Z") -> datetime.datetime:
    offset = isoparser().parse_tzstr(assume.strip())
    return default_tzinfo(value, offset)


def to_utc(text: str, reference: datetime.date, assume: str = "Z", dayfirst: bool = False,
           zones: dict[str, int] | None = None) -> datetime.datetime:
    value = attach_assumed(parse_stamp(text, reference, dayfirst=dayfirst, zones=zones), assume)
    return value.astimezone(tz.UTC)
