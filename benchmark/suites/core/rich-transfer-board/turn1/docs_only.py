"""Written from rich's public documentation only: filesize.decimal writes
sizes in powers of 1000, binary units are powers of 1024, and a Progress
prints its tasks with the columns it is given."""

import io

from rich import filesize
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TaskProgressColumn, TextColumn

BINARY = ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB")


def size_text(size: int, binary: bool = False, precision: int = 1) -> str:
    if size < 0:
        raise ValueError(f"a size cannot be negative: {size}")
    if not binary:
        return filesize.decimal(size, precision=precision, separator=" ")
    if size == 1:
        return "1 byte"
    if size < 1024:
        return f"{size} bytes"
    value, suffix = float(size), "B"
    for suffix in BINARY:
        value /= 1024
        if value < 1024:
            break
    return f"{value:,.{precision}f} {suffix}"


def board_lines(tasks: list[dict], width: int = 60, binary: bool = False) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(bar_width=20),
        TaskProgressColumn(),
        DownloadColumn(binary_units=binary),
        console=console,
        auto_refresh=False,
    )
    for task in tasks:
        progress.add_task(task["description"], total=task.get("total", 100),
                          completed=task.get("completed", 0), visible=task.get("visible", True))
    with console.capture() as capture:
        console.print(progress)
    return [line.rstrip() for line in capture.get().splitlines()]
