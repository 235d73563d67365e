"""Folding text to a width and justifying the lines as rich does."""

from rich._loop import loop_last
from rich.cells import cell_len
from itertools import zip_longest

from rich.console import Console
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
    if align not in ALIGNS:
        raise ValueError(f"unknown alignment {align!r}")
    if width < 1:
        raise ValueError(f"cannot justify to a width of {width}")
    console = Console(width=width)
    texts = [Text(line) for line in lines]
    for index, line in enumerate(texts):
        if align == "left":
            line.truncate(width, overflow="crop", pad=True)
        elif align == "center":
            line.rstrip()
            line.truncate(width, overflow="crop")
            line.pad_left((width - cell_len(line.plain)) // 2)
            line.pad_right(width - cell_len(line.plain))
        elif align == "right":
            line.rstrip()
            line.truncate(width, overflow="crop")
            line.pad_left(width - cell_len(line.plain))
        elif index < len(texts) - 1:
            words = line.split(" ")
            size = sum(cell_len(word.plain) for word in words)
            gaps = len(words) - 1
            spaces = [1] * gaps
            turn = 0
            while spaces and size + gaps < width:
                spaces[len(spaces) - turn - 1] += 1
                gaps += 1
                turn = (turn + 1) % len(spaces)
            tokens: list[Text] = []
            for place, (word, after) in enumerate(zip_longest(words, words[1:])):
                tokens.append(word)
                if place < len(spaces):
                    style = word.get_style_at_offset(console, -1)
                    space_style = style if style == after.get_style_at_offset(console, 0) else line.style
                    tokens.append(Text(" " * spaces[place], style=space_style))
            texts[index] = Text("").join(tokens)
    return [line.plain for line in texts]
