"""What every renderer is given (:class:`RenderContext`) and the wording they share.

The renderers import this module, never the package: the package imports them
(its :func:`reuse_audit.report.render` picks one by format)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Mapping, Optional

from reuse_audit.lint.model import Candidate, Finding
from reuse_audit.lint.rule import Rule
from reuse_audit.source.change import Provenance

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.fix.plan import Fix


@dataclass(frozen=True)
class RenderContext:
    rules: tuple[Rule, ...]  # the rules that ran, in code order
    version: str  # reuse-audit's version
    source: Callable[[str], Optional[bytes]]  # repo-relative path -> file bytes of the after-tree
    provenance: Optional[Provenance] = None
    category: Optional[str] = None  # SARIF automationDetails.id suffix
    fixes: Mapping[str, "Fix"] = field(default_factory=dict)  # Finding.stable_key -> verified fix (SARIF ``fixes``)
    color: bool = False  # text, full: ANSI colours (--color; NO_COLOR)
    show_fixes: bool = False  # text, full: each fix's description under its finding (--show-fixes)
    fix_option: str = "--fix"  # text, full: the option that applies a safe fix ("--diff" for a patch)
    unsafe_fixes: int = 0  # text, full: findings whose fix is unsafe and was not applied or counted as fixable

    def rule(self, code: str) -> Optional[Rule]:
        """The rule (of those that ran) of the code ``code``, None for another."""
        return next((r for r in self.rules if r.code == code), None)


def candidate_note(finding: Finding, candidate: Candidate, rule: Optional[Rule]) -> str:
    """How another qualifying target of a finding is described: by callees, or by similarity
    (as its rule declares: ``Rule.others_by``)."""
    added = ", added by this change" if candidate.added else ""
    if by_similarity(rule):
        return f"{int(candidate.ratio * 100 + 1e-9)}% token similarity{added}"
    return f"{candidate.shared} of {candidate.total}{added}"


def by_similarity(rule: Optional[Rule]) -> bool:
    """Whether ``rule`` (a finding's) describes its other candidates by token similarity."""
    return rule is not None and rule.others_by == "similarity"


#: At most this many other targets are listed in a finding's ``also:`` line.
ALSO_LIMIT = 5


#: At most this many related locations in a SARIF result (the target and the first others).
RELATED_LIMIT = 10


def also_text(finding: Finding, describe: Callable[[Candidate], str]) -> str:
    """The other targets of a finding, at most ``ALSO_LIMIT`` of them, then ``and N more``."""
    others = finding.violation.candidates()
    shown = [describe(c) for c in others[:ALSO_LIMIT]]
    rest = len(others) - len(shown)
    if rest > 0:
        shown.append(f"and {rest} more")
    return ", ".join(shown)
