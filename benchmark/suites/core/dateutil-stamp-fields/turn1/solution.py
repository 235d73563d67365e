"""The pieces dateutil's date reader cuts a timestamp into."""

from dateutil.parser._parser import _timelex


def _text(text) -> str:
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return text


def _kind(piece: str) -> str:
    if any(_timelex.isnum(char) for char in piece) and not any(_timelex.isword(char) for char in piece):
        return "number"
    if any(_timelex.isword(char) for char in piece) and all(_timelex.isword(char) or char == "." for char in piece):
        return "word"
    return "other"


def pieces(text: str) -> list:
    """The pieces of ``text``, in order, as dateutil's date reader cuts it."""
    text = _text(text)
    lexer = _timelex(text)
    out = []
    piece = lexer.get_token()
    while piece is not None:
        out.append(piece)
        piece = lexer.get_token()
    return out


def piece_kinds(text: str) -> list:
    """``(piece, kind)`` for each piece of ``text``: kind "word", "number", "space" or "other"."""
    return [(piece, "space" if _timelex.isspace(piece[0]) else _kind(piece)) for piece in pieces(text)]


def words_and_numbers(text: str) -> dict:
    """``{"words": [...], "numbers": [...], "other": [...]}``: the pieces of ``text`` by kind, in
    order (spaces left out)."""
    grouped = {"words": [], "numbers": [], "other": []}
    names = {"word": "words", "number": "numbers", "other": "other"}
    for piece, kind in piece_kinds(text):
        if kind != "space":
            grouped[names[kind]].append(piece)
    return grouped
