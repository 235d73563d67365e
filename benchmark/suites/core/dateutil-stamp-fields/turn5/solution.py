"""Which field each number of a timestamp fills, as dateutil's date reader takes the numbers."""

from dateutil.parser._parser import _ymd, parser

from stamps.fields import stamp_fields
from stamps.lexing import pieces

_CLOCK = ("hour", "minute", "second", "microsecond")


def _state(result, parts) -> tuple:
    return tuple(getattr(result, name) for name in _CLOCK), list(parts)


def explain_numbers(text: str, fuzzy: bool = False) -> list:
    """For each number of ``text`` that dateutil's reader looks at, in order, ``(piece, filled)``:
    the clock fields it filled (by name) or "date" for each date number it recorded, the numbers
    read along with it (as in "10:30" or "2024-03-05") not listed again. Words are passed over,
    so a month name is not counted. ValueError when a number cannot be placed (``fuzzy``: passed
    over instead)."""
    reader = parser()
    tokens = pieces(text)
    result, parts = reader._result(), _ymd()
    out = []
    index = 0
    while index < len(tokens):
        piece = tokens[index]
        if piece[:1].isdigit():
            before = _state(result, parts)
            index = reader._parse_numeric_token(tokens, index, reader.info, parts, result, fuzzy)
            after = _state(result, parts)
            filled = [name for name, old, new in zip(_CLOCK, before[0], after[0]) if old != new]
            filled += ["date"] * (len(after[1]) - len(before[1]))
            out.append((piece, filled))
        index += 1
    return out


def explain(text: str) -> dict:
    """``{"fields": ..., "numbers": ...}``: turn 3's fields of ``text`` and ``explain_numbers``
    of it (fuzzy when the fields needed it); None when the text cannot be read."""
    fields = stamp_fields(text)
    fuzzy = False
    if fields is None:
        fields = stamp_fields(text, fuzzy=True)
        fuzzy = True
    if fields is None:
        return None
    return {"fields": fields, "numbers": explain_numbers(text, fuzzy=fuzzy)}
