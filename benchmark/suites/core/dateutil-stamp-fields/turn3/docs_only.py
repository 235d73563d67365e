"""Written from dateutil's documentation only (parser.parse: default, dayfirst, yearfirst, fuzzy_with_tokens).

The fields dateutil's date reader finds in a timestamp, before any default fills the gaps."""

import datetime

from dateutil import parser

from stamps.lexing import pieces
from stamps.units import marked_values

_FIELDS = ("year", "month", "day", "hour", "minute", "second", "microsecond")
# two defaults that differ in every field: a field the text gives is the same under both
_A = datetime.datetime(2000, 1, 1, 0, 0, 0, 0)
_B = datetime.datetime(2004, 2, 2, 1, 1, 1, 1)


def stamp_fields(text: str, dayfirst: bool = False, yearfirst: bool = False, fuzzy: bool = False):
    if not text:
        return None
    try:
        kwargs = dict(dayfirst=dayfirst, yearfirst=yearfirst)
        if fuzzy:
            a, skipped = parser.parse(text, default=_A, fuzzy_with_tokens=True, **kwargs)
            b, _ = parser.parse(text, default=_B, fuzzy_with_tokens=True, **kwargs)
        else:
            a, skipped = parser.parse(text, default=_A, **kwargs), ()
            b = parser.parse(text, default=_B, **kwargs)
    except (ValueError, OverflowError):
        return None
    fields = {name: getattr(a, name) if getattr(a, name) == getattr(b, name) else None for name in _FIELDS}
    info = parser.parserinfo()
    named = [info.weekday(piece) for piece in pieces(text) if info.weekday(piece) is not None]
    fields["weekday"] = named[0] if named else None
    fields["zone_name"] = a.tzname() if a.tzinfo else None
    fields["zone_offset"] = int(a.utcoffset().total_seconds()) if a.tzinfo else None
    fields["skipped"] = list(skipped)
    return fields


def date_order(numbers, dayfirst: bool = False, yearfirst: bool = False, month_at=None) -> tuple:
    if len(numbers) > 3:
        raise ValueError("more than three date numbers")
    text = "/".join(str(n) for n in numbers)
    fields = stamp_fields(text, dayfirst=dayfirst, yearfirst=yearfirst)
    if fields is None:
        return (None, None, None)
    return fields["year"], fields["month"], fields["day"]


def duration_or_stamp(text: str) -> str:
    numbers = [piece for piece in pieces(text) if piece[:1].isdigit()]
    if numbers and len(marked_values(text)) == len(numbers):
        return "duration"
    return "stamp" if stamp_fields(text) is not None else "neither"
