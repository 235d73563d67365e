"""File sizes and a still picture of a transfer board, as rich's progress display shows them."""

import io

from rich.console import Console
from rich.filesize import _to_str
from rich.progress import BarColumn, DownloadColumn, Progress, TaskProgressColumn, TextColumn
from rich.table import Column, Table

DECIMAL = ("kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB")
BINARY = ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB")


def size_text(size: int, binary: bool = False, precision: int = 1) -> str:
    """``size`` bytes written as rich writes file sizes (powers of 1024 when ``binary``)."""
    if size < 0:
        raise ValueError(f"a size cannot be negative: {size}")
    if binary:
        return _to_str(size, BINARY, 1024, precision=precision, separator=" ")
    return _to_str(size, DECIMAL, 1000, precision=precision, separator=" ")


def board_lines(tasks: list[dict], width: int = 60, binary: bool = False) -> list[str]:
    """The lines rich's progress display shows for ``tasks`` on a console ``width`` cells wide."""
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
        progress.add_task(
            task["description"],
            total=task.get("total", 100),
            completed=task.get("completed", 0),
            visible=task.get("visible", True),
        )
    columns = (Column(no_wrap=True) if isinstance(column, str) else column.get_table_column().copy()
               for column in progress.columns)
    table = Table.grid(*columns, padding=(0, 1), expand=progress.expand)
    for task in progress.tasks:
        if task.visible:
            table.add_row(*(column.format(task=task) if isinstance(column, str) else column(task)
                            for column in progress.columns))
    with console.capture() as capture:
        console.print(table)
    return [line.rstrip() for line in capture.get().splitlines()]
