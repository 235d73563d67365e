"""SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

Built with ``sarif_om`` objects and serialised by ``jschema_to_python``, then
re-dumped with sorted keys so the bytes are the same run to run (there are no
timestamps, GUIDs or absolute paths).  Choices made for GitHub:

* suppressed findings are left out (GitHub ignores SARIF suppressions);
* each result's target is a related location (id 1, other candidates 2..),
  linked from the message as ``[name](1)``;
* ``partialFingerprints.primaryLocationLineHash`` is computed as the
  codeql-action upload does (see ``reuse_audit.report.fingerprint``), plus our own
  line-independent ``reuseAudit/v1`` key;
* a result's location is the ``def`` line of the new function (GitHub shows
  an alert on a pull request only when all of its lines are in the diff, and
  only ``locations[0]``); related locations span the whole target function;
  regions have ``endLine`` and, when the file can be read, ``endColumn``;
* columns are 1-based UTF-16 code units (``run.columnKind``);
* ``automationDetails.id`` is ``reuse-audit/`` or ``reuse-audit/<category>/``;
* notes become ``toolExecutionNotifications`` of a single invocation (a changed file
  that is not Python one of level ``error``);
* a finding with a verified suggested fix (``RenderContext.fixes``) carries it
  as ``fixes`` (``artifactChanges`` of ``replacements``: see :func:`sarif_fix`).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, Optional, Sequence
from urllib.parse import quote

from reuse_audit.facts.model import Location
from reuse_audit.fix.plan import split_lines
from reuse_audit.lint.model import Finding, Report, SourceError
from reuse_audit.lint.rule import HOMEPAGE, Rule, doc_sections
from reuse_audit.report import fingerprint
from reuse_audit.report.common import (
    RELATED_LIMIT,
    RenderContext,
    by_similarity,
    candidate_note,
)
from reuse_audit.source.note import Note

if TYPE_CHECKING:  # pragma: no cover
    import sarif_om  # the types the annotations name; run time loads the module lazily, as ``om``

    from reuse_audit.fix.plan import Fix


def _lazy(name: str) -> ModuleType:
    """The module ``name``, loaded when first used (``importlib.util.LazyLoader``): sarif_om
    and jschema_to_python cost 60 ms to import, which every check paid, in every format
    (the reporters package imports every renderer)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"No module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


om = _lazy("sarif_om")

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
TOOL_NAME = "reuse-audit"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "reuseAudit/v1"
LINE_HASH_KEY = "primaryLocationLineHash"


def render(report: Report, ctx: RenderContext) -> str:
    rule_index = {rule.code: i for i, rule in enumerate(ctx.rules)}
    rules = {rule.code: rule for rule in ctx.rules}
    findings = sorted(
        (f for f in report.findings if not f.suppressed), key=lambda f: f.sort_key
    )
    notes = sorted(report.notes, key=lambda n: (n.path, n.message))

    run = om.Run(
        tool=om.Tool(
            driver=om.ToolComponent(
                name=TOOL_NAME,
                version=ctx.version,
                semantic_version=ctx.version,
                information_uri=HOMEPAGE,
                rules=[_descriptor(rule) for rule in ctx.rules],
            )
        ),
        results=[_result(f, rules.get(f.rule), rule_index.get(f.rule), ctx) for f in findings],
        column_kind="utf16CodeUnits",
        automation_details=om.RunAutomationDetails(id=_automation_id(ctx.category)),
        invocations=[_invocation(notes, report.errors)],
    )
    if ctx.provenance is not None:
        p = ctx.provenance
        run.version_control_provenance = [
            om.VersionControlDetails(
                repository_uri=p.repository_uri,
                revision_id=p.revision,
                branch=p.branch,
                mapped_to=om.ArtifactLocation(uri_base_id=SRCROOT),
            )
        ]
    log = om.SarifLog(schema_uri=SCHEMA_URI, version=SARIF_VERSION, runs=[run])

    from jschema_to_python.to_json import to_json  # (imports importlib.metadata: 15 ms)

    doc = json.loads(to_json(log))
    _restore_defaults(doc, findings, rules)
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=True) + "\n"


