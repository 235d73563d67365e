"""Echo cards for notebooks: the HTML and the text rich's notebook display writes for them."""

import inspect
import io
from typing import Any

from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.jupyter import _render_segments
from rich.pretty import traverse
from rich.text import Text

from api_card.card import card_body, card_header
from api_card.echo import echo_text


def _segments(text: str, width: int) -> tuple[Console, list]:
    """The segments of ``text``, highlighted as rich highlights reprs, on a colour console ``width`` wide."""
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True,
                      legacy_windows=False)
    highlighted = ReprHighlighter()(Text(text)) if text else Text()
    return console, list(console.render(highlighted, console.options))


def card_html(value: Any, width: int = 80) -> str:
    if inspect.isclass(value) or inspect.ismodule(value) or inspect.isroutine(value):
        lines = card_header(value) + [""] + card_body(value, width=width)
    else:
        echo = echo_text(value, width)
        lines = [] if echo is None else echo.lstrip("\n").split("\n")
        node = traverse(value) if echo is not None else None
        if node is not None and node.children is not None:
            count = len(node.children)
            lines.insert(0, f"{type(value).__name__}: {count} item{'' if count == 1 else 's'}")
    _, segments = _segments("\n".join(lines), width)
    return _render_segments(segments if lines else [])


def card_bundle(value: Any, width: int = 80) -> dict:
    """What a notebook receives for ``value``: its echo as coloured text, and its card as HTML."""
    echo = echo_text(value, width)
    console, segments = _segments((echo or "").lstrip("\n"), width)
    plain = console._render_buffer(segments) if echo is not None else ""
    return {"text/plain": plain, "text/html": card_html(value, width)}
