"""What the rules give and the reporters show: findings, and the report of a check."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, Callable, Optional

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


#: what a finding says besides its message: (key, value) pairs, as the reports print them
Details = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Violation(ABC):
    """What a rule found, typed (ruff's ``Violation``): each rule subclasses it with a frozen
    dataclass holding exactly its facts, and says how it reads (:meth:`message`,
    :meth:`fix_title`).

    The reporters, the fixes and the benchmark read a finding through these methods, never
    through a rule's fields or its details' strings; a rule answers those that apply to it
    (the defaults say "nothing").
    """

    target: str  # qualified name of the function to call instead (a declared target's name, RA002)

    @abstractmethod
    def message(self) -> str:
        """One line, without path or code."""

    def fix_title(self) -> Optional[str]:
        """What the fix does (its description starts so), None when the rule has no fix."""
        return None

    def details(self) -> Details:
        """The rule's other facts as reports print them (JSON ``details``, SARIF properties)."""
        return ()

    def shared_callees(self) -> tuple[str, ...]:
        """Callees the new function and the target share."""
        return ()

    def missing_callees(self) -> tuple[str, ...]:
        """Callees of the target the new function does not call."""
        return ()

    def score(self) -> float:
        """The rule's score in [0, 1] (JSON and SARIF ``ratio``)."""
        return 0.0

    def candidates(self) -> tuple[Candidate, ...]:
        """Other targets that also qualified, strongest first."""
        return ()

    def confidence(self) -> Optional[float]:
        """How sure the rule is, in [0, 1] as its details print it (SARIF ``rank``); None: not said."""
        return None

    def target_added(self) -> bool:
        """Whether the target was added by the change under review."""
        return False

    def target_status(self) -> Optional[TargetStatus]:
        """A declared target's: what became of it (RA002); None for a finding of another kind."""
        return None

    def relocated(self, move: Callable[[Location], Location]) -> "Violation":
        """This violation with each location it holds (its own, its candidates') moved by ``move``."""
        changes: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Location):
                changes[f.name] = move(value)
            elif isinstance(value, tuple) and value and all(isinstance(c, Candidate) for c in value):
                changes[f.name] = tuple(replace(c, location=move(c.location)) for c in value)
        return replace(self, **changes) if changes else self


@dataclass(frozen=True)
class Finding:
    """A violation where it was found: what every finding has, and the rule's typed :class:`Violation`."""

    rule: str  # the rule's code, such as RA001
    location: Location  # the new function N
    function: str  # N's qualified name
    violation: Violation
    target_location: Location
    suppressed: bool = False

    @property
    def message(self) -> str:
        """One line, without path or code."""
        return self.violation.message()

    @property
    def target(self) -> str:
        """Qualified name of the function to call instead."""
        return self.violation.target

    @property
    def target_status(self) -> Optional[TargetStatus]:
        """A declared target's: what became of it (RA002)."""
        return self.violation.target_status()

    def relocated(self, move: Callable[[Location], Location]) -> "Finding":
        """This finding with its locations moved by ``move`` (the lines a fix moved)."""
        return replace(
            self, location=move(self.location), target_location=move(self.target_location),
            violation=self.violation.relocated(move),
        )

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
