"""``scripts/measure.py --identical``: two revisions' complete outputs, compared byte for byte.

Hermetic: the comparison on small fake outputs, and the mode end to end with two fake
``reuse-audit`` executables (no worktree, no venv) over a fixture folder of one case.
"""

from __future__ import annotations

import json
import sys

import pytest
from script_support import load_script

measure = load_script("measure.py")
Output = measure.Output


def report(*findings: dict) -> bytes:
    return json.dumps({"findings": list(findings), "summary": {"findings": len(findings)}}, indent=2).encode()


def finding(**fields) -> dict:
    return {"code": "RA001", "path": "pkg/new.py", "line": 3, "function": "pkg.new.mine", "message": "'mine' re-implements 'pkg.core.target'",
            "target": {"name": "pkg.core.target"}, "details": {"status": "added"}, **fields}


def test_the_same_outputs_make_no_difference():
    outputs = {"fixtures/ra001/a [json]": Output(1, report(finding())), "fixtures/ra001/a [text]": Output(1, b"pkg/new.py:3:1: RA001 ...\n")}
    assert measure.differences(outputs, dict(outputs)) == []
    # stderr (progress, warnings) is not compared
    assert measure.differences(outputs, {k: Output(v.exit, v.stdout, "other progress") for k, v in outputs.items()}) == []


def test_a_finding_that_differs_is_named_with_the_fields_that_differ():
    before = {"patches/x [json]": Output(1, report(finding(), finding(line=9)))}
    after = {"patches/x [json]": Output(1, report(finding(), finding(line=9, details={"status": "modified"})))}
    [(key, how)] = measure.differences(before, after)
    assert key == "patches/x [json]"
    assert how[0] == "finding 2 (RA001 pkg.new.mine): details differ"
    assert '-        "status": "added"' in how and '+        "status": "modified"' in how  # the first lines of the diff


def test_findings_in_another_order_differ():
    a, b = finding(line=3), finding(line=7, function="pkg.new.other")
    [(_, how)] = measure.differences({"k [json]": Output(1, report(a, b))}, {"k [json]": Output(1, report(b, a))})
    assert how[0] == "finding 1 (RA001 pkg.new.mine): function, line differ"


def test_a_lost_finding_an_exit_status_and_a_text_output_differ():
    before = {"k [json]": Output(1, report(finding())), "k [text]": Output(1, b"pkg/new.py:3:1: RA001 found\nFound 1 finding.\n")}
    after = {"k [json]": Output(0, report()), "k [text]": Output(0, b"All checks passed.\n")}
    found = dict(measure.differences(before, after))
    assert found["k [json]"][:3] == ["exit status 1 -> 0", "1 findings -> 0", "summary differ"]
    assert found["k [text]"][0] == "exit status 1 -> 0"
    assert "-pkg/new.py:3:1: RA001 found" in found["k [text]"] and "+All checks passed." in found["k [text]"]


def test_a_check_of_one_side_only_differs_and_a_check_that_could_not_run_is_named():
    before = {"a [json]": Output(0, b"{}"), "b [json]": Output(2, b"", "no such tree")}
    after = {"b [json]": Output(2, b"", "no such tree"), "c [json]": Output(0, b"{}")}
    assert measure.differences(before, after) == [("a [json]", ["checked by one revision only"]), ("c [json]", ["checked by one revision only"])]
    assert measure.not_run([before, after]) == ["b [json]"]


def test_a_long_diff_is_cut():
    before = {"k [text]": Output(0, "".join(f"line {i}\n" for i in range(100)).encode())}
    after = {"k [text]": Output(0, "".join(f"line {i}!\n" for i in range(100)).encode())}
    [(_, how)] = measure.differences(before, after)
    assert len(how) == 31 and how[-1].startswith("... (") and how[-1].endswith(" more lines of diff)")


# --------------------------------------------------------------------------
# end to end, with fake executables
# --------------------------------------------------------------------------

FAKE = """#!{python}
import json, pathlib, sys
with open({log!r}, "a") as fh:
    fh.write(" ".join(sys.argv[1:]) + "\\n")
patch = pathlib.Path(sys.argv[2]).read_text()
message = {message!r} + " (" + str(patch.count("+")) + " lines added)"
if sys.argv[sys.argv.index("--format") + 1] == "json":
    print(json.dumps({{"findings": [{{"code": "RA001", "function": "pkg.new.mine", "message": message}}]}}))
else:
    print("pkg/new.py:1:1: RA001 " + message)
sys.exit(1)
"""


