"""End-to-end tests of the ``reuse-audit`` console script, run in a subprocess.

Contract under test (README.md): exit 0 no findings, 1 findings, 2 bad input
with exactly one ``reuse-audit: error: ...`` line on standard error saying what
and where, never a traceback; the repository is never written to; notes about
skipped or partly analysed files go to standard error unless ``--quiet``.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from cli_support import (
    BASE,
    COPY_LINE,
    REUSING,
    assert_usage_error,
    copy_module,
    make_case,
    make_patch,
    snapshot,
    write_tree,
)
from sarif_schema import assert_valid_sarif

import cli_support

# the contract is main()'s: a subprocess proves nothing more, and costs an interpreter start a run
# (a run whose environment a starting interpreter must read still gets one: see run_cli)


def run_cli(*args, **kwargs):
    return cli_support.run_cli(*args, in_process=True, **kwargs)

FINDING_LINE = re.compile(
    r"^shop/report\.py:6:1: RA001 'label_for' re-implements 'shop\.pricing\.price_label' "
    r"\(calls 5 of its 5 callees\) without calling it$"
)


@pytest.fixture
def case(tmp_path):
    return make_case(tmp_path)


def check(case, *extra, cwd=None, **kwargs):
    return run_cli(["check", str(case.patch), "--repo", str(case.repo), "--no-cache", *extra], cwd=cwd, **kwargs)


# ---------------------------------------------------------------------------
# happy paths


def test_text_report(case):
    run = check(case)
    assert run.returncode == 1, run
    assert run.stderr == "", run
    lines = run.stdout.splitlines()
    assert FINDING_LINE.match(lines[0]), run
    assert lines[1].startswith("    call shop.pricing.price_label (shop/pricing.py:6) instead; shared: "), run
    assert lines[-2] == "Found 1 finding in 1 file.", run
    # the copy is not a renamed one: its fix is unsafe, and the last line says so (as ruff's does)
    assert lines[-1] == "No safe fixes (1 unsafe fix available with --diff --unsafe-fixes).", run


def test_json_report(case):
    run = check(case, "--format", "json")
    assert run.returncode == 1, run
    assert run.stderr == "", run
    doc = json.loads(run.stdout)
    assert doc["schema_version"] == 2
    assert doc["tool"]["name"] == "reuse-audit"
    assert doc["notes"] == []
    assert doc["summary"]["findings"] == 1
    assert doc["summary"]["suppressed"] == 0
    assert doc["summary"]["functions_checked"] == 1
    (finding,) = doc["findings"]
    assert finding["code"] == "RA001"
    assert finding["rule_name"] == "reimplemented-function"
    assert (finding["path"], finding["line"], finding["column"]) == ("shop/report.py", COPY_LINE, 1)
    assert finding["end_line"] == COPY_LINE + 3
    assert finding["function"] == "shop.report.label_for"
    assert finding["target"] == {"name": "shop.pricing.price_label", "path": "shop/pricing.py", "line": 6}
    assert finding["shared_callees"] == [
        "shop.util.apply_tax",
        "shop.util.format_price",
        "shop.util.lookup_rate",
        "shop.util.parse_price",
        "shop.util.round_cents",
    ]
    assert finding["missing_callees"] == []
    assert finding["ratio"] == 1.0
    assert finding["suppressed"] is False
    assert re.fullmatch(r"[0-9a-f]{32}", finding["fingerprint"])


def test_sarif_report(case):
    run = check(case, "--format", "sarif")
    assert run.returncode == 1, run
    assert run.stderr == "", run
    log = assert_valid_sarif(run.stdout)
    (sarif_run,) = log["runs"]
    assert [r["id"] for r in sarif_run["tool"]["driver"]["rules"]] == ["RA001", "RA003"]  # RA002 runs only with declared targets
    (result,) = sarif_run["results"]
    assert result["ruleId"] == "RA001"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "shop/report.py"
    assert location["region"]["startLine"] == COPY_LINE
    related = result["relatedLocations"]
    assert related[0]["id"] == 1
    assert related[0]["physicalLocation"]["artifactLocation"]["uri"] == "shop/pricing.py"
    assert related[0]["physicalLocation"]["region"]["startLine"] == 6
    assert "](1)" in result["message"]["text"]
    fingerprints = result["partialFingerprints"]
    assert re.fullmatch(r"[0-9a-f]{32}", fingerprints["reuseAudit/v1"])
    assert "primaryLocationLineHash" in fingerprints


def test_json_and_sarif_agree_on_the_fingerprint(case):
    doc = json.loads(check(case, "--format", "json").stdout)
    log = json.loads(check(case, "--format", "sarif").stdout)
    result = log["runs"][0]["results"][0]
    assert result["partialFingerprints"]["reuseAudit/v1"] == doc["findings"][0]["fingerprint"]


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_output_file(case, tmp_path, fmt):
    expected = check(case, "--format", fmt).stdout
    out = tmp_path / "reports" / f"report.{fmt}"
    out.parent.mkdir()
    run = check(case, "--format", fmt, "--output", str(out))
    assert run.returncode == 1, run
    assert run.stdout == "", run
    assert run.stderr == "", run
    assert out.read_text(encoding="utf-8") == expected
    assert sorted(p.name for p in out.parent.iterdir()) == [out.name], "temporary files left behind"


def test_output_file_is_created_with_the_usual_permissions(case, tmp_path):
    """The report is an ordinary file: mode 0666 less the umask, like a shell redirection."""
    mask = os.umask(0)
    os.umask(mask)
    out = tmp_path / "report.txt"
    run = check(case, "--output", str(out))
    assert run.returncode == 1, run
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask


def test_output_replaces_an_existing_file(case, tmp_path):
    out = tmp_path / "report.json"
    out.write_text("old content that is much longer than nothing\n" * 100, encoding="utf-8")
    run = check(case, "--format", "json", "-o", str(out))
    assert run.returncode == 1, run
    assert json.loads(out.read_text(encoding="utf-8"))["summary"]["findings"] == 1


def test_output_dash_is_stdout(case):
    run = check(case, "--output", "-")
    assert run.returncode == 1, run
    assert FINDING_LINE.match(run.stdout.splitlines()[0]), run


def test_patch_from_stdin(case):
    run = run_cli(["check", "-", "--repo", str(case.repo), "--no-cache"], stdin=case.patch.read_bytes())
    assert run.returncode == 1, run
    assert FINDING_LINE.match(run.stdout.splitlines()[0]), run
    assert run.stderr == "", run


def test_git_diff_style_pipe_with_crlf_and_bom(case):
    """A patch saved by an editor with a BOM and CRLF line endings still applies."""
    data = b"\xef\xbb\xbf" + case.patch.read_bytes().replace(b"\n", b"\r\n")
    run = run_cli(["check", "-", "--repo", str(case.repo), "--no-cache"], stdin=data)
    assert run.returncode == 1, run
    assert run.stdout.splitlines()[0].startswith("shop/report.py:6:1: RA001 "), run


def test_no_findings_exits_0(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": REUSING})
    run = check(case)
    assert run.returncode == 0, run
    assert run.stderr == "", run
    assert run.stdout == "No findings: 1 changed function checked against 4 files.\n", run


def test_no_findings_json_and_sarif(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": REUSING})
    run = check(case, "--format", "json")
    assert run.returncode == 0, run
    doc = json.loads(run.stdout)
    assert doc["findings"] == [] and doc["summary"]["findings"] == 0
    run = check(case, "--format", "sarif")
    assert run.returncode == 0, run
    assert assert_valid_sarif(run.stdout)["runs"][0]["results"] == []


def test_repo_defaults_to_the_current_directory(case, tmp_path):
    run = run_cli(["check", str(case.patch), "--no-cache"], cwd=case.repo)
    assert run.returncode == 1, run
    assert FINDING_LINE.match(run.stdout.splitlines()[0]), run
    # relative patch path, from the repository
    run = run_cli(["check", "../change.patch", "--no-cache"], cwd=case.repo)
    assert run.returncode == 1, run
    assert FINDING_LINE.match(run.stdout.splitlines()[0]), run


def test_repo_elsewhere_is_not_the_current_directory(case, tmp_path):
    """Run from an unrelated directory: --repo decides, not the cwd."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = run_cli(["check", str(case.patch), "--repo", str(case.repo), "--no-cache"], cwd=elsewhere)
    assert run.returncode == 1, run
    assert list(elsewhere.iterdir()) == []


