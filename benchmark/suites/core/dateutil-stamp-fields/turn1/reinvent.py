"""The pieces dateutil's date reader cuts a timestamp into."""

import re

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


def _next_piece(chars: list, pending: list):
    """One piece off the front of ``chars`` (a list of characters, consumed)."""
    if pending:
        return pending.pop(0)
    seen_letters, piece, state = False, None, None
    while chars:
        char = chars.pop(0)
        if char == "\x00":
            continue
        if not state:
            piece = char
            if _timelex.isword(char):
                state = "a"
            elif _timelex.isnum(char):
                state = "0"
            elif _timelex.isspace(char):
                piece = " "
                break
            else:
                break
        elif state == "a":
            seen_letters = True
            if _timelex.isword(char):
                piece += char
            elif char == ".":
                piece += char
                state = "a."
            else:
                chars.insert(0, char)
                break
        elif state == "0":
            if _timelex.isnum(char):
                piece += char
            elif char == "." or (char == "," and len(piece) >= 2):
                piece += char
                state = "0."
            else:
                chars.insert(0, char)
                break
        elif state == "a.":
            seen_letters = True
            if char == "." or _timelex.isword(char):
                piece += char
            elif _timelex.isnum(char) and piece[-1] == ".":
                piece += char
                state = "0."
            else:
                chars.insert(0, char)
                break
        elif state == "0.":
            if char == "." or _timelex.isnum(char):
                piece += char
            elif _timelex.isword(char) and piece[-1] == ".":
                piece += char
                state = "a."
            else:
                chars.insert(0, char)
                break
    if state in ("a.", "0.") and (seen_letters or piece.count(".") > 1 or piece[-1] in ".,"):
        parts = re.split("([.,])", piece)
        piece = parts[0]
        pending.extend(part for part in parts[1:] if part)
    if state == "0." and piece.count(".") == 0:
        piece = piece.replace(",", ".")
    return piece


def pieces(text: str) -> list:
    """The pieces of ``text``, in order, as dateutil's date reader cuts it."""
    text = _text(text)
    chars, pending, out = list(text), [], []
    piece = _next_piece(chars, pending)
    while piece is not None:
        out.append(piece)
        piece = _next_piece(chars, pending)
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
