"""Complete timestamps: the gaps of a reading filled from a default, and the zone attached."""

import datetime
import time
import warnings

from dateutil import tz
from dateutil.parser._parser import UnknownTimezoneWarning, parser

from stamps.fields import duration_or_stamp, stamp_fields
from stamps.units import total_seconds

_FIELDS = ("year", "month", "day", "weekday", "hour", "minute", "second", "microsecond")


def _result(fields: dict):
    """dateutil's reading of a timestamp, from turn 3's fields."""
    result = parser._result()
    for name in _FIELDS:
        setattr(result, name, fields.get(name))
    result.tzname = fields.get("zone_name")
    result.tzoffset = fields.get("zone_offset")
    return result


def complete(fields: dict, default: datetime.datetime) -> datetime.datetime:
    """The naive datetime of turn 3's ``fields`` with what they do not give taken from ``default``
    (its zone ignored), as dateutil's reader completes a reading. ValueError for a date that does
    not exist."""
    return parser()._build_naive(_result(fields), default.replace(tzinfo=None))


def complete_text(text: str, default: datetime.datetime, dayfirst: bool = False, yearfirst: bool = False) -> datetime.datetime:
    """``complete`` of turn 3's fields of ``text``; a duration gives ``default`` plus its length."""
    if duration_or_stamp(text) == "duration":
        return default + datetime.timedelta(seconds=float(total_seconds(text)))
    fields = stamp_fields(text, dayfirst=dayfirst, yearfirst=yearfirst)
    if fields is None:
        raise ValueError(f"not a timestamp: {text!r}")
    return complete(fields, default)


def with_zone(fields: dict, naive: datetime.datetime, zones=None) -> datetime.datetime:
    """``naive`` with the zone of turn 3's ``fields`` attached as dateutil's reader attaches it;
    ``zones`` maps zone names to a tzinfo, seconds east of UTC, a TZ string or None, or is a
    function of (name, offset)."""
    reader = parser()
    result = _result(fields)
    naive = naive.replace(tzinfo=None)
    if callable(zones) or (zones and result.tzname in zones):
        aware = naive.replace(tzinfo=reader._build_tzinfo(zones, result.tzname, result.tzoffset))
        aware = reader._assign_tzname(aware, result.tzname)
    elif result.tzname and result.tzname in time.tzname:
        aware = reader._assign_tzname(naive.replace(tzinfo=tz.tzlocal()), result.tzname)
        if aware.tzname() != result.tzname and result.tzname in reader.info.UTCZONE:
            aware = aware.replace(tzinfo=tz.UTC)
    elif result.tzoffset == 0:
        aware = naive.replace(tzinfo=tz.UTC)
    elif result.tzoffset:
        aware = naive.replace(tzinfo=tz.tzoffset(result.tzname, result.tzoffset))
    elif not result.tzname and not result.tzoffset:
        aware = naive
    else:
        warnings.warn("tzname {} identified but not understood.".format(result.tzname), category=UnknownTimezoneWarning)
        aware = naive
    return aware
