"""What the rules give and the reporters show: findings, and the report of a check."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Optional

from reuse_audit.facts.model import Location
from reuse_audit.source.note import Note


class TargetStatus(str, Enum):
    """What became of a declared reuse target the change does not call (RA002, the benchmark).

    A declared target with no such status is called by the change: reused.  The values are
    the words the reports print (``"status": "bypassed"``).
    """

    REIMPLEMENTED = "reimplemented"  # the change calls at least min-overlap of its callees: re-implemented
    BYPASSED = "bypassed"  # not called, not re-implemented
    UNJUDGED = "unjudged"  # it has fewer than min-callees callees: a re-implementation cannot be judged
    UNKNOWN = "unknown"  # no function, method, class or callable instance of that name in the repository

    def __str__(self) -> str:
        return self.value


#: the key under which reports print a finding's ``target_status``, first of its details
TARGET_STATUS = "status"


@dataclass(frozen=True)
class Candidate:
    """Another target that also qualified, listed in a finding's properties."""

    qualname: str
    location: Location
    shared: int
    total: int
    ratio: float
    added: bool = False  # added by the change under review


@dataclass(frozen=True)
class Finding:
    rule: str  # the rule's code, such as RA001
    location: Location  # the new function N
    function: str  # N's qualified name
    message: str  # one line, without path or code
    target: str  # qualified name of the function to call instead
    target_location: Location
    shared: tuple[str, ...] = ()  # callees N and T share
    missing: tuple[str, ...] = ()  # callees of T that N does not call
    ratio: float = 0.0  # rule-specific score in [0, 1]
    others: tuple[Candidate, ...] = ()
    suppressed: bool = False
    details: tuple[tuple[str, str], ...] = ()  # extra rule-specific key/value pairs
    target_status: Optional[TargetStatus] = None  # a declared target's: what became of it (RA002)

    @property
    def shown_details(self) -> tuple[tuple[str, str], ...]:
        """The details as reports print them: the target's status first, when it has one."""
        if self.target_status is None:
            return self.details
        return ((TARGET_STATUS, self.target_status.value),) + self.details

    @property
    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        loc = self.location
        return (loc.path, loc.line, loc.col, self.rule, self.function, self.target)

    @property
    def stable_key(self) -> str:
        """Identity that survives moved lines: rule, new function, target."""
        import hashlib

        raw = "\0".join((self.rule, self.location.path, self.function, self.target))
        return hashlib.sha256(raw.encode("utf-8", "surrogateescape")).hexdigest()[:32]


#: the kind of a SourceError: a file that does not parse, or bytes that are not Python source
SYNTAX_ERROR = "SyntaxError"


@dataclass(frozen=True)
class SourceError:
    """A changed file the check cannot read as Python, reported as ruff reports a syntax error:
    bytes that are not source text (not UTF-8 and no coding cookie for them: a binary file),
    or code that does not parse.  One a file, at its first error; the check exits 1."""

    location: Location
    message: str
    kind: str = SYNTAX_ERROR


@dataclass(frozen=True)
class Report:
    findings: tuple[Finding, ...]
    notes: tuple[Note, ...] = ()
    files_analysed: int = 0  # Python files of the tree (parsed as far as the check needs)
    functions_checked: int = 0
    rules: tuple[str, ...] = field(default=())
    baselined: int = 0  # findings left out because --baseline already had them
    errors: tuple[SourceError, ...] = ()  # changed files that are not Python, by path
    existing: bool = False  # check PATH...: the functions checked are existing code, no change's


def target_verdicts(report: Report) -> dict[str, TargetStatus]:
    """What a check with declared targets (``Settings.targets``) says of each declared target the
    change does not call, by target name, in the order of the report (:class:`TargetStatus`).

    A declared target that is not in the result is called by the change: reused.  Suppressed
    findings count (a suppression hides a finding, it does not make the change call the target).
    """
    return {f.target: f.target_status for f in report.findings if f.target_status is not None}
