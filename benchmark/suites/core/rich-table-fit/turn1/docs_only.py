"""Written from rich's public documentation only: Measurement.get() ("Get a
measurement for a renderable"), the Table and Column parameters (padding,
width, min_width, max_width, ratio, expand) and "the table will use the
column's minimum width when it must shrink"."""

import io

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table


def _padding(table: Table) -> int:
    right = left = 1
    pad = table.padding
    if len(pad) == 4:
        right, left = pad[1], pad[3]
    elif len(pad) == 2:
        right = left = pad[1]
    return left + right


def column_bounds(table: Table, width: int = 80) -> list[tuple[int, int]]:
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None)
    pad = _padding(table)
    borders = (len(table.columns) + 1) if table.box else 0
    room = max(0, width - borders)
    bounds = []
    for column in table.columns:
        if column.width is not None:
            bounds.append((column.width + pad, column.width + pad))
            continue
        cells = ([column.header] if table.show_header else []) + list(column.cells)
        sizes = [Measurement.get(console, console.options.update_width(max(room, 1)), c) for c in cells]
        low = max((s.minimum for s in sizes), default=1) + pad
        high = max((s.maximum for s in sizes), default=1) + pad
        if column.min_width is not None:
            low, high = max(low, column.min_width + pad), max(high, column.min_width + pad)
        if column.max_width is not None:
            high = min(high, column.max_width + pad)
        bounds.append((min(low, room), min(high, room)))
    return bounds


def column_widths(table: Table, width: int = 80) -> list[int]:
    bounds = column_bounds(table, width)
    if not bounds:
        return []
    borders = (len(table.columns) + 1) if table.box else 0
    room = (table.width or width) - borders
    widths = [high for _, high in bounds]
    if sum(widths) > room:
        spare = [high - low for low, high in bounds]
        excess = sum(widths) - room
        total = sum(spare) or 1
        widths = [high - min(s, round(excess * s / total)) for (low, high), s in zip(bounds, spare)]
    elif table.expand and sum(widths) < room:
        extra = room - sum(widths)
        widths = [w + extra * w // sum(widths) for w in widths]
    return widths
