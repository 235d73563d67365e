"""The default format, for terminals and pre-commit: one finding per block.

::

    pkg/new.py:12:1: RA001 [*] 'load_config' re-implements 'pkg.config.read_config' (calls 5 of its 6 callees) without calling it
        call pkg.config.read_config (pkg/config.py:40) instead; shared: json.loads, .read_text; missing: pkg.util.defaults
        also: pkg.legacy.load (4 of 5)
        .read_text: a call of a method named read_text on an object whose type is not known
    Found 1 finding in 1 file (1 suppressed).
    [*] 1 fixable with --fix.

``[*]`` marks a finding with a safe fix (as ruff marks them); the last line
counts them, and the unsafe ones ``--unsafe-fixes`` would take.  With
``--show-fixes`` each fix's description follows its finding.  Colours (``--color``)
are ANSI: the path bold, the rule code red, ``[*]`` cyan, the function to call green.

A changed file that is not Python comes first, as ruff writes a syntax error
(``pkg/bad.py:3:1: SyntaxError: the code does not parse near line 3; ...``), and the
summary counts such files.  Suppressed findings, and findings left out by ``--baseline``, are counted
("(1 suppressed, 3 in baseline)"), not printed.  Notes are not printed here: the
CLI writes them to stderr.
"""

from __future__ import annotations

import re
import secrets
from typing import Optional

from reuse_audit.escape import for_terminal
from reuse_audit.lint.model import Finding, Report
from reuse_audit.report.common import RenderContext, also_text, candidate_note

INDENT = "    "

# ANSI SGR codes
BOLD, DIM, RED, GREEN, YELLOW, CYAN, RESET = "\033[1m", "\033[2m", "\033[31m", "\033[32m", "\033[33m", "\033[36m", "\033[0m"


# paint() writes placeholders, not escape codes: every line is escaped whole by
# for_terminal (names and code come from the change), then finish() turns the
# placeholders into colour.  Their nonce is drawn per process, so no file or
# function name can spell one and smuggle an escape sequence past for_terminal.
_NONCE = secrets.token_hex(8)
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_PLACEHOLDER = re.compile("\ue000" + _NONCE + "([0-9;]*)\ue001")


def _placeholder(style: str) -> str:
    return _SGR.sub(lambda m: f"\ue000{_NONCE}{m.group(1)}\ue001", style)


def paint(text: str, style: str, ctx: RenderContext) -> str:
    return f"{_placeholder(style)}{text}{_placeholder(RESET)}" if ctx.color and text else text


def finish(lines: list[str]) -> str:
    """The lines as written: control characters escaped, then the colours of paint()."""
    return "".join(_PLACEHOLDER.sub(lambda m: f"\x1b[{m.group(1)}m", for_terminal(line)) + "\n" for line in lines)


def render(report: Report, ctx: RenderContext) -> str:
    findings = sorted(report.findings, key=lambda f: f.sort_key)
    shown = [f for f in findings if not f.suppressed]
    suppressed = len(findings) - len(shown)

    lines: list[str] = error_lines(report, ctx)
    for finding in shown:
        lines.extend(_finding_lines(finding, ctx))
    lines.append(_summary(report, shown, suppressed))
    fix_line = fixable_line(shown, ctx)
    if fix_line:
        lines.append(fix_line)
    return finish(lines)


def _shown(path: str) -> str:
    """A path on one line, its control characters visible (``\\n``, ``\\x1b``)."""
    return for_terminal(path)


def error_lines(report: Report, ctx: RenderContext) -> list[str]:
    """``path:line:col: SyntaxError: message`` for each changed file that is not Python (as ruff writes one)."""
    return [
        f"{paint(_shown(e.location.path), BOLD, ctx)}:{e.location.line}:{e.location.col + 1}: "
        f"{paint(e.kind, BOLD + RED, ctx)}: {e.message}"
        for e in sorted(report.errors, key=lambda e: (e.location.path, e.location.line))
    ]


def safe_fix(f: Finding, ctx: RenderContext) -> bool:
    fix = ctx.fixes.get(f.stable_key)
    return fix is not None and fix.safe


