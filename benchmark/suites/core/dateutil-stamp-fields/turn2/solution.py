"""Numbers and unit-marked values (hours, minutes, seconds) as dateutil's date reader takes them."""

from decimal import Decimal

from dateutil.parser._parser import parser

from stamps.lexing import piece_kinds, pieces

_FIELDS = ("hour", "minute", "second", "microsecond")


def _reader() -> parser:
    return parser()


def number_of(piece: str) -> Decimal:
    """The number dateutil's date reader takes ``piece`` for; ValueError when it takes none."""
    if not isinstance(piece, str):
        raise TypeError("a string is expected")
    return _reader()._to_decimal(piece.strip())


def clock_fields(value: str, unit: str) -> dict:
    """The clock fields a value marked with ``unit`` ("h", "m" or "s", or a word dateutil's reader
    takes for one) sets, as ``{"hour", "minute", "second", "microsecond"}`` (None when unset)."""
    reader = _reader()
    index = reader.info.hms(unit)
    if index is None:
        raise ValueError(f"not a unit: {unit!r}")
    result = reader._result()
    reader._assign_hms(result, value, index)
    return {name: getattr(result, name) for name in _FIELDS}


def marked_values(text: str) -> list:
    """``(number, unit)`` for each number of ``text`` that carries a unit, in order; a number
    written right after a marked one takes the next smaller unit ("12h04")."""
    reader = _reader()
    found = []
    kinds = piece_kinds(text)
    tokens = pieces(text)
    for index, (piece, kind) in enumerate(kinds):
        if kind != "number":
            continue
        unit_at = reader._find_hms_idx(index, tokens, reader.info, allow_jump=True)
        if unit_at is None:
            continue
        _, unit = reader._parse_hms(index, tokens, reader.info, unit_at)
        found.append((number_of(piece), "hms"[unit]))
    return found


def total_seconds(text: str) -> Decimal:
    """The duration written in ``text`` ("1h30m", "2.5 h", "90s") in seconds: the sum over its marked
    values of the clock fields they set (fractions of a second are kept)."""
    total = Decimal(0)
    scale = {"hour": 3600, "minute": 60, "second": 1}
    for number, unit in marked_values(text):
        fields = clock_fields(str(number), unit)
        for name, factor in scale.items():
            total += (fields[name] or 0) * factor
        total += Decimal(fields["microsecond"] or 0) / 1000000
    return total
