"""Written from rich's public documentation only: a rich traceback prints the
chain of exceptions like Python does, oldest first, with the frames of each."""

import linecache
import os
import traceback


def _check(exc) -> None:
    if not isinstance(exc, BaseException):
        raise TypeError(f"not an exception: {exc!r}")


def exception_chain(exc: BaseException) -> list[tuple[str, str, str]]:
    _check(exc)
    chain = []
    link = ""
    while exc is not None:
        chain.append((type(exc).__name__, str(exc), link))
        if exc.__cause__ is not None:
            exc, link = exc.__cause__, "cause"
        elif exc.__context__ is not None and not exc.__suppress_context__:
            exc, link = exc.__context__, "context"
        else:
            exc = None
    return list(reversed(chain))


def frames_of(exc: BaseException) -> list[tuple[str, int, str, str]]:
    _check(exc)
    return [(os.path.basename(frame.filename), frame.lineno, frame.name, (frame.line or "").strip())
            for frame in traceback.extract_tb(exc.__traceback__)]


def span_lines(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int, int]]:
    if tuple(end) < tuple(start):
        raise ValueError(f"the region ends at {end} before it starts at {start}")
    (first, column), (last, end_column) = start, end
    if first == last:
        return [(first, column, end_column)]
    pieces = [(first, column, -1)]
    pieces += [(number, 0, -1) for number in range(first + 1, last)]
    return pieces + [(last, 0, end_column)]