# ---------------------------------------------------------------------------
# rules


def _descriptor(rule: Rule) -> sarif_om.ReportingDescriptor:
    return om.ReportingDescriptor(
        id=rule.code,
        name=rule.name,
        short_description=om.MultiformatMessageString(text=rule.summary),
        full_description=om.MultiformatMessageString(text=rule.full_description),
        help=om.MultiformatMessageString(text=help_text(rule), markdown=rule.markdown()),
        help_uri=rule.help_uri,
        default_configuration=om.ReportingConfiguration(level=rule.level),
        properties={
            "tags": list(rule.tags),
            "precision": rule.precision,
            "problem.severity": "warning",
        },
    )


def help_text(rule: Rule) -> str:
    """The rule's documentation as plain text: section titles, prose, indented code."""
    parts = [f"{rule.code} {rule.name}: {rule.summary}"]
    for title, body in doc_sections(rule.doc).items():
        parts.append(title + "\n" + _plain_text(body))
    return "\n\n".join(parts) + "\n"


_FENCE = re.compile(r"^```.*?\n(.*?)^```[ \t]*$", re.S | re.M)


def _plain_text(markdown: str) -> str:
    blocks: list[str] = []

    def keep_code(match: re.Match) -> str:
        code = match.group(1).rstrip("\n")
        blocks.append("\n".join(("    " + ln) if ln.strip() else "" for ln in code.split("\n")))
        return f"\0{len(blocks) - 1}\0"

    text = _FENCE.sub(keep_code, markdown)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\(([^)]*)\)", r"\1 (\2)", text)
    text = re.sub(r"^#+ +", "", text, flags=re.M)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    text = re.sub(r"\0(\d+)\0", lambda m: blocks[int(m.group(1))], text.strip())
    return text.rstrip()


# ---------------------------------------------------------------------------
# results


def _other_note(f: Finding, other, rule: Optional[Rule]) -> str:
    if by_similarity(rule):
        return candidate_note(f, other, rule)
    return f"calls {other.shared} of its {other.total} callees" + (", added by this change" if other.added else "")


def _result(f: Finding, rule: Optional[Rule], index: Optional[int], ctx: RenderContext) -> sarif_om.Result:
    level = rule.level if rule is not None else "warning"
    target_added = f.violation.target_added()
    related = [
        om.Location(
            id=1,
            physical_location=_physical(f.target_location, ctx),
            message=om.Message(
                text=f"function {f.target}, added by this change" if target_added else f"existing function {f.target}"
            ),
        )
    ] if f.target_location.path else []  # (an unknown declared target has no location)
    # at most RELATED_LIMIT related locations: the target and the strongest others
    for i, other in enumerate(f.violation.candidates()[: RELATED_LIMIT - 1], start=2):
        what = f"function {other.qualname}" if other.added else f"existing function {other.qualname}"
        related.append(
            om.Location(
                id=i,
                physical_location=_physical(other.location, ctx),
                message=om.Message(text=f"{what} ({_other_note(f, other, rule)})"),
            )
        )

    fingerprints = {FINGERPRINT_KEY: f.stable_key}
    content = ctx.source(f.location.path)
    if content is not None:
        line_hash = fingerprint.primary_location_line_hash(content, f.location.line)
        if line_hash is not None:
            fingerprints[LINE_HASH_KEY] = line_hash

    properties: dict[str, Any] = {
        "function": f.function,
        "target": f.target,
        "sharedCallees": list(f.violation.shared_callees()),
        "missingCallees": list(f.violation.missing_callees()),
        "ratio": round(float(f.violation.score()), 4),
        "others": [c.qualname for c in f.violation.candidates()],
    }
    details = f.violation.details()
    if details:
        properties["details"] = dict(details)
        if "trajectory" in properties["details"]:  # check --trajectory: "read, not reused" or "never read"
            properties["trajectory"] = properties["details"]["trajectory"]

    result = om.Result(
        rule_id=f.rule,
        rule_index=index if index is not None else -1,
        level=level,
        message=om.Message(text=result_message(f)),
        locations=[om.Location(physical_location=_physical(f.location, ctx, content, def_line_only=True))],
        related_locations=related or None,
        partial_fingerprints=fingerprints,
        properties=properties,
    )
    confidence = f.violation.confidence()
    if confidence is not None:  # SARIF's rank: 0.0 to 100.0, how sure the tool is (RA001's confidence)
        result.rank = round(confidence * 100, 1)
    fix = ctx.fixes.get(f.stable_key)
    if fix is not None:
        result.fixes = [sarif_fix(fix)]
    return result


