"""Written from rich's public documentation only: a Console prints Text
justified "center" or "full" at its width, and capture() returns what it
printed."""

from rich.console import Console
from rich.text import Text

from text_fold.columns import columns_text
from text_fold.grid import grid_lines
from text_fold.lines import justify_lines

KINDS = ("title", "text", "columns", "card")


def _printed(text: str, width: int, justify: str) -> list[str]:
    console = Console(width=width, color_system=None, highlight=False)
    with console.capture() as capture:
        console.print(Text(text, justify=justify))
    return justify_lines(capture.get().splitlines(), width)


def report_lines(blocks: list, width: int, separator: str = "") -> list[str]:
    if width < 4:
        raise ValueError(f"a report needs at least 4 cells, not {width}")
    for kind, _content in blocks:
        if kind not in KINDS:
            raise ValueError(f"unknown block kind {kind!r}")
    rule = (separator * width)[:width] if separator else " " * width
    lines: list[str] = []
    for index, (kind, content) in enumerate(blocks):
        if index:
            lines.append(rule)
        if kind == "title":
            lines.extend(_printed(content.upper(), width, "center"))
        elif kind == "text":
            lines.extend(_printed(content, width, "full"))
        elif kind == "columns" and content:
            lines.extend(justify_lines(columns_text(list(content), width, gap=2), width))
        elif kind == "card" and content:
            lines.extend(justify_lines(grid_lines([list(row) for row in content], width), width))
    return lines
