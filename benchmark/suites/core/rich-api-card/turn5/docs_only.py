"""Written from rich's public documentation only: in a notebook rich shows
its output as HTML (Console.export_html) and text; inspect() draws the card;
and the cards of turn 4."""

import html
import io
import re
from typing import Any

from rich import inspect as rich_inspect
from rich.console import Console

from api_card.html import card_bundle, card_html

ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")


def notebook_bundle(obj: Any, width: int = 80, include=(), exclude=()) -> dict:
    if width < 20:
        raise ValueError("a card needs at least 20 cells")
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True, record=True)
    rich_inspect(obj, console=console, methods=True, docs=True)
    data = {"text/plain": console.export_text(styles=True, clear=False), "text/html": console.export_html(inline_styles=True)}
    if include:
        data = {k: v for k, v in data.items() if k in include}
    if exclude:
        data = {k: v for k, v in data.items() if k not in exclude}
    return data


def help_page(values: list, width: int = 80) -> str:
    parts = ["<!DOCTYPE html>", "<html>", "<body>"]
    for value in values:
        bundle = card_bundle(value, width)
        heading = getattr(value, "__qualname__", type(value).__name__)
        parts.append(f"<section><h2>{html.escape(heading)}</h2>")
        parts.append(card_html(value, width).rstrip("\n"))
        plain = ANSI_CODE.sub("", bundle["text/plain"]).rstrip("\n")
        if plain:
            parts.append(f'<pre class="echo">{html.escape(plain)}</pre>')
        parts.append("</section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts)
