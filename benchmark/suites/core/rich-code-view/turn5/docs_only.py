"""Written from rich's public documentation only: tracebacks show each frame
as "file:line in function" with the numbered code around the line, the line
highlighted, and hide frames in the middle past max_frames."""

import html
import io
import os
from typing import Optional

from rich.console import Console
from rich.syntax import Syntax

from code_view.errors import error_html, error_report


def _stack_lines(frames: list, width: int, context: int, max_frames: int) -> list[str]:
    if context < 0:
        raise ValueError("context cannot be negative")
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    keep = range(len(frames))
    if max_frames and len(frames) > max_frames:
        keep = list(range(max_frames // 2)) + list(range(len(frames) - max_frames // 2, len(frames)))
    for index, (filename, line, name) in enumerate(frames):
        if index not in keep:
            continue
        if os.path.exists(filename):
            console.print(f"{filename}:{line} in {name}", markup=False, highlight=False)
            with open(filename) as handle:
                code = handle.read()
            console.print(Syntax(code, "python", theme="ansi_dark", line_numbers=True,
                                 line_range=(line - context, line + context), highlight_lines={line}))
        else:
            console.print(f"in {name}:{line}", markup=False, highlight=False)
    return [line.rstrip() for line in console.export_text().split("\n")[:-1]]


def crash_report(frames: list, source: Optional[str] = None, filename: str = "<input>", width: int = 80,
                 context: int = 2, limit: int = 100) -> list[str]:
    lines = _stack_lines(frames, width, context, limit) if frames else []
    failure = error_report(source, filename, width, context) if source is not None else None
    if failure:
        lines += ([""] if lines else []) + failure
    return lines


def crash_page(frames: list, source: Optional[str] = None, filename: str = "<input>", width: int = 80) -> str:
    parts = []
    if frames:
        stack = _stack_lines(frames, width, 2, 100)
        parts.append('<pre class="stack">\n' + "\n".join(html.escape(line) for line in stack) + "\n</pre>")
    failure = error_html(source, filename) if source is not None else None
    if failure:
        parts.append(failure)
    return "\n".join(parts)
