"""GitHub code scanning: SARIF for upload-sarif, ``--format github`` annotations,
``--category``, ``--baseline``, the rule pages ``helpUri`` points at, the
workflow in docs/github-code-scanning.md, and the Microsoft SARIF Multitool's
GitHub ingestion rules.

Every test builds real git repositories in tmp_path (HOME pointed there, no
user configuration, no network) and every SARIF log is validated against the
SARIF 2.1.0 schema.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

from gitrepo import BASE_FILES, REIMPL, GitRepo, isolated_git
from reuse_audit.lint import baseline as baseline_module
from reuse_audit.app.cli import main
from reuse_audit.api import all_rules
from reuse_audit.errors import UsageError
from reuse_audit.lint.model import Candidate, Finding, Report
from reuse_audit.facts.model import Location
from reuse_audit.report import RenderContext, formats, render
from reuse_audit.report import github as github_reporter
from reuse_audit.lint.rule import HOMEPAGE, REQUIRED_SECTIONS, Rule, doc_sections
from violation_support import finding as make_finding
from sarif_schema import assert_valid_sarif

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "github-code-scanning.md"
SUPPRESSED_REIMPL = REIMPL.replace("def handle(path):", "def handle(path):  # reuse-audit: ignore[RA001]")
SECOND_REIMPL = REIMPL.replace("def handle(path):", "def handle_again(path):")
ORIGIN = "https://github.com/acme/widgets.git"


@dataclass
class Result:
    code: int
    out: str
    err: str

    def sarif(self) -> dict:
        return assert_valid_sarif(self.out)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolated_git(tmp_path, monkeypatch)


@pytest.fixture
def check(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def run(*args: str, cwd: Optional[Path] = None) -> Result:
        if cwd is not None:
            monkeypatch.chdir(cwd)
        capsys.readouterr()
        with pytest.raises(SystemExit) as exc:
            main(["check", "--no-cache", "--jobs", "1", *args])
        out, err = capsys.readouterr()
        return Result(exc.value.code, out, err)

    return run


@pytest.fixture
def pr(tmp_path: Path) -> GitRepo:
    """main: the base package; feature: adds pkg/agent.py, which re-implements pkg.core.process."""
    r = GitRepo(tmp_path / "repo")
    r.commit("base", BASE_FILES)
    r.git("remote", "add", "origin", ORIGIN)
    r.git("checkout", "-q", "-b", "feature")
    r.commit("agent", {"pkg/agent.py": REIMPL})
    return r


def results_of(doc: dict) -> list[dict]:
    (run,) = doc["runs"]
    return run["results"]


def error_line(result: Result) -> str:
    assert result.code == 2, result
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("reuse-audit: error: ")
    return lines[0]


# ---------------------------------------------------------------------------
# provenance and category
# ---------------------------------------------------------------------------


def test_sarif_in_git_has_provenance_and_default_automation_id(pr: GitRepo, check):
    result = check("--base", "main", "--repo", str(pr.path), "--format", "sarif")
    assert result.code == 1, result
    (run,) = result.sarif()["runs"]
    (vcp,) = run["versionControlProvenance"]
    assert vcp["repositoryUri"] == ORIGIN
    assert vcp["revisionId"] == pr.sha("HEAD")
    assert vcp["branch"] == "feature"
    assert vcp["mappedTo"] == {"uriBaseId": "%SRCROOT%"}
    assert run["automationDetails"] == {"id": "reuse-audit/"}


def test_sarif_provenance_in_github_actions(pr: GitRepo, check, monkeypatch: pytest.MonkeyPatch):
    """actions/checkout leaves a detached merge commit; the branch is GITHUB_REF."""
    pr.git("checkout", "-q", "--detach")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_REF", "refs/pull/7/merge")
    result = check("--base", pr.sha("main"), "--format", "sarif", "--category", "pr", cwd=pr.path)
    (run,) = result.sarif()["runs"]
    vcp = run["versionControlProvenance"][0]
    assert (vcp["revisionId"], vcp["branch"]) == (pr.sha("HEAD"), "refs/pull/7/merge")
    assert run["automationDetails"] == {"id": "reuse-audit/pr/"}


@pytest.mark.parametrize(
    "category, expected",
    [
        ("pr", "reuse-audit/pr/"),
        ("/backend/", "reuse-audit/backend/"),  # GitHub: everything before the last "/" is the category
        ("python/backend", "reuse-audit/python/backend/"),
        ("/", "reuse-audit/"),
    ],
)
def test_category_is_the_automation_id(pr: GitRepo, check, category: str, expected: str):
    result = check("--base", "main", "--repo", str(pr.path), "--format", "sarif", "--category", category)
    assert result.code == 1, result
    automation_id = result.sarif()["runs"][0]["automationDetails"]["id"]
    assert automation_id == expected
    # GitHub reads the id as category/run-id: a trailing "/" means a category and no run id
    assert automation_id.endswith("/")


def test_category_does_not_change_other_formats(pr: GitRepo, check):
    plain = check("--base", "main", "--repo", str(pr.path), "--format", "json")
    with_category = check("--base", "main", "--repo", str(pr.path), "--format", "json", "--category", "pr")
    assert plain.out == with_category.out


# ---------------------------------------------------------------------------
# suppressed findings are not in SARIF
# ---------------------------------------------------------------------------


def test_suppressed_findings_are_left_out_of_sarif(tmp_path: Path, check):
    r = GitRepo(tmp_path / "repo")
    r.commit("base", BASE_FILES)
    r.git("checkout", "-q", "-b", "feature")
    r.commit("agents", {"pkg/agent.py": SUPPRESSED_REIMPL, "pkg/agent2.py": SECOND_REIMPL})
    result = check("--base", "main", "--repo", str(r.path), "--format", "sarif")
    assert result.code == 1, result
    (only,) = results_of(result.sarif())
    assert only["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "pkg/agent2.py"
    assert "suppressions" not in only  # GitHub ignores them: the result is not written at all
    doc = json.loads(check("--base", "main", "--repo", str(r.path), "--format", "json").out)
    assert [(f["path"], f["suppressed"]) for f in doc["findings"]] == [("pkg/agent.py", True), ("pkg/agent2.py", False)]


def test_only_suppressed_findings_give_an_empty_sarif_and_exit_0(tmp_path: Path, check):
    r = GitRepo(tmp_path / "repo")
    r.commit("base", BASE_FILES)
    r.git("checkout", "-q", "-b", "feature")
    r.commit("agent", {"pkg/agent.py": SUPPRESSED_REIMPL})
    result = check("--base", "main", "--repo", str(r.path), "--format", "sarif")
    assert result.code == 0, result
    assert results_of(result.sarif()) == []


# ---------------------------------------------------------------------------
# what GitHub shows: location, message, related location, fingerprints
# ---------------------------------------------------------------------------


def test_sarif_result_is_on_the_def_line_and_links_the_target(pr: GitRepo, check):
    result = check("--base", "main", "--repo", str(pr.path), "--format", "sarif")
    (res,) = results_of(result.sarif())
    (loc,) = res["locations"]  # GitHub uses locations[0] only: there is one
    physical = loc["physicalLocation"]
    assert physical["artifactLocation"] == {"uri": "pkg/agent.py", "uriBaseId": "%SRCROOT%"}
    def_line = "def handle(path):"
    assert (pr.path / "pkg/agent.py").read_text().splitlines()[5] == def_line
    # every line of the region must be in the PR diff for GitHub to show it: the def line alone
    assert physical["region"] == {"startLine": 6, "startColumn": 1, "endLine": 6, "endColumn": len(def_line) + 1}
    assert res["message"]["text"] == (
        "'handle' re-implements [pkg.core.process](1) (calls 4 of its 4 callees) without calling it"
    )
    (target,) = res["relatedLocations"]
    assert target["id"] == 1
    assert target["physicalLocation"]["artifactLocation"]["uri"] == "pkg/core.py"
    assert target["physicalLocation"]["region"]["startLine"] == 6
    assert target["physicalLocation"]["region"]["endLine"] == 11
    assert set(res["partialFingerprints"]) == {"primaryLocationLineHash", "reuseAudit/v1"}


def test_line_hash_survives_moved_lines_and_the_key_survives_edits(pr: GitRepo, check):
    first = results_of(check("--base", "main", "--repo", str(pr.path), "--format", "sarif").sarif())[0]
    moved = REIMPL.replace('"""Written by a coding agent."""', '"""Written by a coding agent.\n\n    Two more lines.\n    """')
    pr.commit("docstring", {"pkg/agent.py": moved})
    second = results_of(check("--base", "main", "--repo", str(pr.path), "--format", "sarif").sarif())[0]
    region = second["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == first["locations"][0]["physicalLocation"]["region"]["startLine"] + 3
    assert second["partialFingerprints"] == first["partialFingerprints"]


# ---------------------------------------------------------------------------
# helpUri and the rule pages
# ---------------------------------------------------------------------------


RULES = sorted(all_rules().values(), key=lambda r: r.code)


def all_rules_sarif() -> dict:
    ctx = RenderContext(rules=tuple(RULES), version="0", source=lambda path: None)
    return assert_valid_sarif(render("sarif", Report(findings=()), ctx))


def test_homepage_is_the_projects():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'Homepage = "{HOMEPAGE}"' in text


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_help_uri_is_the_rule_page_in_the_repository(rule: Rule):
    descriptors = {d["id"]: d for d in all_rules_sarif()["runs"][0]["tool"]["driver"]["rules"]}
    descriptor = descriptors[rule.code]
    relative = f"docs/rules/{rule.code}-{rule.name}.md"
    assert descriptor["helpUri"] == f"{HOMEPAGE}/blob/main/{relative}"
    page = ROOT / relative
    assert page.is_file(), f"missing {relative}: run `reuse-audit rule {rule.code} > {relative}`"
    # GitHub shows help.markdown on the alert page; it is the page itself
    assert descriptor["help"]["markdown"] == page.read_text(encoding="utf-8")
    assert descriptor["help"]["text"].strip()


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_page_has_what_why_example_fix_suppress(rule: Rule):
    page = (ROOT / "docs" / "rules" / rule.doc_filename).read_text(encoding="utf-8")
    assert page.startswith(f"# {rule.code} `{rule.name}`\n")
    sections = doc_sections(page)
    for title in REQUIRED_SECTIONS:
        assert sections.get(title, "").strip(), f"{rule.doc_filename}: section '{title}' is missing or empty"
    assert "```python" in sections["Example"], "the example must be a Python code block"
    assert f"ignore[{rule.code}]" in sections["How to suppress"]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_descriptor_fits_githubs_limits(rule: Rule):
    """GitHub: name up to 255 characters, short and full description up to 1024."""
    descriptor = {d["id"]: d for d in all_rules_sarif()["runs"][0]["tool"]["driver"]["rules"]}[rule.code]
    assert len(descriptor["name"]) <= 255
    assert 0 < len(descriptor["shortDescription"]["text"]) <= 1024
    assert 0 < len(descriptor["fullDescription"]["text"]) <= 1024
    assert descriptor["properties"]["precision"] in ("very-high", "high", "medium", "low")
    assert descriptor["properties"]["problem.severity"] in ("error", "warning", "recommendation")


# ---------------------------------------------------------------------------
# --format github
# ---------------------------------------------------------------------------

COMMAND = re.compile(r"^::(?P<command>warning|error|notice) (?P<props>[^:]*)::(?P<message>.*)$")


def unescape(text: str, prop: bool) -> str:
    """What the runner does (actions/runner ActionCommand): the inverse of @actions/core's escaping."""
    if prop:
        text = text.replace("%3A", ":").replace("%2C", ",")
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def parse_annotation(line: str) -> tuple[str, dict[str, str], str]:
    match = COMMAND.match(line)
    assert match, f"not a workflow command: {line!r}"
    props = {}
    for item in match["props"].split(","):
        name, _, value = item.partition("=")
        props[name] = unescape(value, prop=True)
    return match["command"], props, unescape(match["message"], prop=False)


