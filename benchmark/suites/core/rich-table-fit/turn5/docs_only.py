"""Written from rich's public documentation only: Console.render_str() turns a
string into Text with markup, Pretty() renders any Python object, and
console.print() separates its objects with ``sep`` and ends with ``end``."""

import io

from rich.console import Console
from rich.pretty import Pretty
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from table_fit.align import common_widths, render_aligned
from table_fit.sheet import divider, sheet_lines


def printout(*objects, width: int = 80, sep: str = " ", end: str = "\n") -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None, highlight=False)
    segments: list = []
    texts: list = []
    run: list = []

    def lines(rows):
        for row in rows:
            segments.extend([Segment(row), Segment.line()])

    def flush():
        if texts:
            segments.extend(console.render(Text(sep, end=end).join(texts), console.options))
            texts.clear()
        if run:
            same = len({len(t.columns) for t in run}) == 1
            widths = common_widths(run, width) if same else None
            for t in run:
                lines(render_aligned(t, widths, width))
            run.clear()

    for obj in objects:
        if isinstance(obj, str) and len(obj) >= 3 and set(obj) == {"-"}:
            flush()
            lines([divider(width)])
        elif isinstance(obj, str):
            if run:
                flush()
            texts.append(console.render_str(obj))
        elif isinstance(obj, Table):
            if texts:
                flush()
            run.append(obj)
        else:
            flush()
            if isinstance(obj, dict) and "spec" in obj:
                lines(sheet_lines([obj], width, obj.get("size") or 5))
            else:
                segments.extend(console.render(Pretty(obj), console.options))
    flush()
    out = ["".join(s.text for s in line).rstrip() for line in Segment.split_lines(segments)]
    while out and not out[-1]:
        out.pop()
    return out
