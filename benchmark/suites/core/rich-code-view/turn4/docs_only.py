"""Written from rich's public documentation only: tracebacks highlight code
with Pygments (a lexer guessed from the file name), show the numbered lines
around the error and point at the failing column."""

import html
from typing import Optional

from pygments.lexers import guess_lexer_for_filename
from pygments.util import ClassNotFound

from code_view.listing import listing_html, listing_lines


def guess_language(filename: str, code: str) -> str:
    if code.startswith("#!") and "python" in code.split("\n", 1)[0]:
        return "python"
    try:
        return guess_lexer_for_filename(filename, code).aliases[0]
    except ClassNotFound:
        return "text"


def _compile_error(source: str, filename: str) -> Optional[SyntaxError]:
    try:
        compile(source, filename, "exec")
    except SyntaxError as error:
        return error
    return None


def error_report(source: str, filename: str = "<input>", width: int = 60, context: int = 2) -> Optional[list[str]]:
    error = _compile_error(source, filename)
    if error is None:
        return None
    line = error.lineno or 1
    excerpt = listing_lines(source, guess_language(filename, source), width, numbers=True, highlight=[line],
                            lines=(max(1, line - context), line + context), theme="ansi_dark")
    text = (error.text or "").rstrip()
    offset = min((error.offset or 1) - 1, len(text))
    return excerpt + ["", text[:width], " " * offset + "▲", f"SyntaxError: {error.msg}"]


def error_html(source: str, filename: str = "<input>") -> Optional[str]:
    error = _compile_error(source, filename)
    if error is None:
        return None
    line, column = error.lineno or 1, max(0, (error.offset or 1) - 1)
    same_line = (error.end_lineno or line) == line
    end = error.end_offset - 1 if same_line and error.end_offset and error.end_offset - 1 > column else column + 1
    page = listing_html(source, [("error", (line, column), (line, end))], theme="ansi_dark", highlight=[line])
    return page + f'\n<p class="error">SyntaxError: {html.escape(error.msg)}</p>'
