"""Written from rich's public documentation only: ProgressBar(total=None)
"renders a pulsing animation" (animation_time fixes the moment), a bar of a
known total fills in proportion, and the log of turn 4."""

import io
from typing import Optional

from rich.console import Console
from rich.progress_bar import ProgressBar
from rich.text import Text

from markup_text.convert import markup_to_ansi
from markup_text.log import log_ansi, log_lines

SYSTEMS = ("standard", "256", "truecolor", None)


def _console(colors, width=80):
    if colors not in SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    return Console(width=width, file=io.StringIO(), color_system=colors, force_terminal=colors is not None)


def pulse_colors(colors: Optional[str] = "truecolor", ascii: bool = False) -> list[tuple[str, Optional[str]]]:
    console = _console(colors)
    cells = []
    for segment in console.render(ProgressBar(total=None, width=40, animation_time=0), console.options.update(width=40)):
        color = segment.style.color if segment.style else None
        name = None if color is None else (color.triplet.hex if color.triplet else color.name)
        cells.append(("-" if ascii else segment.text, name))
    return cells


def status_lines(records: list, tasks: list, width: int = 80, at: float = 0.0, colors: Optional[str] = None,
                 bar_width: int = 20) -> list[str]:
    console = _console(colors, width)
    lines = log_lines(records, width) if colors is None else log_ansi(records, width, colors=colors)
    names = max((len(t["name"]) for t in tasks), default=0)
    for task in tasks:
        total = task.get("total")
        bar = ProgressBar(total=total, completed=task.get("completed", 0), width=bar_width, animation_time=at)
        segments = list(console.render(bar, console.options.update(width=bar_width)))
        done = 100.0 if not total else min(100.0, max(0.0, 100 * task.get("completed", 0) / total))
        share = "" if total is None else f" {done:3.0f}%"
        text = Text.assemble(task["name"].ljust(names) + " ", *((s.text, s.style) for s in segments if s.text), share)
        lines.append(text.plain.rstrip() if colors is None else markup_to_ansi(text.markup, colors=colors))
    return lines
