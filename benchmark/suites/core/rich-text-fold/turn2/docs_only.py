"""Written from rich's public documentation only: Text.wrap folds text to a
width, and text is justified left, center, right or full."""

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from text_fold.pieces import cut_cells, word_pieces

ALIGNS = ("left", "center", "right", "full")


def fold_lines(text: str, width: int) -> list[str]:
    if width < 1:
        raise ValueError(f"cannot fold to a width of {width}")
    lines: list[str] = []
    console = Console(width=width)
    for paragraph in text.split("\n"):
        wrapped = Text(paragraph).wrap(console, width)
        lines.extend(line.plain.rstrip() for line in wrapped)
        if not len(wrapped):
            lines.append("")
    return lines


def justify_lines(lines: list[str], width: int, align: str = "left") -> list[str]:
    if align not in ALIGNS:
        raise ValueError(f"unknown alignment {align!r}")
    if width < 1:
        raise ValueError(f"cannot justify to a width of {width}")
    out: list[str] = []
    for index, line in enumerate(lines):
        line = cut_cells(line, width)[0]
        room = width - cell_len(line)
        if align == "left":
            out.append(line + " " * room)
        elif align == "right":
            out.append(" " * room + line.rstrip())
        elif align == "center":
            out.append(line.center(width))
        else:
            words = line.split()
            if index == len(lines) - 1 or len(words) < 2:
                out.append(line.ljust(width))
                continue
            gaps = len(words) - 1
            spare = width - sum(cell_len(word) for word in words)
            spaces = [spare // gaps + (1 if place < spare % gaps else 0) for place in range(gaps)]
            out.append("".join(word + " " * space for word, space in zip(words, spaces + [0])))
    return out
