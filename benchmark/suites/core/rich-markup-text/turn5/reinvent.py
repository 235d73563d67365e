"""Status lines: the forwarding log, then a progress bar per running task, drawn as rich draws them."""

import io
import math
from typing import Optional

from rich.color import Color, ColorTriplet, blend_rgb
from rich.console import Console
from rich.progress_bar import PULSE_SIZE
from rich.segment import Segment
from rich.style import Style
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
    console = _console(colors)
    fore = console.get_style("bar.pulse", default="white")
    back = console.get_style("bar.back", default="black")
    bar = "-" if ascii else "━"
    if console.color_system not in ("standard", "eight_bit", "truecolor") or console.no_color:
        segments = [Segment(bar, fore)] * (PULSE_SIZE // 2)
        segments += [Segment(" " if console.no_color else bar, back)] * (PULSE_SIZE - PULSE_SIZE // 2)
    else:
        fore_rgb = fore.color.get_truecolor() if fore.color else ColorTriplet(255, 0, 255)
        back_rgb = back.color.get_truecolor() if back.color else ColorTriplet(0, 0, 0)
        segments = []
        for index in range(PULSE_SIZE):
            fade = 0.5 + math.cos(index / PULSE_SIZE * math.pi * 2) / 2.0
            segments.append(Segment(bar, Style(color=Color.from_triplet(blend_rgb(fore_rgb, back_rgb, cross_fade=fade)))))
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