def headline(f: Finding, ctx: RenderContext) -> str:
    """``path:line:col: CODE [*] message``."""
    loc = f.location
    where = paint(_shown(loc.path), BOLD, ctx) + f":{loc.line}:{loc.col + 1}:"
    mark = " " + paint("[*]", CYAN, ctx) if safe_fix(f, ctx) else ""
    return f"{where} {paint(f.rule, BOLD + RED, ctx)}{mark} {f.message}"


def detail_lines(f: Finding, ctx: RenderContext) -> list[str]:
    """What to call instead and why, the other candidates, unknown receivers, the fix."""
    out = []
    if f.target and f.target_location.path:
        target_at = f"{_shown(f.target_location.path)}:{f.target_location.line}"
        detail = f"call {paint(f.target, GREEN, ctx)} ({target_at}) instead"
    elif f.target:  # a declared target that names nothing in the repository
        detail = f"no {f.target} in the repository: check the targets file"
    else:
        detail = ""
    shared, missing = f.violation.shared_callees(), f.violation.missing_callees()
    if shared:
        detail += "; shared: " + ", ".join(shared)
    if missing:
        detail += "; missing: " + ", ".join(missing)
    if detail:
        out.append(detail.lstrip("; "))
    if f.violation.candidates():
        out.append("also: " + also_text(f, lambda c: f"{c.qualname} ({candidate_note(f, c, ctx.rule(f.rule))})"))
    unknown = receiver_note(f)
    if unknown:
        out.append(paint(unknown, DIM, ctx))
    fix = ctx.fixes.get(f.stable_key)
    if ctx.show_fixes and fix is not None:
        kind = "safe" if fix.safe else "unsafe: --unsafe-fixes takes it"
        out.append(f"fix ({kind}): {fix.description}")
    return out


def receiver_note(f: Finding) -> Optional[str]:
    """Explain the callees written ``.name``: calls of a method on an object whose type is not known."""
    names = sorted({c for c in f.violation.shared_callees() + f.violation.missing_callees() if c.startswith(".")})
    if not names:
        return None
    if len(names) == 1:
        return f"{names[0]}: a call of a method named {names[0][1:]} on an object whose type is not known"
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed}: calls of methods of those names on objects whose type is not known"


def _finding_lines(f: Finding, ctx: RenderContext) -> list[str]:
    return [headline(f, ctx)] + [INDENT + line for line in detail_lines(f, ctx)]


def fixable_line(shown: list[Finding], ctx: RenderContext) -> str:
    """``[*] N fixable with --fix (M unsafe fixes available with --fix --unsafe-fixes).``, or ""."""
    safe = sum(1 for f in shown if safe_fix(f, ctx))
    unsafe = sum(1 for f in shown if (fix := ctx.fixes.get(f.stable_key)) is not None and not fix.safe) + ctx.unsafe_fixes
    if not safe and not unsafe:
        return ""
    option = ctx.fix_option
    more = f"{unsafe} unsafe fix{'' if unsafe == 1 else 'es'} available with {option} --unsafe-fixes"
    if not safe:
        return f"No safe fixes ({more})."
    tail = f" ({more})" if unsafe else ""
    return f"{paint('[*]', CYAN, ctx)} {safe} fixable with {option}{tail}."


def _summary(report: Report, shown: list[Finding], suppressed: int) -> str:
    """The last line; the text and github formats share it."""
    hidden = [f"{suppressed} suppressed"] if suppressed else []
    if report.baselined:
        hidden.append(f"{report.baselined} in baseline")
    tail = f" ({', '.join(hidden)})" if hidden else ""
    unread = f"{_plural(len(report.errors), 'file')} could not be read as Python" if report.errors else ""
    if not shown:
        # check PATH... changed nothing: it checked the functions there are
        checked = _plural(report.functions_checked, "function" if report.existing else "changed function")
        repository = _plural(report.files_analysed, "file")
        if unread:  # not "No findings": the check failed
            return f"Found no findings, but {unread}: {checked} checked against {repository}{tail}."
        return f"No findings: {checked} checked against {repository}{tail}."
    if unread:
        tail += f"; {unread}"
    files = len({f.location.path for f in shown})
    return f"Found {_plural(len(shown), 'finding')} in {_plural(files, 'file')}{tail}."


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
