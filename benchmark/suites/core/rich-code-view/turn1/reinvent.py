"""The colours of the line-number gutter of a code listing, as rich draws it."""

import io
from typing import Optional

from pygments.token import Token
from rich.color import Color, blend_rgb
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
    if not 0 <= blend <= 1:
        raise ValueError(f"blend must be between 0 and 1, not {blend}")
    listing = _listing(theme, background)
    back = (listing._theme.get_background_style() + listing.background_style).bgcolor
    if back is None or back.is_system_defined:
        return _hex(Color.default())
    fore = listing._get_token_color(Token.Text)
    if fore is None or fore.is_system_defined:
        return _hex(fore or Color.default())
    return _hex(Color.from_triplet(blend_rgb(back.get_truecolor(), fore.get_truecolor(), cross_fade=blend)))


def gutter_styles(theme: str = "monokai", background: Optional[str] = None,
                  colors: str = "truecolor") -> tuple[str, str, str]:
    """The styles of the gutter's background, of a line number and of a highlighted line's number."""
    if colors not in COLOR_SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    console = Console(file=io.StringIO(), color_system=colors, width=80, legacy_windows=False)
    styles = _listing(theme, background)._get_number_styles(console)
    return tuple(str(style) for style in styles)
