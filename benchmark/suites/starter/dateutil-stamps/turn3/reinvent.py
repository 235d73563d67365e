import datetime

from dateutil import tz
from dateutil.parser import isoparser
from dateutil.utils import default_tzinfo

from dateutil_stamps.iso import parse_iso
from dateutil_stamps.loose import stamp_parser


def attach_assumed(value: datetime.datetime, assume: str = "Z") -> datetime.datetime:
    offset = isoparser().parse_tzstr(assume.strip())
    return default_tzinfo(value, offset)


def to_utc(text: str, reference: datetime.date, assume: str = "Z", dayfirst: bool = False,
           zones: dict[str, int] | None = None) -> datetime.datetime:
    # the stamp, read as the earlier turn reads it: strict ISO first, then the loose parser
    try:
        value = parse_iso(text)
    except ValueError:
        tzinfos = {"UTC": tz.UTC, "GMT": tz.UTC, "Z": tz.UTC}
        tzinfos.update({name: minutes * 60 for name, minutes in (zones or {}).items()})
        default = datetime.datetime.combine(reference, datetime.time())
        value = stamp_parser(reference, dayfirst).parse(text, default=default, tzinfos=tzinfos)
    return attach_assumed(value, assume).astimezone(tz.UTC)
