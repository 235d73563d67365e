"""Marked ranges and numbered lines of a code listing, as rich lays them out."""

from typing import Optional

from rich.syntax import Syntax
from rich.text import Text

from code_view.gutter import gutter_styles, number_color


def mark_offsets(code: str, marks: list) -> list[tuple[int, int, str]]:
    """(start, end, style) character ranges of ``code`` for marks given as (style, (line, col), (line, col))."""
    listing = Syntax(code, "text")
    for style, start, end in marks:
        listing.stylize_range(style, tuple(start), tuple(end))
    text = Text(code)
    listing._apply_stylized_ranges(text)
    return [(span.start, span.end, str(span.style)) for span in text.spans]


def numbered_lines(code: str, start_line: int = 1, highlight=(), theme: str = "monokai",
                   background: Optional[str] = None, tabs: int = 4, dedent: bool = False) -> list[dict]:
    """The lines of a numbered listing of ``code``: gutter text, its style and colour, and the code."""
    listing = Syntax(code, "text", tab_size=tabs, dedent=dedent, line_numbers=True, start_line=start_line)
    ends_in_newline, prepared = listing._process_code(code)
    lines = prepared.split("\n")[:-1] + ([""] if ends_in_newline else [])
    width = listing._numbers_column_width - 2
    _, plain_style, marked_style = gutter_styles(theme, background)
    plain_color, marked_color = number_color(theme, background), number_color(theme, background, 0.9)
    rows = []
    for number, line in enumerate(lines, start_line):
        marked = number in highlight
        rows.append({
            "number": number,
            "gutter": ("❱ " if marked else "  ") + str(number).rjust(width) + " ",
            "style": marked_style if marked else plain_style,
            "color": marked_color if marked else plain_color,
            "code": line,
        })
    return rows