def test_github_format_annotates_each_unsuppressed_finding(tmp_path: Path, check):
    r = GitRepo(tmp_path / "repo")
    r.commit("base", BASE_FILES)
    r.git("checkout", "-q", "-b", "feature")
    r.commit("agents", {"pkg/agent.py": SUPPRESSED_REIMPL, "pkg/agent2.py": SECOND_REIMPL})
    result = check("--base", "main", "--repo", str(r.path), "--format", "github")
    assert result.code == 1, result
    first, summary = result.out.splitlines()
    assert result.out.endswith("\n")
    assert first.startswith(
        "::warning file=pkg/agent2.py,line=6,col=1,endLine=10,title=RA001 reimplemented-function::"
        "'handle_again' re-implements 'pkg.core.process' (calls 4 of its 4 callees) without calling it%0A"
    )
    command, props, message = parse_annotation(first)
    assert command == "warning"
    assert props == {"file": "pkg/agent2.py", "line": "6", "col": "1", "endLine": "10", "title": "RA001 reimplemented-function"}
    lines = message.split("\n")
    assert lines[1] == "Call pkg.core.process (pkg/core.py:6) instead."
    assert lines[2] == "Shared callees: pkg.util.check, pkg.util.clean, pkg.util.emit, pkg.util.load"
    assert lines[-1] == f"Rule RA001: {HOMEPAGE}/blob/main/docs/rules/RA001-reimplemented-function.md"
    assert summary == "Found 1 finding in 1 file (1 suppressed)."


