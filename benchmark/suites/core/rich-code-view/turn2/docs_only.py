"""Written from rich's public documentation only: Syntax.stylize_range() takes
"line numbers 1-based, column indexes 0-based", Syntax(tab_size=...,
dedent=...) and the gutter's line numbers, highlighted lines marked with a
pointer."""

import textwrap
from typing import Optional

from code_view.gutter import gutter_styles, number_color


def mark_offsets(code: str, marks: list) -> list[tuple[int, int, str]]:
    lines = code.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(position):
        line, column = position
        if not 1 <= line <= len(lines):
            return None
        return starts[line - 1] + min(column, len(lines[line - 1]))

    out = []
    for style, start, end in marks:
        first, last = offset(start), offset(end)
        if first is not None and last is not None and first < last:
            out.append((first, last, str(style)))
    return out


def numbered_lines(code: str, start_line: int = 1, highlight=(), theme: str = "monokai",
                   background: Optional[str] = None, tabs: int = 4, dedent: bool = False) -> list[dict]:
    if dedent:
        code = textwrap.dedent(code)
    lines = code.expandtabs(tabs).splitlines() or [""]
    width = len(str(start_line + len(lines) - 1))
    _, plain_style, marked_style = gutter_styles(theme, background)
    rows = []
    for number, line in enumerate(lines, start_line):
        marked = number in highlight
        rows.append({
            "number": number,
            "gutter": ("❱ " if marked else "  ") + str(number).rjust(width) + " ",
            "style": marked_style if marked else plain_style,
            "color": number_color(theme, background, 0.9 if marked else 0.3),
            "code": line,
        })
    return rows
