"""Container braces and object dumps as rich's pretty printer writes them."""

from array import array
from collections import defaultdict, deque

from rich.pretty import _BRACES, Node, _get_braces_for_array, _get_braces_for_defaultdict, _get_braces_for_deque, traverse


def braces_of(obj) -> tuple[str, str, str]:
    """The opening, closing and empty forms rich's pretty printer writes for the container ``obj``."""
    if isinstance(obj, deque):
        return _get_braces_for_deque(obj)
    if isinstance(obj, defaultdict):
        return _get_braces_for_defaultdict(obj)
    if isinstance(obj, array):
        return _get_braces_for_array(obj)
    for kind, braces in _BRACES.items():
        if isinstance(obj, kind):
            return braces(obj)
    raise ValueError(f"rich does not print {type(obj).__name__} as a container")


def dump(obj, width: int = 80, indent: int = 4, unfold: bool = False) -> str:
    """``obj`` written as rich's pretty printer writes it, ``width`` cells at most where it can."""
    if width < 1 or indent < 0:
        raise ValueError("the width must be positive and the indent not negative")
    node = obj if isinstance(obj, Node) else traverse(obj)
    return node.render(max_width=width, indent_size=indent, expand_all=unfold)
