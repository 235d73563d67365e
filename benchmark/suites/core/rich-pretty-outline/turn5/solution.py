"""A state section for bug reports: changed fields, the diff and an outline, secrets masked."""

import re

from rich.highlighter import _combine_regex

from pretty_dump.outline import fitting_outline
from pretty_dump.records import changed_fields, dump_diff


def _changes(old, new) -> list[str]:
    try:
        changed = changed_fields(old, new)
    except ValueError:
        return []
    return [f"changed: {', '.join(changed) if changed else 'nothing'}"]


def state_report(old, new, width: int = 80, max_lines: int = 12, secrets: tuple = ()) -> list[str]:
    """The lines of a report on how the state went from ``old`` to ``new``."""
    if width < 20:
        raise ValueError(f"a report needs at least 20 cells, not {width}")
    lines = _changes(old, new)
    lines += dump_diff(old, new, width)
    lines += ["", "now:"] + fitting_outline(new, max_lines, width)
    if not secrets:
        return lines
    try:
        pattern = re.compile(_combine_regex(*secrets))
    except re.error as error:
        raise ValueError(f"bad secret pattern: {error}") from None
    return [pattern.sub("***", line) for line in lines]
