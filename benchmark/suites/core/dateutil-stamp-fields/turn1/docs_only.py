"""Written from dateutil's documentation only (the parser's docs: "a string of letters is one unit,
a string of digits is one unit", decimal fractions of seconds).

The pieces dateutil's date reader cuts a timestamp into."""

import re

_PIECE = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+|\s|.", re.UNICODE)


def pieces(text: str) -> list:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return [" " if piece.isspace() else piece.replace(",", ".") if piece[:1].isdigit() else piece
            for piece in _PIECE.findall(text)]


def _kind(piece: str) -> str:
    if piece.isspace():
        return "space"
    if piece.replace(".", "", 1).isdigit():
        return "number"
    if any(c.isalpha() for c in piece) and all(c.isalpha() or c == "." for c in piece):
        return "word"
    return "other"


def piece_kinds(text: str) -> list:
    return [(piece, _kind(piece)) for piece in pieces(text)]


def words_and_numbers(text: str) -> dict:
    grouped = {"words": [], "numbers": [], "other": []}
    names = {"word": "words", "number": "numbers", "other": "other"}
    for piece, kind in piece_kinds(text):
        if kind != "space":
            grouped[names[kind]].append(piece)
    return grouped
