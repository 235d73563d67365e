"""The values of a failing frame, described as rich's tracebacks and inspect describe them."""

from traceback import walk_tb

from rich._inspect import get_object_types_mro_as_strings, is_object_one_of_types
from rich.text import Text
from rich.traceback import Traceback

from excerpt.code import frame_excerpt
from excerpt.stack import exception_chain


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


def frame_report(exc: BaseException, source: str, width: int = 60, context: int = 1) -> list[str]:
    """The excerpt of where ``exc`` was raised, its frame's locals, and what was raised."""
    if width < 10:
        raise ValueError(f"a report needs at least 10 cells, not {width}")
    lines = [_cut(line, width) for line in frame_excerpt(exc, source, context)]
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
