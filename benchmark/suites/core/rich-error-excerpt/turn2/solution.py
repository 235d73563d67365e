"""Excerpts of code with a region marked, as positions in code are found by rich."""

import re

from rich.syntax import _get_code_index_for_syntax_position

from excerpt.stack import frames_of, span_lines


def _newlines(code: str) -> list[int]:
    return [0, *[match.start() + 1 for match in re.finditer("\n", code)], len(code) + 1]


def code_offset(code: str, line: int, column: int) -> int | None:
    """The index in ``code`` of (``line``, ``column``), found as rich finds it when it styles code."""
    if line < 1 or column < 0:
        raise ValueError(f"no position ({line}, {column}) in code")
    return _get_code_index_for_syntax_position(_newlines(code), (line, column))


def marked_excerpt(code: str, start: tuple[int, int], end: tuple[int, int], context: int = 1) -> list[str]:
    """The lines around a region of ``code``, numbered, with carets under the region."""
    lines = code.split("\n")
    pieces = {number: (first, last) for number, first, last in span_lines(start, end)}
    if code_offset(code, end[0], 0) is None:
        raise ValueError(f"line {end[0]} is past the end of the code")
    low, high = max(1, start[0] - context), min(len(lines), end[0] + context)
    gutter = len(str(high))
    excerpt: list[str] = []
    for number in range(low, high + 1):
        text = lines[number - 1]
        excerpt.append(f"{number:>{gutter}} │ {text}".rstrip())
        if number in pieces:
            first, last = pieces[number]
            head = code_offset(code, number, 0)
            left = code_offset(code, number, first) - head
            right = len(text.rstrip()) if last == -1 else code_offset(code, number, last) - head
            excerpt.append(f"{'':>{gutter}} │ {' ' * left}{'^' * max(1, right - left)}")
    return excerpt


def frame_excerpt(exc: BaseException, source: str, context: int = 1) -> list[str]:
    """Where ``exc`` was raised (``source`` being its file's code): a header and the marked line."""
    frames = frames_of(exc)
    if not frames:
        return []
    name, number, function, code_line = frames[-1]
    header = f"File {name}, line {number}, in {function}"
    if not code_line or code_offset(source, number, 0) is None:
        return [header]
    text = source.split("\n")[number - 1]
    indent = len(text) - len(text.lstrip())
    return [header] + marked_excerpt(source, (number, indent), (number, len(text)), context)
