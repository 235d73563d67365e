"""Written from rich's public documentation only: Progress.wrap_file wraps a
file so that reading it advances a task."""

import io

from rich.console import Console
from rich.progress import Progress, TaskID

from transfer.board import board_lines, size_text


def tracked(handle, progress: Progress, task_id: TaskID, close: bool = True):
    if task_id not in progress.task_ids:
        raise KeyError(task_id)
    return progress.wrap_file(handle, task_id=task_id)


def reading_frames(data: bytes, chunk: int, total: int | None = None, width: int = 60,
                   binary: bool = False) -> list[str]:
    if chunk < 1:
        raise ValueError(f"cannot read chunks of {chunk} bytes")
    progress = Progress(console=Console(file=io.StringIO()), auto_refresh=False)
    task_id = progress.add_task("reading", total=total)
    frames: list[str] = []
    reader = tracked(io.BytesIO(data), progress, task_id)
    while True:
        block = reader.read(chunk)
        if not block:
            break
        task = progress.tasks[0]
        frames.extend(board_lines([{"description": "reading", "completed": task.completed, "total": task.total}], width, binary))
    frames.append(f"read {size_text(len(data), binary)}")
    return frames
