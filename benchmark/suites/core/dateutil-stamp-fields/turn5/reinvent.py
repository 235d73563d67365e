"""Which field each number of a timestamp fills, as dateutil's date reader takes the numbers."""

import six

from dateutil.parser._parser import _ymd, parser

from stamps.fields import stamp_fields
from stamps.lexing import pieces

_CLOCK = ("hour", "minute", "second", "microsecond")


def _state(result, parts) -> tuple:
    return tuple(getattr(result, name) for name in _CLOCK), list(parts)


def _number_piece(reader, tokens, idx, info, ymd, res, fuzzy):
    # Token is a number
    value_repr = tokens[idx]
    try:
        value = reader._to_decimal(value_repr)
    except Exception as e:
        six.raise_from(ValueError('Unknown numeric token'), e)

    len_li = len(value_repr)

    len_l = len(tokens)

    if (len(ymd) == 3 and len_li in (2, 4) and
        res.hour is None and
        (idx + 1 >= len_l or
         (tokens[idx + 1] != ':' and
          info.hms(tokens[idx + 1]) is None))):
        s = tokens[idx]
        res.hour = int(s[:2])

        if len_li == 4:
            res.minute = int(s[2:])

    elif len_li == 6 or (len_li > 6 and tokens[idx].find('.') == 6):
        s = tokens[idx]

        if not ymd and '.' not in tokens[idx]:
            ymd.append(s[:2])
            ymd.append(s[2:4])
            ymd.append(s[4:])
        else:
            res.hour = int(s[:2])
            res.minute = int(s[2:4])
            res.second, res.microsecond = reader._parsems(s[4:])

    elif len_li in (8, 12, 14):
        s = tokens[idx]
        ymd.append(s[:4], 'Y')
        ymd.append(s[4:6])
        ymd.append(s[6:8])

        if len_li > 8:
            res.hour = int(s[8:10])
            res.minute = int(s[10:12])

            if len_li > 12:
                res.second = int(s[12:])

    elif reader._find_hms_idx(idx, tokens, info, allow_jump=True) is not None:
        hms_idx = reader._find_hms_idx(idx, tokens, info, allow_jump=True)
        (idx, hms) = reader._parse_hms(idx, tokens, info, hms_idx)
        if hms is not None:
            reader._assign_hms(res, value_repr, hms)

    elif idx + 2 < len_l and tokens[idx + 1] == ':':
        res.hour = int(value)
        value = reader._to_decimal(tokens[idx + 2])  # TODO: try/except for this?
        (res.minute, res.second) = reader._parse_min_sec(value)

        if idx + 4 < len_l and tokens[idx + 3] == ':':
            res.second, res.microsecond = reader._parsems(tokens[idx + 4])

            idx += 2

        idx += 2

    elif idx + 1 < len_l and tokens[idx + 1] in ('-', '/', '.'):
        sep = tokens[idx + 1]
        ymd.append(value_repr)

        if idx + 2 < len_l and not info.jump(tokens[idx + 2]):
            if tokens[idx + 2].isdigit():
                ymd.append(tokens[idx + 2])
            else:
                value = info.month(tokens[idx + 2])

                if value is not None:
                    ymd.append(value, 'M')
                else:
                    raise ValueError()

            if idx + 3 < len_l and tokens[idx + 3] == sep:
                value = info.month(tokens[idx + 4])

                if value is not None:
                    ymd.append(value, 'M')
                else:
                    ymd.append(tokens[idx + 4])
                idx += 2

            idx += 1
        idx += 1

    elif idx + 1 >= len_l or info.jump(tokens[idx + 1]):
        if idx + 2 < len_l and info.ampm(tokens[idx + 2]) is not None:
            hour = int(value)
            res.hour = reader._adjust_ampm(hour, info.ampm(tokens[idx + 2]))
            idx += 1
        else:
            ymd.append(value)
        idx += 1

    elif info.ampm(tokens[idx + 1]) is not None and (0 <= value < 24):
        hour = int(value)
        res.hour = reader._adjust_ampm(hour, info.ampm(tokens[idx + 1]))
        idx += 1

    elif ymd.could_be_day(value):
        ymd.append(value)

    elif not fuzzy:
        raise ValueError()

    return idx


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
            index = _number_piece(reader, tokens, index, reader.info, parts, result, fuzzy)
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