def sarif_fix(fix: Fix) -> sarif_om.Fix:
    """A suggested fix (``reuse_audit.fix.plan.Fix``) as a SARIF ``fix``: one artifact change, a replacement an edit.

    An edit replacing lines s..e deletes from column 1 of line s to the end of
    line e (its line ending kept) and inserts the new lines less their last line
    ending; an insertion before line s has an empty region at column 1 of line s.
    """
    lines = split_lines(fix.original)
    replacements = []
    for edit in fix.edits:
        if edit.is_insertion:
            region = om.Region(start_line=edit.start_line, start_column=1, end_line=edit.start_line, end_column=1)
            text = edit.replacement
        else:
            last = lines[edit.end_line - 1] if edit.end_line <= len(lines) else ""
            body = last.rstrip("\r\n")
            ending = last[len(body):]
            text = edit.replacement
            if ending and text.endswith(ending):
                text = text[: -len(ending)]
                end_line, end_column = edit.end_line, len(body.encode("utf-16-le", "surrogatepass")) // 2 + 1
            elif ending:  # the new text does not end the line: delete the line ending too
                end_line, end_column = edit.end_line + 1, 1
            else:  # the last line, without a line ending
                end_line, end_column = edit.end_line, len(body.encode("utf-16-le", "surrogatepass")) // 2 + 1
            region = om.Region(start_line=edit.start_line, start_column=1, end_line=end_line, end_column=end_column)
        replacements.append(om.Replacement(deleted_region=region, inserted_content=om.ArtifactContent(text=text)))
    return om.Fix(
        description=om.Message(text=fix.description),
        artifact_changes=[om.ArtifactChange(artifact_location=_artifact(fix.path), replacements=replacements)],
    )


def result_message(f: Finding) -> str:
    """Finding.message with the target turned into a link to related location 1.

    SARIF message text is plain text with embedded links ``[text](id)``; literal
    brackets and backslashes elsewhere must be escaped.
    """
    if not f.target_location.path:  # an unknown declared target: nothing to link to
        return _escape(f.message.rstrip())
    link = f"[{_escape(f.target)}](1)"
    quoted = f"'{f.target}'"
    at = f.message.find(quoted)
    if at < 0:
        return f"{_escape(f.message.rstrip())} See {link}."
    before, after = f.message[:at], f.message[at + len(quoted) :]
    return _escape(before) + link + _escape(after)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _physical(
    loc: Location, ctx: RenderContext, content: Optional[bytes] = None, def_line_only: bool = False
) -> sarif_om.PhysicalLocation:
    """The region of a function: its whole text, or (``def_line_only``) its ``def`` line.

    GitHub shows an alert on a pull request only when every line of its primary
    region is in the diff, so a result points at the ``def`` line alone: a
    modified function whose body changed elsewhere is still shown when its
    ``def`` line changed.  ``endColumn`` (the column after the last
    non-blank character of the end line) is written when the file can be read.
    """
    if content is None:
        content = ctx.source(loc.path)
    start_column = utf16_column(content, loc.line, loc.col)
    region = om.Region(start_line=loc.line, start_column=start_column)
    end_line = loc.line if def_line_only else loc.end_line
    if end_line >= loc.line:
        region.end_line = end_line
        end_column = line_end_column(content, end_line)
        if end_column is not None:
            region.end_column = max(end_column, start_column) if end_line == loc.line else end_column
    return om.PhysicalLocation(artifact_location=_artifact(loc.path), region=region)


