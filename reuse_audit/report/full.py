"""``--format full``: each finding with the code it is about, as ruff's ``full`` format shows it.

::

    RA001 [*] 'handle' re-implements 'pkg.core.process' (calls 4 of its 4 callees) without calling it
     --> pkg/new.py:6:1
      |
    6 | def handle(path):
    7 |     raw = load(path)
      |
     ::: pkg/core.py:8:1: call this instead
      |
    8 | def process(path):
    9 |     "Load, clean, check and emit one file."
      |
      = call pkg.core.process instead; shared: pkg.util.check, pkg.util.clean
    help: Replace the body of 'handle' with a call of 'pkg.core.process'
      |
    6 | def handle(path):
      -     raw = load(path)
    7 +     return process(path)
      |

The new function's lines come first, then the function to call instead (each
cut to ``MAX_LINES`` lines, the middle elided), the reasons, and the fix as a
diff when there is one (``note: an unsafe fix`` when it changes what the
function does).  The summary lines are the text format's.
"""

from __future__ import annotations

import difflib
from typing import Optional

from reuse_audit.facts.model import Location
from reuse_audit.lint.model import Finding, Report
from reuse_audit.report.common import RenderContext
from reuse_audit.report.text import (
    BOLD,
    CYAN,
    GREEN,
    RED,
    _shown,
    _summary,
    detail_lines,
    error_lines,
    finish,
    fixable_line,
    paint,
    safe_fix,
)

MAX_LINES = 8


def render(report: Report, ctx: RenderContext) -> str:
    findings = sorted(report.findings, key=lambda f: f.sort_key)
    shown = [f for f in findings if not f.suppressed]
    errors = error_lines(report, ctx)
    lines: list[str] = errors + ([""] if errors else [])
    for f in shown:
        lines.extend(_block(f, ctx))
        lines.append("")
    lines.append(_summary(report, shown, len(findings) - len(shown)))
    fix_line = fixable_line(shown, ctx)
    if fix_line:
        lines.append(fix_line)
    return finish(lines)


def _lines(ctx: RenderContext, path: str) -> Optional[list[str]]:
    data = ctx.source(path) if path else None
    if data is None:
        return None
    return data.decode("utf-8", "replace").lstrip("\ufeff").splitlines()


def _snippet(ctx: RenderContext, loc: Location, width: int) -> list[str]:
    """The function's lines (at most MAX_LINES, the middle elided), numbered in a gutter ``width`` wide."""
    lines = _lines(ctx, loc.path)
    if lines is None or not 1 <= loc.line <= len(lines):
        return []
    end = min(max(loc.end_line, loc.line), len(lines))
    numbers = list(range(loc.line, end + 1))
    if len(numbers) > MAX_LINES:
        head = MAX_LINES // 2
        numbers = numbers[:head] + [0] + numbers[-(MAX_LINES - head - 1):]
    bar = paint("|", CYAN, ctx)
    out = [f"{'':>{width}} {bar}"]
    for n in numbers:
        if n == 0:
            out.append(f"{'...':>{width}} {bar}")
        else:
            out.append(f"{paint(str(n).rjust(width), CYAN, ctx)} {bar} {lines[n - 1].rstrip()}")
    out.append(f"{'':>{width}} {bar}")
    return out


def _fix_diff(ctx: RenderContext, f: Finding, width: int) -> list[str]:
    fix = ctx.fixes.get(f.stable_key)
    if fix is None:
        return []
    old, new = fix.original.splitlines(), fix.fixed.splitlines()
    bar = paint("|", CYAN, ctx)
    out = [f"{paint('help', BOLD + GREEN, ctx)}: {fix.description}", f"{'':>{width}} {bar}"]
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for group in matcher.get_grouped_opcodes(1):
        if out[-1] != f"{'':>{width}} {bar}":
            out.append(f"{'...':>{width}} {bar}")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                for k in range(j1, j2):
                    out.append(f"{paint(str(k + 1).rjust(width), CYAN, ctx)} {bar} {new[k]}".rstrip())
                continue
            for k in range(i1, i2):
                out.append(f"{'':>{width}} {paint('- ' + old[k], RED, ctx)}".rstrip())
            for k in range(j1, j2):
                out.append(f"{paint(str(k + 1).rjust(width), CYAN, ctx)} {paint('+ ' + new[k], GREEN, ctx)}".rstrip())
    out.append(f"{'':>{width}} {bar}")
    if not fix.safe:
        out.append(f"{paint('note', BOLD, ctx)}: an unsafe fix: the function will do what {f.target} does (--unsafe-fixes takes it)")
    return out


def _block(f: Finding, ctx: RenderContext) -> list[str]:
    loc, tloc = f.location, f.target_location
    ends = [loc.line, max(loc.end_line, loc.line), tloc.line, max(tloc.end_line, tloc.line)]
    fix = ctx.fixes.get(f.stable_key)
    if fix is not None:
        ends.append(len(fix.fixed.splitlines()))
    width = max(len(str(n)) for n in ends)
    mark = " " + paint("[*]", CYAN, ctx) if safe_fix(f, ctx) else ""
    out = [f"{paint(f.rule, BOLD + RED, ctx)}{mark} {paint(f.message, BOLD, ctx)}"]
    out.append(f"{'':>{width - 1}}{paint('-->', CYAN, ctx)} {_shown(loc.path)}:{loc.line}:{loc.col + 1}")
    out.extend(_snippet(ctx, loc, width))
    if tloc.path:
        out.append(f"{'':>{width - 1}}{paint(':::', CYAN, ctx)} {_shown(tloc.path)}:{tloc.line}:{tloc.col + 1}: call this instead")
        out.extend(_snippet(ctx, tloc, width))
    details = [d for d in detail_lines(f, ctx) if not d.startswith("fix (")]
    for d in details:
        out.append(f"{'':>{width}} {paint('=', CYAN, ctx)} {d}")
    out.extend(_fix_diff(ctx, f, width))
    return out

