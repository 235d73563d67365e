"""Pieces of text as rich's wrapper sees them: words and cuts at a cell position."""

from rich._wrap import words
from rich.cells import cell_len
from rich.segment import Segment


def word_pieces(text: str) -> list[tuple[str, int]]:
    """The words of ``text`` with the white space that travels with them, and
    the cells each takes on a line when it ends the line."""
    pieces: list[tuple[str, int]] = []
    for _start, _end, word in words(text):
        pieces.append((word, cell_len(word.rstrip())))
    return pieces


def cut_cells(text: str, cut: int) -> tuple[str, str]:
    """``text`` cut in two at cell position ``cut``, as a rich segment is cut."""
    if cut < 0:
        raise ValueError(f"cannot cut at a negative cell position: {cut}")
    if cut >= cell_len(text):
        return text, ""
    left, right = Segment._split_cells(Segment(text), cut)
    return left.text, right.text
