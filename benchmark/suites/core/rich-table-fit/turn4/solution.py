"""A printed sheet: several dashboards one above another, each under a titled divider."""

from types import SimpleNamespace

from rich._ratio import ratio_resolve
from rich.cells import cell_len
from rich.rule import Rule

from table_fit.board import board_lines, pane_boxes


def divider(width: int, characters: str = "─") -> str:
    """A line of exactly ``width`` cells repeating ``characters``."""
    if not characters:
        raise ValueError("no characters to repeat")
    if width <= 0:
        return ""
    return Rule(characters=characters)._rule_line(cell_len(characters), width).plain


def _title_line(title: str, width: int) -> str:
    if not title:
        return divider(width)
    head = f"{title} "
    if cell_len(head) >= width:
        return divider(width)
    return head + divider(width - cell_len(head))


def sheet_lines(sections: list, width: int, height: int) -> list[str]:
    """The ``height`` lines of a sheet of ``sections`` (dicts: title, panes, spec, size, ratio, minimum)."""
    for section in sections:
        unknown = set(section.get("panes", {})) - set(pane_boxes(section["spec"], width, height))
        if unknown:
            raise ValueError(f"no pane named {sorted(unknown)[0]!r}")
    parts = [SimpleNamespace(size=s.get("size"), ratio=s.get("ratio", 1), minimum_size=s.get("minimum", 1))
             for s in sections]
    lines: list[str] = []
    for section, rows in zip(sections, ratio_resolve(height, parts) if parts else []):
        lines.append(_title_line(section.get("title", ""), width))
        if rows > 1:
            lines.extend(board_lines(section.get("panes", {}), section["spec"], width, rows - 1))
    lines = lines[:height]
    return lines + [" " * width] * (height - len(lines))