# ---------------------------------------------------------------------------
# the repository is never written to


def _no_tool_droppings(root: Path) -> None:
    for path in root.rglob("*"):
        assert path.name != "__pycache__", path
        assert not path.name.endswith((".pyc", ".sqlite", ".sqlite-wal", ".sqlite-shm")), path
        assert not path.name.startswith(".reuse-audit"), path


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_repo_is_never_written_to(case, tmp_path, fmt):
    cache = tmp_path / "cache"
    before = snapshot(case.repo)
    for _ in range(2):  # cold, then warm cache
        run = run_cli(
            ["check", str(case.patch), "--repo", str(case.repo), "--cache-dir", str(cache), "--format", fmt]
        )
        assert run.returncode == 1, run
    assert snapshot(case.repo) == before
    _no_tool_droppings(case.repo)
    assert any(cache.iterdir()), "the cache directory was not used"


def test_repo_is_never_written_to_from_inside(case, tmp_path):
    """cwd = repo, default --repo, default (user) cache dir redirected by the environment."""
    cache = tmp_path / "user-cache"
    before = snapshot(case.repo)
    run = run_cli(["check", "-"], cwd=case.repo, stdin=case.patch.read_bytes(), env={"REUSE_AUDIT_CACHE_DIR": str(cache)})
    assert run.returncode == 1, run
    assert snapshot(case.repo) == before
    _no_tool_droppings(case.repo)
    assert any(cache.iterdir())


