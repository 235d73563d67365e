"""Written from rich's public documentation only: the pretty printer indents
nested containers, so a line's depth is its indentation over the indent."""

from rich.text import Text

from pretty_dump.shape import braces_of, dump


def dump_lines(obj, width: int = 80, indent: int = 4) -> list[tuple[int, str]]:
    if width < 1 or indent < 0:
        raise ValueError("the width must be positive and the indent not negative")
    lines = dump(obj, width, indent).split("\n")
    return [((len(line) - len(line.lstrip(" "))) // indent if indent else 0, line) for line in lines]


def summary_line(obj, width: int = 80) -> str:
    if width < 1:
        raise ValueError("the width must be positive")
    whole = dump(obj, width=10**9)
    text = Text(whole)
    if text.cell_len <= width:
        return whole
    try:
        opening, closing, empty = braces_of(obj)
    except ValueError:
        text.truncate(width, overflow="ellipsis")
        return text.plain
    count = len(obj)
    if not count:
        return empty
    return f"{opening}{count} item{'s' if count != 1 else ''}{closing}"
