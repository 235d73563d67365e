"""A state section for bug reports: changed fields, the diff and an outline, secrets masked."""

import difflib
import re

from rich.highlighter import _combine_regex

from pretty_dump.outline import fitting_outline
from pretty_dump.lines import dump_lines, summary_line
from pretty_dump.records import changed_fields


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
    before = [text for _depth, text in dump_lines(old, width, 4)]
    after = [text for _depth, text in dump_lines(new, width, 4)]
    lines += [f"--- {summary_line(old, width)}", f"+++ {summary_line(new, width)}"]
    lines += [line for line in difflib.ndiff(before, after) if not line.startswith("? ")]
    lines += ["", "now:"] + fitting_outline(new, max_lines, width)
    if not secrets:
        return lines
    try:
        pattern = re.compile(_combine_regex(*secrets))
    except re.error as error:
        raise ValueError(f"bad secret pattern: {error}") from None
    return [pattern.sub("***", line) for line in lines]
