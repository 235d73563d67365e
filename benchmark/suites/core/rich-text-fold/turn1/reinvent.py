"""Pieces of text as rich's wrapper sees them: words and cuts at a cell position."""

import re

from rich.cells import cell_len
from rich.segment import Segment

_WORD = re.compile(r"\s*\S+\s*")


def word_pieces(text: str) -> list[tuple[str, int]]:
    pieces: list[tuple[str, int]] = []
    match = _WORD.match(text, 0)
    while match is not None:
        start, end = match.span()
        word = match.group(0)
        pieces.append((word, cell_len(word.rstrip())))
        match = _WORD.match(text, end)
    return pieces


def cut_cells(text: str, cut: int) -> tuple[str, str]:
    if cut < 0:
        raise ValueError(f"cannot cut at a negative cell position: {cut}")
    if cut >= cell_len(text):
        return text, ""
    left, right = Segment._split_cells(Segment(text), cut)
    return left.text, right.text
