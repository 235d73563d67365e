"""Written from rich's public documentation only: Console.log writes its
arguments with the file and line of the call, and a Console writes to any
file with the colour system it is given."""

import inspect

from rich.console import Console
from rich.text import Text

from transfer.batch import amount_column
from transfer.board import board_lines

COLOURS = (None, "standard", "256", "truecolor")


def log_board(tasks: list[dict], file, width: int = 60, colour: str | None = None,
              binary: bool = False) -> tuple[str, int]:
    if colour not in COLOURS:
        raise ValueError(f"unknown colour system {colour!r}")
    caller = inspect.stack()[1]
    console = Console(file=file, width=width, color_system=colour, highlight=False, log_time=False)
    lines = board_lines(tasks, width, binary)
    known = [task for task in tasks if task.get("total", 100) is not None]
    if known:
        done, total = amount_column(
            [sum(task.get("completed", 0) for task in known), sum(task.get("total", 100) for task in known)], binary)
        lines.append(f"total {done.strip()} of {total.strip()}")
    console.log(Text("\n".join(lines)), _stack_offset=2)
    return caller.filename, caller.lineno
