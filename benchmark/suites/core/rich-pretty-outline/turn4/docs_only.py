"""Written from rich's public documentation only: pretty_repr takes
max_depth, max_length and max_string to abbreviate deep, long and wordy
objects."""

from rich.pretty import Node, pretty_repr

from pretty_dump.lines import summary_line


def outline(obj, width: int = 80, indent: int = 4, depth: int | None = None,
            items: int | None = None, chars: int | None = None) -> list[str]:
    for name, limit in (("depth", depth), ("items", items), ("chars", chars)):
        if limit is not None and limit < 0:
            raise ValueError(f"{name} cannot be negative")
    text = pretty_repr(obj, max_width=width, indent_size=indent, max_length=items, max_string=chars, max_depth=depth)
    return [f"# {summary_line(obj, width)}"] + text.split("\n")


def fitting_outline(obj, max_lines: int, width: int = 80, indent: int = 4) -> list[str]:
    if max_lines < 1:
        raise ValueError("an outline has at least one line")
    whole = outline(obj, width, indent)
    if len(whole) <= max_lines:
        return whole
    best = outline(obj, width, indent, depth=0)
    depth = 1
    while True:
        candidate = outline(obj, width, indent, depth=depth)
        if len(candidate) > max_lines or candidate == whole:
            return best
        best, depth = candidate, depth + 1


def cut_count(obj, depth: int | None = None, items: int | None = None,
              chars: int | None = None) -> tuple[int, int, int]:
    if isinstance(obj, Node):
        return 0, 0, 0
    containers = left = letters = 0
    seen: set[int] = set()

    def walk(value, level: int) -> None:
        nonlocal containers, left, letters
        if isinstance(value, (str, bytes)):
            if chars is not None and len(value) > chars:
                letters += len(value) - chars
            return
        if not isinstance(value, (list, tuple, set, frozenset, dict)) or id(value) in seen:
            return
        if depth is not None and level >= depth:
            containers += 1 if value else 0
            return
        seen.add(id(value))
        children = list(value.values()) if isinstance(value, dict) else list(value)
        if items is not None and len(children) > items:
            left += len(children) - items
            children = children[:items]
        for child in children:
            walk(child, level + 1)
        seen.discard(id(value))

    walk(obj, 0)
    return containers, left, letters
