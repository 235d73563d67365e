"""Crash reports of a failed build step: the stack as rich's tracebacks show it, then the syntax error."""

import html
import io
from typing import Optional

from rich.console import Console
from rich.traceback import Frame, Stack, Trace, Traceback

from code_view.errors import error_html, error_report


def _stack_lines(frames: list, width: int, context: int, max_frames: int) -> list[str]:
    """The lines rich's traceback prints for ``frames``, (filename, line, function) each."""
    if context < 0:
        raise ValueError("context cannot be negative")
    report = Traceback(trace=Trace(stacks=[]), width=width, extra_lines=context, max_frames=max_frames,
                       theme="ansi_dark")
    stack = Stack(exc_type="", exc_value="", frames=[Frame(filename, line, name) for filename, line, name in frames])
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    rows = console.render_lines(report._render_stack(stack), console.options, pad=False)
    return ["".join(segment.text for segment in row).rstrip() for row in rows]


def crash_report(frames: list, source: Optional[str] = None, filename: str = "<input>", width: int = 80,
                 context: int = 2, limit: int = 100) -> list[str]:
    """The stack's lines, then turn 4's report when ``source`` does not compile."""
    lines = _stack_lines(frames, width, context, limit) if frames else []
    failure = error_report(source, filename, width, context) if source is not None else None
    if failure:
        lines += ([""] if lines else []) + failure
    return lines


def crash_page(frames: list, source: Optional[str] = None, filename: str = "<input>", width: int = 80) -> str:
    """An HTML page of the crash: the stack in a ``<pre class="stack">``, then turn 4's HTML report."""
    parts = []
    if frames:
        stack = _stack_lines(frames, width, 2, 100)
        parts.append('<pre class="stack">\n' + "\n".join(html.escape(line) for line in stack) + "\n</pre>")
    failure = error_html(source, filename) if source is not None else None
    if failure:
        parts.append(failure)
    return "\n".join(parts)
