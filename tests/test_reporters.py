"""Golden tests of the text, JSON and SARIF reporters, and of GitHub's line hash.

One shared report (two RA001 findings in two files, one with other candidates,
one suppressed finding, one note) is rendered by every reporter and compared
with tests/data/golden/report.{txt,concise.txt,full.txt,json,sarif}.

    REUSE_AUDIT_UPDATE_GOLDEN=1 python -m pytest tests/test_reporters.py

rewrites the golden files; review the diff before committing it.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from reuse_audit.report import fingerprint
from reuse_audit.lint.model import Candidate, Finding, Report
from reuse_audit.facts.model import Location
from reuse_audit.source.note import Note
from reuse_audit.source.change import Provenance
from reuse_audit.report import RenderContext, formats, render
from reuse_audit.report import sarif as sarif_reporter
from reuse_audit.lint.rule import HOMEPAGE, Rule
from violation_support import finding
from sarif_schema import assert_valid_sarif

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
UPDATE = os.environ.get("REUSE_AUDIT_UPDATE_GOLDEN") == "1"
GOLDEN_FILES = {
    "text": "report.txt", "concise": "report.concise.txt", "full": "report.full.txt", "json": "report.json", "sarif": "report.sarif",
}

DOC = '''\
## What it does
Finds a new function that calls most of what an existing function calls,
but never calls that function.

## Why is this bad?
Two copies of the same logic drift apart: a fix made in one is missed in the other.

## Example
```python
def load_config(path):
    data = json.loads(Path(path).read_text())
    return merge(defaults(), validate(data))
```

## How to fix
Call the existing function, e.g. `read_config(path)`, or extend it.

## How to suppress
Add `# reuse-audit: ignore[RA001]` to the `def` line.

## Options
- `min-callees` (default 3)
- `min-overlap` (default 0.8)
'''

RULE = Rule(
    code="RA001",
    name="reimplemented-function",
    summary="A new function re-implements an existing function instead of calling it.",
    doc=DOC,
    check=lambda *a: iter(()),
)

NEW_PY = "\n".join(
    [
        '"""New helpers (café)."""',  # 1
        "",
        "import json",
        "import os",
        "",
        "from pkg import util",
        "",
        "",
        "# Load the user's configuration.",
        "",
        "",
        "def load_config(path):",  # 12
        "    text = open(os.path.expanduser(path)).read_text()",
        "    data = util.validate(json.loads(text))",
        "    return util.merge({}, data)",
        "",
        "",
        "def unrelated():",
        "    return 1",
        "",
        "",
        "def _x():",
        "    pass",
        "def parse_args(argv):  # reuse-audit: ignore[RA001]",  # 24
        "    pass",
    ]
).encode() + b"\n"

CONFIG_PY = b"import json\n" + b"\n" * 38 + b"def read_config(path):\n    pass\n"  # def on line 40

SOURCES = {"pkg/new.py": NEW_PY, "pkg/config.py": CONFIG_PY}


def make_report() -> Report:
    load_config = finding(
        rule="RA001",
        location=Location("pkg/new.py", 12, 0, 15),
        function="pkg.new.load_config",
        message="'load_config' re-implements 'pkg.config.read_config' (calls 5 of its 6 callees) without calling it",
        target="pkg.config.read_config",
        target_location=Location("pkg/config.py", 40, 0, 41),
        shared=("json.loads", "os.path.expanduser", "pkg.util.merge", "pkg.util.validate", ".read_text"),
        missing=("pkg.util.defaults",),
        ratio=5 / 6,
        others=(Candidate("pkg.legacy.load", Location("pkg/legacy.py", 7, 0, 19), 4, 5, 0.8),),
        details=(("status", "added"),),
    )
    dump = finding(
        rule="RA001",
        location=Location("pkg/tools/io.py", 30, 4, 41),
        function="pkg.tools.io.Exporter.dump",
        message="'Exporter.dump' re-implements 'pkg.io.write_json' (calls 3 of its 3 callees) without calling it",
        target="pkg.io.write_json",
        target_location=Location("pkg/io.py", 8, 0, 16),
        shared=("json.dumps", "os.replace", "tempfile.NamedTemporaryFile"),
        missing=(),
        ratio=1.0,
        details=(("status", "modified"),),
    )
    parse_args = finding(
        rule="RA001",
        location=Location("pkg/new.py", 24, 0, 25),
        function="pkg.new.parse_args",
        message="'parse_args' re-implements 'pkg.cli.build_parser' (calls 3 of its 3 callees) without calling it",
        target="pkg.cli.build_parser",
        target_location=Location("pkg/cli.py", 5, 0, 12),
        shared=("argparse.ArgumentParser", ".add_argument", ".parse_args"),
        ratio=1.0,
        suppressed=True,
    )
    return Report(
        findings=(dump, parse_args, load_config),  # deliberately unsorted
        notes=(Note("pkg/broken.py", "syntax error at line 3; analysed in part"),),
        files_analysed=4,
        functions_checked=6,
        rules=("RA001",),
    )


def make_ctx(**changes) -> RenderContext:
    ctx = RenderContext(
        rules=(RULE,),
        version="0.1.0",
        source=SOURCES.get,
        provenance=Provenance(
            repository_uri="https://github.com/example/project",
            revision="0123456789abcdef0123456789abcdef01234567",
            branch="refs/heads/main",
        ),
        category="python",
    )
    return dataclasses.replace(ctx, **changes)


@pytest.fixture
def report() -> Report:
    return make_report()


@pytest.fixture
def ctx() -> RenderContext:
    return make_ctx()


# ---------------------------------------------------------------------------
# golden files


@pytest.mark.parametrize("fmt", sorted(GOLDEN_FILES))
def test_golden(fmt, report, ctx):
    out = render(fmt, report, ctx)
    path = GOLDEN / GOLDEN_FILES[fmt]
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(out, encoding="utf-8", newline="\n")
    assert path.exists(), f"{path} missing: run with REUSE_AUDIT_UPDATE_GOLDEN=1"
    assert out == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", formats())
def test_deterministic_and_order_independent(fmt, report, ctx):
    first = render(fmt, report, ctx)
    shuffled = dataclasses.replace(
        report, findings=tuple(reversed(report.findings)), notes=tuple(reversed(report.notes))
    )
    assert render(fmt, report, ctx) == first
    assert render(fmt, shuffled, ctx) == first
    assert first.endswith("\n") and not first.endswith("\n\n")


# ---------------------------------------------------------------------------
# text


def test_text_no_findings(ctx):
    empty = Report(findings=(), functions_checked=3, files_analysed=120)
    assert render("text", empty, ctx) == "No findings: 3 changed functions checked against 120 files.\n"
    one = Report(findings=(), functions_checked=1, files_analysed=1)
    assert render("text", one, ctx) == "No findings: 1 changed function checked against 1 file.\n"


def test_text_only_suppressed(report, ctx):
    only = dataclasses.replace(report, findings=tuple(f for f in report.findings if f.suppressed))
    assert render("text", only, ctx) == (
        "No findings: 6 changed functions checked against 4 files (1 suppressed).\n"
    )


def test_text_singular_and_no_notes(report, ctx):
    one = dataclasses.replace(report, findings=report.findings[:1])
    out = render("text", one, ctx)
    assert out.splitlines()[-1] == "Found 1 finding in 1 file."
    assert "broken.py" not in out  # notes go to stderr, via the CLI


# ---------------------------------------------------------------------------
# json


def test_json_fields(report, ctx):
    doc = json.loads(render("json", report, ctx))
    assert list(doc) == ["schema_version", "tool", "findings", "notes", "errors", "summary"]
    assert doc["schema_version"] == 2
    assert doc["tool"] == {"name": "reuse-audit", "version": "0.1.0"}
    assert doc["errors"] == []
    assert doc["summary"] == {
        "findings": 2,
        "errors": 0,
        "suppressed": 1,
        "baseline": 0,
        "files_analysed": 4,
        "functions_checked": 6,
    }
    paths = [(f["path"], f["line"], f["suppressed"]) for f in doc["findings"]]
    assert paths == [("pkg/new.py", 12, False), ("pkg/new.py", 24, True), ("pkg/tools/io.py", 30, False)]
    first = doc["findings"][0]
    assert first["column"] == 1 and first["rule_name"] == "reimplemented-function"
    assert first["fingerprint"] == make_report().findings[2].stable_key
    assert first["target"] == {"name": "pkg.config.read_config", "path": "pkg/config.py", "line": 40}
    assert first["others"][0]["name"] == "pkg.legacy.load"
    assert first["details"] == {"status": "added"}
    assert doc["notes"] == [{"path": "pkg/broken.py", "message": "syntax error at line 3; analysed in part"}]


# ---------------------------------------------------------------------------
# sarif


def test_sarif_golden_is_valid(report, ctx):
    assert_valid_sarif(render("sarif", report, ctx))


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"provenance": None, "category": None},
        {"source": lambda path: None},
        {"rules": ()},
        {"category": "/backend/"},
    ],
    ids=["full", "no-provenance", "no-source", "no-rules", "slashed-category"],
)
def test_sarif_variants_are_valid(changes, report):
    assert_valid_sarif(render("sarif", report, make_ctx(**changes)))


def test_sarif_empty_report_is_valid(ctx):
    doc = assert_valid_sarif(render("sarif", Report(findings=()), ctx))
    assert doc["runs"][0]["results"] == []
    assert "toolExecutionNotifications" not in doc["runs"][0]["invocations"][0]


def test_sarif_run(report, ctx):
    doc = assert_valid_sarif(render("sarif", report, ctx))
    assert doc["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    (run,) = doc["runs"]
    assert run["columnKind"] == "utf16CodeUnits"
    assert run["automationDetails"] == {"id": "reuse-audit/python/"}
    assert run["versionControlProvenance"][0]["revisionId"] == "0123456789abcdef0123456789abcdef01234567"
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"], driver["semanticVersion"]) == ("reuse-audit", "0.1.0", "0.1.0")
    assert driver["informationUri"] == HOMEPAGE
    (descriptor,) = driver["rules"]
    assert descriptor["id"] == "RA001" and descriptor["name"] == "reimplemented-function"
    assert descriptor["shortDescription"]["text"] == RULE.summary
    assert descriptor["fullDescription"]["text"] == RULE.full_description
    assert descriptor["help"]["markdown"] == RULE.markdown()
    assert "```" not in descriptor["help"]["text"] and "## " not in descriptor["help"]["text"]
    assert descriptor["helpUri"] == RULE.help_uri
    assert descriptor["defaultConfiguration"] == {"level": "warning"}
    assert descriptor["properties"] == {
        "tags": ["maintainability", "reuse"],
        "precision": "high",
        "problem.severity": "warning",
    }
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is True
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "note"
    assert note["message"]["text"] == "pkg/broken.py: syntax error at line 3; analysed in part"
    assert "Time" not in json.dumps(doc)  # no timestamps


def test_sarif_results(report, ctx):
    run = assert_valid_sarif(render("sarif", report, ctx))["runs"][0]
    first, second = run["results"]  # the suppressed finding is left out
    assert first["ruleId"] == "RA001" and first["ruleIndex"] == 0 and first["level"] == "warning"
    assert first["message"]["text"] == (
        "'load_config' re-implements [pkg.config.read_config](1) (calls 5 of its 6 callees) without calling it"
    )
    loc = first["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "pkg/new.py", "uriBaseId": "%SRCROOT%"}
    # the def line only (GitHub shows a PR alert only when all its lines are in the diff)
    assert loc["region"] == {"startLine": 12, "startColumn": 1, "endLine": 12, "endColumn": 23}
    related = first["relatedLocations"]
    assert [r["id"] for r in related] == [1, 2]
    assert related[0]["message"]["text"] == "existing function pkg.config.read_config"
    assert related[0]["physicalLocation"]["artifactLocation"]["uri"] == "pkg/config.py"
    # the target's whole text; its file is readable, so the end column is known
    assert related[0]["physicalLocation"]["region"] == {"startLine": 40, "startColumn": 1, "endLine": 41, "endColumn": 9}
    assert related[1]["physicalLocation"]["region"] == {"startLine": 7, "startColumn": 1, "endLine": 19}
    assert first["partialFingerprints"] == {
        "primaryLocationLineHash": fingerprint.primary_location_line_hash(NEW_PY, 12),
        "reuseAudit/v1": make_report().findings[2].stable_key,
    }
    assert first["properties"]["others"] == ["pkg.legacy.load"]
    assert first["properties"]["missingCallees"] == ["pkg.util.defaults"]
    # no source for pkg/tools/io.py: no line hash, byte column + 1
    assert set(second["partialFingerprints"]) == {"reuseAudit/v1"}
    assert second["locations"][0]["physicalLocation"]["region"] == {"startLine": 30, "startColumn": 5, "endLine": 30}


def test_sarif_message_fallback_and_escaping():
    f = make_report().findings[0]
    odd = dataclasses.replace(f, violation=dataclasses.replace(f.violation, text="copies [io] helpers", target="pkg.io.write_json"))
    assert sarif_reporter.result_message(odd) == r"copies \[io\] helpers See [pkg.io.write_json](1)."


def test_sarif_uri_is_percent_encoded(ctx):
    f = dataclasses.replace(make_report().findings[0], location=Location("src/my pkg/é.py", 3, 0, 4))
    doc = assert_valid_sarif(render("sarif", Report(findings=(f,)), ctx))
    uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "src/my%20pkg/%C3%A9.py"


def test_utf16_column():
    src = "x = 'é😀'; y\r\nsecond\n".encode()
    # byte col of "y" is 4 + 2 (é) + 4 (😀) + 3 = 13; in UTF-16: 4 + 1 + 2 + 3 = 10
    assert sarif_reporter.utf16_column(src, 1, 13) == 11
    assert sarif_reporter.utf16_column(src, 2, 3) == 4
    assert sarif_reporter.utf16_column(src, 9, 3) == 4  # no such line: byte col + 1
    assert sarif_reporter.utf16_column(None, 1, 13) == 14


# ---------------------------------------------------------------------------
# fingerprint: GitHub's primaryLocationLineHash


def _hashes(text: str) -> list[str]:
    return list(fingerprint.line_hashes(text.encode()))


# Vectors from github/codeql-action src/fingerprints.test.ts ("hash" test).
FINAL_NEWLINE = [
    "e9496ae3ebfced30:1",
    "fb7c023a8b9ccb3f:1",
    "ce8ba1a563dcdaca:1",
    "e20e36e16fcb0cc8:1",
    "b3edc88f2938467e:1",
    "c8e28b0b4002a3a0:1",
    "c129715d7a2bc9a3:1",
]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", ["c129715d7a2bc9a3:1"]),
        (" a\nb\n  \t\tc\n d", ["271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"]),
        (
            " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End",
            [
                "8b7cf3e952e7aeb2:1",
                "b1ae1287ec4718d9:1",
                "bff680108adb0fcc:1",
                "c6805c5e1288b612:1",
                "b86d3392aea1be30:1",
                "e6ceba753e1a442:1",
            ],
        ),
        (" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n", FINAL_NEWLINE),
        (" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r", FINAL_NEWLINE),
        (" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n", FINAL_NEWLINE),
        (" hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n", FINAL_NEWLINE),
        (
            "Lorem ipsum dolor sit amet.\n" * 10,
            ["a7f2ff13bc495cf2:%d" % i for i in range(1, 7)]
            + [
                "a7f2ff1481e87703:1",
                "a9cf91f7bbf1862b:1",
                "55ec222b86bcae53:1",
                "cc97dc7b1d7d8f7b:1",
                "c129715d7a2bc9a3:1",
            ],
        ),
    ],
    ids=["empty", "newlines", "no-final-newline", "lf", "cr", "crlf", "mixed", "repeated"],
)
def test_line_hashes_upstream_vectors(text, expected):
    assert _hashes(text) == expected


def test_line_hashes_non_ascii():
    # BOM, astral characters (surrogate pairs) and invalid UTF-8, which Node's
    # Buffer.toString() turns into U+FFFD.  Expected values come from running a
    # line-by-line JavaScript transcription of fingerprints.ts under Node.
    content = (
        b"\xef\xbb\xbf# caf\xc3\xa9 \xe2\x98\x95 \xf0\x9f\x98\x80\r\n"
        b"def f(x):\n"
        b"\treturn x  # \xc3\xbcn\xc3\xafcode \xf0\x9f\x98\x80\xf0\x9f\x98\x80\r\r"
        b"bad: \xc3\xbf\xc3\xbe \xc3\xa2\xc2\x82 end\n"
        b"bad2: \xff\xfe \xe2\x82 \xed\xa0\x80 end\n" + b"def f(x):\n    return x\n" * 3
    )
    assert list(fingerprint.line_hashes(content)) == [
        "1b5c399ff4c2080f:1",
        "c8318db519b9d73a:1",
        "1f4a73b145393ecd:1",
        "c5bb60d9628499c6:1",
        "9bf4d9653e09a734:1",
        "93307fa0120f7509:1",
        "b1874251616c5c0f:1",
        "c10a125cd4028345:1",
        "2142766b1d681b7b:1",
        "8408da9ff9bd6e61:1",
        "637dc9444abcb717:1",
        "af1aed1c3e8d9e6d:1",
        "c129715d7a2bc9a3:1",
    ]


def test_primary_location_line_hash():
    content = ("Lorem ipsum dolor sit amet.\n" * 10).encode()
    assert fingerprint.primary_location_line_hash(content, 1) == "a7f2ff13bc495cf2:1"
    assert fingerprint.primary_location_line_hash(content, 6) == "a7f2ff13bc495cf2:6"
    assert fingerprint.primary_location_line_hash(content, 11) == "c129715d7a2bc9a3:1"  # after the last newline
    assert fingerprint.primary_location_line_hash(content, 12) is None
    assert fingerprint.primary_location_line_hash(content, 0) is None


def test_the_sarif_libraries_load_only_for_sarif():
    """sarif_om and jschema_to_python (60 ms) are not loaded by a check in another format."""
    import subprocess
    import sys

    code = (
        "import sys, types\n"
        "import reuse_audit.app.cli\n"
        "assert 'jschema_to_python' not in sys.modules\n"
        "assert 'reuse_audit.report.sarif' not in sys.modules  # imported when its format is asked for\n"
        "import reuse_audit.report.sarif\n"
        "assert type(sys.modules['sarif_om']) is not types.ModuleType  # a lazy module, not run yet\n"
        "from reuse_audit.report.sarif import om\n"
        "om.Message(text='x')\n"
        "assert type(sys.modules['sarif_om']) is types.ModuleType\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------------------
# a changed file that is not Python (issue 27)


@pytest.mark.parametrize("fmt", formats())
def test_a_file_that_is_not_python_in_every_format(fmt, report, ctx):
    from reuse_audit.lint.model import SourceError

    error = SourceError(Location("pkg/bad.py", 3), "the code does not parse near line 3; only the functions that parse were checked")
    out = render(fmt, dataclasses.replace(report, errors=(error,)), ctx)
    assert render(fmt, report, ctx) != out
    if fmt == "json":
        doc = json.loads(out)
        assert doc["errors"] == [{"kind": "SyntaxError", "path": "pkg/bad.py", "line": 3, "column": 1, "message": error.message}]
        assert doc["summary"]["errors"] == 1
    elif fmt == "sarif":
        (notification, *_) = assert_valid_sarif(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        assert notification["level"] == "error" and notification["message"]["text"].startswith("pkg/bad.py: SyntaxError: ")
        assert notification["locations"][0]["physicalLocation"]["region"] == {"startLine": 3, "startColumn": 1}
    elif fmt == "github":
        assert out.startswith("::error file=pkg/bad.py,line=3,col=1,title=SyntaxError::the code does not parse near line 3;")
    else:
        assert out.startswith("pkg/bad.py:3:1: SyntaxError: the code does not parse near line 3;"), out
    if fmt not in ("json", "sarif"):
        assert out.rstrip().splitlines()[-1].endswith("; 1 file could not be read as Python."), out
