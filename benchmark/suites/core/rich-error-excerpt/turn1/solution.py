"""Exceptions, their frames and the lines a failing expression spans, as rich's tracebacks see them."""

import linecache
import os

from rich.traceback import Traceback, _iter_syntax_lines


def _trace(exc: BaseException):
    if not isinstance(exc, BaseException):
        raise TypeError(f"not an exception: {exc!r}")
    return Traceback.extract(type(exc), exc, exc.__traceback__)


def exception_chain(exc: BaseException) -> list[tuple[str, str, str]]:
    """The exceptions of ``exc``'s chain in the order rich prints them, with how each leads to the next."""
    stacks = list(reversed(_trace(exc).stacks))
    chain = []
    for number, stack in enumerate(stacks):
        link = "" if number == len(stacks) - 1 else ("cause" if stack.is_cause else "context")
        chain.append((stack.exc_type, stack.exc_value, link))
    return chain


def frames_of(exc: BaseException) -> list[tuple[str, int, str, str]]:
    """The frames rich shows for ``exc`` itself: file base name, line number, function, code."""
    if not isinstance(exc, BaseException):
        raise TypeError(f"not an exception: {exc!r}")
    stack = Traceback.extract(type(exc), exc, exc.__traceback__).stacks[0]
    return [(os.path.basename(frame.filename), frame.lineno, frame.name, linecache.getline(frame.filename, frame.lineno).strip())
            for frame in stack.frames]


def span_lines(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int, int]]:
    """The (line, first column, last column) pieces of a region of code, -1 meaning the line's end."""
    if tuple(end) < tuple(start):
        raise ValueError(f"the region ends at {end} before it starts at {start}")
    return list(_iter_syntax_lines(tuple(start), tuple(end)))
