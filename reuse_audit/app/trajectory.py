"""``check --trajectory FILE``: did the author read the target before re-implementing it?

The study's central gap is that agents read nearly all of their earlier
targets, yet do not reuse them.  Given the trajectory of the agent that made
the change, each finding says which case it is:

* ``read, not reused``: the trajectory shows at least ``RECALL_SHARE`` of the
  target's source lines (the benchmark's RECALL definition);
* ``never read``: it does not.

The trajectory is read as the benchmark's adapters read theirs
(``reuse_audit/app/reads/``), the one place commands and tool calls are
turned into reads:

* mini-swe-agent's trajectory (``*.traj.json``: a JSON object of ``messages``
  with ``role``), its shell commands and outputs;
* OpenCode's ``opencode export`` (a JSON object of ``messages`` with ``parts``);
* JSONL as the benchmark writes it: ``reads.jsonl`` (``{"path", "start",
  "end"}`` lines) or ``{"command", "output"}`` lines.

Paths in the trajectory are taken relative to the repository root (the
agent's workspace); absolute paths outside it are ignored.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Callable, Iterable, Optional

from reuse_audit.app.reads import (
    Seen,
    file_reader,
    merge_reads,
    parse_opencode_export,
    reads_from_jsonl,
    reads_from_mini_trajectory,
)
from reuse_audit.errors import UsageError
from reuse_audit.facts.model import Location
from reuse_audit.lint.model import Candidate, Details, Finding, Report, TargetStatus, Violation

__all__ = ["load_reads", "annotate", "READ", "NEVER_READ"]

READ = "read, not reused"
NEVER_READ = "never read"


def _roots(root: Path) -> list[Path]:
    return [p for p in (root / "src", root / "lib") if p.is_dir()] + [root]


def load_reads(path: str, root: Path) -> tuple[tuple, list[str]]:
    """(reads, problems) of the trajectory ``path``; reads are root-relative ``Read``s."""
    file = Path(path)
    option = f"--trajectory {path}"
    if file.is_dir():
        raise UsageError(f"{option}: is a directory, expected a trajectory file")
    try:
        text = file.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise UsageError(f"{option}: no such file") from None
    except OSError as exc:
        raise UsageError(f"{option}: cannot read ({exc.strerror or exc})") from None
    root = Path(root).resolve()
    roots = _roots(root)
    read_file = file_reader()
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        messages = data["messages"]
        if any(isinstance(m, dict) and "parts" in m for m in messages):
            return tuple(parse_opencode_export(data, root, roots, read_file)), []
        return tuple(reads_from_mini_trajectory(data, root, roots, read_file)), []
    if data is not None and not isinstance(data, dict):
        raise UsageError(
            f"{option}: a JSON {type(data).__name__}, not a trajectory "
            "(a mini-swe-agent or OpenCode JSON object, or JSONL reads)"
        )
    # JSONL (a one-line file parses as one object: a read, not a trajectory)
    reads, problems = reads_from_jsonl(file, root, roots, read_file)
    if not reads and problems:
        raise UsageError(f"{option}: no reads in it ({problems[0]})")
    return tuple(merge_reads(reads)), problems


def annotate(report: Report, reads: Iterable) -> Report:
    """Each finding with what the trajectory says of its target: a sentence in the
    message, and ``trajectory`` (and ``trajectory_lines``) in its details."""
    seen = Seen(reads)
    return dataclasses.replace(report, findings=tuple(_annotated(f, seen) for f in report.findings))


def verdict(finding: Finding, seen: Seen) -> Optional[tuple[str, int, int]]:
    """(verdict, lines of the target read, lines of the target); None without a target location."""
    loc = finding.target_location
    if not finding.target or not loc.path or loc.line < 1:
        return None
    shown, total = seen.shown(loc)
    return (READ if seen.recalls(loc) else NEVER_READ), shown, total


@dataclasses.dataclass(frozen=True)
class Traced(Violation):
    """A rule's violation with what the trajectory says of its target: a sentence after its
    message, and ``trajectory`` (and ``trajectory_lines``) after its details."""

    violation: Violation
    verdict: str  # READ or NEVER_READ
    shown: int  # lines of the target the author was shown
    total: int  # lines of the target

    def message(self) -> str:
        if self.verdict == READ:
            sentence = f"Trajectory: read, not reused (the author was shown {self.shown} of its {self.total} lines before this change)."
        elif self.shown:
            sentence = f"Trajectory: never read (the author was shown only {self.shown} of its {self.total} lines)."
        else:
            sentence = f"Trajectory: never read (the author was shown none of its {self.total} lines)."
        message = self.violation.message().rstrip()
        return f"{message}{'' if message.endswith('.') else '.'} {sentence}"

    def fix_title(self) -> Optional[str]:
        return self.violation.fix_title()

    def details(self) -> Details:
        return self.violation.details() + (("trajectory", self.verdict), ("trajectory_lines", f"{self.shown}/{self.total}"))

    def shared_callees(self) -> tuple[str, ...]:
        return self.violation.shared_callees()

    def missing_callees(self) -> tuple[str, ...]:
        return self.violation.missing_callees()

    def score(self) -> float:
        return self.violation.score()

    def candidates(self) -> tuple[Candidate, ...]:
        return self.violation.candidates()

    def confidence(self) -> Optional[float]:
        return self.violation.confidence()

    def target_added(self) -> bool:
        return self.violation.target_added()

    def target_status(self) -> Optional[TargetStatus]:
        return self.violation.target_status()

    def relocated(self, move: Callable[[Location], Location]) -> Violation:
        return dataclasses.replace(self, violation=self.violation.relocated(move))


def _annotated(f: Finding, seen: Seen) -> Finding:
    found = verdict(f, seen)
    if found is None:
        return f
    what, shown, total = found
    return dataclasses.replace(f, violation=Traced(f.target, f.violation, what, shown, total))
