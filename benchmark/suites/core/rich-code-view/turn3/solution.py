"""Whole code listings: as rich prints them, and as HTML for review comments."""

import html
import io
from typing import Optional

from rich.console import Console
from rich.segment import Segment
from rich.syntax import Syntax

from code_view.marks import mark_offsets, numbered_lines


def listing_lines(code: str, lexer: str = "python", width: int = 40, numbers: bool = False, first_line: int = 1,
                  highlight=(), wrap: bool = False, lines=None, theme: str = "monokai", guides: bool = False) -> list[str]:
    """The lines rich prints for a listing of ``code`` ``width`` cells wide, trailing spaces removed."""
    listing = Syntax(code, lexer, theme=theme, line_numbers=numbers, start_line=first_line,
                     highlight_lines=set(highlight), word_wrap=wrap, line_range=lines, indent_guides=guides)
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    segments = listing._get_syntax(console, console.options)
    return ["".join(segment.text for segment in line).rstrip() for line in Segment.split_lines(segments)]


def token_colors(code: str, lexer: str = "python", theme: str = "monokai") -> list[tuple[str, Optional[str]]]:
    """The code's pieces in order, each with the colour rich's listing gives it (runs of one colour merged)."""
    listing = Syntax(code, lexer, theme=theme)
    pieces: list[tuple[str, Optional[str]]] = []
    for token_type, text in listing.lexer.get_tokens(code) if listing.lexer else [((), code)]:
        color = listing._get_token_color(token_type) if token_type else None
        name = None if color is None or color.is_default else (color.triplet.hex if color.triplet else color.name)
        if pieces and pieces[-1][1] == name:
            pieces[-1] = (pieces[-1][0] + text, name)
        else:
            pieces.append((text, name))
    return pieces


def _background(theme: str, background: Optional[str]) -> Optional[str]:
    color = Syntax("", "text", theme=theme, background_color=background)._get_base_style().bgcolor
    if color is None or color.is_default:
        return None
    return color.triplet.hex if color.triplet is not None else color.name


def listing_html(code: str, marks=(), theme: str = "monokai", background: Optional[str] = None,
                 first_line: int = 1, highlight=()) -> str:
    """A numbered listing of ``code`` as an HTML ``<pre>``, marks wrapped in ``<mark>``."""
    rows = numbered_lines(code, first_line, highlight, theme, background)
    spans = sorted(mark_offsets(code, list(marks)), key=lambda span: span[0])
    paint = _background(theme, background)
    out = [f'<pre style="background:{paint}">' if paint else "<pre>"]
    offset = 0
    for row, text in zip(rows, code.split("\n")):
        line_end = offset + len(text)
        pieces, cursor = [], offset
        for start, end, style in spans:
            start, end = max(start, offset), min(end, line_end)
            if start < end and start >= cursor:
                pieces.append(html.escape(code[cursor:start]))
                pieces.append(f'<mark title="{html.escape(style)}">{html.escape(code[start:end])}</mark>')
                cursor = end
        pieces.append(html.escape(code[cursor:line_end]))
        color = f' style="color:{row["color"]}"' if row["color"] else ""
        out.append(f'<span class="gutter"{color}>{html.escape(row["gutter"])}</span>{"".join(pieces)}')
        offset = line_end + 1
    out.append("</pre>")
    return "\n".join(out)
