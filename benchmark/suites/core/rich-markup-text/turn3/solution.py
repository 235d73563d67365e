"""Console markup to ANSI text and back, line by line as turn 2 wraps them."""

from typing import Optional

from rich.ansi import AnsiDecoder
from rich.color import ColorSystem
from rich.errors import StyleSyntaxError
from rich.style import Style

from markup_text.scan import markup_runs
from markup_text.wrap import wrap_ansi, wrap_markup

COLOR_SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT, "truecolor": ColorSystem.TRUECOLOR}
UNWRAPPED = 1 << 30


def _codes(style: str, system: ColorSystem) -> str:
    """The ANSI parameters rich writes for ``style`` (tags as turn 1 writes them) on ``system``."""
    definition = " ".join(part.replace("=", " ", 1) for part in style.split(" "))
    try:
        fresh = Style.parse(definition).copy()
    except StyleSyntaxError as error:
        raise ValueError(f"not a style: {style!r}") from error
    fresh._ansi = None  # parsed styles are shared, and keep the codes of the first colour system asked
    return fresh._make_ansi_codes(system)


def markup_to_ansi(markup: str, width: Optional[int] = None, colors: str = "truecolor") -> str:
    """``markup`` as ANSI text for a terminal with the colour system ``colors``, wrapped at ``width`` if given."""
    if colors not in COLOR_SYSTEMS:
        raise ValueError(f"unknown colour system {colors!r}")
    lines = []
    for line in wrap_markup(markup, width or UNWRAPPED):
        pieces = []
        for text, style in markup_runs(line):
            codes = _codes(style, COLOR_SYSTEMS[colors]) if style else ""
            pieces.append(f"\x1b[{codes}m{text}\x1b[0m" if codes else text)
        lines.append("".join(pieces))
    return "\n".join(lines)


def ansi_to_markup(text: str, width: Optional[int] = None) -> str:
    """Text with ANSI codes as console markup with the styles rich reads in it, wrapped at ``width`` if given."""
    decoder = AnsiDecoder()
    return "\n".join(decoder.decode_line(line).markup for line in wrap_ansi(text, width or UNWRAPPED))
