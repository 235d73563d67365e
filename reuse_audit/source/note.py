"""A note: something a check skipped, or analysed only in part, and the file it is about."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Note:
    """Something the run skipped or analysed only in part."""

    path: str
    message: str
