"""Tables printed one above another with their columns lined up."""

import io

from rich.console import Console
from rich.segment import Segment
from rich.table import Table

from table_fit.measure import _console, _inner_width, column_bounds


def _widths(table: Table, width: int) -> list[int]:
    console, options = _console(width)
    options = options.update_width(_inner_width(table, width))
    return list(table._calculate_column_widths(console, options))


def _borders(table: Table) -> int:
    return (2 if table.box and table.show_edge else 0) + (len(table.columns) - 1 if table.box else 0)


def common_widths(tables: list, width: int = 80) -> list[int]:
    if not tables:
        return []
    count = len(tables[0].columns)
    if any(len(table.columns) != count for table in tables):
        raise ValueError("the tables do not have the same number of columns")
    widths = [max(column) for column in zip(*(_widths(table, width) for table in tables))]
    narrowest = [max(column) for column in zip(*([low for low, _ in column_bounds(table, width)] for table in tables))]
    wrapable = [low < wide for low, wide in zip(narrowest, widths)]
    room = width - _borders(tables[0])
    if sum(widths) > room:
        widths = Table._collapse_widths(widths, wrapable, room)
    return list(widths)


def render_aligned(table: Table, widths=None, width: int = 80) -> list[str]:
    if not table.columns:
        return []
    if widths is None:
        widths = _widths(table, width)
    if len(widths) != len(table.columns):
        raise ValueError("one width per column")
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None, legacy_windows=False)
    options = console.options.update(width=sum(widths) + _borders(table), highlight=False, height=None)
    segments = table._render(console, options, list(widths))
    return ["".join(segment.text for segment in line) for line in Segment.split_lines(segments)]
