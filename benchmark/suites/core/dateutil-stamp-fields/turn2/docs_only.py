"""Written from the documentation only (decimal, dateutil's parser docs on "h", "m", "s" markers).

Numbers and unit-marked values (hours, minutes, seconds) as dateutil's date reader takes them."""

import re
from decimal import Decimal, InvalidOperation

from stamps.lexing import pieces

_UNITS = {"h": "h", "hour": "h", "hours": "h", "m": "m", "minute": "m", "minutes": "m",
          "s": "s", "second": "s", "seconds": "s"}


def number_of(piece: str) -> Decimal:
    if not isinstance(piece, str):
        raise TypeError("a string is expected")
    try:
        number = Decimal(piece.strip())
    except InvalidOperation:
        raise ValueError(f"not a number: {piece!r}") from None
    if not number.is_finite():
        raise ValueError(f"not a number: {piece!r}")
    return number


def clock_fields(value: str, unit: str) -> dict:
    unit = _UNITS.get(unit.lower())
    if unit is None:
        raise ValueError("not a unit")
    seconds = number_of(value) * {"h": 3600, "m": 60, "s": 1}[unit]
    fields = dict.fromkeys(("hour", "minute", "second", "microsecond"))
    whole = int(seconds)
    if unit == "h":
        fields["hour"], rest = divmod(whole, 3600)
        fields["minute"], fields["second"] = divmod(rest, 60)
    elif unit == "m":
        fields["minute"], fields["second"] = divmod(whole, 60)
    else:
        fields["second"] = whole
        fields["microsecond"] = int((seconds - whole) * 1000000)
    return fields


def marked_values(text: str) -> list:
    return [(number_of(number), _UNITS[unit.lower()])
            for number, unit in re.findall(r"(\d+(?:\.\d+)?)\s*(hours?|minutes?|seconds?|[hms])\b", text, re.I)]


def total_seconds(text: str) -> Decimal:
    scale = {"h": 3600, "m": 60, "s": 1}
    return sum((number * scale[unit] for number, unit in marked_values(text)), Decimal(0))
