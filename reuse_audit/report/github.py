"""GitHub Actions workflow commands: one annotation per unsuppressed finding.

::

    ::warning file=pkg/new.py,line=12,col=1,endLine=15,title=RA001 reimplemented-function::'load_config' re-implements ...%0ACall pkg.config.read_config (pkg/config.py:40) instead.%0A...
    Found 1 finding in 1 file (1 suppressed).

Printed to the log of a GitHub Actions step, each ``::warning`` line becomes an
annotation on the file and line (in the pull request's "Files changed" tab
when the line is part of the diff), without code scanning.  The rule's level
picks the command: ``error`` -> ``::error``, ``warning`` -> ``::warning``,
``note`` -> ``::notice``.

Escaping follows ``@actions/core`` (``toolkit/packages/core/src/command.ts``):
in the message ``%``, CR and LF become ``%25``, ``%0D``, ``%0A``; property
values also escape ``:`` and ``,`` as ``%3A`` and ``%2C``.  The message's line
breaks are written as ``%0A``, so each annotation is one line of output.  The
summary at the end is a plain line (the runner prints it as is).
"""

from __future__ import annotations

import re
from typing import Optional

from reuse_audit.escape import for_terminal
from reuse_audit.lint.model import Finding, Report
from reuse_audit.lint.rule import Rule
from reuse_audit.report.common import RenderContext, also_text, candidate_note
from reuse_audit.report.sarif import utf16_column
from reuse_audit.report.text import _summary

COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def render(report: Report, ctx: RenderContext) -> str:
    findings = sorted(report.findings, key=lambda f: f.sort_key)
    shown = [f for f in findings if not f.suppressed]
    lines = [
        f"::error file={escape_property(e.location.path)},line={e.location.line},col={e.location.col + 1},"
        f"title={escape_property(e.kind)}::{escape_data(e.message)}"
        for e in sorted(report.errors, key=lambda e: (e.location.path, e.location.line))
    ]
    lines += [annotation(f, ctx.rule(f.rule), ctx) for f in shown]
    lines.append(_summary(report, shown, len(findings) - len(shown)))
    return "\n".join(lines) + "\n"


def annotation(f: Finding, rule: Optional[Rule], ctx: RenderContext) -> str:
    """``::warning file=…,line=…,col=…,endLine=…,title=…::message`` for one finding."""
    loc = f.location
    command = COMMANDS.get(rule.level if rule is not None else "warning", "warning")
    properties = [
        ("file", loc.path),
        ("line", str(loc.line)),
        ("col", str(utf16_column(ctx.source(loc.path), loc.line, loc.col))),
    ]
    if loc.end_line >= loc.line:
        properties.append(("endLine", str(loc.end_line)))
    properties.append(("title", f"{f.rule} {rule.name}" if rule is not None else f.rule))
    props = ",".join(f"{name}={escape_property(value)}" for name, value in properties)
    return f"::{command} {props}::{escape_data(message(f, rule))}"


def message(f: Finding, rule: Optional[Rule]) -> str:
    """The finding's message, what to call instead, and the callees (lines joined by LF)."""
    target = f.target_location
    if target.path:
        lines = [f.message.rstrip(), f"Call {f.target} ({target.path}:{target.line}) instead."]
    else:  # a declared target that names nothing in the repository
        lines = [f.message.rstrip(), f"No {f.target} in the repository: check the targets file."]
    shared, missing = f.violation.shared_callees(), f.violation.missing_callees()
    if shared:
        lines.append("Shared callees: " + ", ".join(shared))
    if missing:
        lines.append("Missing callees: " + ", ".join(missing))
    if f.violation.candidates():
        also = also_text(f, lambda c: f"{c.qualname} ({c.location.path}:{c.location.line}, {candidate_note(f, c, rule)})")
        lines.append("Also: " + also)
    if rule is not None:
        lines.append(f"Rule {f.rule}: {rule.help_uri}")
    return "\n".join(lines)


def escape_data(text: str) -> str:
    # CR and LF as @actions/core escapes them; any other control character (an ESC in a
    # file name) is written visibly, as the text format does
    parts = re.split(r"(\r|\n)", text)
    return "".join({"\r": "%0D", "\n": "%0A"}.get(p) or for_terminal(p).replace("%", "%25") for p in parts)


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