def test_github_format_without_findings(pr: GitRepo, check):
    pr.commit("fix", {"pkg/agent.py": SUPPRESSED_REIMPL})
    result = check("--base", "main", "--repo", str(pr.path), "--format", "github")
    assert result.code == 0, result
    assert result.out == "No findings: 1 changed function checked against 4 files (1 suppressed).\n"


def odd_finding(**changes) -> Finding:
    finding = make_finding(
        rule="RA001",
        location=Location("dir,with:odd%chars\nand\rbreaks.py", 3, 4, 9),
        function="m.C.copy",
        message="'C.copy' re-implements 'm.save' (100% of it: a, b)\nsecond line",
        target="m.save",
        target_location=Location("m.py", 10, 0, 20),
        shared=("a", "b", "c"),
        missing=("d",),
        ratio=0.75,
        others=(Candidate("m.old_save", Location("old.py", 4, 0, 8), 3, 4, 0.75),),
    )
    return dataclasses.replace(finding, **changes)


RULE = Rule(code="RA001", name="reimplemented-function", summary="S.", doc="", check=lambda *a: iter(()))


def ctx_for(*rules: Rule, source=lambda path: None) -> RenderContext:
    return RenderContext(rules=rules, version="0", source=source)


def test_github_escaping_round_trips():
    line = github_reporter.annotation(odd_finding(), RULE, ctx_for(RULE))
    assert "\n" not in line and "\r" not in line
    assert line.startswith("::warning file=dir%2Cwith%3Aodd%25chars%0Aand%0Dbreaks.py,line=3,col=5,endLine=9,")
    command, props, message = parse_annotation(line)
    assert props["file"] == "dir,with:odd%chars\nand\rbreaks.py"
    assert props["title"] == "RA001 reimplemented-function"
    assert message.split("\n") == [
        "'C.copy' re-implements 'm.save' (100% of it: a, b)",
        "second line",
        "Call m.save (m.py:10) instead.",
        "Shared callees: a, b, c",
        "Missing callees: d",
        "Also: m.old_save (old.py:4, 3 of 4)",
        f"Rule RA001: {RULE.help_uri}",
    ]
    # in the message only %, CR and LF are escaped: ":" and "," stay as they are
    assert "(100%25 of it: a, b)%0Asecond line" in line


