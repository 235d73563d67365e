"""A dashboard: the screen split into named panes, each showing tables."""

import io
from operator import itemgetter

from rich.console import Console
from rich.layout import Layout, _Placeholder
from rich.region import Region

from table_fit.align import common_widths, render_aligned


def _layout(spec: dict) -> Layout:
    layout = Layout(name=spec.get("name"), size=spec.get("size"),
                    ratio=spec.get("ratio", 1), minimum_size=spec.get("minimum", 1))
    children = [_layout(child) for child in spec.get("children", ())]
    if children:
        if spec.get("split", "column") == "row":
            layout.split_row(*children)
        else:
            layout.split_column(*children)
    return layout


def _check(spec: dict) -> None:
    if spec.get("split", "column") not in ("row", "column"):
        raise ValueError(f"a pane is split by row or column, not {spec['split']!r}")
    for child in spec.get("children", ()):
        _check(child)


def _leaves(layout: Layout, width: int, height: int) -> list:
    stack = [(layout, Region(0, 0, width, height))]
    found = []
    while stack:
        found.append(stack.pop())
        layout, region = found[-1]
        if layout.children:
            for child_and_region in layout.splitter.divide(layout.children, region):
                stack.append(child_and_region)
    regions = {layout: region for layout, region in sorted(found, key=itemgetter(1))}
    return [(layout, region) for layout, region in regions.items() if not layout.children]


def pane_boxes(spec: dict, width: int, height: int) -> dict:
    _check(spec)
    return {layout.name: tuple(region) for layout, region in _leaves(_layout(spec), width, height)}


def _fit(lines: list, width: int, height: int) -> list:
    lines = [line[:width].ljust(width) for line in lines[:height]]
    return lines + [" " * width] * (height - len(lines))


def board_lines(panes: dict, spec: dict, width: int, height: int) -> list[str]:
    """The ``height`` lines of the dashboard, each ``width`` cells."""
    console = Console(width=max(width, 1), file=io.StringIO(), color_system=None, legacy_windows=False)
    screen = [[" "] * width for _ in range(height)]
    _check(spec)
    for layout, (x, y, w, h) in _leaves(_layout(spec), width, height):
        content = panes.get(layout.name)
        if content is None:
            options = console.options.update(width=w, height=h)
            placeholder = list(_Placeholder(layout).__rich_console__(console, options))[0]
            lines = ["".join(s.text for s in line) for line in console.render_lines(placeholder, options)]
        else:
            tables = content if isinstance(content, list) else [content]
            widths = common_widths(tables, w)
            lines = [line for table in tables for line in render_aligned(table, widths, w)]
        for row, line in enumerate(_fit(lines, w, h)):
            if y + row < height:
                screen[y + row][x:x + w] = list(line)[: max(0, width - x)]
    return ["".join(row) for row in screen]
