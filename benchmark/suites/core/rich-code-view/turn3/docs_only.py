"""Written from rich's public documentation only: Syntax(code, lexer,
line_numbers=..., start_line=..., highlight_lines=..., word_wrap=...,
line_range=..., indent_guides=...), Console(record=True).export_text(), and a
Pygments style's background colour for the theme's background."""

import html
import io
from typing import Optional

from pygments.styles import get_style_by_name
from pygments.util import ClassNotFound
from rich.console import Console
from rich.syntax import Syntax

from code_view.marks import mark_offsets, numbered_lines


def listing_lines(code: str, lexer: str = "python", width: int = 40, numbers: bool = False, first_line: int = 1,
                  highlight=(), wrap: bool = False, lines=None, theme: str = "monokai", guides: bool = False) -> list[str]:
    listing = Syntax(code, lexer, theme=theme, line_numbers=numbers, start_line=first_line,
                     highlight_lines=set(highlight), word_wrap=wrap, line_range=lines, indent_guides=guides)
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(listing)
    text = console.export_text()
    return [line.rstrip() for line in text.split("\n")[:-1]]


def token_colors(code: str, lexer: str = "python", theme: str = "monokai") -> list:
    from pygments.lexers import get_lexer_by_name

    try:
        tokens = list(get_lexer_by_name(lexer).get_tokens(code))
    except ClassNotFound:
        return [(code, None)]
    try:
        style = get_style_by_name(theme)
    except ClassNotFound:
        style = None
    pieces: list = []
    for token_type, text in tokens:
        color = style.style_for_token(token_type)["color"] if style else None
        name = f"#{color}" if color else None
        if pieces and pieces[-1][1] == name:
            pieces[-1] = (pieces[-1][0] + text, name)
        else:
            pieces.append((text, name))
    return pieces


def _background(theme: str, background: Optional[str]) -> Optional[str]:
    if background == "default":
        return None
    if background:
        return background
    try:
        return get_style_by_name(theme).background_color
    except ClassNotFound:
        return None


def listing_html(code: str, marks=(), theme: str = "monokai", background: Optional[str] = None,
                 first_line: int = 1, highlight=()) -> str:
    rows = numbered_lines(code, first_line, highlight, theme, background)
    spans = sorted(mark_offsets(code, list(marks)))
    paint = _background(theme, background)
    out = [f'<pre style="background:{paint}">' if paint else "<pre>"]
    offset = 0
    for row, text in zip(rows, code.split("\n")):
        end_of_line = offset + len(text)
        parts, at = [], offset
        for start, end, style in spans:
            start, end = max(start, offset), min(end, end_of_line)
            if at <= start < end:
                parts += [html.escape(code[at:start]), f'<mark title="{html.escape(style)}">{html.escape(code[start:end])}</mark>']
                at = end
        parts.append(html.escape(code[at:end_of_line]))
        color = f' style="color:{row["color"]}"' if row["color"] else ""
        out.append(f'<span class="gutter"{color}>{html.escape(row["gutter"])}</span>{"".join(parts)}')
        offset = end_of_line + 1
    out.append("</pre>")
    return "\n".join(out)
