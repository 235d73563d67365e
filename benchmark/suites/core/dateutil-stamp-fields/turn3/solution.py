"""The fields dateutil's date reader finds in a timestamp, before any default fills the gaps."""

from dateutil.parser._parser import _ymd, parser, parserinfo

from stamps.lexing import pieces
from stamps.units import marked_values

_FIELDS = ("year", "month", "day", "weekday", "hour", "minute", "second", "microsecond")


def _reader(dayfirst: bool, yearfirst: bool) -> parser:
    return parser(parserinfo(dayfirst=dayfirst, yearfirst=yearfirst))


def stamp_fields(text: str, dayfirst: bool = False, yearfirst: bool = False, fuzzy: bool = False):
    """The fields read from ``text``, or None when dateutil's reader cannot read it.

    ``{"year", "month", "day", "weekday", "hour", "minute", "second", "microsecond",
    "zone_name", "zone_offset", "skipped"}``: None for what the text does not give; with
    ``fuzzy``, the words that were not understood are skipped and listed (joined where they
    touch), else ``skipped`` is ``[]``."""
    if not pieces(text):
        return None
    reader = _reader(dayfirst, yearfirst)
    result, skipped = reader._parse(text, fuzzy_with_tokens=fuzzy)
    if result is None:
        return None
    fields = {name: getattr(result, name) for name in _FIELDS}
    fields["zone_name"] = result.tzname
    fields["zone_offset"] = result.tzoffset
    fields["skipped"] = list(skipped or ())
    return fields


def date_order(numbers, dayfirst: bool = False, yearfirst: bool = False, month_at=None) -> tuple:
    """``(year, month, day)`` that dateutil's reader makes of up to three date numbers written in
    this order (``month_at``: the position of one known to be the month, as when it was a month
    name); None for a part it cannot tell. Numbers of three or more digits are years."""
    parts = _ymd()
    for position, number in enumerate(numbers):
        parts.append(number, "M" if position == month_at else None)
    return parts.resolve_ymd(yearfirst, dayfirst)


def duration_or_stamp(text: str) -> str:
    """"duration" when every number of ``text`` carries a unit (turn 2), "stamp" when dateutil's
    reader reads it as a timestamp, "neither" otherwise."""
    numbers = [piece for piece in pieces(text) if piece[:1].isdigit()]
    if numbers and len(marked_values(text)) == len(numbers):
        return "duration"
    return "stamp" if stamp_fields(text) is not None else "neither"
