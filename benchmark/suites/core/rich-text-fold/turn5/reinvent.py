"""A plain-text report of titles, paragraphs, columns and cards, folded to a width."""

from rich._loop import loop_first
from rich.cells import cell_len

from text_fold.columns import share_cells, take_cells
from text_fold.grid import grid_lines
from text_fold.lines import fold_lines, justify_lines

KINDS = ("title", "text", "columns", "card")


def _columns(texts: list[str], width: int, gap: int = 2) -> list[str]:
    ratios = [1] * len(texts)
    room = width - gap * (len(texts) - 1)
    if room < len(texts):
        raise ValueError(f"{len(texts)} columns do not fit in {width} cells")
    natural = [max(cell_len(line) for line in text.split("\n")) or 1 for text in texts]
    widths = natural
    if sum(natural) > room:
        widths = take_cells(natural, sum(natural) - room, ratios, [n - 1 for n in natural])
        if sum(widths) > room or min(widths) < 1:
            widths = share_cells(room, ratios, [1] * len(texts))
    columns = [justify_lines(fold_lines(text, w), w, "left") for text, w in zip(texts, widths)]
    height = max(len(column) for column in columns)
    rows: list[str] = []
    for row in range(height):
        cells = [column[row] if row < len(column) else " " * w for column, w in zip(columns, widths)]
        rows.append((" " * gap).join(cells))
    return rows


def _block_lines(kind: str, content, width: int) -> list[str]:
    if kind == "title":
        return justify_lines(fold_lines(content.upper(), width), width, "center")
    if kind == "text":
        lines = justify_lines(fold_lines(content, width), width, "full")
        return justify_lines(lines, width)
    if kind == "columns":
        return justify_lines(_columns(list(content), width), width)
    return justify_lines(grid_lines([list(row) for row in content], width), width)


def report_lines(blocks: list, width: int, separator: str = "") -> list[str]:
    """The lines of a report of ``blocks`` ((kind, content) pairs), ``width`` cells each."""
    if width < 4:
        raise ValueError(f"a report needs at least 4 cells, not {width}")
    for kind, _content in blocks:
        if kind not in KINDS:
            raise ValueError(f"unknown block kind {kind!r}")
    rule = (separator * width)[:width] if separator else " " * width
    lines: list[str] = []
    for first, (kind, content) in loop_first(blocks):
        if not first:
            lines.append(rule)
        if kind in ("columns", "card") and not content:
            continue
        lines.extend(_block_lines(kind, content, width))
    return lines
