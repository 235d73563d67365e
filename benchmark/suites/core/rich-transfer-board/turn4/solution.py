"""Log entries of the transfer board, written to a log file as a rich console writes."""

import os

from rich.console import Console
from rich.segment import Segment
from rich.style import Style

from transfer.batch import amount_column
from transfer.board import board_lines

COLOURS = (None, "standard", "256", "truecolor")


def log_board(tasks: list[dict], file, width: int = 60, colour: str | None = None,
              binary: bool = False) -> tuple[str, int]:
    """Append an entry for ``tasks`` to ``file``: where it was logged from, the board, the totals."""
    if colour not in COLOURS:
        raise ValueError(f"unknown colour system {colour!r}")
    console = Console(file=file, width=width, color_system=colour, force_terminal=False)
    path, line, _locals = console._caller_frame_info(1)
    where = f"{os.path.basename(path)}:{line}"
    segments = [Segment(where, Style(bold=True)), Segment.line()]
    for text in board_lines(tasks, width, binary):
        segments += [Segment(text), Segment.line()]
    known = [task for task in tasks if task.get("total", 100) is not None]
    if known:
        done, total = amount_column(
            [sum(task.get("completed", 0) for task in known), sum(task.get("total", 100) for task in known)],
            binary,
        )
        segments += [Segment("total ", Style(dim=True)), Segment(f"{done.strip()} of {total.strip()}"), Segment.line()]
    console._buffer.extend(segments)
    console._write_buffer()
    return path, line