@pytest.fixture
def fakes(tmp_path, monkeypatch):
    """Two revisions whose ``reuse-audit`` print one finding, and ``main --identical`` over a
    fixture folder of one case: (run it with the after revision's message, the log of checks)."""
    fixtures = tmp_path / "fixtures" / "ra001" / "copy"
    (fixtures / "before" / "pkg").mkdir(parents=True)
    (fixtures / "before" / "pkg" / "core.py").write_text("def target():\n    pass\n")
    (fixtures / "after" / "pkg").mkdir(parents=True)
    (fixtures / "after" / "pkg" / "new.py").write_text("def mine():\n    pass\n")
    log = tmp_path / "checks.log"

    def run(after_message: str) -> int:
        venvs = {}
        for rev, message in (("old", "'mine' re-implements 'pkg.core.target'"), ("new", after_message)):
            exe = tmp_path / rev / "bin" / "reuse-audit"
            exe.parent.mkdir(parents=True, exist_ok=True)
            exe.write_text(FAKE.format(python=sys.executable, log=str(log), message=message))
            exe.chmod(0o755)
            venvs[rev.ljust(40, "0")] = (rev.ljust(40, "0"), exe.parent.parent)
        monkeypatch.setattr(measure, "resolve", lambda rev: rev.ljust(40, "0"))
        monkeypatch.setattr(measure, "prepare", lambda sha, work: venvs[sha])
        argv = ["--identical", "--before", "old", "--after", "new", "--only", "fixtures", "--work", str(tmp_path / "work")]
        return measure.main([*argv, "--fixtures", str(tmp_path / "fixtures"), "--jobs", "1"])

    return run, log


def test_identical_revisions_exit_0_and_their_checks_run_once(fakes, capsys):
    run, log = fakes
    assert run("'mine' re-implements 'pkg.core.target'") == 0
    out = capsys.readouterr().out
    assert "old (old000000000) against new (new000000000): 1 checks (fixtures 1), each as json and text" in out
    assert "0 of 2 outputs differ" in out
    checks = log.read_text().splitlines()
    assert len(checks) == 4  # a case, two formats, two revisions
    assert all(c.startswith("check ") and c.endswith(("--format json", "--format text")) and "--no-cache" in c for c in checks)
    # kept: run again, nothing is checked again
    assert run("'mine' re-implements 'pkg.core.target'") == 0
    assert len(log.read_text().splitlines()) == 4


def test_revisions_whose_outputs_differ_exit_1_and_show_the_difference(fakes, capsys):
    run, _ = fakes
    assert run("'mine' copies 'pkg.core.target'") == 1
    shown = [
        "DIFFERENT fixtures/ra001/copy [json]\n    finding 1 (RA001 pkg.new.mine): message differ\n",
        "DIFFERENT fixtures/ra001/copy [text]\n",
        "+pkg/new.py:1:1: RA001 'mine' copies 'pkg.core.target' (",
        "2 of 2 outputs differ",
    ]
    out = capsys.readouterr().out
    assert [line for line in shown if line not in out] == [], out


def test_a_check_that_could_not_run_is_run_again(tmp_path):
    """Outputs are kept by case and inputs, but not those of checks that could not run (exit 2:
    a tree or a clone may have been missing)."""
    log = tmp_path / "checks.log"
    exe = tmp_path / "reuse-audit"
    exe.write_text(f"#!{sys.executable}\nimport sys\nopen({str(log)!r}, 'a').write('run\\n')\nprint('no such tree', file=sys.stderr)\nsys.exit(2)\n")
    exe.chmod(0o755)
    case = measure.Case("patches/p", ("check", "p.patch", "--repo", "missing"))
    first = measure.outputs(exe, [case], tmp_path / "store.jsonl", 1)
    assert {key: (out.exit, out.stderr) for key, out in first.items()} == {"patches/p [json]": (2, "no such tree\n"), "patches/p [text]": (2, "no such tree\n")}
    measure.outputs(exe, [case], tmp_path / "store.jsonl", 1)
    assert len(log.read_text().splitlines()) == 4
