"""Written from rich's public documentation only: a Rule draws a horizontal
line of its characters across the console, and a layout shares the room among
its parts by size, then ratio."""

from rich.cells import cell_len

from table_fit.board import board_lines, pane_boxes


def divider(width: int, characters: str = "─") -> str:
    if not characters:
        raise ValueError("no characters to repeat")
    if width <= 0:
        return ""
    return (characters * width)[:width]


def sheet_lines(sections: list, width: int, height: int) -> list[str]:
    for section in sections:
        unknown = set(section.get("panes", {})) - set(pane_boxes(section["spec"], width, height))
        if unknown:
            raise ValueError(f"no pane named {sorted(unknown)[0]!r}")
    fixed = sum(s.get("size") or 0 for s in sections)
    ratio = sum(s.get("ratio", 1) for s in sections if not s.get("size")) or 1
    lines: list[str] = []
    for section in sections:
        rows = section.get("size") or max(section.get("minimum", 1), round((height - fixed) * section.get("ratio", 1) / ratio))
        title = section.get("title", "")
        head = f"{title} " if title and cell_len(title) + 1 < width else ""
        lines.append(head + divider(width - cell_len(head)))
        if rows > 1:
            lines.extend(board_lines(section.get("panes", {}), section["spec"], width, rows - 1))
    lines = lines[:height]
    return lines + [" " * width] * (height - len(lines))
