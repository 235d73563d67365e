"""A print-out of mixed objects (text, values, tables, sheet sections), as rich prints them."""

import io

from rich.console import Console
from rich.segment import Segment
from rich.table import Table

from table_fit.align import common_widths, render_aligned
from table_fit.sheet import divider, sheet_lines


class _Section:
    """A sheet section passed through rich untouched, drawn by turn 4."""

    def __init__(self, section: dict) -> None:
        self.section = section

    def __rich_console__(self, console, options):
        return iter(())


class _Divider(_Section):
    """A divider line across the print-out."""

    def __init__(self) -> None:
        super().__init__({})


def _is_rule(obj) -> bool:
    return isinstance(obj, str) and len(obj) >= 3 and set(obj) == {"-"}


def _lines(lines: list) -> list:
    return [segment for line in lines for segment in (Segment(line), Segment.line())]


def printout(*objects, width: int = 80, sep: str = " ", end: str = "\n") -> list[str]:
    """The lines rich prints for ``objects`` at ``width``, with runs of tables aligned."""
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False, highlight=False)
    wrapped = [_Section(o) if isinstance(o, dict) and "spec" in o else _Divider() if _is_rule(o) else o for o in objects]
    renderables = console._collect_renderables(wrapped, sep, end)
    segments: list = []
    run: list = []

    def flush() -> None:
        if run:
            same = len({len(table.columns) for table in run}) == 1
            widths = common_widths(run, width) if same else None
            for table in run:
                segments.extend(_lines(render_aligned(table, widths if same else None, width)))
            run.clear()

    for renderable in renderables:
        if isinstance(renderable, Table):
            run.append(renderable)
            continue
        flush()
        if isinstance(renderable, _Divider):
            segments.extend(_lines([divider(width)]))
        elif isinstance(renderable, _Section):
            section = renderable.section
            segments.extend(_lines(sheet_lines([section], width, section.get("size") or 5)))
        else:
            segments.extend(console.render(renderable, console.options))
    flush()
    lines = ["".join(segment.text for segment in line).rstrip() for line in Segment.split_lines(segments)]
    while lines and not lines[-1]:
        lines.pop()
    return lines
