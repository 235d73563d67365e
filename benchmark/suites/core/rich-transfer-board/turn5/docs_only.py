"""Written from rich's public documentation only: Progress takes a get_time
clock, update() sets a task's completed amount, and Task.speed and
Task.finished report on it."""

import io
import time

from rich.console import Console
from rich.progress import Progress

from transfer.batch import amount_column
from transfer.board import board_lines


def replay(totals: dict, ticks: list[dict], rate: float = 500.0, width: int = 60,
           binary: bool = False) -> tuple[list[list[str]], dict]:
    """The frames of a replay of ``ticks`` (one a second), then a summary, and the tasks' last speeds."""
    if rate <= 0:
        raise ValueError(f"cannot refresh {rate} times a second")
    unknown = {name for tick in ticks for name in tick} - set(totals)
    if unknown:
        raise KeyError(sorted(unknown)[0])
    clock = [0.0]
    progress = Progress(console=Console(file=io.StringIO()), auto_refresh=False, get_time=lambda: clock[0])
    ids = {name: progress.add_task(name, total=total) for name, total in totals.items()}
    frames: list[list[str]] = []
    for tick in ticks:
        time.sleep(1 / rate)
        clock[0] += 1.0
        for name, completed in tick.items():
            progress.update(ids[name], completed=completed)
        states = [{"description": t.description, "completed": t.completed, "total": t.total} for t in progress.tasks]
        frames.append(board_lines(states, width, binary))
    tasks = progress.tasks
    if tasks:
        widest = max(len(task.description) for task in tasks)
        amounts = amount_column([task.completed for task in tasks], binary)
        frames.append([f"{task.description.ljust(widest)}  {amount}  {'done' if task.finished else '...'}"
                              for task, amount in zip(tasks, amounts)])
    return frames, {task.description: task.speed for task in tasks}
