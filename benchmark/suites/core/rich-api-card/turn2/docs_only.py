"""Written from rich's public documentation only: inspect(obj, console=...,
methods=..., docs=..., private=..., dunder=..., sort=...) prints a panel whose
title is the object's type, holding the signature, the docs and a table of
attributes."""

import io
from typing import Any

from rich import inspect as rich_inspect
from rich.console import Console

from api_card.signature import call_line, doc_summary


def card_header(obj: Any) -> list[str]:
    lines = [str(type(obj))]
    line = call_line(obj)
    if line is not None:
        lines.append(line)
    summary = doc_summary(obj)
    if summary is not None:
        lines.extend(summary.split("\n"))
    return lines


def card_body(obj: Any, private: bool = False, dunder: bool = False, methods: bool = True, docs: bool = True,
              sort: bool = True, width: int = 80) -> list[str]:
    if width < 20:
        raise ValueError("a card needs at least 20 cells")
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    rich_inspect(obj, console=console, private=private, dunder=dunder, methods=methods, docs=docs, sort=sort)
    framed = console.export_text().rstrip("\n").split("\n")[1:-1]
    return [line[2:-2].rstrip() for line in framed]
