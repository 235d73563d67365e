"""Written from rich's public documentation only: RichHandler shows the time
(log_time_format, repeated times omitted), the level and the message, with
the path of the call on the right; Table.grid() lays out columns, and
Text.from_markup() reads the message."""

import io
from datetime import datetime

from rich.console import Console
from rich.table import Table
from rich.text import Text

from markup_text.convert import ansi_to_markup, markup_to_ansi


def _rows(records, width, levels, clock, colored):
    console = Console(width=width, file=io.StringIO(), color_system="truecolor" if colored else None, force_terminal=colored)
    rows, last = [], None
    for record in records:
        message = record.get("message", "")
        text = Text.from_markup(ansi_to_markup(message) if "\x1b" in message else message)
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column()
        if levels:
            grid.add_column(width=8)
        grid.add_column(ratio=1)
        cells = []
        shown = record["time"].strftime(clock)
        cells.append(" " * len(shown) if shown == last else shown)
        last = shown
        if levels:
            cells.append(record.get("level", "info").upper())
        cells.append(text)
        if record.get("path"):
            grid.add_column(justify="right")
            where = record["path"] + (f":{record['line']}" if record.get("line") else "")
            cells.append(where)
        grid.add_row(*cells)
        rows.extend(console.render_lines(grid, console.options))
    return rows


def _checked(records: list) -> list:
    """The records, each with the datetime it happened at."""
    for record in records:
        if not isinstance(record.get("time"), datetime):
            raise ValueError(f"a record needs a datetime \"time\": {record!r}")
    return records


def _plain(row: list) -> str:
    return "".join(segment.text for segment in row).rstrip()


def log_lines(records: list, width: int = 80, levels: bool = True, clock: str = "[%X]") -> list[str]:
    return [_plain(row) for row in _rows(_checked(records), width, levels, clock, False)]


def log_ansi(records: list, width: int = 80, levels: bool = True, clock: str = "[%X]",
             colors: str = "truecolor") -> list[str]:
    out = []
    for row in _rows(_checked(records), width, levels, clock, True):
        line = Text.assemble(*((s.text, s.style) for s in row if not s.control))
        out.append(markup_to_ansi(line.markup.rstrip(), colors=colors))
    return out
