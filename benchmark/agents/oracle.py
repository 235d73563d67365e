"""``oracle``: writes the turn's reference solution; reads nothing.

Options: ``solution_attr`` = ``"solution"`` (default) or ``"reinvent"`` (the
solution that passes the tests but copies the targets inline; for
``bench verify`` and tests).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ..model import AgentResult, TurnRequest
from .base import check_options
from reuse_audit.errors import UsageError

SOLUTION_ATTRS = ("solution", "reinvent")


class OracleAgent:
    name = "oracle"

    def __init__(self, options: dict) -> None:
        check_options(self.name, options, ["solution_attr"])
        self.solution_attr = options.get("solution_attr", "solution")
        if self.solution_attr not in SOLUTION_ATTRS:
            raise UsageError(
                f"agent oracle: solution_attr must be one of {', '.join(SOLUTION_ATTRS)}, not {self.solution_attr!r}"
            )

    def run_turn(self, request: TurnRequest) -> AgentResult:
        source = getattr(request.turn, self.solution_attr)
        if source is None:
            return AgentResult(
                status="error",
                message=f"turn {request.turn.number} of {request.chain.id} has no {self.solution_attr} file",
            )
        target = Path(request.workspace) / request.turn.path
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        except OSError as exc:
            return AgentResult(status="error", message=f"cannot write {request.turn.path}: {exc.strerror or exc}")
        return AgentResult(status="submitted", reads=(), message=f"copied {Path(source).name}")
