"""What RA001 and RA003 find alike: a new function that does what an existing one (the target)
does, so that a call of the target can replace its body (the fix both rules offer)."""

from __future__ import annotations

from dataclasses import dataclass

from reuse_audit.lint.edits import ReplaceWithCall
from reuse_audit.lint.model import Candidate, Finding, Violation


@dataclass(frozen=True, kw_only=True)
class Copy(Violation):
    """A new function that re-does the target: the callees they share, the others that qualified."""

    local_name: str  # the new function's name in its module (``Class.method``)
    status: str  # "added" or "modified": what the change did to the new function
    shared: tuple[str, ...]  # callees the two share
    missing: tuple[str, ...]  # callees of the target the new function does not call
    others: tuple[Candidate, ...] = ()  # other targets that qualified, strongest first

    def fix_title(self) -> str:
        return f"Replace the body of '{self.local_name}' with a call of '{self.target}'"

    def shared_callees(self) -> tuple[str, ...]:
        return self.shared

    def missing_callees(self) -> tuple[str, ...]:
        return self.missing

    def candidates(self) -> tuple[Candidate, ...]:
        return self.others


def replace_with_call(finding: Finding) -> ReplaceWithCall:
    """The fix of a finding of RA001 or RA003 (``Rule.fix``): the new function's body replaced with
    a call of the target its violation names, under its fix title."""
    violation = finding.violation
    if not isinstance(violation, Copy):
        raise TypeError(f"{finding.rule}'s fix is given a {type(violation).__name__}, not a copy's violation")
    return ReplaceWithCall(finding.function, finding.location, violation.target, finding.target_location, violation.fix_title())