def test_repo_is_never_written_to_with_parallel_parsing(tmp_path):
    """Enough files for the process pool: still nothing written, same finding."""
    base = dict(BASE)
    for k in range(80):
        base[f"shop/gen/m{k:02d}.py"] = f"def f{k}(x):\n    return x + {k}\n"
    base["shop/gen/__init__.py"] = ""
    case = make_case(tmp_path, base=base)
    before = snapshot(case.repo)
    run = run_cli(["check", str(case.patch), "--repo", str(case.repo), "--cache-dir", str(tmp_path / "c"), "--jobs", "2"])
    assert run.returncode == 1, run
    assert FINDING_LINE.match(run.stdout.splitlines()[0]), run
    assert snapshot(case.repo) == before
    _no_tool_droppings(case.repo)


def test_patch_that_edits_and_deletes_files_changes_nothing_on_disk(tmp_path):
    before = dict(BASE)
    after = dict(BASE)
    after["shop/pricing.py"] = PRICING_EDITED
    del after["README.txt"]
    after["shop/report.py"] = copy_module()
    repo = write_tree(tmp_path / "repo", before)
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(before, after))
    snap = snapshot(repo)
    run = run_cli(["check", str(patch), "--repo", str(repo), "--no-cache"])
    assert run.returncode == 1, run
    assert snapshot(repo) == snap


PRICING_EDITED = BASE["shop/pricing.py"] + '\n\ndef currency():\n    return "EUR"\n'


# ---------------------------------------------------------------------------
# bad input: exit 2, one line on stderr, nothing on stdout


def _hunk_that_does_not_apply() -> bytes:
    return (
        b"diff --git a/shop/util.py b/shop/util.py\n"
        b"--- a/shop/util.py\n"
        b"+++ b/shop/util.py\n"
        b"@@ -4,2 +4,2 @@\n"
        b"-def parse_prize(text):\n"
        b"+def parse_amount(text):\n"
        b"     return float(text.strip())\n"
    )


def test_patch_that_does_not_apply(case):
    case.patch.write_bytes(_hunk_that_does_not_apply())
    line = assert_usage_error(check(case), str(case.patch), "shop/util.py", "hunk 1", "does not apply")
    assert "parse_prize" in line  # says what differs


def test_second_hunk_that_does_not_apply(case):
    text = case.before["shop/util.py"]
    edited = text.replace("float(text.strip())", "float(text)").replace("round(amount, 2)", "round(amount, 3)")
    patch = make_patch({"shop/util.py": text}, {"shop/util.py": edited}).decode()
    patch = patch.replace("-    return round(amount, 2)", "-    return round(amount, 4)")
    case.patch.write_text(patch, encoding="utf-8")
    assert_usage_error(check(case), "shop/util.py", "hunk 2", "does not apply")


def test_patch_modifies_a_missing_file(case):
    patch = case.patch.read_bytes().decode()
    case.patch.write_text(
        "diff --git a/shop/nope.py b/shop/nope.py\n--- a/shop/nope.py\n+++ b/shop/nope.py\n"
        "@@ -1,1 +1,1 @@\n-x = 1\n+x = 2\n" + patch,
        encoding="utf-8",
    )
    assert_usage_error(check(case), "shop/nope.py", "does not exist")


