"""Exceptions, their frames and the lines a failing expression spans, as rich's tracebacks see them."""

import inspect
import linecache
import os
from itertools import islice
from traceback import walk_tb

from rich import _IMPORT_CWD, pretty
from rich.traceback import Frame, Stack, Trace, _iter_syntax_lines, _SyntaxError


def _trace(exc: BaseException, show_locals: bool = False) -> Trace:
    if not isinstance(exc, BaseException):
        raise TypeError(f"not an exception: {exc!r}")
    stacks: list[Stack] = []
    is_cause = False
    exc_type, exc_value, traceback = type(exc), exc, exc.__traceback__
    while True:
        stack = Stack(exc_type=str(exc_type.__name__), exc_value=str(exc_value), is_cause=is_cause)
        if isinstance(exc_value, SyntaxError):
            stack.syntax_error = _SyntaxError(offset=exc_value.offset or 0, filename=exc_value.filename or "?",
                                              lineno=exc_value.lineno or 0, line=exc_value.text or "", msg=exc_value.msg)
        stacks.append(stack)
        for frame_summary, line_no in walk_tb(traceback):
            filename = frame_summary.f_code.co_filename
            index = frame_summary.f_lasti // 2
            start_line, end_line, start_column, end_column = next(
                islice(frame_summary.f_code.co_positions(), index, index + 1))
            last = None
            if None not in (start_line, end_line, start_column, end_column):
                last = ((start_line, start_column), (end_line, end_column))
            if filename and not filename.startswith("<") and not os.path.isabs(filename):
                filename = os.path.join(_IMPORT_CWD, filename)
            if frame_summary.f_locals.get("_rich_traceback_omit", False):
                continue
            local_values = None
            if show_locals:
                local_values = {key: pretty.traverse(value) for key, value in frame_summary.f_locals.items()
                                if not (inspect.isfunction(value) or inspect.isclass(value))}
            stack.frames.append(Frame(filename=filename or "?", lineno=line_no, name=frame_summary.f_code.co_name,
                                      locals=local_values, last_instruction=last))
            if frame_summary.f_locals.get("_rich_traceback_guard", False):
                del stack.frames[:]
        if exc_value.__cause__:
            exc_value = exc_value.__cause__
            exc_type, traceback, is_cause = type(exc_value), exc_value.__traceback__, True
            continue
        context = exc_value.__context__
        if context and not exc_value.__suppress_context__:
            exc_value = context
            exc_type, traceback, is_cause = type(exc_value), exc_value.__traceback__, False
            continue
        break
    return Trace(stacks=stacks)


def exception_chain(exc: BaseException) -> list[tuple[str, str, str]]:
    stacks = list(reversed(_trace(exc).stacks))
    chain = []
    for number, stack in enumerate(stacks):
        link = "" if number == len(stacks) - 1 else ("cause" if stack.is_cause else "context")
        chain.append((stack.exc_type, stack.exc_value, link))
    return chain


def frames_of(exc: BaseException) -> list[tuple[str, int, str, str]]:
    stack = _trace(exc).stacks[0]
    return [(os.path.basename(frame.filename), frame.lineno, frame.name, linecache.getline(frame.filename, frame.lineno).strip())
            for frame in stack.frames]


def span_lines(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int, int]]:
    if tuple(end) < tuple(start):
        raise ValueError(f"the region ends at {end} before it starts at {start}")
    return list(_iter_syntax_lines(tuple(start), tuple(end)))
