"""A borderless grid of folded text, its cells padded as rich pads a table's cells."""

from rich.console import Console
from rich.containers import Lines
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from text_fold.columns import share_cells
from text_fold.lines import fold_lines

Pad = tuple[int, int, int, int]


def cell_padding(table: Table) -> list[list[Pad]]:
    """Per column, the (top, right, bottom, left) padding rich gives each of its cells."""
    console = Console(width=80)
    columns: list[list[Pad]] = []
    for index, column in enumerate(table.columns):
        pads = []
        for cell in table._get_cells(console, index, column):
            box = cell.renderable
            pads.append((box.top, box.right, box.bottom, box.left) if isinstance(box, Padding) else (0, 0, 0, 0))
        columns.append(pads)
    return columns


def padding_widths(table: Table) -> list[int]:
    """The cells of padding rich counts for each column when it measures the table."""
    return [table._get_padding_width(index) for index in range(len(table.columns))]


def grid_lines(rows: list[list[str]], width: int, padding: tuple = (0, 1),
               collapse: bool = False, edges: bool = True) -> list[str]:
    """``rows`` of texts as a grid ``width`` cells wide (or less), without borders."""
    if not rows:
        return []
    count = len(rows[0])
    if any(len(row) != count for row in rows):
        raise ValueError("rows of different lengths")
    table = Table.grid(padding=padding, collapse_padding=collapse, pad_edge=edges)
    for _ in range(count):
        table.add_column()
    for row in rows:
        table.add_row(*row)
    pads = cell_padding(table)
    sides = [pad[0][1] + pad[0][3] for pad in pads]
    if width - sum(sides) < count:
        raise ValueError(f"{count} columns do not fit in {width} cells")
    widths = share_cells(width - sum(sides), [1] * count, [1] * count)
    lines: list[str] = []
    for number, row in enumerate(rows):
        blocks = []
        for text, w, column in zip(row, widths, pads):
            top, right, bottom, left = column[number]
            full = w + left + right
            block = Lines(Text(line) for line in fold_lines(text, w))
            block.justify(Console(width=w), w, justify="left", overflow="crop")
            body = [" " * left + line.plain + " " * right for line in block]
            blocks.append([" " * full] * top + body + [" " * full] * bottom)
        height = max(len(block) for block in blocks)
        for line in range(height):
            lines.append("".join(block[line] if line < len(block) else " " * len(block[0]) for block in blocks))
    return lines
