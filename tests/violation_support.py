"""A violation that says what it is given, for the tests of what reads violations (the
reporters, the engine, the fixes) without a rule's check: ``finding(...)`` builds a finding
of any rule code around one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from reuse_audit.facts.model import Location
from reuse_audit.lint.model import Candidate, Details, Finding, Violation


@dataclass(frozen=True, kw_only=True)
class Said(Violation):
    text: str
    shared: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    ratio: float = 0.0
    others: tuple[Candidate, ...] = ()
    said: Details = ()
    title: Optional[str] = None

    def message(self) -> str:
        return self.text

    def fix_title(self) -> Optional[str]:
        return self.title

    def details(self) -> Details:
        return self.said

    def shared_callees(self) -> tuple[str, ...]:
        return self.shared

    def missing_callees(self) -> tuple[str, ...]:
        return self.missing

    def score(self) -> float:
        return self.ratio

    def candidates(self) -> tuple[Candidate, ...]:
        return self.others


def finding(
    rule: str, location: Location, function: str, message: str, target: str, target_location: Location,
    *, suppressed: bool = False, details: Details = (), **said: object,
) -> Finding:
    """A finding of ``rule`` saying ``message``, with the shared, missing, ratio, others and title given."""
    violation = Said(target=target, text=message, said=details, **said)  # type: ignore[arg-type]
    return Finding(rule=rule, location=location, function=function, violation=violation,
                   target_location=target_location, suppressed=suppressed)
