"""A batch of files read one after another, and their sizes in one unit."""

import io

from rich.console import Console
from rich.filesize import pick_unit_and_suffix
from rich.progress import Progress

from transfer.board import board_lines
from transfer.reading import tracked

DECIMAL = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"]
BINARY = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"]


def amount_column(amounts: list[float], binary: bool = False) -> list[str]:
    """``amounts`` of bytes written in one unit, the one rich would pick for the largest."""
    if not amounts:
        return []
    if min(amounts) < 0:
        raise ValueError("amounts cannot be negative")
    if binary:
        unit, suffix = pick_unit_and_suffix(int(max(amounts)), BINARY, 1024)
    else:
        unit, suffix = pick_unit_and_suffix(int(max(amounts)), DECIMAL, 1000)
    precision = 0 if unit == 1 else 1
    texts = [f"{amount / unit:,.{precision}f} {suffix}" for amount in amounts]
    widest = max(len(text) for text in texts)
    return [text.rjust(widest) for text in texts]


def batch_frames(files: list[tuple[str, bytes]], chunk: int, width: int = 60,
                 binary: bool = False) -> list[list[str]]:
    """The board of all files after each read of ``chunk`` bytes, then a summary."""
    if chunk < 1:
        raise ValueError(f"cannot read chunks of {chunk} bytes")
    progress = Progress(console=Console(file=io.StringIO()), auto_refresh=False)
    ids = [progress.add_task(name, total=len(data)) for name, data in files]
    frames: list[list[str]] = []
    for (_name, data), task_id in zip(files, ids):
        reader = tracked(io.BytesIO(data), progress, task_id)
        while reader.read(chunk):
            states = [{"description": task.description, "completed": task.completed, "total": task.total}
                      for task in progress.tasks]
            frames.append(board_lines(states, width, binary))
        reader.close()
    if files:
        names = [name for name, _data in files]
        widest = max(len(name) for name in names)
        sizes = amount_column([len(data) for _name, data in files], binary)
        frames.append([f"{name.ljust(widest)}  {size}" for name, size in zip(names, sizes)])
    return frames
