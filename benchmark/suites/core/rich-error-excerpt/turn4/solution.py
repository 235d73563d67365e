"""Syntax errors in code and in data files, shown the way rich's tracebacks show them."""

import io
import json

from rich.console import Console
from rich.text import Text
from rich.traceback import Traceback, _SyntaxError

from excerpt.stack import exception_chain
from excerpt.values import frame_report


def _located(error, filename: str) -> _SyntaxError:
    if isinstance(error, json.JSONDecodeError):
        lines = error.doc.split("\n")
        line = lines[error.lineno - 1] if 0 < error.lineno <= len(lines) else ""
        return _SyntaxError(offset=error.colno, filename=filename, line=line, lineno=error.lineno, msg=error.msg)
    if isinstance(error, SyntaxError):
        return _SyntaxError(offset=error.offset or 0, filename=error.filename or "?", line=error.text or "",
                            lineno=error.lineno or 0, msg=error.msg)
    raise TypeError(f"not a syntax error: {error!r}")


def syntax_error_lines(error, filename: str = "<stdin>", width: int = 60) -> list[str]:
    """Where a SyntaxError or a JSON decoding error points, as a rich traceback shows it."""
    located = _located(error, filename)
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    with console.capture() as capture:
        console.print(Traceback.__new__(Traceback)._render_syntax_error(located))
    return [line.rstrip() for line in capture.get().splitlines()] + [f"{type(error).__name__}: {located.msg}"]


def error_block(exc: BaseException, source: str, width: int = 60) -> list[str]:
    """The block of a report for ``exc``: where a syntax error points, or the failing frame."""
    if isinstance(exc, (SyntaxError, json.JSONDecodeError)):
        lines = syntax_error_lines(exc, width=width)
        kind, message, _link = exception_chain(exc)[-1]
        raised = Text(f"raised {kind}: {message}")
        raised.truncate(width, overflow="ellipsis")
        return lines + [raised.plain]
    return frame_report(exc, source, width)
