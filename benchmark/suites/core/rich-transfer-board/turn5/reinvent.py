"""Replaying a recorded transfer at the pace of a live display's refreshes."""

import io
from threading import Event, RLock

from rich.console import Console
from rich.progress import Progress

from transfer.batch import amount_column
from transfer.board import board_lines


class _Replay:
    """What the refresh thread drives: one recorded tick a refresh."""

    def __init__(self, progress: Progress, ids: dict, ticks: list, clock: list, width: int, binary: bool):
        self._lock = RLock()
        self.progress, self.ids, self.ticks, self.clock = progress, ids, list(ticks), clock
        self.width, self.binary = width, binary
        self.frames: list[list[str]] = []
        self.done = Event()

    def refresh(self) -> None:
        self.clock[0] += 1.0
        for name, completed in self.ticks.pop(0).items():
            task = self.progress._tasks[self.ids[name]]
            if completed < task.completed:
                task._reset()
            self.progress.update(self.ids[name], completed=completed)
        states = [{"description": t.description, "completed": t.completed, "total": t.total} for t in self.progress.tasks]
        self.frames.append(board_lines(states, self.width, self.binary))
        if not self.ticks:
            self.done.set()


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
    driver = _Replay(progress, ids, ticks, clock, width, binary)
    if ticks:
        while not driver.done.wait(1 / rate):
            with driver._lock:
                if not driver.done.is_set():
                    driver.refresh()
    tasks = progress.tasks
    if tasks:
        widest = max(len(task.description) for task in tasks)
        amounts = amount_column([task.completed for task in tasks], binary)
        driver.frames.append([f"{task.description.ljust(widest)}  {amount}  {'done' if task.finished else '...'}"
                              for task, amount in zip(tasks, amounts)])
    return driver.frames, {task.description: task.speed for task in tasks}
