"""What the interactive echo shows: rich's pretty echo of a value, and a card for what has one."""

import inspect
import io
from typing import Any, Optional

from rich.abc import RichRenderable
from rich.console import Console, ConsoleRenderable
from rich.jupyter import JupyterRenderable
from rich.pretty import Pretty, _safe_isinstance, traverse

from api_card.card import card_body, card_header


def _console(width: int) -> Console:
    if width < 20:
        raise ValueError("the echo needs at least 20 cells")
    return Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)


def _limit(count: Optional[int], what: str) -> Optional[int]:
    if count is not None and count < 0:
        raise ValueError(f"{what} cannot be negative")
    return count


def echo_text(value: Any, width: int = 80, items: Optional[int] = None, chars: Optional[int] = None,
              expand: bool = False) -> Optional[str]:
    console = _console(width)
    if _safe_isinstance(value, JupyterRenderable) or value is None:
        return None
    with console.capture() as capture:
        if _safe_isinstance(value, ConsoleRenderable):
            console.line()
        shown = value if _safe_isinstance(value, RichRenderable) else Pretty(
            value, overflow="ignore", max_length=_limit(items, "items"), max_string=_limit(chars, "chars"), expand_all=expand, margin=12)
        console.print(shown, crop=False, new_line_start=True, end="")
    return capture.get().rstrip("\n")


def echo_card(value: Any, width: int = 80) -> list[str]:
    """A card (turn 2) for classes, functions and modules; for containers a count line and the echo."""
    if inspect.isclass(value) or inspect.ismodule(value) or inspect.isroutine(value):
        return card_header(value) + [""] + card_body(value, width=width)
    text = echo_text(value, width)
    if text is None:
        return []
    node = traverse(value)
    lines = text.lstrip("\n").split("\n")
    if node.children is not None:
        count = len(node.children)
        lines.insert(0, f"{type(value).__name__}: {count} item{'' if count == 1 else 's'}")
    return lines
