"""``oracle``: writes the turn's reference solution; reads nothing.

Options:

``solution_attr``
    ``"solution"`` (default) or ``"reinvent"``: the file written at every
    turn, the reference solution or the re-inventing one (it passes the tests
    but copies the targets inline).
``reinvent_turns``
    turns at which the re-inventing solution is written instead, the
    reference solution everywhere else: ``-O reinvent_turns=3,5``,
    ``-O reinvent_turns=[3,5]`` or ``-O reinvent_turns=3``.  Each variant is
    written against the reference solutions of the turns before it, as
    ``bench verify`` checks it, so Cdup appears at exactly those turns whose
    variant re-implements a judgeable target.  ``bench verify`` uses this
    mechanism for its re-inventing check.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Optional

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.model import AgentResult, Turn, TurnRequest
from reuse_audit.benchmark.agents.base import check_options

SOLUTION_ATTRS = ("solution", "reinvent")


def parse_turns(value) -> frozenset[int]:
    """Turn numbers from ``3``, ``"3,5"`` or ``[3, 5]``; UsageError otherwise."""
    items = value if isinstance(value, (list, tuple)) else str(value).split(",") if not isinstance(value, int) else [value]
    turns = set()
    for item in items:
        try:
            number = int(str(item).strip()) if not isinstance(item, bool) else None
        except ValueError:
            number = None
        if number is None or number < 1:
            raise UsageError(f"agent oracle: reinvent_turns must be turn numbers such as 3,5, not {value!r}")
        turns.add(number)
    return frozenset(turns)


class OracleAgent:
    name = "oracle"

    def __init__(self, options: dict) -> None:
        check_options(self.name, options, ["solution_attr", "reinvent_turns"])
        self.solution_attr = options.get("solution_attr", "solution")
        if self.solution_attr not in SOLUTION_ATTRS:
            raise UsageError(
                f"agent oracle: solution_attr must be one of {', '.join(SOLUTION_ATTRS)}, not {self.solution_attr!r}"
            )
        raw = options.get("reinvent_turns")
        self.reinvent_turns = parse_turns(raw) if raw not in (None, "", []) else frozenset()

    def attr_for(self, turn: Turn) -> str:
        return "reinvent" if turn.number in self.reinvent_turns else self.solution_attr

    def source_for(self, turn: Turn) -> Optional[Path]:
        """The file this oracle writes at ``turn`` (None when the chain has none)."""
        return getattr(turn, self.attr_for(turn))

    def run_turn(self, request: TurnRequest) -> AgentResult:
        source = self.source_for(request.turn)
        if source is None:
            return AgentResult(
                status="error",
                message=f"turn {request.turn.number} of {request.chain.id} has no {self.attr_for(request.turn)} file",
            )
        target = Path(request.workspace) / request.turn.path
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        except OSError as exc:
            return AgentResult(status="error", message=f"cannot write {request.turn.path}: {exc.strerror or exc}")
        return AgentResult(status="submitted", reads=(), message=f"copied {Path(source).name}")
