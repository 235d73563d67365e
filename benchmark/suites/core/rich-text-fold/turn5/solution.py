"""A plain-text report of titles, paragraphs, columns and cards, folded to a width."""

from rich._loop import loop_first

from text_fold.columns import columns_text
from text_fold.grid import grid_lines
from text_fold.lines import fold_lines, justify_lines

KINDS = ("title", "text", "columns", "card")


def _block_lines(kind: str, content, width: int) -> list[str]:
    if kind == "title":
        return justify_lines(fold_lines(content.upper(), width), width, "center")
    if kind == "text":
        lines = justify_lines(fold_lines(content, width), width, "full")
        return justify_lines(lines, width)
    if kind == "columns":
        return justify_lines(columns_text(list(content), width, gap=2), width)
    return justify_lines(grid_lines([list(row) for row in content], width), width)


def report_lines(blocks: list, width: int, separator: str = "") -> list[str]:
    """The lines of a report of ``blocks`` ((kind, content) pairs), ``width`` cells each."""
    if width < 4:
        raise ValueError(f"a report needs at least 4 cells, not {width}")
    for kind, _content in blocks:
        if kind not in KINDS:
            raise ValueError(f"unknown block kind {kind!r}")
    rule = (separator * width)[:width] if separator else " " * width
    lines: list[str] = []
    for first, (kind, content) in loop_first(blocks):
        if not first:
            lines.append(rule)
        if kind in ("columns", "card") and not content:
            continue
        lines.extend(_block_lines(kind, content, width))
    return lines
