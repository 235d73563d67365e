"""The values of a failing frame, described as rich's tracebacks and inspect describe them."""

from traceback import walk_tb

from rich._inspect import get_object_types_mro_as_strings, is_object_one_of_types
from rich.text import Text
from rich.traceback import Traceback

from excerpt.code import code_offset, marked_excerpt
from excerpt.stack import exception_chain, frames_of


def type_names(value) -> list[str]:
    """The fully qualified names of the classes ``value`` is an instance of (a class: of itself)."""
    return list(get_object_types_mro_as_strings(value))


def is_kind(value, names) -> bool:
    """Whether one of ``names`` (fully qualified) is among ``type_names(value)``."""
    if isinstance(names, str):
        raise TypeError("give a collection of names, not one string")
    return is_object_one_of_types(value, set(names))


def _cut(line: str, width: int) -> str:
    text = Text(line)
    text.truncate(width, overflow="ellipsis")
    return text.plain


def _excerpt(exc: BaseException, source: str, context: int) -> list[str]:
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


def frame_report(exc: BaseException, source: str, width: int = 60, context: int = 1) -> list[str]:
    """The excerpt of where ``exc`` was raised, its frame's locals, and what was raised."""
    if width < 10:
        raise ValueError(f"a report needs at least 10 cells, not {width}")
    lines = [_cut(line, width) for line in _excerpt(exc, source, context)]
    stack = Traceback.extract(type(exc), exc, exc.__traceback__, show_locals=True).stacks[0]
    if stack.frames:
        values = [frame for frame, _line in walk_tb(exc.__traceback__)][-1].f_locals
        lines.append("locals:")
        for name, node in sorted((stack.frames[-1].locals or {}).items(), key=lambda item: item[0].lower()):
            kind = type_names(values[name])[0] if name in values else "?"
            lines.append(_cut(f"  {name} = {node} [{kind}]", width))
    kind, message, _link = exception_chain(exc)[-1]
    lines.append(_cut(f"raised {kind}: {message}", width))
    return lines