def test_github_escape_functions():
    assert github_reporter.escape_data("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e"
    assert github_reporter.escape_property("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce"


@pytest.mark.parametrize("level, command", [("warning", "warning"), ("error", "error"), ("note", "notice")])
def test_github_level_follows_the_rule(level: str, command: str):
    rule = dataclasses.replace(RULE, level=level)
    out = render("github", Report(findings=(odd_finding(),)), ctx_for(rule))
    assert out.startswith(f"::{command} ")


def test_github_unknown_rule_and_utf16_column():
    source = "class C:\n    pass\n\n  # café\n\n\n".encode() + "x = 'é'; def f(): pass\n".encode()
    f = odd_finding(location=Location("m.py", 7, len("x = 'é'; ".encode()), 7))
    line = github_reporter.annotation(f, None, ctx_for(source=lambda path: source))
    _, props, message = parse_annotation(line)
    assert props["col"] == str(len("x = 'é'; ") + 1)  # characters, not bytes
    assert props["title"] == "RA001"
    assert "Rule RA001" not in message


def test_github_is_a_format():
    assert "github" in formats()


# ---------------------------------------------------------------------------
# --baseline
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_baseline_reports_only_new_findings(pr: GitRepo, check, tmp_path: Path, fmt: str):
    base = tmp_path / f"base.{fmt}"
    first = check("--base", "main", "--repo", str(pr.path), "--format", fmt, "--output", str(base))
    assert first.code == 1, first
    again = check("--base", "main", "--repo", str(pr.path), "--baseline", str(base))
    assert again.code == 0, again
    assert again.out == "No findings: 1 changed function checked against 4 files (1 in baseline).\n"

    pr.commit("second agent", {"pkg/agent2.py": SECOND_REIMPL})
    text = check("--base", "main", "--repo", str(pr.path), "--baseline", str(base))
    assert text.code == 1, text
    assert text.out.splitlines()[0].startswith("pkg/agent2.py:6:1: RA001 [*] 'handle_again' re-implements")  # [*]: a safe fix
    assert text.out.splitlines()[-2:] == ["Found 1 finding in 1 file (1 in baseline).", "[*] 1 fixable with --diff."]
    assert "pkg/agent.py" not in text.out

    doc = json.loads(check("--base", "main", "--repo", str(pr.path), "--baseline", str(base), "--format", "json").out)
    assert [f["path"] for f in doc["findings"]] == ["pkg/agent2.py"]
    assert doc["summary"]["findings"] == 1 and doc["summary"]["baseline"] == 1

    sarif = check("--base", "main", "--repo", str(pr.path), "--baseline", str(base), "--format", "sarif")
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results_of(sarif.sarif())] == [
        "pkg/agent2.py"
    ]
    github = check("--base", "main", "--repo", str(pr.path), "--baseline", str(base), "--format", "github")
    assert github.out.count("::warning ") == 1 and "(1 in baseline)" in github.out


def test_baseline_survives_moved_lines(pr: GitRepo, check, tmp_path: Path):
    base = tmp_path / "base.json"
    check("--base", "main", "--repo", str(pr.path), "--format", "json", "-o", str(base))
    pr.commit("move", {"pkg/agent.py": "# a comment\n\n\n" + REIMPL})
    assert check("--base", "main", "--repo", str(pr.path), "--baseline", str(base)).code == 0


def test_baseline_keeps_suppressed_findings_suppressed(tmp_path: Path, check):
    r = GitRepo(tmp_path / "repo")
    r.commit("base", BASE_FILES)
    r.git("checkout", "-q", "-b", "feature")
    r.commit("agent", {"pkg/agent.py": SUPPRESSED_REIMPL})
    base = tmp_path / "base.json"
    check("--base", "main", "--repo", str(r.path), "--format", "json", "-o", str(base))
    doc = json.loads(check("--base", "main", "--repo", str(r.path), "--baseline", str(base), "--format", "json").out)
    assert doc["summary"]["suppressed"] == 1 and doc["summary"]["baseline"] == 0


def test_baseline_of_other_tools_runs_is_ignored(pr: GitRepo, check, tmp_path: Path):
    base = tmp_path / "base.sarif"
    check("--base", "main", "--repo", str(pr.path), "--format", "sarif", "-o", str(base))
    doc = json.loads(base.read_text())
    other = {"tool": {"driver": {"name": "other-linter"}}, "results": [{"message": {"text": "x"}}]}
    doc["runs"].insert(0, other)
    base.write_text(json.dumps(doc))
    assert check("--base", "main", "--repo", str(pr.path), "--baseline", str(base)).code == 0


@pytest.mark.parametrize(
    "content, expected",
    [
        (None, "no such file"),
        ("", "not a JSON file"),
        ("{not json", "not a JSON file (line 1, column 2"),
        (b"\xff\xfe\x00{", "not a JSON file (not UTF-8 text)"),
        ("[1, 2]", "neither a reuse-audit JSON report"),
        ('{"schema_version": 1}', "neither a reuse-audit JSON report"),
        ('{"findings": [{"code": "RA001"}]}', "findings[0] has no 'fingerprint' string"),
        ('{"runs": []}', "a SARIF log without a run of reuse-audit"),
        (
            '{"runs": [{"tool": {"driver": {"name": "reuse-audit"}}, "results": [{"partialFingerprints": {}}]}]}',
            "runs[0].results[0] has no partialFingerprints['reuseAudit/v1']",
        ),
    ],
    ids=["missing", "empty", "not-json", "not-utf8", "list", "no-findings", "no-fingerprint", "no-runs", "no-key"],
)
def test_baseline_errors_are_one_line(pr: GitRepo, check, tmp_path: Path, content, expected: str):
    path = tmp_path / "baseline.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    line = error_line(check("--base", "main", "--repo", str(pr.path), "--baseline", str(path)))
    assert f"--baseline {path}: {expected}" in line, line


def test_baseline_is_a_directory(pr: GitRepo, check, tmp_path: Path):
    line = error_line(check("--base", "main", "--repo", str(pr.path), "--baseline", str(tmp_path)))
    assert "is a directory" in line


@pytest.mark.skipif(os.name == "nt" or (hasattr(os, "geteuid") and os.geteuid() == 0), reason="root reads any file")
def test_baseline_unreadable(tmp_path: Path):
    path = tmp_path / "base.json"
    path.write_text('{"findings": []}')
    path.chmod(0)
    try:
        with pytest.raises(UsageError, match="cannot read"):
            baseline_module.load_baseline(path)
    finally:
        path.chmod(0o600)


def test_load_baseline_api(tmp_path: Path):
    path = tmp_path / "b.json"
    path.write_text('\ufeff{"findings": [{"fingerprint": "k1"}, {"fingerprint": "k2"}]}', encoding="utf-8")
    assert baseline_module.load_baseline(path) == frozenset({"k1", "k2"})
    path.write_text(json.dumps({"runs": [{"tool": {"driver": {"name": "reuse-audit"}}}]}))
    assert baseline_module.load_baseline(str(path)) == frozenset()


# ---------------------------------------------------------------------------
# the documented workflow
# ---------------------------------------------------------------------------


def doc_workflows() -> list[dict]:
    yaml = pytest.importorskip("yaml")
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```yaml\n(.*?)^```", text, re.S | re.M)
    # the workflows written out by hand (the one using the repository's action.yml is tested with it)
    return [yaml.safe_load(b) for b in blocks if "jobs:" in b and "uses: reuse-audit/reuse-audit@" not in b]


def steps_of(workflow: dict) -> list[dict]:
    (job,) = workflow["jobs"].values()
    return job["steps"]


def test_doc_workflow_for_code_scanning():
    sarif_workflow = doc_workflows()[0]
    # PyYAML reads the key `on` as True (YAML 1.1); GitHub reads it as "on"
    assert "pull_request" in (sarif_workflow.get("on") or sarif_workflow.get(True))
    assert sarif_workflow["permissions"] == {"contents": "read", "security-events": "write"}
    steps = steps_of(sarif_workflow)
    checkout = next(s for s in steps if s.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["fetch-depth"] == 0
    assert any(s.get("uses", "").startswith("actions/setup-python@") for s in steps)
    assert any(s.get("run") == "pip install reuse-audit" for s in steps)
    (run,) = [s["run"] for s in steps if "reuse-audit check" in s.get("run", "")]
    assert run == (
        "reuse-audit check --base ${{ github.event.pull_request.base.sha }} --format sarif"
        " --output reuse-audit.sarif --category pr || test $? -eq 1"
    )
    (upload,) = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    assert upload["uses"] == "github/codeql-action/upload-sarif@v3"
    assert upload["with"] == {"sarif_file": "reuse-audit.sarif", "category": "reuse-audit/pr"}


def test_doc_workflow_for_annotations():
    annotations = doc_workflows()[1]
    assert annotations["permissions"] == {"contents": "read"}
    (run,) = [s["run"] for s in steps_of(annotations) if "reuse-audit check" in s.get("run", "")]
    assert run.endswith("--format github")


@pytest.mark.skipif(shutil.which("bash") is None, reason="the workflow step is a bash script")
def test_doc_workflow_step_runs(pr: GitRepo, tmp_path: Path):
    """The documented step, run by bash in a checkout of the pull request: the SARIF
    file is written and the step passes with findings, and fails on an error."""
    (run,) = [s["run"] for s in steps_of(doc_workflows()[0]) if "reuse-audit check" in s.get("run", "")]
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env["REUSE_AUDIT_CACHE_DIR"] = str(tmp_path / "cache")
    env["GITHUB_ACTIONS"], env["GITHUB_REF"] = "true", "refs/pull/1/merge"

    def step(base: str) -> subprocess.CompletedProcess:
        script = run.replace("${{ github.event.pull_request.base.sha }}", base)
        return subprocess.run(["bash", "-e", "-c", script], cwd=pr.path, env=env, capture_output=True, text=True)

    done = step(pr.sha("main"))
    assert done.returncode == 0, done
    doc = assert_valid_sarif((pr.path / "reuse-audit.sarif").read_text(encoding="utf-8"))
    assert len(results_of(doc)) == 1
    assert doc["runs"][0]["automationDetails"]["id"] == "reuse-audit/pr/"
    assert doc["runs"][0]["versionControlProvenance"][0]["branch"] == "refs/pull/1/merge"
    failed = step("0" * 40)
    assert failed.returncode != 0, failed
    assert "reuse-audit: error: --base" in failed.stderr


def test_readme_points_to_the_doc_and_lists_the_options():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## GitHub code scanning" in readme
    assert "(docs/github-code-scanning.md)" in readme
    assert "fetch-depth: 0" in readme
    assert "--format sarif --output reuse-audit.sarif --category pr || test $? -eq 1" in readme
    assert "github/codeql-action/upload-sarif@v3" in readme
    table = [line for line in readme.splitlines() if line.startswith("| `--")]
    for option in ("--format text\\|json\\|sarif\\|github", "--category TEXT", "--baseline FILE"):
        assert any(line.startswith(f"| `{option}`") for line in table), option


# ---------------------------------------------------------------------------
# Microsoft SARIF Multitool with GitHub's ingestion rules
# ---------------------------------------------------------------------------

MULTITOOL_PACKAGE = {"linux": "sarif-multitool-linux", "darwin": "sarif-multitool-darwin", "win32": "sarif-multitool-win32"}

# Notes (level "note") the Multitool reports on our SARIF, each accepted with the reason.
ACCEPTED_NOTES = {
    # message.id + arguments with rule messageStrings instead of message.text: GitHub requires
    # message.text (its "result" table marks it required), and shows it as the alert's title.
    "SARIF2002": "GitHub needs message.text",
    # region.snippet / contextRegion: GitHub reads the code from the repository at the analysed
    # commit; copying source text into the log only makes it bigger.
    "SARIF2010": "GitHub shows the code from the repository",
    "SARIF2011": "GitHub shows the code from the repository",
    # Rule names are the kebab-case names of the CLI (`reuse-audit rule reimplemented-function`),
    # as ruff's are; GitHub shows the name as is, for filtering alerts by rule.
    "SARIF2012": "rule names are the CLI's kebab-case names",
}
# Warnings accepted: none. Errors: never.
ACCEPTED_WARNINGS: dict[str, str] = {}
# SARIF2006 (UrisShouldBeReachable) makes an HTTP request for every URI in the log: turned
# off so the test stays hermetic (the helpUri pages are checked above, in the repository).
MULTITOOL_CONFIG = """<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" />
  </Properties>
</Properties>
"""


def multitool() -> Optional[Path]:
    """The Sarif.Multitool binary: $SARIF_MULTITOOL, else the npm package under the repository root.

    Not ``node_modules/.bin/sarif-multitool``: that script passes its arguments
    through a shell, which splits ``Sarif;Gh`` at the ``;``.
    """
    env = os.environ.get("SARIF_MULTITOOL")
    if env:
        return Path(env)
    package = MULTITOOL_PACKAGE.get(sys.platform)
    if package is None:
        return None
    name = "Sarif.Multitool.exe" if sys.platform == "win32" else "Sarif.Multitool"
    candidate = ROOT / "node_modules" / "@microsoft" / package / name
    if candidate.is_file():
        return candidate
    if (ROOT / "node_modules" / ".bin" / "sarif-multitool").exists():
        # the wrapper's platform package sits next to it
        wrapped = (ROOT / "node_modules" / ".bin" / "sarif-multitool").resolve().parent.parent / package / name
        if wrapped.is_file():
            return wrapped
    return None


def run_multitool(tool: Path, files: list[Path], workdir: Path) -> dict:
    config = workdir / "multitool.xml"
    config.write_text(MULTITOOL_CONFIG, encoding="utf-8")
    out = workdir / "validation.sarif"
    env = dict(os.environ)
    env.setdefault("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1")  # no libicu needed
    env["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1"
    args = [
        str(tool), "validate", *map(str, files), "-o", str(out), "--log", "ForceOverwrite",
        "--rule-kind", "Sarif;Gh", "--level", "Error;Warning;Note", "-c", str(config),
    ]  # fmt: skip
    done = subprocess.run(args, cwd=workdir, env=env, capture_output=True, text=True, timeout=300)
    assert out.is_file(), f"the Multitool wrote no output (exit {done.returncode}):\n{done.stdout}\n{done.stderr}"
    return json.loads(out.read_text(encoding="utf-8-sig"))


@dataclass(frozen=True)
class Problem:
    rule: str
    level: str
    file: str
    text: str

    def __str__(self) -> str:
        return f"{self.level} {self.rule} in {self.file}: {self.text}"


def problems(validation: dict) -> list[Problem]:
    """Every result of the Multitool's output, with its effective level and formatted message.

    (``validate`` exits 0 even when it reports errors: its output log is the verdict.)
    """
    found = []
    for run in validation["runs"]:
        for invocation in run.get("invocations", []):
            assert invocation.get("executionSuccessful", True), f"the Multitool failed: {invocation}"
            for n in invocation.get("toolExecutionNotifications", []):
                assert n.get("level", "warning") != "error", f"the Multitool failed: {n}"
        rules = run["tool"]["driver"].get("rules", [])
        for result in run.get("results", []):
            rule = rules[result["ruleIndex"]] if 0 <= result.get("ruleIndex", -1) < len(rules) else {}
            level = result.get("level") or rule.get("defaultConfiguration", {}).get("level", "warning")
            message = result["message"]
            text = message.get("text")
            if text is None:
                text = rule.get("messageStrings", {}).get(message.get("id"), {}).get("text", message.get("id", ""))
                for i, arg in enumerate(message.get("arguments", [])):
                    text = text.replace("{%d}" % i, arg)
            uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] if result.get("locations") else ""
            found.append(Problem(result["ruleId"], level, uri.rsplit("/", 1)[-1], text))
    return found


def test_sarif_multitool_github_rules(tmp_path: Path, check, monkeypatch: pytest.MonkeyPatch):
    tool = multitool()
    if tool is None:
        pytest.skip(
            "SARIF Multitool not installed: `npm install --no-save @microsoft/sarif-multitool@5.7.0` "
            "in the repository root, or set SARIF_MULTITOOL to the Sarif.Multitool binary"
        )
    if not os.access(tool, os.X_OK):
        pytest.skip(f"{tool} is not executable (npm skipped its postinstall: chmod u+x it)")

    # a pull request with two findings (one with another candidate), a file analysed in part (a note),
    # non-ASCII text and a path with a space, in GitHub Actions (provenance, category)
    r = GitRepo(tmp_path / "repo")
    legacy = REIMPL.replace('"""Written by a coding agent."""', '"""Legacy: le café."""').replace("handle", "legacy_handle")
    r.commit("base", {**BASE_FILES, "pkg/legacy.py": legacy})
    r.git("remote", "add", "origin", "https://token@github.com/acme/widgets.git")
    r.git("checkout", "-q", "-b", "feature")
    r.commit(
        "agents",
        {
            "pkg/agent.py": REIMPL.replace("Written", "Écrit"),
            "pkg/more agents/again.py": SECOND_REIMPL,
            "pkg/broken.py": "def broken(:\n    pass\n",
        },
    )
    r.git("checkout", "-q", "--detach")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_REF", "refs/pull/3/merge")
    result = check("--base", "main", "--format", "sarif", "--category", "pr", cwd=r.path)
    assert result.code == 1, result
    doc = assert_valid_sarif(result.out)
    assert len(results_of(doc)) == 2
    assert doc["runs"][0]["invocations"][0].get("toolExecutionNotifications"), "expected a note for pkg/broken.py"

    work = tmp_path / "validate"
    work.mkdir()
    ours = work / "pull-request.sarif"
    ours.write_text(result.out, encoding="utf-8")
    clean = work / "clean.sarif"
    r.git("checkout", "-q", "main")
    clean_run = check("--base", "main", "--format", "sarif", cwd=r.path)
    assert clean_run.code == 0, clean_run
    clean.write_text(clean_run.out, encoding="utf-8")
    golden = work / "golden.sarif"
    shutil.copyfile(ROOT / "tests" / "data" / "golden" / "report.sarif", golden)
    # a canary: our log without a location, which GitHub rejects; it proves the GitHub rules ran
    canary = work / "canary.sarif"
    broken = json.loads(result.out)
    del broken["runs"][0]["results"][0]["locations"]
    canary.write_text(json.dumps(broken), encoding="utf-8")

    found = problems(run_multitool(tool, [ours, clean, golden, canary], work))

    canary_errors = [p for p in found if p.file == canary.name and p.level == "error"]
    assert any(p.rule.startswith("GH") for p in canary_errors), "the GitHub rules did not run:\n" + "\n".join(map(str, found))
    mine = [p for p in found if p.file != canary.name]
    errors = [p for p in mine if p.level == "error"]
    assert not errors, "the Multitool reports errors:\n" + "\n".join(map(str, errors))
    warnings = [p for p in mine if p.level == "warning" and p.rule not in ACCEPTED_WARNINGS]
    assert not warnings, "the Multitool reports warnings:\n" + "\n".join(map(str, warnings))
    notes = [p for p in mine if p.level == "note" and p.rule not in ACCEPTED_NOTES]
    assert not notes, "new notes from the Multitool (fix, or accept in ACCEPTED_NOTES with why):\n" + "\n".join(
        map(str, notes)
    )
