"""How much room rich gives the columns of a table on a console of a given width."""

import io

from rich.console import Console, ConsoleOptions
from rich.table import Table


def _console(width: int) -> tuple[Console, ConsoleOptions]:
    """A plain console of ``width`` cells (no colour, no terminal) and its options."""
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None, legacy_windows=False)
    return console, console.options


def _inner_width(table: Table, width: int) -> int:
    """The cells left for the columns once the table's own width and its borders are taken."""
    outer = table.width if table.width is not None else width
    borders = (2 if table.box and table.show_edge else 0) + (len(table.columns) - 1 if table.box else 0)
    return outer - borders


def column_bounds(table: Table, width: int = 80) -> list[tuple[int, int]]:
    """(narrowest, widest) width of each column, padding included, at a console ``width`` wide."""
    console, options = _console(width)
    options = options.update_width(_inner_width(table, width))
    bounds = []
    for column in table.columns:
        measurement = table._measure_column(console, options, column)
        bounds.append((measurement.minimum, measurement.maximum))
    return bounds


def column_widths(table: Table, width: int = 80) -> list[int]:
    """Width of each column, padding included and borders not, as the table is printed at ``width``."""
    if not table.columns:
        return []
    console, options = _console(width)
    options = options.update_width(_inner_width(table, width))
    return list(table._calculate_column_widths(console, options))