def test_patch_adds_a_file_that_exists(case):
    patch = make_patch({}, {"shop/util.py": "x = 1\n"})
    case.patch.write_bytes(patch)
    assert_usage_error(check(case), "shop/util.py", "already exists")


def test_empty_patch_file(case):
    case.patch.write_bytes(b"")
    assert_usage_error(check(case), str(case.patch), "empty")


def test_blank_patch_file(case):
    case.patch.write_bytes(b"\n  \n\n")
    assert_usage_error(check(case), str(case.patch), "empty")


def test_empty_stdin(case):
    run = run_cli(["check", "-", "--repo", str(case.repo), "--no-cache"], stdin=b"")
    assert_usage_error(run, "<stdin>", "empty")


@pytest.mark.parametrize(
    "content",
    [b"hello world\nthis is not a diff\n", bytes(range(256)) * 8, b"\x00\x01\x02"],
    ids=["prose", "binary", "nul"],
)
def test_file_that_is_not_a_diff(case, content):
    case.patch.write_bytes(content)
    assert_usage_error(check(case), str(case.patch), "not a unified diff")


def test_truncated_hunk(case):
    data = case.patch.read_bytes()
    case.patch.write_bytes(data[: data.rindex(b"\n+", 0, len(data) - 1)] + b"\n")
    assert_usage_error(check(case), str(case.patch), "shop/report.py", "hunk 1")


@pytest.mark.parametrize("bad", ["../x.py", "../../etc/x.py", "shop/../../x.py"])
def test_path_leaving_the_repo(case, bad):
    case.patch.write_bytes(make_patch({}, {bad: copy_module()}))
    assert_usage_error(check(case), str(case.patch), repr(bad), "leaves the repository")


@pytest.mark.parametrize("bad", ["/etc/x.py", "/tmp/x.py"])
def test_absolute_path(case, bad):
    patch = (
        f"diff --git {bad} {bad}\nnew file mode 100644\n--- /dev/null\n+++ {bad}\n@@ -0,0 +1 @@\n+x = 1\n"
    )
    case.patch.write_text(patch, encoding="utf-8")
    assert_usage_error(check(case), str(case.patch), repr(bad), "absolute")


def test_absolute_path_in_plain_diff(case):
    case.patch.write_text("--- /dev/null\n+++ /etc/x.py\n@@ -0,0 +1 @@\n+x = 1\n", encoding="utf-8")
    assert_usage_error(check(case), "'/etc/x.py'", "absolute")


def test_missing_repo(case, tmp_path):
    missing = tmp_path / "no-such-repo"
    run = run_cli(["check", str(case.patch), "--repo", str(missing), "--no-cache"])
    assert_usage_error(run, "--repo", str(missing), "no such directory")


def test_repo_is_a_file(case):
    target = case.repo / "shop" / "util.py"
    run = run_cli(["check", str(case.patch), "--repo", str(target), "--no-cache"])
    assert_usage_error(run, "--repo", str(target), "not a directory")


def test_missing_patch_file(case, tmp_path):
    missing = tmp_path / "missing.patch"
    run = run_cli(["check", str(missing), "--repo", str(case.repo), "--no-cache"])
    assert_usage_error(run, str(missing), "no such file")


def test_a_directory_outside_the_repository(case, tmp_path):
    # a folder is a PATH to check (issue 17), not a patch: this one is not in --repo
    run = run_cli(["check", str(tmp_path), "--repo", str(case.repo), "--no-cache"])
    assert_usage_error(run, str(tmp_path), "not inside the repository")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_unreadable_patch_file(case):
    case.patch.chmod(0)
    try:
        assert_usage_error(check(case), str(case.patch), "cannot read")
    finally:
        case.patch.chmod(0o644)


def test_missing_patch_argument(case):
    assert_usage_error(run_cli(["check", "--repo", str(case.repo)]), "PATCH")