def _artifact(path: str) -> sarif_om.ArtifactLocation:
    # a file name that is not UTF-8 (its bytes kept as surrogate escapes) is
    # percent-encoded byte for byte: "caf\udce9.py" is "caf%E9.py"
    return om.ArtifactLocation(uri=quote(path.encode("utf-8", "surrogateescape"), safe="/"), uri_base_id=SRCROOT)


_NEWLINE = re.compile(rb"\r\n|\r|\n")


def utf16_column(content: Optional[bytes], line: int, col: int) -> int:
    """1-based UTF-16 column of the 0-based byte column ``col`` on 1-based ``line``."""
    if content is None or line < 1:
        return col + 1
    lines = _NEWLINE.split(content)
    if line > len(lines):
        return col + 1
    prefix = lines[line - 1][:col].decode("utf-8", errors="replace")
    return len(prefix.encode("utf-16-le", errors="surrogatepass")) // 2 + 1


def line_end_column(content: Optional[bytes], line: int) -> Optional[int]:
    """1-based UTF-16 column just after the last non-blank character of 1-based ``line``; None if unknown."""
    if content is None or line < 1:
        return None
    lines = _NEWLINE.split(content)
    if line > len(lines):
        return None
    text = lines[line - 1].rstrip().decode("utf-8", errors="replace")
    return len(text.encode("utf-16-le", errors="surrogatepass")) // 2 + 1


# ---------------------------------------------------------------------------
# run


def _automation_id(category: Optional[str]) -> str:
    category = (category or "").strip("/")
    return f"{TOOL_NAME}/{category}/" if category else f"{TOOL_NAME}/"


def _invocation(notes: list[Note], errors: Sequence[SourceError] = ()) -> sarif_om.Invocation:
    """The run's one invocation: a changed file that is not Python is an ``error`` notification
    (SARIF's place for a file the tool could not analyse), a note a ``note`` one."""
    invocation = om.Invocation(execution_successful=True)
    notifications = [_error_notification(e) for e in sorted(errors, key=lambda e: (e.location.path, e.location.line))]
    notifications += [_notification(n) for n in notes]
    if notifications:
        invocation.tool_execution_notifications = notifications
    return invocation


def _error_notification(error: SourceError) -> sarif_om.Notification:
    region = om.Region(start_line=error.location.line, start_column=error.location.col + 1)
    return om.Notification(
        message=om.Message(text=f"{error.location.path}: {error.kind}: {error.message}"),
        level="error",
        locations=[om.Location(physical_location=om.PhysicalLocation(artifact_location=_artifact(error.location.path), region=region))],
    )


def _notification(note: Note) -> sarif_om.Notification:
    if not note.path:
        return om.Notification(message=om.Message(text=note.message), level="note")
    return om.Notification(
        message=om.Message(text=f"{note.path}: {note.message}"),
        level="note",
        locations=[om.Location(physical_location=om.PhysicalLocation(artifact_location=_artifact(note.path)))],
    )


def _restore_defaults(doc: dict, findings: list[Finding], rules: dict[str, Rule]) -> None:
    """Put back values that jschema_to_python drops because they equal the schema default.

    ``level: "warning"`` is the default of both ``result.level`` and
    ``defaultConfiguration.level``; it is written out anyway so that consumers
    that do not apply SARIF defaults (some dashboards) still see it.
    """
    run = doc["runs"][0]
    rule: Optional[Rule]
    for descriptor in run["tool"]["driver"]["rules"]:
        rule = rules[descriptor["id"]]
        descriptor.setdefault("defaultConfiguration", {})["level"] = rule.level
    for result, f in zip(run["results"], findings):
        rule = rules.get(f.rule)
        result["level"] = rule.level if rule is not None else "warning"
