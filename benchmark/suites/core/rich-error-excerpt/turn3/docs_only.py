"""Written from rich's public documentation only: a traceback with
show_locals lists each frame's local variables, pretty printed with at most
10 items of a container and 80 characters of a string."""

from traceback import walk_tb

from rich.pretty import pretty_repr
from rich.text import Text

from excerpt.code import frame_excerpt
from excerpt.stack import exception_chain


def type_names(value) -> list[str]:
    return [f"{kind.__module__}.{kind.__qualname__}" for kind in type(value).__mro__]


def is_kind(value, names) -> bool:
    if isinstance(names, str):
        raise TypeError("give a collection of names, not one string")
    return any(name in names for name in type_names(value))


def _cut(line: str, width: int) -> str:
    text = Text(line)
    text.truncate(width, overflow="ellipsis")
    return text.plain


def frame_report(exc: BaseException, source: str, width: int = 60, context: int = 1) -> list[str]:
    if width < 10:
        raise ValueError(f"a report needs at least 10 cells, not {width}")
    lines = [_cut(line, width) for line in frame_excerpt(exc, source, context)]
    frames = [frame for frame, _line in walk_tb(exc.__traceback__)]
    if frames:
        lines.append("locals:")
        for name, value in sorted(frames[-1].f_locals.items(), key=lambda item: item[0].lower()):
            shown = pretty_repr(value, max_width=10**6, max_length=10, max_string=80)
            lines.append(_cut(f"  {name} = {shown} [{type_names(value)[0]}]", width))
    kind, message, _link = exception_chain(exc)[-1]
    lines.append(_cut(f"raised {kind}: {message}", width))
    return lines