@pytest.mark.parametrize(
    "args, needles",
    [
        (["--min-overlap", "2"], ["--min-overlap", "2"]),
        (["--min-overlap", "-0.1"], ["--min-overlap"]),
        (["--min-overlap", "abc"], ["--min-overlap", "abc"]),
        (["--min-callees", "0"], ["--min-callees", "0"]),
        (["--min-callees", "x"], ["--min-callees"]),
        (["--format", "xml"], ["--format", "xml"]),
        (["--jobs", "-1"], ["--jobs"]),
        (["--bogus"], ["--bogus"]),
        (["--select", "RA999"], ["--select", "RA999"]),
        (["--ignore", "XYZ"], ["--ignore", "XYZ"]),
    ],
    ids=lambda v: " ".join(v) if v and v[0].startswith("-") else "",
)
def test_invalid_option_values(case, args, needles):
    assert_usage_error(check(case, *args), *needles)


def test_no_command(tmp_path):
    line = assert_usage_error(run_cli([], cwd=tmp_path), "--help")
    assert "Options:" not in line and len(line) < 160, "the help text is not an error message"


def test_unknown_command(tmp_path):
    assert_usage_error(run_cli(["chekc"], cwd=tmp_path), "chekc")


@pytest.mark.parametrize(
    "pyproject, needles",
    [
        ("[tool.reuse-audit\nmin-callees = 3\n", ["pyproject.toml", "invalid TOML", "line 1"]),
        ("[tool.reuse-audit]\nmin-calles = 3\n", ["pyproject.toml", "min-calles"]),
        ('[tool.reuse-audit]\nmin-callees = "3"\n', ["pyproject.toml", "min-callees", "integer"]),
        ("[tool.reuse-audit]\nmin-callees = 2.5\n", ["pyproject.toml", "min-callees", "integer"]),
        ("[tool.reuse-audit]\nmin-callees = 0\n", ["pyproject.toml", "min-callees"]),
        ("[tool.reuse-audit]\nmin-overlap = 1.5\n", ["pyproject.toml", "min-overlap", "1.5"]),
        ("[tool.reuse-audit]\nmin-overlap = true\n", ["pyproject.toml", "min-overlap"]),
        ('[tool.reuse-audit]\nexclude = "docs/**"\n', ["pyproject.toml", "exclude", "list of strings"]),
        ("[tool.reuse-audit]\nignore-callees = [1]\n", ["pyproject.toml", "ignore-callees"]),
        ('[tool.reuse-audit]\nselect = "RA001"\n', ["pyproject.toml", "select"]),
        ('[tool.reuse-audit]\nselect = ["RA999"]\n', ["pyproject.toml", "select", "RA999"]),
        ('[tool.reuse-audit]\nignore = ["nope"]\n', ["pyproject.toml", "ignore", "NOPE"]),
        ("[tool]\nreuse-audit = 3\n", ["pyproject.toml", "[tool.reuse-audit]"]),
        ("tool = 3\n", ["pyproject.toml", "tool"]),
        ('tool = "x"\n', ["pyproject.toml", "tool"]),
    ],
    ids=[
        "bad-toml", "unknown-key", "string-int", "float-int", "zero", "overlap-range", "bool",
        "exclude-string", "ignore-callees-int", "select-string", "select-unknown", "ignore-unknown",
        "table-not-table", "tool-int", "tool-string",
    ],
)
def test_invalid_pyproject(case, pyproject, needles):
    (case.repo / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    assert_usage_error(check(case), *needles)


def test_pyproject_not_utf8(case):
    (case.repo / "pyproject.toml").write_bytes(b'[tool.reuse-audit]\n# caf\xe9\nmin-callees = 3\n')
    assert_usage_error(check(case), "pyproject.toml")


def test_pyproject_without_our_table_is_fine(case):
    (case.repo / "pyproject.toml").write_text('[project]\nname = "shop"\n[tool.black]\nline-length = 100\n')
    run = check(case)
    assert run.returncode == 1, run
    assert run.stderr == "", run


def test_unknown_rule():
    line = assert_usage_error(run_cli(["rule", "RA999"]), "RA999")
    assert "RA001" in line  # lists the known ones


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_output_into_missing_directory_still_prints_the_report(case, tmp_path, fmt):
    expected = check(case, "--format", fmt).stdout
    out = tmp_path / "no" / "such" / "dir" / "report.out"
    run = check(case, "--format", fmt, "--output", str(out))
    assert run.returncode == 2, run
    assert run.stdout == expected, "the report must not be lost"
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run
    assert lines[0].startswith("reuse-audit: error: "), run
    assert "--output" in lines[0] and str(out) in lines[0], run
    assert "Traceback" not in run.stderr
    assert not out.parent.exists()


def test_output_onto_a_directory_still_prints_the_report_and_leaves_no_temp_file(case, tmp_path):
    target = tmp_path / "outdir"
    target.mkdir()
    run = check(case, "--output", str(target))
    assert run.returncode == 2, run
    assert FINDING_LINE.match(run.stdout.splitlines()[0]), run
    assert len(run.stderr.splitlines()) == 1 and run.stderr.startswith("reuse-audit: error: "), run
    assert str(target) in run.stderr
    assert list(target.iterdir()) == []
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".reuse-audit")]
    assert leftovers == [], leftovers


