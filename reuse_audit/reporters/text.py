"""The default format, for terminals and pre-commit: one finding per block.

::

    pkg/new.py:12:1: RA001 'load_config' re-implements 'pkg.config.read_config' (calls 5 of its 6 callees) without calling it
        call pkg.config.read_config (pkg/config.py:40) instead; shared: json.loads, .read_text; missing: pkg.util.defaults
        also: pkg.legacy.load (4 of 5)
    Found 1 finding in 1 file (1 suppressed).

Suppressed findings, and findings left out by ``--baseline``, are counted
("(1 suppressed, 3 in baseline)"), not printed.  Notes are not printed here: the
CLI writes them to stderr.
"""

from __future__ import annotations

from ..model import Finding, Report
from . import RenderContext, also_text, candidate_note

INDENT = "    "


def render(report: Report, ctx: RenderContext) -> str:
    findings = sorted(report.findings, key=lambda f: f.sort_key)
    shown = [f for f in findings if not f.suppressed]
    suppressed = len(findings) - len(shown)

    lines: list[str] = []
    for finding in shown:
        lines.extend(_finding_lines(finding))
    lines.append(_summary(report, shown, suppressed))
    return "\n".join(lines) + "\n"


def _shown(path: str) -> str:
    """A path on one line: a line break in a file name is written as ``\\n``."""
    return path.replace("\r", "\\r").replace("\n", "\\n")


def _finding_lines(f: Finding) -> list[str]:
    loc = f.location
    out = [f"{_shown(loc.path)}:{loc.line}:{loc.col + 1}: {f.rule} {f.message}"]

    target_at = f"{_shown(f.target_location.path)}:{f.target_location.line}"
    detail = f"call {f.target} ({target_at}) instead"
    if f.shared:
        detail += "; shared: " + ", ".join(f.shared)
    if f.missing:
        detail += "; missing: " + ", ".join(f.missing)
    out.append(INDENT + detail)

    if f.others:
        also = also_text(f, lambda c: f"{c.qualname} ({candidate_note(f, c)})")
        out.append(INDENT + "also: " + also)
    return out


def _summary(report: Report, shown: list[Finding], suppressed: int) -> str:
    """The last line; the text and github formats share it."""
    hidden = [f"{suppressed} suppressed"] if suppressed else []
    if report.baselined:
        hidden.append(f"{report.baselined} in baseline")
    tail = f" ({', '.join(hidden)})" if hidden else ""
    if not shown:
        checked = _plural(report.functions_checked, "changed function")
        repository = _plural(report.files_analysed, "file")
        return f"No findings: {checked} checked against {repository}{tail}."
    files = len({f.location.path for f in shown})
    return f"Found {_plural(len(shown), 'finding')} in {_plural(files, 'file')}{tail}."


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
