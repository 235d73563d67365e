"""Written from rich's public documentation only: inspect() shows an
object's signature ("def name(...)", "class Name(...)") and the first
paragraph of its docstring (help=True: all of it)."""

import inspect
from typing import Any, Optional


def call_line(obj: Any, name: str = "") -> Optional[str]:
    if not callable(obj):
        return None
    try:
        params = str(inspect.signature(obj))
    except (ValueError, TypeError):
        params = "(...)"
    prefix = "class" if inspect.isclass(obj) else "async def" if inspect.iscoroutinefunction(obj) else "def"
    return f"{prefix} {name or getattr(obj, '__name__', '')}{params}:"


def doc_summary(obj: Any, full: bool = False) -> Optional[str]:
    docs = inspect.getdoc(obj)
    if not docs:
        return None
    return docs if full else docs.split("\n\n")[0]