# ---------------------------------------------------------------------------
# files that are not UTF-8, files that do not parse


LATIN1_COOKIE = b'# -*- coding: latin-1 -*-\n"""Caf\xe9 prices."""\n\n\ndef menu():\n    return "cr\xe8me"\n'
LATIN1_BARE = b'"""Caf\xe9 prices."""\n\n\ndef menu2():\n    return "cr\xe8me"\n'
BROKEN = "def broken(:\n    pass\n\n\ndef fine():\n    return 1\n"


@pytest.mark.parametrize("with_finding", [True, False], ids=["finding", "clean"])
def test_odd_files_elsewhere_are_not_fatal_and_not_noted(tmp_path, with_finding):
    """Files the report does not rest on (not changed, no finding's) are read only as far
    as the check needs: their decoding and syntax errors are not the change's business."""
    base = dict(BASE)
    base["shop/latin_cookie.py"] = LATIN1_COOKIE
    base["shop/latin_bare.py"] = LATIN1_BARE
    base["shop/broken.py"] = BROKEN
    added = None if with_finding else {"shop/report.py": REUSING}
    case = make_case(tmp_path, added, base=base)
    run = check(case)
    assert run.returncode == (1 if with_finding else 0), run
    assert "Traceback" not in run.stderr
    assert run.stderr == "", run
    plain = check(make_case(tmp_path / "plain", added))
    count = re.compile(r"against \d+ files")  # the odd files are files of the repository
    assert count.sub("", run.stdout) == count.sub("", plain.stdout)


def test_the_file_of_a_target_is_noted(tmp_path):
    """A finding rests on its target's file: how it was decoded is said."""
    pricing = BASE["shop/pricing.py"]
    pricing = pricing if isinstance(pricing, bytes) else pricing.encode()
    base = dict(BASE, **{"shop/pricing.py": b"# -*- coding: latin-1 -*-\n# Caf\xe9\n" + pricing})
    case = make_case(tmp_path, base=base)
    run = check(case)
    assert run.returncode == 1, run
    assert run.stderr.splitlines() == ["note: shop/pricing.py: decoded with coding cookie latin-1"], run
    doc = json.loads(check(case, "--format", "json", "-q").stdout)
    assert [n["path"] for n in doc["notes"]] == ["shop/pricing.py"]
    assert doc["findings"][0]["target"]["name"] == "shop.pricing.price_label"


def test_odd_files_in_the_patch_itself(tmp_path):
    """A latin-1 module without a coding cookie and a module with a syntax error added by the
    patch: each is an error, as ruff reports a syntax error (they were notes), and the rest is checked."""
    added = {
        "shop/report.py": copy_module(),
        "shop/latin_new.py": LATIN1_BARE,
        "shop/broken_new.py": BROKEN,
    }
    case = make_case(tmp_path, added)
    run = check(case)
    assert run.returncode == 1, run
    broken, latin, finding, *_ = run.stdout.splitlines()
    assert broken.startswith("shop/broken_new.py:") and ": SyntaxError: the code does not parse near line" in broken, run
    assert latin.startswith("shop/latin_new.py:1:1: SyntaxError: not Python source text: not valid UTF-8"), run
    assert FINDING_LINE.match(finding), run
    assert "could not be read as Python" in run.stdout.splitlines()[-2], run
    assert run.stderr == "", run  # the errors, not notes besides them


def test_latin1_copy_is_still_found(tmp_path):
    """The copy itself is latin-1 (with a cookie): it is decoded and judged."""
    copy = copy_module(doc="Caf\xe9 reports.").encode("latin-1")
    copy = b"# -*- coding: latin-1 -*-\n" + copy
    case = make_case(tmp_path, {"shop/report.py": copy})
    run = check(case)
    assert run.returncode == 1, run
    assert run.stdout.startswith("shop/report.py:7:1: RA001 'label_for' re-implements 'shop.pricing.price_label'"), run


