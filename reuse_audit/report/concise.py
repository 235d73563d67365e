"""``--format concise``: one line a finding, as ruff's ``concise`` format.

::

    pkg/new.py:12:1: RA001 [*] 'load_config' re-implements 'pkg.config.read_config' (calls 5 of its 6 callees) without calling it
    Found 1 finding in 1 file (1 suppressed).
    [*] 1 fixable with --fix.

Each line is the text format's first line of the finding (the message names the
function to call instead); the details under it (shared callees, other
candidates, the fix) are left out. The summary lines are the text format's.
"""

from __future__ import annotations

from reuse_audit.lint.model import Report
from reuse_audit.report.common import RenderContext
from reuse_audit.report.text import (
    _summary,
    error_lines,
    finish,
    fixable_line,
    headline,
)


def render(report: Report, ctx: RenderContext) -> str:
    findings = sorted(report.findings, key=lambda f: f.sort_key)
    shown = [f for f in findings if not f.suppressed]
    lines = error_lines(report, ctx) + [headline(f, ctx) for f in shown]
    lines.append(_summary(report, shown, len(findings) - len(shown)))
    fix_line = fixable_line(shown, ctx)
    if fix_line:
        lines.append(fix_line)
    return finish(lines)
