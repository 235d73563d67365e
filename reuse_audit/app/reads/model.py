"""What a trajectory's reads are, and when they recall a target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from reuse_audit.facts.model import Location

__all__ = ["RECALL_SHARE", "Read", "Seen"]

RECALL_SHARE = 0.5  # a target is recalled when the agent saw at least half of its source lines


@dataclass(frozen=True)
class Read:
    """Lines of a file the agent saw: 1-based, inclusive, workspace-relative path."""

    path: str
    start: int
    end: int


class Seen:
    """The lines of each file a trajectory showed, and whether it showed enough of a target's
    source to recall it (``RECALL_SHARE``): the one test of the benchmark's recall and of
    ``check --trajectory``."""

    def __init__(self, reads: Iterable[Read]) -> None:
        self._lines: dict[str, set[int]] = {}
        for read in reads:
            self._lines.setdefault(read.path, set()).update(range(read.start, read.end + 1))

    def shown(self, location: Location) -> tuple[int, int]:
        """(lines of ``location`` shown, its lines): its ``line`` to its ``end_line``."""
        lines = set(range(location.line, max(location.end_line, location.line) + 1))
        return len(lines & self._lines.get(location.path, set())), len(lines)

    def recalls(self, location: Location) -> bool:
        """Whether at least ``RECALL_SHARE`` of the lines of ``location`` were shown."""
        shown, total = self.shown(location)
        return bool(total) and shown >= RECALL_SHARE * total
