"""Build statistics: how an index was built, returned with it (``RepoIndex.build``)."""

from __future__ import annotations

from typing import Optional


def new_stats(mode: str) -> dict[str, object]:
    """How an index was built (``RepoIndex.build``): "mode" is "full", "snapshot",
    "incremental" or "lazy"; "resolved" counts modules resolved (functions, lazily),
    "parsed" files parsed; a lazy index adds "searched" and "tokenized"."""
    return {"mode": mode, "resolved": 0, "parsed": 0}


def tally(stats: Optional[dict], key: str, n: int) -> None:
    if stats is not None:
        stats[key] = int(stats.get(key, 0)) + n  # type: ignore[call-overload]

