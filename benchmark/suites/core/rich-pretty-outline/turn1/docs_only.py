"""Written from rich's public documentation only: pretty_repr returns the
pretty-printed repr of an object, and containers are written as their repr."""

from rich.pretty import pretty_repr


def braces_of(obj) -> tuple[str, str, str]:
    if isinstance(obj, (str, bytes)) or not hasattr(obj, "__iter__"):
        raise ValueError(f"rich does not print {type(obj).__name__} as a container")
    empty = repr(type(obj)())
    if isinstance(obj, (set, frozenset)) or not empty:
        empty = "set()" if type(obj) is set else empty
    name = type(obj).__name__
    for opening in ("[", "{", "("):
        if opening in empty:
            cut = empty.index(opening) + 1
            return empty[:cut], empty[cut:], empty
    return f"{name}([", "])", empty


def dump(obj, width: int = 80, indent: int = 4, unfold: bool = False) -> str:
    if width < 1 or indent < 0:
        raise ValueError("the width must be positive and the indent not negative")
    return pretty_repr(obj, max_width=width, indent_size=indent, expand_all=unfold)
