"""Written from rich's public documentation only: rich.inspect shows the first
paragraph of an object's docstring as its summary."""

import inspect

from rich.text import Text

from excerpt.stack import exception_chain, frames_of
from excerpt.syntax import error_block

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
    doc = inspect.getdoc(type(exc)) or ""
    paragraph = doc.strip().split("\n\n")[0]
    return " ".join(line.strip() for line in paragraph.splitlines() if line.strip())


def error_report(exc: BaseException, sources: dict, width: int = 72) -> list[str]:
    """Each exception of ``exc``'s chain, oldest first: its block, its hint, and the link to the next."""
    report: list[str] = []
    for error, (_kind, _message, link) in zip(_chain_objects(exc), exception_chain(exc)):
        frames = frames_of(error)
        source = sources.get(frames[-1][0], "") if frames else ""
        report.extend(error_block(error, source, width))
        text = hint(error)
        if text:
            line = Text(f"hint: {text}")
            line.truncate(width, overflow="ellipsis")
            report.append(line.plain)
        if link:
            report.extend(["", LINKS[link], ""])
    return report
