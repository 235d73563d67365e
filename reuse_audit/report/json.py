"""Machine-readable output: one JSON document, described in docs/json-output.md.

Bump SCHEMA_VERSION on any breaking change (a field removed, renamed or retyped,
or a meaning changed); adding a field is not breaking.
"""

from __future__ import annotations

import json as _json
from typing import Any

from reuse_audit.facts.model import Location
from reuse_audit.lint.model import Candidate, Finding, Report
from reuse_audit.lint.rule import Rule
from reuse_audit.report.common import RenderContext

SCHEMA_VERSION = 2
TOOL_NAME = "reuse-audit"


def render(report: Report, ctx: RenderContext) -> str:
    findings = sorted(report.findings, key=lambda f: f.sort_key)
    notes = sorted(report.notes, key=lambda n: (n.path, n.message))
    suppressed = sum(1 for f in findings if f.suppressed)
    doc = {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": TOOL_NAME, "version": ctx.version},
        "findings": [_finding(f, ctx.rule(f.rule)) for f in findings],
        "notes": [{"path": n.path, "message": n.message} for n in notes],
        "errors": [
            {"kind": e.kind, "path": e.location.path, "line": e.location.line, "column": e.location.col + 1, "message": e.message}
            for e in sorted(report.errors, key=lambda e: (e.location.path, e.location.line))
        ],
        "summary": {
            "findings": len(findings) - suppressed,
            "errors": len(report.errors),
            "suppressed": suppressed,
            "baseline": report.baselined,
            "files_analysed": report.files_analysed,
            "functions_checked": report.functions_checked,
        },
    }
    return _json.dumps(doc, indent=2, sort_keys=False, ensure_ascii=True) + "\n"


def _finding(f: Finding, rule: Rule | None) -> dict[str, Any]:
    loc = f.location
    return {
        "code": f.rule,
        "rule_name": rule.name if rule is not None else None,
        "path": loc.path,
        "line": loc.line,
        "column": loc.col + 1,
        "end_line": loc.end_line or loc.line,
        "function": f.function,
        "message": f.message,
        "target": _target(f.target, f.target_location),
        "shared_callees": list(f.violation.shared_callees()),
        "missing_callees": list(f.violation.missing_callees()),
        "ratio": _ratio(f.violation.score()),
        "others": [_candidate(c) for c in f.violation.candidates()],
        "suppressed": f.suppressed,
        "fingerprint": f.stable_key,
        "details": dict(f.violation.details()),
    }


def _target(name: str, loc: Location) -> dict[str, Any]:
    return {"name": name, "path": loc.path, "line": loc.line}


def _candidate(c: Candidate) -> dict[str, Any]:
    return {
        **_target(c.qualname, c.location),
        "shared": c.shared,
        "total": c.total,
        "ratio": _ratio(c.ratio),
    }


def _ratio(value: float) -> float:
    return round(float(value), 4)
