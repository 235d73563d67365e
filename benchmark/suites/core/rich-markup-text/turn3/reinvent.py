"""Console markup to ANSI text and back, line by line as turn 2 wraps them."""

from contextlib import suppress
from typing import Optional

from rich.ansi import SGR_STYLE_MAP, _ansi_tokenize
from rich.color import Color, ColorSystem
from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text

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
    style = Style.null()
    out = []
    for line in wrap_ansi(text, width or UNWRAPPED):
        decoded = Text()
        for plain, sgr, osc in _ansi_tokenize(line.rsplit("\r", 1)[-1]):
            if plain:
                decoded.append(plain, style or None)
            elif osc is not None:
                if osc.startswith("8;"):
                    _params, semicolon, link = osc[2:].partition(";")
                    if semicolon:
                        style = style.update_link(link or None)
            elif sgr is not None:
                codes = iter([min(255, int(c) if c else 0) for c in sgr.split(";") if c.isdigit() or c == ""])
                for code in codes:
                    if code == 0:
                        style = Style.null()
                    elif code in SGR_STYLE_MAP:
                        style += Style.parse(SGR_STYLE_MAP[code])
                    elif code in (38, 48):
                        with suppress(StopIteration):
                            kind = next(codes)
                            if kind == 5:
                                color = Color.from_ansi(next(codes))
                            elif kind == 2:
                                color = Color.from_rgb(next(codes), next(codes), next(codes))
                            else:
                                continue
                            style += Style.from_color(color) if code == 38 else Style.from_color(None, color)
        out.append(decoded.markup)
    return "\n".join(out)
