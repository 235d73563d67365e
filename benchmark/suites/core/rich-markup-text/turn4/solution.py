"""Log lines laid out as rich's log handler lays them out: time, level, message, path."""

import io
from datetime import datetime

from rich._log_render import LogRender
from rich.console import Console
from rich.text import Text

from markup_text.convert import ansi_to_markup, markup_to_ansi


def _message(message: str) -> Text:
    """A message in console markup, or ANSI text (it holds an escape code) read as rich reads it."""
    return Text.from_markup(ansi_to_markup(message) if "\x1b" in message else message)


def _rows(records: list, width: int, levels: bool, time_format: str, colored: bool) -> list:
    console = Console(width=width, file=io.StringIO(), color_system="truecolor" if colored else None,
                      legacy_windows=False, force_terminal=colored)
    render = LogRender(show_level=levels, time_format=time_format)
    rows = []
    for record in records:
        level = record.get("level", "info")
        table = render.__call__(console, [_message(record.get("message", ""))], log_time=record["time"],
                       level=Text(level.upper().ljust(8), style=f"logging.level.{level.lower()}"),
                       path=record.get("path"), line_no=record.get("line"))
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

