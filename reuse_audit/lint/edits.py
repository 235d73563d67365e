"""The edits a rule's fix asks for (``Rule.fix``), as plain frozen data: a rule says what to
change, ``fix/`` makes the change with libcst and verifies it by checking the fixed code again.

Rules cannot import ``fix/`` (it is downstream of them); this is the vocabulary they share.
"""

from __future__ import annotations

from dataclasses import dataclass

from reuse_audit.facts.model import Location

__all__ = ["ReplaceWithCall"]


@dataclass(frozen=True)
class ReplaceWithCall:
    """Replace the body of the function ``function`` (its ``def`` at ``location``) with a call of
    ``target`` (its ``def`` at ``target_location``), importing the target where it is needed and
    removing the imports the old body alone used; ``title`` starts the fix's description."""

    function: str
    location: Location
    target: str
    target_location: Location
    title: str
