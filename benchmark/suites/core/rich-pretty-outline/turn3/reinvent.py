"""Records opened field by field, and line diffs of two dumps."""

import difflib
from dataclasses import fields, is_dataclass
from inspect import isclass

from rich.pretty import _Line, _has_default_namedtuple_repr, _is_dataclass_repr, _is_namedtuple, traverse

from pretty_dump.lines import summary_line


def record_fields(obj) -> dict | None:
    """The fields rich's pretty printer opens ``obj`` into, or None when it does not."""
    if is_dataclass(obj) and not isclass(obj) and _is_dataclass_repr(obj):
        return {field.name: getattr(obj, field.name) for field in fields(obj) if field.repr}
    if _is_namedtuple(obj) and _has_default_namedtuple_repr(obj):
        return dict(obj._asdict())
    return None


def changed_fields(old, new) -> dict[str, tuple]:
    """The fields whose values differ between two records of the same type."""
    if type(old) is not type(new):
        raise ValueError(f"cannot compare a {type(old).__name__} with a {type(new).__name__}")
    before, after = record_fields(old), record_fields(new)
    if before is None or after is None:
        raise ValueError(f"rich does not open a {type(old).__name__} field by field")
    return {name: (before[name], after[name]) for name in before if before[name] != after[name]}


def _texts(obj, width: int, indent: int) -> list[str]:
    if width < 1 or indent < 0:
        raise ValueError("the width must be positive and the indent not negative")
    lines = [_Line(node=traverse(obj), is_root=True)]
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.expandable and not line.expanded and not line.check_length(width):
            lines[number : number + 1] = list(line.expand(indent))
        number += 1
    return [str(line) for line in lines]


def dump_diff(old, new, width: int = 80, indent: int = 4) -> list[str]:
    """The lines of the dumps of ``old`` and ``new``, marked kept, removed or added."""
    before = _texts(old, width, indent)
    after = _texts(new, width, indent)
    lines = [f"--- {summary_line(old, width)}", f"+++ {summary_line(new, width)}"]
    lines += [line for line in difflib.ndiff(before, after) if not line.startswith("? ")]
    return lines
