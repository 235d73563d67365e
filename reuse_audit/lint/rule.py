"""What every rule is: a code, a name, its documentation and a pure ``check``.

A rule's documentation is the docstring of its module in ``rules/``, written in
fixed Markdown sections (after ruff).  The SARIF help, ``reuse-audit rule CODE``
and ``docs/rules/*.md`` are all generated from it, never written twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from reuse_audit.change.model import ChangeSet
from reuse_audit.index.protocol import CLONE_CANDIDATES, DECLARED_TARGETS, LOOKUP, known
from reuse_audit.lint.edits import ReplaceWithCall
from reuse_audit.lint.model import Finding, TargetStatus
from reuse_audit.settings import Settings

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.index.protocol import Index

REQUIRED_SECTIONS = (
    "What it does",
    "Why is this bad?",
    "Example",
    "How to fix",
    "How to suppress",
    "Options",
)

HOMEPAGE = "https://github.com/reuse-audit/reuse-audit"
FULL_DESCRIPTION_LIMIT = 1024  # GitHub code scanning's limit for fullDescription.text
DOCS_BASE = HOMEPAGE + "/blob/main/docs/rules/"

# A rule that ``needs_targets`` reports each declared target the change does not call in one
# finding (``Finding.target``) with its ``target_status`` (lint.model.TargetStatus); read them
# with ``lint.model.target_verdicts`` (``reuse_audit.api.target_verdicts``).
REIMPLEMENTED = TargetStatus.REIMPLEMENTED
BYPASSED = TargetStatus.BYPASSED
UNJUDGED = TargetStatus.UNJUDGED
UNKNOWN = TargetStatus.UNKNOWN
TARGET_STATUSES = tuple(TargetStatus)

#: ``check(change, index, settings, prior)``: ``prior`` holds the findings of the same check made by
#: the rules it defers to (``Rule.defers_to``), in their order; empty for the others.
CheckFunction = Callable[[ChangeSet, "Index", Settings, tuple[Finding, ...]], Iterator[Finding]]
#: ``fix(finding)``: the edit that removes a finding of the rule, built from its violation
FixFunction = Callable[[Finding], ReplaceWithCall]


@dataclass(frozen=True)
class Option:
    """A setting of ``[tool.reuse-audit]`` a rule reads, declared by the rule (ruff's options):
    the configuration checks and reads it through this, so that a rule's new option needs no
    edit elsewhere.  Its value is the field of :class:`Settings` of the same name (``min-tokens``:
    ``min_tokens``) when there is one (an option the index reads too, or one several rules
    share, with its default there); else ``Settings.rule_options`` holds it (:meth:`value`)."""

    name: str  # in [tool.reuse-audit], such as min-similarity
    kind: type  # int, float, bool, or tuple: a list of strings
    doc: str  # one line
    low: Optional[float] = None  # the smallest value allowed (int and float)
    high: Optional[float] = None  # the largest value allowed (int and float)
    default: Any = None  # the value when not set, for an option without a Settings field

    @property
    def attr(self) -> str:
        """The name of its field of :class:`Settings`."""
        return self.name.replace("-", "_")

    @property
    def in_settings(self) -> bool:
        """Whether :class:`Settings` has a field for it."""
        return self.attr in {f.name for f in fields(Settings)}

    def value(self, settings: Settings) -> Any:
        """Its value in ``settings``."""
        if self.in_settings:
            return getattr(settings, self.attr)
        return dict(settings.rule_options).get(self.name, self.default)


@dataclass(frozen=True)
class Rule:
    code: str  # such as RA001
    name: str  # such as reimplemented-function
    summary: str  # one sentence: shortDescription
    doc: str  # Markdown, with REQUIRED_SECTIONS
    check: CheckFunction
    level: str = "warning"  # SARIF level: "error" | "warning" | "note"
    precision: str = "high"  # SARIF/CodeQL precision: very-high | high | medium | low
    tags: tuple[str, ...] = ("maintainability", "reuse")
    # What a rule needs and offers, declared here so that nothing outside rules/ names a rule:
    # what it asks of the index (index_protocol.py's capabilities): the engine builds an index that
    # answers all of them exactly before running it (the full one when the lazy one cannot)
    needs: frozenset[str] = frozenset({LOOKUP})
    # the fix of one of its findings, as an edit fix/ makes and verifies (None: the rule has no fix)
    fix: Optional[FixFunction] = None
    others_by: str = "callees"  # how its other candidates are described: "callees" or "similarity"
    # codes of rules whose evidence is stronger: when one of them reports the same function with
    # another target, this rule's finding on it is dropped (one function, one function to call)
    yields_to: tuple[str, ...] = ()
    # codes of rules whose findings of the same check this rule is given (``prior``), to leave the
    # pairs they report to them; the engine runs those first
    defers_to: tuple[str, ...] = ()
    # the settings it reads (besides those of every rule: exclude, select, ignore, per-file-ignores)
    options: tuple[Option, ...] = ()
    # a rule whose operating point is still measured (ruff's preview rules): it runs only when
    # ``select`` names its code whole, never by a prefix (``RA``) nor by default
    preview: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "needs", known(self.needs))  # (a set given is checked, and frozen)

    @property
    def fixable(self) -> bool:
        """Its findings have a fix (``fix``)."""
        return self.fix is not None

    @property
    def needs_targets(self) -> bool:
        """It reads the declared reuse targets (``index.declared``), and runs only when targets are
        declared; it says what became of each declared target the change does not call
        (``Finding.target_status``: read them with ``reuse_audit.api.target_verdicts``)."""
        return DECLARED_TARGETS in self.needs

    @property
    def needs_clones(self) -> bool:
        """It reads the clone index (``index.clones``): the engine builds it."""
        return CLONE_CANDIDATES in self.needs

    @property
    def doc_filename(self) -> str:
        return f"{self.code}-{self.name}.md"

    @property
    def help_uri(self) -> str:
        return DOCS_BASE + self.doc_filename

    def section(self, title: str) -> str:
        return doc_sections(self.doc).get(title, "")

    @property
    def full_description(self) -> str:
        """Plain text: what it does and why, for SARIF fullDescription.

        GitHub code scanning takes at most 1024 characters here: a longer text is
        cut at the last sentence that fits (the whole doc is in help.markdown).
        """
        text = " ".join(
            _plain(self.section(t)) for t in ("What it does", "Why is this bad?") if self.section(t)
        )
        if len(text) <= FULL_DESCRIPTION_LIMIT:
            return text
        cut = text.rfind(". ", 0, FULL_DESCRIPTION_LIMIT - 1)
        return text[: cut + 1] if cut > 0 else text[: FULL_DESCRIPTION_LIMIT - 3].rstrip() + "..."

    def markdown(self) -> str:
        """The rule's page: docs/rules/<code>-<name>.md and SARIF help.markdown."""
        return f"# {self.code} `{self.name}`\n\n{self.summary}\n\n{self.doc.strip()}\n"


_SECTION = re.compile(r"^## +(.+?) *$", re.M)


def doc_sections(doc: str) -> dict[str, str]:
    """Split Markdown on ``## Title`` lines into {title: body}."""
    heads = list(_SECTION.finditer(doc))
    sections = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(doc)
        sections[head.group(1)] = doc[head.end() : end].strip()
    return sections


def _plain(markdown: str) -> str:
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(text.split())
