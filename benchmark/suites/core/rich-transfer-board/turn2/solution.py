"""Reading files while a transfer task advances, and the frames the board shows meanwhile."""

import io

from rich.console import Console
from rich.progress import Progress, TaskID, _Reader

from transfer.board import board_lines, size_text


def tracked(handle, progress: Progress, task_id: TaskID, close: bool = True):
    """A binary file object reading ``handle`` that advances ``task_id`` of ``progress``."""
    if task_id not in progress.task_ids:
        raise KeyError(task_id)
    return _Reader(handle, progress, task_id, close_handle=close)


def reading_frames(data: bytes, chunk: int, total: int | None = None, width: int = 60,
                   binary: bool = False) -> list[str]:
    """The board line after each read of ``chunk`` bytes of ``data``, then a summary line."""
    if chunk < 1:
        raise ValueError(f"cannot read chunks of {chunk} bytes")
    progress = Progress(console=Console(file=io.StringIO()), auto_refresh=False)
    task_id = progress.add_task("reading", total=total)
    frames: list[str] = []
    buffer = bytearray(chunk)
    with tracked(io.BytesIO(data), progress, task_id) as reader:
        while reader.readinto(buffer):
            task = progress.tasks[0]
            state = {"description": "reading", "completed": task.completed, "total": task.total}
            frames.extend(board_lines([state], width, binary))
    frames.append(f"read {size_text(len(data), binary)}")
    return frames
