"""Log lines laid out as rich's log handler lays them out: time, level, message, path."""

import io
from datetime import datetime

from rich.console import Console
from rich.containers import Renderables
from rich.table import Table
from rich.text import Text

from markup_text.convert import ansi_to_markup, markup_to_ansi


def _message(message: str) -> Text:
    """A message in console markup, or ANSI text (it holds an escape code) read as rich reads it."""
    return Text.from_markup(ansi_to_markup(message) if "\x1b" in message else message)


def _rows(records: list, width: int, levels: bool, time_format: str, colored: bool) -> list:
    console = Console(width=width, file=io.StringIO(), color_system="truecolor" if colored else None,
                      legacy_windows=False, force_terminal=colored)
    last_time = None
    rows = []
    for record in records:
        level = record.get("level", "info")
        path, line_no = record.get("path"), record.get("line")
        table = Table.grid(padding=(0, 1))
        table.expand = True
        table.add_column(style="log.time")
        if levels:
            table.add_column(style="log.level", width=8)
        table.add_column(ratio=1, style="log.message", overflow="fold")
        if path:
            table.add_column(style="log.path")
        log_time = record.get("time") or console.get_datetime()
        shown = Text(log_time.strftime(time_format))
        row = [Text(" " * len(shown)) if shown == last_time else shown]
        last_time = shown
        if levels:
            row.append(Text(level.upper().ljust(8), style=f"logging.level.{level.lower()}"))
        row.append(Renderables([_message(record.get("message", ""))]))
        if path:
            where = Text()
            where.append(path)
            if line_no:
                where.append(":")
                where.append(f"{line_no}")
            row.append(where)
        table.add_row(*row)
        rows.extend(console.render_lines(table, console.options))
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
    """The plain-text lines of ``records`` (dicts: time, level, message, path, line) as a rich log."""
    return [_plain(row) for row in _rows(_checked(records), width, levels, clock, False)]


def log_ansi(records: list, width: int = 80, levels: bool = True, clock: str = "[%X]",
             colors: str = "truecolor") -> list[str]:
    """The same lines with rich's log colours, as ANSI text for a terminal of colour system ``colors``."""
    lines = []
    for row in _rows(_checked(records), width, levels, clock, True):
        line = Text.assemble(*((segment.text, segment.style) for segment in row if not segment.control))
        lines.append(markup_to_ansi(line.markup.rstrip(), colors=colors))
    return lines

