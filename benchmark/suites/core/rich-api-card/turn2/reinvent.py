"""The header and the body of an API card, as rich's inspect lays them out."""

import inspect
import io
from typing import Any

from rich._inspect import Inspect
from rich.console import Console, Group

from api_card.signature import call_line, doc_summary


def card_header(obj: Any) -> list[str]:
    inspector = Inspect(obj, all=False)
    shown = str(obj) if (inspect.isclass(obj) or callable(obj) or inspect.ismodule(obj)) else str(type(obj))
    lines = [inspector.highlighter(shown).plain]
    line = call_line(obj)
    if line is not None:
        lines.append(line)
    summary = doc_summary(obj)
    if summary is not None:
        lines.extend(summary.split("\n"))
    return lines


def card_body(obj: Any, private: bool = False, dunder: bool = False, methods: bool = True, docs: bool = True,
              sort: bool = True, width: int = 80) -> list[str]:
    """The lines rich's inspect prints inside the card's frame, ``width`` cells wide, trailing spaces removed."""
    if width < 20:
        raise ValueError("a card needs at least 20 cells")
    inspector = Inspect(obj, all=False, private=private, dunder=dunder, methods=methods, docs=docs, sort=sort)
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    body = Group(*inspector._render())
    return ["".join(segment.text for segment in row).rstrip()
            for row in console.render_lines(body, console.options, pad=False)]
