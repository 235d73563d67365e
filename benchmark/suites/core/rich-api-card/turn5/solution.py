"""What a notebook receives from rich for a card, and a help page of several cards."""

import html
import io
import re
from typing import Any

from rich import get_console
from rich._inspect import Inspect
from rich.console import Console

from api_card.html import card_bundle, card_html

ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")


def notebook_bundle(obj: Any, width: int = 80, include=(), exclude=()) -> dict:
    """rich's notebook data for its inspect card of ``obj`` (all=False), its console ``width`` wide meanwhile."""
    if width < 20:
        raise ValueError("a card needs at least 20 cells")
    console = get_console()
    saved = dict(console.__dict__)
    console.__dict__ = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True,
                               legacy_windows=False, force_jupyter=False).__dict__
    try:
        return Inspect(obj, all=False)._repr_mimebundle_(list(include), list(exclude))
    finally:
        console.__dict__ = saved


def help_page(values: list, width: int = 80) -> str:
    """An HTML page with a section per value: a heading, its card (turn 4) and its echo in plain text."""
    parts = ["<!DOCTYPE html>", "<html>", "<body>"]
    for value in values:
        bundle = card_bundle(value, width)
        heading = type(value).__name__ if not hasattr(value, "__qualname__") else value.__qualname__
        parts.append(f"<section><h2>{html.escape(heading)}</h2>")
        parts.append(card_html(value, width).rstrip("\n"))
        plain = ANSI_CODE.sub("", bundle["text/plain"]).rstrip("\n")
        if plain:
            parts.append(f'<pre class="echo">{html.escape(plain)}</pre>')
        parts.append("</section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts)
