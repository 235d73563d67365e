"""Written from rich's public documentation only: Column(width=...) fixes a
column's width, Console(record=True) / export_text() capture what is printed,
and a too-wide table shrinks its columns."""

import io

from rich.console import Console
from rich.table import Table

from table_fit.measure import column_bounds, column_widths


def common_widths(tables: list, width: int = 80) -> list[int]:
    if not tables:
        return []
    if len({len(t.columns) for t in tables}) != 1:
        raise ValueError("the tables do not have the same number of columns")
    widths = [max(c) for c in zip(*(column_widths(t, width) for t in tables))]
    lows = [max(c) for c in zip(*([low for low, _ in column_bounds(t, width)] for t in tables))]
    room = width - (len(widths) + 1 if tables[0].box else 0)
    excess = sum(widths) - room
    if excess > 0:
        spare = [w - low for w, low in zip(widths, lows)]
        total = sum(spare) or 1
        widths = [w - round(excess * s / total) for w, s in zip(widths, spare)]
    return widths


def render_aligned(table: Table, widths=None, width: int = 80) -> list[str]:
    if not table.columns:
        return []
    if widths is None:
        widths = column_widths(table, width)
    if len(widths) != len(table.columns):
        raise ValueError("one width per column")
    for column, w in zip(table.columns, widths):
        column.width = max(w - 2, 0)
    title, caption = table.title, table.caption
    table.title = table.caption = None
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None, record=True)
    console.print(table)
    table.title, table.caption = title, caption
    return console.export_text().rstrip("\n").split("\n")
