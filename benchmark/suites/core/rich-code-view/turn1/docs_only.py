"""Written from rich's public documentation only: Syntax(theme=...,
background_color=...) takes a Pygments style name or "ansi_dark"/"ansi_light",
line numbers are drawn dim in the theme's text colour, and Style objects print
as style definitions."""

import io
from typing import Optional

from pygments.styles import get_style_by_name
from pygments.util import ClassNotFound
from rich.style import Style

COLOR_SYSTEMS = ("standard", "256", "truecolor")


def _theme_colors(theme: str):
    try:
        style = get_style_by_name(theme)
    except ClassNotFound:
        return None, None
    text = style.style_for_token(__import__("pygments.token", fromlist=["Token"]).Token.Text)
    return style.background_color, ("#" + text["color"]) if text.get("color") else None


def number_color(theme: str = "monokai", background: Optional[str] = None, blend: float = 0.3) -> Optional[str]:
    if not 0 <= blend <= 1:
        raise ValueError(f"blend must be between 0 and 1, not {blend}")
    back, fore = _theme_colors(theme)
    if background == "default":
        return None
    return fore


def gutter_styles(theme: str = "monokai", background: Optional[str] = None,
                  colors: str = "truecolor") -> tuple[str, str, str]:
    if colors not in COLOR_SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    back, fore = _theme_colors(theme)
    back = background or back
    if back is None or back == "default":
        return ("none", "dim", "none")
    base = Style(bgcolor=back)
    return (str(base), str(base + Style(color=fore, dim=True)), str(base + Style(color=fore, bold=True)))