def test_sarif_with_notes_is_valid(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": copy_module(), "shop/broken.py": BROKEN, "shop/latin_bare.py": LATIN1_BARE})
    run = check(case, "--format", "sarif")
    assert run.returncode == 1, run
    log = assert_valid_sarif(run.stdout)
    notifications = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert len(notifications) == 2


# ---------------------------------------------------------------------------
# help, version, rules


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["check", "--help"], ["rules", "--help"], ["rule", "--help"]])
def test_help(args):
    run = run_cli(args)
    assert run.returncode == 0, run
    assert run.stderr == "", run
    assert run.stdout.startswith("Usage: reuse-audit"), run


def test_check_help_lists_the_options():
    text = run_cli(["check", "--help"]).stdout
    for option in ("--repo", "--format", "--output", "--min-callees", "--min-overlap", "--select", "--ignore",
                   "--cache-dir", "--no-cache", "--jobs", "--quiet"):
        assert option in text, option


def test_version():
    from reuse_audit import __version__

    run = run_cli(["--version"])
    assert run.returncode == 0, run
    assert run.stderr == ""
    assert run.stdout.strip() == f"reuse-audit, version {__version__}"


def test_rules():
    run = run_cli(["rules"])
    assert run.returncode == 0, run
    assert run.stderr == ""
    assert re.search(r"^RA001\s+reimplemented-function\s+\S", run.stdout, re.M), run


@pytest.mark.parametrize("code", ["RA001", "ra001", "reimplemented-function"])
def test_rule_doc(code):
    run = run_cli(["rule", code])
    assert run.returncode == 0, run
    assert run.stderr == ""
    assert run.stdout.startswith("# RA001 `reimplemented-function`\n"), run
    for section in ("## What it does", "## How to suppress", "## Options"):
        assert section in run.stdout
    doc = Path(__file__).resolve().parent.parent / "docs" / "rules" / "RA001-reimplemented-function.md"
    assert run.stdout == doc.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# output encodings


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_report_survives_a_stdout_that_cannot_encode_it(tmp_path, encoding):
    """A Windows code page or PYTHONIOENCODING=ascii: escaped, never an internal error."""
    case = make_case(tmp_path, {"shop/report.py": copy_module("def label_\u03a9(text, country):")})
    run = check(case, env={"PYTHONIOENCODING": encoding})
    assert run.returncode == 1, run
    assert run.stdout.startswith("shop/report.py:6:1: RA001 'label_\\u03a9' re-implements "), run
    assert run.stderr == "", run
    # JSON escapes non-ASCII itself, so it is exact whatever the encoding
    doc = json.loads(check(case, "--format", "json", env={"PYTHONIOENCODING": encoding}).stdout)
    assert doc["findings"][0]["function"] == "shop.report.label_\u03a9"


# ---------------------------------------------------------------------------
# the README's example


def test_readme_quick_start_output_is_real():
    """The finding line the README shows is the one the quick-start command prints."""
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = re.search(r"reuse-audit (check examples/\S+ --repo examples/\S+)", readme)
    assert command, "README has no quick-start check command"
    shown = re.search(r"^(\S+:\d+:\d+: RA\d{3} .*)$", readme, re.M)
    assert shown, "README shows no finding line"
    run = run_cli([*command.group(1).split(), "--no-cache"], cwd=root)
    assert run.returncode == 1, run
    assert run.stdout.splitlines()[0] == shown.group(1), run


# ---------------------------------------------------------------------------
# two new copies of one existing function


@pytest.mark.parametrize("module", ["shop/labels.py", "shop/zlabels.py"])
def test_two_new_copies_both_point_at_the_existing_function(tmp_path, module):
    second = copy_module("def b_label(text, country):").split("\n\n\n", 1)[1]
    case = make_case(tmp_path, {module: copy_module("def a_label(text, country):") + "\n\n" + second})
    run = check(case, "--format", "json")
    assert run.returncode == 1, run
    found = sorted((f["function"].rsplit(".", 1)[1], f["target"]["name"]) for f in json.loads(run.stdout)["findings"])
    assert found == [("a_label", "shop.pricing.price_label"), ("b_label", "shop.pricing.price_label")]
