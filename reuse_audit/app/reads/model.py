"""What a trajectory's reads are, and when they recall a target."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RECALL_SHARE", "Read"]

RECALL_SHARE = 0.5  # a target is recalled when the agent saw at least half of its source lines


@dataclass(frozen=True)
class Read:
    """Lines of a file the agent saw: 1-based, inclusive, workspace-relative path."""

    path: str
    start: int
    end: int
