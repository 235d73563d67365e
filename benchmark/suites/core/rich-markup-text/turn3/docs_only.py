"""Written from rich's public documentation only: Style.parse() reads a style
definition, Style.render(text, color_system=...) writes it with ANSI codes for
a colour system, and Text.from_ansi() reads ANSI text (its .markup gives
console markup back)."""

from typing import Optional

from rich.color import ColorSystem
from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text

from markup_text.scan import markup_runs
from markup_text.wrap import wrap_ansi, wrap_markup

COLOR_SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT, "truecolor": ColorSystem.TRUECOLOR}


def markup_to_ansi(markup: str, width: Optional[int] = None, colors: str = "truecolor") -> str:
    if colors not in COLOR_SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    lines = []
    for line in wrap_markup(markup, width or 10**9):
        pieces = []
        for text, style in markup_runs(line):
            if not style:
                pieces.append(text)
                continue
            try:
                parsed = Style.parse(" ".join(p.replace("=", " ", 1) for p in style.split(" ")))
            except StyleSyntaxError as error:
                raise ValueError(style) from error
            pieces.append(parsed.render(text, color_system=COLOR_SYSTEMS[colors]))
        lines.append("".join(pieces))
    return "\n".join(lines)


def ansi_to_markup(text: str, width: Optional[int] = None) -> str:
    return "\n".join(Text.from_ansi(line).markup for line in wrap_ansi(text, width or 10**9))
