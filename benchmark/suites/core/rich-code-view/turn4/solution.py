"""Reports of code that does not compile, laid out as rich's tracebacks lay them out."""

import html
import io
from typing import Optional

from rich.console import Console
from rich.traceback import Trace, Traceback, _SyntaxError

from code_view.listing import listing_html, listing_lines


def guess_language(filename: str, code: str) -> str:
    """The lexer name rich's tracebacks use for the code of a file called ``filename``."""
    return Traceback._guess_lexer(filename, code if code.endswith("\n") else code + "\n")


def _compile_error(source: str, filename: str) -> Optional[SyntaxError]:
    try:
        compile(source, filename, "exec")
    except SyntaxError as error:
        return error
    return None


def error_report(source: str, filename: str = "<input>", width: int = 60, context: int = 2) -> Optional[list[str]]:
    """The lines reporting why ``source`` does not compile; None when it does."""
    error = _compile_error(source, filename)
    if error is None:
        return None
    line = error.lineno or 1
    excerpt = listing_lines(source, guess_language(filename, source), width, numbers=True, highlight=[line],
                            lines=(max(1, line - context), line + context), theme="ansi_dark")
    report = Traceback(trace=Trace(stacks=[]), width=width)
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    caret = report._render_syntax_error(
        _SyntaxError(offset=error.offset or 1, filename=filename, line=error.text or "", lineno=line, msg=error.msg))
    pointer = ["".join(s.text for s in row).rstrip() for row in console.render_lines(caret, console.options, pad=False)]
    return excerpt + [""] + pointer + [f"SyntaxError: {error.msg}"]


def error_html(source: str, filename: str = "<input>") -> Optional[str]:
    """An HTML report of why ``source`` does not compile, the failing part marked; None when it compiles."""
    error = _compile_error(source, filename)
    if error is None:
        return None
    line, column = error.lineno or 1, max(0, (error.offset or 1) - 1)
    same_line = (error.end_lineno or line) == line
    end = error.end_offset - 1 if same_line and error.end_offset and error.end_offset - 1 > column else column + 1
    page = listing_html(source, [("error", (line, column), (line, end))], theme="ansi_dark", highlight=[line])
    return page + f'\n<p class="error">SyntaxError: {html.escape(error.msg)}</p>'
