"""Written from rich's public documentation only: rich.pretty.install() makes
the REPL echo values with pretty_repr(value, max_width=..., max_length=...,
max_string=..., expand_all=...), and the cards of turn 2."""

import inspect
from typing import Any, Optional

from rich.pretty import pretty_repr

from api_card.card import card_body, card_header


def _limit(count: Optional[int], what: str) -> Optional[int]:
    if count is not None and count < 0:
        raise ValueError(f"{what} cannot be negative")
    return count


def echo_text(value: Any, width: int = 80, items: Optional[int] = None, chars: Optional[int] = None,
              expand: bool = False) -> Optional[str]:
    if width < 20:
        raise ValueError("the echo needs at least 20 cells")
    if value is None:
        return None
    return pretty_repr(value, max_width=width, max_length=_limit(items, "items"), max_string=_limit(chars, "chars"), expand_all=expand)


def echo_card(value: Any, width: int = 80) -> list[str]:
    if inspect.isclass(value) or inspect.ismodule(value) or inspect.isroutine(value):
        return card_header(value) + [""] + card_body(value, width=width)
    text = echo_text(value, width)
    if text is None:
        return []
    lines = text.split("\n")
    if isinstance(value, (list, tuple, set, frozenset, dict)) or hasattr(value, "_fields") or hasattr(value, "__dataclass_fields__"):
        count = len(value) if hasattr(value, "__len__") else len(value.__dataclass_fields__)
        lines.insert(0, f"{type(value).__name__}: {count} item{'' if count == 1 else 's'}")
    return lines
