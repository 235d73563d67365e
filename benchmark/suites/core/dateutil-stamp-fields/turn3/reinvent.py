"""The fields dateutil's date reader finds in a timestamp, before any default fills the gaps."""

from dateutil.parser._parser import _timelex, _ymd, parser, parserinfo

from stamps.lexing import pieces
from stamps.units import marked_values

_FIELDS = ("year", "month", "day", "weekday", "hour", "minute", "second", "microsecond")


def _reader(dayfirst: bool, yearfirst: bool) -> parser:
    return parser(parserinfo(dayfirst=dayfirst, yearfirst=yearfirst))


def _read(reader, timestr, dayfirst, yearfirst, fuzzy=False, fuzzy_with_tokens=False):
    if fuzzy_with_tokens:
        fuzzy = True

    info = reader.info

    if dayfirst is None:
        dayfirst = info.dayfirst

    if yearfirst is None:
        yearfirst = info.yearfirst

    res = reader._result()
    l = _timelex.split(timestr)         # Splits the timestr into tokens

    skipped_idxs = []
    ymd = _ymd()

    len_l = len(l)
    i = 0
    try:
        while i < len_l:
            value_repr = l[i]
            try:
                value = float(value_repr)
            except ValueError:
                value = None

            if value is not None:
                i = reader._parse_numeric_token(l, i, info, ymd, res, fuzzy)
            elif info.weekday(l[i]) is not None:
                value = info.weekday(l[i])
                res.weekday = value
            elif info.month(l[i]) is not None:
                value = info.month(l[i])
                ymd.append(value, 'M')

                if i + 1 < len_l:
                    if l[i + 1] in ('-', '/'):
                        sep = l[i + 1]
                        ymd.append(l[i + 2])

                        if i + 3 < len_l and l[i + 3] == sep:
                            ymd.append(l[i + 4])
                            i += 2

                        i += 2

                    elif (i + 4 < len_l and l[i + 1] == l[i + 3] == ' ' and
                          info.pertain(l[i + 2])):
                        if l[i + 4].isdigit():
                            value = int(l[i + 4])
                            year = str(info.convertyear(value))
                            ymd.append(year, 'Y')
                        else:
                            pass
                        i += 4
            elif info.ampm(l[i]) is not None:
                value = info.ampm(l[i])
                val_is_ampm = reader._ampm_valid(res.hour, res.ampm, fuzzy)

                if val_is_ampm:
                    res.hour = reader._adjust_ampm(res.hour, value)
                    res.ampm = value

                elif fuzzy:
                    skipped_idxs.append(i)
            elif reader._could_be_tzname(res.hour, res.tzname, res.tzoffset, l[i]):
                res.tzname = l[i]
                res.tzoffset = info.tzoffset(res.tzname)
                if i + 1 < len_l and l[i + 1] in ('+', '-'):
                    l[i + 1] = ('+', '-')[l[i + 1] == '+']
                    res.tzoffset = None
                    if info.utczone(res.tzname):
                        res.tzname = None
            elif res.hour is not None and l[i] in ('+', '-'):
                signal = (-1, 1)[l[i] == '+']
                len_li = len(l[i + 1])
                if len_li == 4:
                    hour_offset = int(l[i + 1][:2])
                    min_offset = int(l[i + 1][2:])
                elif i + 2 < len_l and l[i + 2] == ':':
                    hour_offset = int(l[i + 1])
                    min_offset = int(l[i + 3])  # TODO: Check that l[i+3] is minute-like?
                    i += 2
                elif len_li <= 2:
                    hour_offset = int(l[i + 1][:2])
                    min_offset = 0
                else:
                    raise ValueError(timestr)

                res.tzoffset = signal * (hour_offset * 3600 + min_offset * 60)
                if (i + 5 < len_l and
                        info.jump(l[i + 2]) and l[i + 3] == '(' and
                        l[i + 5] == ')' and
                        3 <= len(l[i + 4]) and
                        reader._could_be_tzname(res.hour, res.tzname,
                                              None, l[i + 4])):
                    res.tzname = l[i + 4]
                    i += 4

                i += 1
            elif not (info.jump(l[i]) or fuzzy):
                raise ValueError(timestr)

            else:
                skipped_idxs.append(i)
            i += 1
        year, month, day = ymd.resolve_ymd(yearfirst, dayfirst)

        res.century_specified = ymd.century_specified
        res.year = year
        res.month = month
        res.day = day

    except (IndexError, ValueError):
        return None, None

    if not info.validate(res):
        return None, None

    if fuzzy_with_tokens:
        skipped_tokens = reader._recombine_skipped(l, skipped_idxs)
        return res, tuple(skipped_tokens)
    else:
        return res, None


def stamp_fields(text: str, dayfirst: bool = False, yearfirst: bool = False, fuzzy: bool = False):
    """The fields read from ``text``, or None when dateutil's reader cannot read it.

    ``{"year", "month", "day", "weekday", "hour", "minute", "second", "microsecond",
    "zone_name", "zone_offset", "skipped"}``: None for what the text does not give; with
    ``fuzzy``, the words that were not understood are skipped and listed (joined where they
    touch), else ``skipped`` is ``[]``."""
    if not pieces(text):
        return None
    reader = _reader(dayfirst, yearfirst)
    result, skipped = _read(reader, text, None, None, fuzzy_with_tokens=fuzzy)
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
