"""The lines of a dump with their depth, and one-line summaries of objects."""

from array import array
from collections import defaultdict, deque

from rich.pretty import _BRACES, _Line, _get_braces_for_array, _get_braces_for_defaultdict, _get_braces_for_deque, traverse
from rich.text import Text

from pretty_dump.shape import dump


def dump_lines(obj, width: int = 80, indent: int = 4) -> list[tuple[int, str]]:
    """The lines of ``dump(obj, width, indent)``, each with its nesting depth."""
    if width < 1 or indent < 0:
        raise ValueError("the width must be positive and the indent not negative")
    lines = [(_Line(node=traverse(obj), is_root=True), 0)]
    number = 0
    while number < len(lines):
        line, depth = lines[number]
        if line.expandable and not line.expanded and not line.check_length(width):
            parts = list(line.expand(indent))
            lines[number : number + 1] = (
                [(parts[0], depth)] + [(part, depth + 1) for part in parts[1:-1]] + [(parts[-1], depth)]
            )
        number += 1
    return [(depth, str(line)) for line, depth in lines]


def summary_line(obj, width: int = 80) -> str:
    """``obj`` on one line of at most ``width`` cells: whole, counted, or cut."""
    if width < 1:
        raise ValueError("the width must be positive")
    whole = dump(obj, width=10**9)
    text = Text(whole)
    if text.cell_len <= width:
        return whole
    if isinstance(obj, deque):
        opening, closing, empty = _get_braces_for_deque(obj)
    elif isinstance(obj, defaultdict):
        opening, closing, empty = _get_braces_for_defaultdict(obj)
    elif isinstance(obj, array):
        opening, closing, empty = _get_braces_for_array(obj)
    else:
        kinds = [braces for kind, braces in _BRACES.items() if isinstance(obj, kind)]
        if not kinds:
            text.truncate(width, overflow="ellipsis")
            return text.plain
        opening, closing, empty = kinds[0](obj)
    count = len(obj)
    if not count:
        return empty
    return f"{opening}{count} item{'s' if count != 1 else ''}{closing}"
