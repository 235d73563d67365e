"""Written from rich's public documentation only: a table's padding is
(top, right, bottom, left) around every cell, pad_edge pads the outer edges,
and collapse_padding merges the padding of neighbouring cells."""

from rich.table import Table

from text_fold.columns import share_cells
from text_fold.lines import fold_lines, justify_lines


def cell_padding(table: Table) -> list[list[tuple[int, int, int, int]]]:
    top, right, bottom, left = table.padding
    rows = len(table.rows) + table.show_header + table.show_footer
    columns = []
    for index in range(len(table.columns)):
        pads = []
        for row in range(rows):
            t, r, b, l = top, right, bottom, left
            if table.collapse_padding:
                if index:
                    l = max(0, l - right)
                if row:
                    t = max(0, t - bottom)
            if not table.pad_edge:
                l = 0 if index == 0 else l
                r = 0 if index == len(table.columns) - 1 else r
                t = 0 if row == 0 else t
                b = 0 if row == rows - 1 else b
            pads.append((t, r, b, l))
        columns.append(pads)
    return columns


def padding_widths(table: Table) -> list[int]:
    return [pads[0][1] + pads[0][3] if pads else 0 for pads in cell_padding(table)]


def grid_lines(rows: list[list[str]], width: int, padding: tuple = (0, 1),
               collapse: bool = False, edges: bool = True) -> list[str]:
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
            body = [" " * left + line + " " * right for line in justify_lines(fold_lines(text, w), w)]
            blocks.append([" " * full] * top + body + [" " * full] * bottom)
        height = max(len(block) for block in blocks)
        for line in range(height):
            lines.append("".join(block[line] if line < len(block) else " " * len(block[0]) for block in blocks))
    return lines
