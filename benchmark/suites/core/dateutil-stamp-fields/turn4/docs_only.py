"""Written from dateutil's documentation only (relativedelta's weekday, tz.tzoffset, tz.tzstr, tz.UTC).

Complete timestamps: the gaps of a reading filled from a default, and the zone attached."""

import datetime

from dateutil import tz
from dateutil.relativedelta import relativedelta

from stamps.fields import duration_or_stamp, stamp_fields
from stamps.units import total_seconds

_FIELDS = ("year", "month", "day", "hour", "minute", "second", "microsecond")


def complete(fields: dict, default: datetime.datetime) -> datetime.datetime:
    given = {name: fields[name] for name in _FIELDS if fields.get(name) is not None}
    result = default.replace(tzinfo=None).replace(**given)
    if fields.get("weekday") is not None and fields.get("day") is None:
        result += relativedelta(weekday=fields["weekday"])
    return result


def complete_text(text: str, default, dayfirst: bool = False, yearfirst: bool = False) -> datetime.datetime:
    if duration_or_stamp(text) == "duration":
        return default + datetime.timedelta(seconds=float(total_seconds(text)))
    fields = stamp_fields(text, dayfirst=dayfirst, yearfirst=yearfirst)
    if fields is None:
        raise ValueError(f"not a timestamp: {text!r}")
    return complete(fields, default)


def with_zone(fields: dict, naive, zones=None) -> datetime.datetime:
    name, offset = fields.get("zone_name"), fields.get("zone_offset")
    naive = naive.replace(tzinfo=None)
    value = None
    if callable(zones):
        value = zones(name, offset)
    elif zones and name in zones:
        value = zones[name]
    elif offset is not None:
        value = tz.UTC if offset == 0 else tz.tzoffset(name, offset)
    if value is None:
        return naive
    if isinstance(value, str):
        value = tz.tzstr(value)
    elif isinstance(value, int):
        value = tz.tzoffset(name, value)
    elif not isinstance(value, datetime.tzinfo):
        raise TypeError("a tzinfo, an offset or a TZ string is expected")
    return naive.replace(tzinfo=value)
