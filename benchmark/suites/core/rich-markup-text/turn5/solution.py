"""Status lines: the forwarding log, then a progress bar per running task, drawn as rich draws them."""

import io
from typing import Optional

from rich.console import Console
from rich.progress_bar import ProgressBar
from rich.text import Text

from markup_text.convert import markup_to_ansi
from markup_text.log import log_ansi, log_lines

SYSTEMS = {"standard": "standard", "256": "256", "truecolor": "truecolor", None: None}


def _console(colors: Optional[str], width: int = 80) -> Console:
    if colors not in SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    return Console(width=width, file=io.StringIO(), color_system=colors, force_terminal=colors is not None,
                   legacy_windows=False)


def pulse_colors(colors: Optional[str] = "truecolor", ascii: bool = False) -> list[tuple[str, Optional[str]]]:
    """The cells of the pulse rich animates for a task of unknown size: (character, colour) each."""
    console = _console(colors)
    fore = console.get_style("bar.pulse", default="white")
    back = console.get_style("bar.back", default="black")
    segments = ProgressBar()._get_pulse_segments(fore, back, console.color_system, console.no_color, ascii=ascii)
    return [(segment.text, _color_name(segment.style)) for segment in segments]


def _color_name(style) -> Optional[str]:
    color = style.color if style else None
    if color is None:
        return None
    return color.triplet.hex if color.triplet else color.name


def _bar(console: Console, task: dict, width: int, at: float) -> list:
    total = task.get("total")
    bar = ProgressBar(total=total, completed=task.get("completed", 0), width=width, animation_time=at)
    if total is None:
        return list(bar._render_pulse(console, width))
    return list(console.render(bar, console.options.update(width=width)))


def status_lines(records: list, tasks: list, width: int = 80, at: float = 0.0, colors: Optional[str] = None,
                 bar_width: int = 20) -> list[str]:
    """Turn 4's log of ``records``, then one line per task: its name, its bar and how far it is."""
    console = _console(colors, width)
    lines = log_lines(records, width) if colors is None else log_ansi(records, width, colors=colors)
    names = max((len(task["name"]) for task in tasks), default=0)
    for task in tasks:
        segments = _bar(console, task, bar_width, at)
        total = task.get("total")
        done = 100.0 if not total else min(100.0, max(0.0, 100 * task.get("completed", 0) / total))
        share = "" if total is None else f" {done:3.0f}%"
        text = Text.assemble(task["name"].ljust(names) + " ", *((s.text, s.style) for s in segments if s.text), share)
        lines.append(text.plain.rstrip() if colors is None else markup_to_ansi(text.markup, colors=colors))
    return lines
