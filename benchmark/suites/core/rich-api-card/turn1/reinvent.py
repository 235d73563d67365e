"""The signature line and the summary of an object's documentation, as rich's inspect shows them."""

import inspect
from typing import Any, Optional

from rich._inspect import Inspect
from rich.text import Text


def _inspector(obj: Any, full: bool = False) -> Inspect:
    """rich's inspector of ``obj`` showing only what is asked of it."""
    return Inspect(obj, help=full, all=False, methods=True, docs=True)


def _text_or_none(docs: Optional[str]) -> Optional[str]:
    """None for missing or empty documentation."""
    return docs if docs else None


def _plain(text: Optional[Text]) -> Optional[str]:
    return None if text is None else text.plain


def call_line(obj: Any, name: str = "") -> Optional[str]:
    if not callable(obj):
        return None
    inspector = _inspector(obj)
    try:
        written = str(inspect.signature(obj)) + ":"
    except ValueError:
        written = "(...)"
    except TypeError:
        return None
    try:
        source = inspect.getfile(obj)
    except (OSError, TypeError):
        source = None
    callable_name = Text(name, style="inspect.callable")
    if source:
        callable_name.stylize(f"link file://{source}")
    prefix = "class" if inspect.isclass(obj) else "async def" if inspect.iscoroutinefunction(obj) else "def"
    line = Text.assemble((f"{prefix} ", f"inspect.{prefix.replace(' ', '_')}"),
                         (name or getattr(obj, "__qualname__", name), "inspect.callable"),
                         inspector.highlighter(written))
    return _plain(line)


def doc_summary(obj: Any, full: bool = False) -> Optional[str]:
    """The documentation rich's inspect shows for ``obj``: its first paragraph, or all of it when ``full``."""
    return _text_or_none(_inspector(obj, full)._get_formatted_doc(obj))
