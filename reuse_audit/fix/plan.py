"""The plain data of suggested fixes: an edit, a fix, a plan of verified fixes.

Kept apart from ``fixes.py`` (which makes fixes with libcst, a costly import) so
that what only reads fixes (the reporters, a check answered from the cache by
``answers.py``) does not load libcst.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping, Optional

from reuse_audit.escape import git_quote
from reuse_audit.source.note import Note

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.lint.engine import Result
    from reuse_audit.lint.rule import Rule

__all__ = ["Edit", "Fix", "FixPlan", "fixable_codes", "split_lines", "unified_diff"]


def fixable_codes(rules: Iterable["Rule"]) -> frozenset[str]:
    """The codes of ``rules`` (the rules a check ran) whose findings have a fix (``Rule.fix``)."""
    return frozenset(rule.code for rule in rules if rule.fixable)


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def split_lines(text: str) -> list[str]:
    """Lines with their endings (``\\r\\n``, ``\\r`` or ``\\n``), as the SARIF line numbers count them."""
    return _LINE.findall(text)


def unified_diff(path: str, old: str, new: str) -> str:
    """A ``git diff`` of one file (``git apply`` takes it)."""
    if old == new:
        return ""
    a, b = git_quote(path, "a/"), git_quote(path, "b/")
    tab = "\t" if " " in path else ""  # as git writes them, so that patch(1) reads the name whole
    out = [f"diff --git {a} {b}\n", f"--- {a}{tab}\n", f"+++ {b}{tab}\n"]
    lines = list(difflib.unified_diff(split_lines(old), split_lines(new), n=3))[2:]
    for line in lines:
        if line.endswith(("\n", "\r")):
            out.append(line)
        else:
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)


@dataclass(frozen=True)
class Edit:
    """Replace lines ``start_line`` to ``end_line`` (1-based, inclusive) with ``replacement``.

    ``replacement`` is whole lines, each with its line ending.  When
    ``end_line == start_line - 1`` nothing is removed: ``replacement`` is
    inserted before line ``start_line``.  An edit never removes lines without
    putting something in their place, and never starts past the last line.
    """

    start_line: int
    end_line: int
    replacement: str

    @property
    def is_insertion(self) -> bool:
        return self.end_line < self.start_line


@dataclass(frozen=True)
class Fix:
    """A suggested fix of one finding: the whole file before and after, and the edits between."""

    path: str  # N's file, relative to the repository root
    original: str  # its text (as in the change's after-tree)
    fixed: str  # its text with the fix applied
    description: str  # one line
    edits: tuple[Edit, ...]  # original -> fixed, in line order
    key: str = ""  # Finding.stable_key of the finding it fixes
    # safe: N is T with only its local names changed (see ``renamed_copy``), so
    # calling T keeps what N did; otherwise N's behaviour becomes T's, and
    # --fix and --diff take the fix only with --unsafe-fixes (as ruff does)
    safe: bool = False

    def diff(self) -> str:
        """The fix as a ``git diff`` of its file."""
        return unified_diff(self.path, self.original, self.fixed)


@dataclass(frozen=True)
class FixPlan:
    """The fixes of a run, verified, and why the other findings have none."""

    fixes: Mapping[str, Fix] = field(default_factory=dict)  # stable key -> fix
    unsafe_left: int = 0  # unsafe fixes not planned (no --unsafe-fixes): how many
    files: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # path -> (original, fixed): all fixes applied
    reasons: Mapping[str, str] = field(default_factory=dict)  # stable key -> why there is no fix
    notes: tuple[Note, ...] = ()  # fixes dropped by the verification, and why
    # the check of the after-tree with every fix applied (None: no fix); what --fix reports
    result: Optional["Result"] = None

    def diff(self) -> str:
        """Every fix, as one ``git diff`` (files in path order)."""
        return "".join(unified_diff(p, old, new) for p, (old, new) in sorted(self.files.items()))
