"""The error report of a failed job: every exception of the chain, linked as rich links them."""

import json

from rich._inspect import _first_paragraph, get_object_types_mro
from rich.text import Text

from excerpt.stack import exception_chain, frames_of
from excerpt.syntax import syntax_error_lines
from excerpt.values import frame_report

LINKS = {
    "cause": "The above exception was the direct cause of the following exception:",
    "context": "During handling of the above exception, another exception occurred:",
}


def _chain_objects(exc: BaseException) -> list[BaseException]:
    chain = [exc]
    while True:
        current = chain[-1]
        following = current.__cause__ or (None if current.__suppress_context__ else current.__context__)
        if following is None or following in chain:
            return list(reversed(chain))
        chain.append(following)


def hint(exc: BaseException) -> str:
    """The first paragraph of the documentation of the nearest class of ``exc`` that has its own."""
    for kind in get_object_types_mro(exc):
        doc = kind.__dict__.get("__doc__")
        if doc and doc.strip():
            paragraph = _first_paragraph(doc.strip())
            return " ".join(line.strip() for line in paragraph.splitlines() if line.strip())
    return ""


def _block(exc: BaseException, source: str, width: int) -> list[str]:
    if isinstance(exc, (SyntaxError, json.JSONDecodeError)):
        lines = syntax_error_lines(exc, width=width)
        kind, message, _link = exception_chain(exc)[-1]
        raised = Text(f"raised {kind}: {message}")
        raised.truncate(width, overflow="ellipsis")
        return lines + [raised.plain]
    return frame_report(exc, source, width)


def error_report(exc: BaseException, sources: dict, width: int = 72) -> list[str]:
    """Each exception of ``exc``'s chain, oldest first: its block, its hint, and the link to the next."""
    report: list[str] = []
    for error, (_kind, _message, link) in zip(_chain_objects(exc), exception_chain(exc)):
        frames = frames_of(error)
        source = sources.get(frames[-1][0], "") if frames else ""
        report.extend(_block(error, source, width))
        text = hint(error)
        if text:
            line = Text(f"hint: {text}")
            line.truncate(width, overflow="ellipsis")
            report.append(line.plain)
        if link:
            report.extend(["", LINKS[link], ""])
    return report
