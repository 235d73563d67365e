"""Written from rich's public documentation only: a Segment can be split at a
cell offset with split_cells, and text is wrapped at white space."""

from rich.cells import cell_len
from rich.segment import Segment


def word_pieces(text: str) -> list[tuple[str, int]]:
    pieces: list[tuple[str, int]] = []
    for word in text.split():
        pieces.append((word + " ", cell_len(word)))
    if pieces and not text.endswith((" ", "\t", "\n")):
        last, width = pieces[-1]
        pieces[-1] = (last[:-1], width)
    return pieces


def cut_cells(text: str, cut: int) -> tuple[str, str]:
    if cut < 0:
        raise ValueError(f"cannot cut at a negative cell position: {cut}")
    left, right = Segment(text).split_cells(cut)
    return left.text, right.text
