"""Reading files while a transfer task advances, and the frames the board shows meanwhile."""

import io

from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TaskID, TaskProgressColumn, TextColumn, _Reader

from transfer.board import size_text


def tracked(handle, progress: Progress, task_id: TaskID, close: bool = True):
    if task_id not in progress.task_ids:
        raise KeyError(task_id)
    return _Reader(handle, progress, task_id, close_handle=close)


def reading_frames(data: bytes, chunk: int, total: int | None = None, width: int = 60,
                   binary: bool = False) -> list[str]:
    if chunk < 1:
        raise ValueError(f"cannot read chunks of {chunk} bytes")
    progress = Progress(console=Console(file=io.StringIO()), auto_refresh=False)
    task_id = progress.add_task("reading", total=total)
    frames: list[str] = []
    buffer = bytearray(chunk)
    with tracked(io.BytesIO(data), progress, task_id) as reader:
        while reader.readinto(buffer):
            task = progress.tasks[0]
            console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
            board = Progress(
                TextColumn("{task.description}"),
                BarColumn(bar_width=20),
                TaskProgressColumn(),
                DownloadColumn(binary_units=binary),
                console=console,
                auto_refresh=False,
            )
            board.add_task("reading", total=task.total, completed=task.completed, visible=True)
            with console.capture() as capture:
                console.print(board.make_tasks_table(board.tasks))
            frames.extend(line.rstrip() for line in capture.get().splitlines())
    frames.append(f"read {size_text(len(data), binary)}")
    return frames
