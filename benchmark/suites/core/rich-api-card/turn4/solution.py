"""Echo cards for notebooks: the HTML and the text rich's notebook display writes for them."""

import io
from typing import Any

from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.jupyter import _render_segments
from rich.text import Text

from api_card.echo import echo_card, echo_text


def _segments(text: str, width: int) -> tuple[Console, list]:
    """The segments of ``text``, highlighted as rich highlights reprs, on a colour console ``width`` wide."""
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True,
                      legacy_windows=False)
    highlighted = ReprHighlighter()(Text(text)) if text else Text()
    return console, list(console.render(highlighted, console.options))


def card_html(value: Any, width: int = 80) -> str:
    """The HTML of turn 3's card of ``value``, as rich's notebook display writes it."""
    lines = echo_card(value, width)
    _, segments = _segments("\n".join(lines), width)
    return _render_segments(segments if lines else [])


def card_bundle(value: Any, width: int = 80) -> dict:
    """What a notebook receives for ``value``: its echo as coloured text, and its card as HTML."""
    echo = echo_text(value, width)
    console, segments = _segments((echo or "").lstrip("\n"), width)
    plain = console._render_buffer(segments) if echo is not None else ""
    return {"text/plain": plain, "text/html": card_html(value, width)}
