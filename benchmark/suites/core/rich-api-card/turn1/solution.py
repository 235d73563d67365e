"""The signature line and the summary of an object's documentation, as rich's inspect shows them."""

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
    """The line rich's inspect writes for callable ``obj`` (named ``name`` when given); None if it has none."""
    if not callable(obj):
        return None
    return _plain(_inspector(obj)._get_signature(name, obj))


def doc_summary(obj: Any, full: bool = False) -> Optional[str]:
    """The documentation rich's inspect shows for ``obj``: its first paragraph, or all of it when ``full``."""
    return _text_or_none(_inspector(obj, full)._get_formatted_doc(obj))
