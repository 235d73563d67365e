"""Written from rich's public documentation only: Console(record=True) and
export_html(inline_styles=True) write what was printed as HTML, export_text(
styles=True) as text with ANSI codes; reprs are highlighted by
ReprHighlighter."""

import io
from typing import Any

from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.text import Text

from api_card.echo import echo_card, echo_text


def _record(text: str, width: int) -> Console:
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True, record=True)
    if text:
        console.print(ReprHighlighter()(Text(text)))
    return console


def card_html(value: Any, width: int = 80) -> str:
    console = _record("\n".join(echo_card(value, width)), width)
    return console.export_html(inline_styles=True, code_format="<pre>{code}</pre>\n")


def card_bundle(value: Any, width: int = 80) -> dict:
    echo = echo_text(value, width)
    plain = _record((echo or "").lstrip("\n"), width).export_text(styles=True) if echo is not None else ""
    return {"text/plain": plain, "text/html": card_html(value, width)}
