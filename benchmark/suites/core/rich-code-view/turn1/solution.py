"""The colours of the line-number gutter of a code listing, as rich draws it."""

import io
from typing import Optional

from rich.color import Color
from rich.console import Console
from rich.syntax import Syntax

COLOR_SYSTEMS = ("standard", "256", "truecolor")


def _listing(theme: str, background: Optional[str]) -> Syntax:
    """An empty listing drawn with ``theme`` on ``background`` (None: the theme's own)."""
    return Syntax("", "text", theme=theme, background_color=background)


def _hex(color: Optional[Color]) -> Optional[str]:
    """"#rrggbb" for a colour rich knows the value of, its name for a terminal colour, None for the default."""
    if color is None or color.is_default:
        return None
    return color.triplet.hex if color.triplet is not None else color.name


def number_color(theme: str = "monokai", background: Optional[str] = None, blend: float = 0.3) -> Optional[str]:
    """The colour of the line numbers of a listing drawn with ``theme``; None: the terminal's default."""
    if not 0 <= blend <= 1:
        raise ValueError(f"blend must be between 0 and 1, not {blend}")
    return _hex(_listing(theme, background)._get_line_numbers_color(blend))


def gutter_styles(theme: str = "monokai", background: Optional[str] = None,
                  colors: str = "truecolor") -> tuple[str, str, str]:
    """The styles of the gutter's background, of a line number and of a highlighted line's number."""
    if colors not in COLOR_SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    console = Console(file=io.StringIO(), color_system=colors, width=80, legacy_windows=False)
    styles = _listing(theme, background)._get_number_styles(console)
    return tuple(str(style) for style in styles)
