"""How much room rich gives the columns of a table on a console of a given width."""

import io

from rich._ratio import ratio_distribute, ratio_reduce
from rich.console import Console, ConsoleOptions
from rich.table import Table


def _console(width: int) -> tuple[Console, ConsoleOptions]:
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None, legacy_windows=False)
    return console, console.options


def _inner_width(table: Table, width: int) -> int:
    outer = table.width if table.width is not None else width
    borders = (2 if table.box and table.show_edge else 0) + (len(table.columns) - 1 if table.box else 0)
    return outer - borders


def column_bounds(table: Table, width: int = 80) -> list[tuple[int, int]]:
    console, options = _console(width)
    options = options.update_width(_inner_width(table, width))
    bounds = []
    for column in table.columns:
        measurement = table._measure_column(console, options, column)
        bounds.append((measurement.minimum, measurement.maximum))
    return bounds


def column_widths(table: Table, width: int = 80) -> list[int]:
    if not table.columns:
        return []
    console, options = _console(width)
    options = options.update_width(_inner_width(table, width))
    max_width = options.max_width
    columns = table.columns
    ranges = [table._measure_column(console, options, column) for column in columns]
    widths = [r.maximum or 1 for r in ranges]
    if table.expand:
        ratios = [col.ratio or 0 for col in columns if col.flexible]
        if any(ratios):
            fixed = [0 if column.flexible else r.maximum for r, column in zip(ranges, columns)]
            flex_minimum = [(column.width or 1) + table._get_padding_width(column._index) for column in columns if column.flexible]
            flex_widths = iter(ratio_distribute(max_width - sum(fixed), ratios, flex_minimum))
            for index, column in enumerate(columns):
                if column.flexible:
                    widths[index] = fixed[index] + next(flex_widths)
    total = sum(widths)
    if total > max_width:
        widths = table._collapse_widths(widths, [(c.width is None and not c.no_wrap) for c in columns], max_width)
        total = sum(widths)
        if total > max_width:
            widths = ratio_reduce(total - max_width, [1] * len(widths), widths, widths)
            total = sum(widths)
        ranges = [table._measure_column(console, options.update_width(w), c) for w, c in zip(widths, columns)]
        widths = [r.maximum or 0 for r in ranges]
    extra = table._extra_width
    if (total < max_width and table.expand) or (table.min_width is not None and total < table.min_width - extra):
        room = max_width if table.min_width is None else min(table.min_width - extra, max_width)
        widths = [w + pad for w, pad in zip(widths, ratio_distribute(room - total, widths))]
    return widths
