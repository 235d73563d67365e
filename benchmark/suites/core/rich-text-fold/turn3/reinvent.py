"""Sharing a width among columns of folded text, as rich shares a table's width."""

from rich._loop import loop_last
from rich._ratio import ratio_distribute, ratio_reduce
from rich.cells import cell_len

from text_fold.lines import justify_lines
from text_fold.pieces import cut_cells, word_pieces


def _check(values: list[int], ratios: list[int], what: str) -> None:
    if len(values) != len(ratios):
        raise ValueError(f"{len(ratios)} ratios for {len(values)} {what}")
    if sum(ratios) <= 0 or min(ratios) < 0:
        raise ValueError("ratios must be positive in total and none negative")


def share_cells(total: int, ratios: list[int], minimums: list[int] | None = None) -> list[int]:
    """``total`` cells shared out by ``ratios``, no part below its minimum."""
    _check(minimums if minimums is not None else ratios, ratios, "minimums")
    return ratio_distribute(total, ratios, minimums)


def take_cells(widths: list[int], excess: int, ratios: list[int], maximums: list[int]) -> list[int]:
    """``widths`` narrowed by ``excess`` cells taken by ``ratios``, each losing at most its maximum."""
    _check(widths, ratios, "widths")
    _check(maximums, ratios, "maximums")
    return ratio_reduce(excess, ratios, maximums, widths)


def _fold(text: str, width: int) -> list[str]:
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


def columns_text(texts: list[str], width: int, ratios: list[int] | None = None,
                 gap: int = 1, align: str = "left") -> list[str]:
    """``texts`` folded into columns side by side within ``width`` cells."""
    if not texts:
        return []
    ratios = ratios if ratios is not None else [1] * len(texts)
    room = width - gap * (len(texts) - 1)
    if room < len(texts):
        raise ValueError(f"{len(texts)} columns do not fit in {width} cells")
    natural = [max(cell_len(line) for line in text.split("\n")) or 1 for text in texts]
    widths = natural
    if sum(natural) > room:
        widths = take_cells(natural, sum(natural) - room, ratios, [n - 1 for n in natural])
        if sum(widths) > room or min(widths) < 1:
            widths = share_cells(room, ratios, [1] * len(texts))
    columns = [justify_lines(_fold(text, w), w, align) for text, w in zip(texts, widths)]
    height = max(len(column) for column in columns)
    rows: list[str] = []
    for row in range(height):
        cells = [column[row] if row < len(column) else " " * w for column, w in zip(columns, widths)]
        rows.append((" " * gap).join(cells))
    return rows
