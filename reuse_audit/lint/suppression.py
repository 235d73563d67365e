"""The one suppression pass: what the user asked not to be told, for every rule alike.

* ``per-file-ignores`` (``[tool.reuse-audit.per-file-ignores]``): a finding of a listed
  rule in a matching file is dropped;
* ``# reuse-audit: ignore[CODE]`` or ``# noqa: CODE`` on the ``def`` line of the function
  a finding is about (``ignore`` or ``noqa`` alone: every rule) marks it suppressed: it is
  kept, counted and shown as suppressed, and it fails nothing.

Rules never read suppressions themselves.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from reuse_audit.index.protocol import Index
from reuse_audit.lint.model import Finding
from reuse_audit.settings import Settings

__all__ = ["apply"]


def apply(findings: Iterable[Finding], index: Index, settings: Settings) -> list[Finding]:
    """``findings`` less those ``per-file-ignores`` drops, each marked suppressed or not."""
    kept = []
    for finding in findings:
        if settings.ignored_in(finding.rule, finding.location.path):
            continue
        suppressed = _suppressed(finding, index)
        if suppressed != finding.suppressed:
            finding = dataclasses.replace(finding, suppressed=suppressed)
        kept.append(finding)
    return kept


def _suppressed(finding: Finding, index: Index) -> bool:
    function = index.functions.get(finding.function) if finding.function else None
    return function is not None and bool({"*", finding.rule} & set(function.fact.suppressions))
