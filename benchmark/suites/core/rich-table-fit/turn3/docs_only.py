"""Written from rich's public documentation only (the Layout page): a layout
is split into rows or columns, each part with a fixed size, a ratio of the
remaining space and a minimum size; an empty part shows a placeholder panel
with its name and size."""

import io

from rich.console import Console
from rich.panel import Panel

from table_fit.align import common_widths, render_aligned


def _sizes(total, children):
    fixed = sum(c.get("size") or 0 for c in children)
    flexible = [c for c in children if not c.get("size")]
    ratio = sum(c.get("ratio", 1) for c in flexible) or 1
    left = max(0, total - fixed)
    return [c["size"] if c.get("size") else max(c.get("minimum", 1), left * c.get("ratio", 1) // ratio) for c in children]


def _walk(spec, x, y, w, h, out):
    children = spec.get("children")
    if not children:
        out[spec.get("name")] = (x, y, w, h)
        return
    if spec.get("split", "column") not in ("row", "column"):
        raise ValueError("a pane is split by row or column")
    row = spec.get("split", "column") == "row"
    offset = 0
    for child, size in zip(children, _sizes(w if row else h, children)):
        if row:
            _walk(child, x + offset, y, size, h, out)
        else:
            _walk(child, x, y + offset, w, size, out)
        offset += size


def pane_boxes(spec: dict, width: int, height: int) -> dict:
    out: dict = {}
    _walk(spec, 0, 0, width, height, out)
    return out


def board_lines(panes: dict, spec: dict, width: int, height: int) -> list[str]:
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None)
    screen = [[" "] * width for _ in range(height)]
    for name, (x, y, w, h) in pane_boxes(spec, width, height).items():
        content = panes.get(name)
        if content is None:
            panel = Panel(f"{name!r}", title=f"{name!r} ({w} x {h})", height=h)
            lines = ["".join(s.text for s in line) for line in console.render_lines(panel, console.options.update(width=w, height=h))]
        else:
            tables = content if isinstance(content, list) else [content]
            widths = common_widths(tables, w)
            lines = [line for t in tables for line in render_aligned(t, widths, w)]
        lines = [line[:w].ljust(w) for line in lines[:h]] + [" " * w] * max(0, h - len(lines))
        for row, line in enumerate(lines):
            if y + row < height:
                screen[y + row][x:x + w] = list(line)[: max(0, width - x)]
    return ["".join(row) for row in screen]
