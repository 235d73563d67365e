"""Outlines: dumps abbreviated the way rich abbreviates deep, long or wordy objects."""

from rich.pretty import Node, _safe_isinstance, traverse

from pretty_dump.lines import summary_line
from pretty_dump.shape import dump


def _node(obj, depth, items, chars) -> Node:
    if _safe_isinstance(obj, Node):
        return obj
    return traverse(obj, max_length=items, max_string=chars, max_depth=depth)


def outline(obj, width: int = 80, indent: int = 4, depth: int | None = None,
            items: int | None = None, chars: int | None = None) -> list[str]:
    """A header line and the dump of ``obj`` cut at ``depth``, ``items`` and ``chars``."""
    for name, limit in (("depth", depth), ("items", items), ("chars", chars)):
        if limit is not None and limit < 0:
            raise ValueError(f"{name} cannot be negative")
    node = _node(obj, depth, items, chars)
    return [f"# {summary_line(obj, width)}"] + dump(node, width, indent).split("\n")


def fitting_outline(obj, max_lines: int, width: int = 80, indent: int = 4) -> list[str]:
    """The outline of ``obj`` cut at the deepest depth that keeps it within ``max_lines`` lines."""
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


def _string_cut(text: str) -> int:
    quoted = text.startswith(("'", '"', "b'", 'b"'))
    head, plus, tail = text.rpartition("+")
    return int(tail) if quoted and plus and tail.isdigit() and head[-1:] in ("'", '"') else 0


def cut_count(obj, depth: int | None = None, items: int | None = None,
              chars: int | None = None) -> tuple[int, int, int]:
    """What the outline of ``obj`` leaves out: containers, items and characters."""
    containers = left = letters = 0
    stack = [_node(obj, depth, items, chars)]
    while stack:
        node = stack.pop()
        letters += _string_cut(node.key_repr)
        value = node.value_repr
        if value.startswith("... +"):
            left += int(value[5:])
        elif "..." in value and value != "..." and not value.startswith(("'", '"', "b'", 'b"')):
            containers += 1
        else:
            letters += _string_cut(value)
        stack.extend(node.children or [])
    return containers, left, letters
