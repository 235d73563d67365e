"""Folding text to a width and justifying the lines as rich does."""

from rich._loop import loop_last
from rich.cells import cell_len
from rich.console import Console
from rich.containers import Lines
from rich.text import Text

from text_fold.pieces import cut_cells, word_pieces

ALIGNS = ("left", "center", "right", "full")


def fold_lines(text: str, width: int) -> list[str]:
    """``text`` folded to lines of at most ``width`` cells, paragraph by paragraph."""
    if width < 1:
        raise ValueError(f"cannot fold to a width of {width}")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece, cells in word_pieces(paragraph):
            if cells <= width - cell_len(line):
                line += piece
                continue
            if line:
                lines.append(line.rstrip())
            if cells <= width:
                line = piece
                continue
            word, parts = piece.rstrip(), []
            while word:
                part, word = cut_cells(word, width)
                parts.append(part)
            for last, part in loop_last(parts):
                if last:
                    line = part + piece[len(piece.rstrip()):]
                else:
                    lines.append(part.rstrip())
        lines.append(line.rstrip())
    return lines


def justify_lines(lines: list[str], width: int, align: str = "left") -> list[str]:
    """``lines`` fitted to ``width`` cells, aligned as rich justifies wrapped text."""
    if align not in ALIGNS:
        raise ValueError(f"unknown alignment {align!r}")
    if width < 1:
        raise ValueError(f"cannot justify to a width of {width}")
    block = Lines(Text(line) for line in lines)
    block.justify(Console(width=width), width, justify=align, overflow="crop")
    return [line.plain for line in block]
