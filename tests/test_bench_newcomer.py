"""`bench` as a new user runs it: relative paths, a test session that cannot run,
the pinned library's own dependencies, typed agent options (issue 14)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.deps import install_requirements, requirements_of
from reuse_audit.benchmark.scoring import run_tests
from reuse_audit.benchmark.runner import RunConfig, run_benchmark

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(REUSE_AUDIT), *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def journal(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "journal.jsonl").read_text(encoding="utf-8").splitlines()]


# --------------------------------------------------------------------------- paths


def test_tests_run_from_a_relative_folder(chain_dir, tmp_path, monkeypatch):
    chain = load_chain(chain_dir)
    turn = chain.turns[0]
    monkeypatch.chdir(tmp_path)
    # the turn's module is missing: every test fails, but the session itself ran
    run = run_tests(turn, {}, Path("rel") / "out", 60)
    assert run.infra_error is None
    assert run.total > 0 and run.passed == 0


def test_default_run_folder_is_relative_to_the_working_folder(chain_dir, tmp_path):
    work = tmp_path / "newcomer"
    work.mkdir()
    proc = cli("bench", "run", "--suite", str(chain_dir), "--agent", "oracle", cwd=work)
    assert proc.returncode == 0, proc.stderr
    run_dir = work / "runs" / "click-mini-oracle-interface"
    records = journal(run_dir)
    assert [r["resolved"] for r in records] == [True] * len(records)
    assert "Journal: runs/click-mini-oracle-interface/journal.jsonl" in proc.stdout


def test_relative_out_and_suite_from_another_folder(chain_dir, tmp_path):
    proc = cli("bench", "run", "--suite", os.path.relpath(chain_dir, tmp_path), "--agent", "oracle",
               "--out", "some/run", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert all(r["resolved"] for r in journal(tmp_path / "some" / "run"))
    report = cli("bench", "report", "some/run", "--out", "rep", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert (tmp_path / "rep" / "report.md").is_file()


# ------------------------------------------------------------ infrastructure errors


def fake_pytest(folder: Path, body: str) -> dict:
    """An environment whose pytest runs ``body`` instead of pytest (the tests' interpreter
    imports pytest from the import path it is given and calls ``pytest.main``)."""
    package = folder / "pytest"
    package.mkdir(parents=True)
    main = "def main(args):\n" + "".join(f"    {line}\n" for line in body.splitlines())
    (package / "__init__.py").write_text(main, encoding="utf-8")
    (package / "__main__.py").write_text(body, encoding="utf-8")
    return {"PYTHONPATH": str(folder)}


@pytest.mark.parametrize(
    "body, words",
    [
        ("import sys\nsys.stderr.write('No module named pytest\\n')\nsys.exit(1)\n", "No module named pytest"),
        ("import sys\nprint(\"ERROR: Directory 'x/tests' not found.\")\nsys.exit(4)\n", "not found"),
        ("import sys\nprint('INTERNALERROR> boom')\nsys.exit(3)\n", "exit status 3"),
    ],
)
def test_a_test_session_that_cannot_run_is_an_infrastructure_error(chain_dir, tmp_path, body, words):
    turn = load_chain(chain_dir).turns[0]
    run = run_tests(turn, fake_pytest(tmp_path / "fake", body), tmp_path / "out", 60)
    assert run.infra_error is not None and words in run.infra_error
    assert "\n" not in run.infra_error


def test_a_collection_error_of_the_submission_is_not_an_infrastructure_error(chain_dir, tmp_path):
    turn = load_chain(chain_dir).turns[0]  # its module does not exist: the test file fails to import
    run = run_tests(turn, {}, tmp_path / "out", 60)
    assert run.infra_error is None and run.passed == 0 and run.total > 0


def test_infrastructure_error_marks_the_turn_error_and_the_report_leaves_it_out(chain_dir, tmp_path, monkeypatch):
    from reuse_audit.benchmark import runner
    from reuse_audit.benchmark.report import summarise
    from reuse_audit.benchmark.scoring import TestRun

    def broken(turn, env, out, timeout):
        return TestRun(0, 2, (("test_a", "missing"), ("test_b", "missing")), infra_error="the test runner cannot be started: No module named pytest")

    monkeypatch.setattr(runner, "run_tests", broken)
    run_dir = tmp_path / "run"
    run_benchmark([load_chain(chain_dir)], RunConfig(run_dir=run_dir, agent="oracle", time_limit=60, test_timeout=60))
    records = journal(run_dir)
    assert {r["status"] for r in records} == {"error"}
    assert all(r["extra"]["infra_error"].endswith("No module named pytest") for r in records)
    summary = summarise(run_dir)
    assert summary.turns == 0 and summary.errors == len(records)
    assert summary.overall["resolved"] is None  # not 0 %: nothing was measured


# ------------------------------------------------------------------ dependencies


def test_requirements_of_reads_requires_dist_without_extras():
    meta = "Metadata-Version: 2.1\nName: x\nRequires-Dist: six>=1.5\nRequires-Dist: tomli; extra == 'toml'\n" \
           "Requires-Dist: foo; python_version < '3'\n"
    assert [r.name for r in requirements_of(meta)] == ["six"]


def test_installed_requirement_is_copied_into_the_site_folder(tmp_path):
    def no_pip(args):
        raise AssertionError(f"pip was called: {args}")

    # click: a requirement the test extra installs (six was, only through python-dateutil < 4)
    done = install_requirements("Name: x\nRequires-Dist: click>=8\n", tmp_path / "site", "x", pip=no_pip)
    assert done and done[0].startswith("click ")
    assert (tmp_path / "site" / "click" / "__init__.py").is_file()
    proc = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); import click; print(click.__file__)"],
                          capture_output=True, text=True)
    assert str(tmp_path / "site") in proc.stdout


def test_missing_requirement_is_installed_with_pip_target(tmp_path):
    calls = []

    def pip(args):
        calls.append(args)
        return subprocess.CompletedProcess(args, 0, "", "")

    install_requirements("Name: x\nRequires-Dist: no-such-dist-xyz>=1\n", tmp_path / "site", "x", pip=pip)
    assert calls and calls[0][:3] == ["install", "--target", str(tmp_path / "site")] and "no-such-dist-xyz>=1" in calls[0]


def test_a_requirement_pip_cannot_install_is_a_usage_error(tmp_path):
    from reuse_audit.errors import UsageError

    def pip(args):
        return subprocess.CompletedProcess(args, 1, "", "ERROR: No matching distribution found for no-such-dist-xyz\n")

    with pytest.raises(UsageError, match="No matching distribution"):
        install_requirements("Name: x\nRequires-Dist: no-such-dist-xyz\n", tmp_path / "site", "x", pip=pip)


# --------------------------------------------------------------------- options


def test_agent_options_are_json_typed_and_checked_before_any_folder(chain_dir, tmp_path):
    proc = cli("bench", "run", "--suite", str(chain_dir), "--agent", "mini-swe-agent", "--out", "r",
               "-O", "model_class=deterministic", "-O", "outputs=[\"echo hi\"]", "-O", "step_limit=abc", cwd=tmp_path)
    assert proc.returncode == 2
    assert "step_limit" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "r").exists()
    proc = cli("bench", "run", "--suite", str(chain_dir), "--agent", "oracle", "--out", "r", "-O", "nope=1", cwd=tmp_path)
    assert proc.returncode == 2 and "nope" in proc.stderr
    assert not (tmp_path / "r").exists()


def test_option_values_parse_as_json_else_text():
    from reuse_audit.benchmark.cli import _options

    options = _options(("a=5", "b=true", 'c=["x", "y"]', "d=openai/gpt-4.1", 'e="5"', "f=3,5"))
    assert options == {"a": 5, "b": True, "c": ["x", "y"], "d": "openai/gpt-4.1", "e": "5", "f": "3,5"}


def test_agent_config_file_yaml_and_json_with_option_override(tmp_path):
    from reuse_audit.benchmark.cli import _options
    from reuse_audit.errors import UsageError

    (tmp_path / "a.yaml").write_text("model_class: deterministic\nstep_limit: 5\noutputs:\n  - echo hi\n", encoding="utf-8")
    assert _options(("step_limit=7",), str(tmp_path / "a.yaml")) == {
        "model_class": "deterministic", "step_limit": 7, "outputs": ["echo hi"]}
    (tmp_path / "a.json").write_text('{"step_limit": 2}', encoding="utf-8")
    assert _options((), str(tmp_path / "a.json")) == {"step_limit": 2}
    (tmp_path / "bad.yaml").write_text("- a\n- b\n", encoding="utf-8")
    with pytest.raises(UsageError, match="expected a mapping"):
        _options((), str(tmp_path / "bad.yaml"))
    with pytest.raises(UsageError, match="no such file"):
        _options((), str(tmp_path / "none.yaml"))


# ------------------------------------------------------------- mini-swe-agent


def copy_command(chain_dir: Path) -> str:
    """One bash command that writes the reference solution of the first turn whose file is missing.

    The solution's text is in the command itself: the agent's sandbox hides the suite's
    folder (issue 15), so the agent could not copy the file from there."""
    import base64

    chain = load_chain(chain_dir)
    branches = []
    for turn in chain.turns:
        folder = str(Path(turn.path).parent)
        text = base64.b64encode(Path(turn.solution).read_bytes()).decode("ascii")
        branches.append(f"[ ! -f {turn.path} ]; then mkdir -p {folder} && echo {text} | base64 -d > {turn.path}")
    return "if " + "; elif ".join(branches) + "; fi"


def test_mini_swe_agent_runs_a_starter_chain_from_the_cli_with_a_config_file(tmp_path):
    pytest.importorskip("minisweagent")
    from reuse_audit.benchmark.chain import load_suite

    [chain] = [c for c in load_suite("starter") if c.id == "click-params"]
    config = tmp_path / "mini.yaml"
    config.write_text(
        "model_class: deterministic\n"
        "step_limit: 5\n"
        "outputs:\n"
        f"  - {json.dumps(copy_command(chain.file.parent))}\n"
        "  - echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n",
        encoding="utf-8",
    )
    env = dict(os.environ, MSWEA_SILENT_STARTUP="1")
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "run", "--suite", "starter", "--chain", "click-params",
                           "--agent", "mini-swe-agent", "--agent-config", "mini.yaml"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    records = journal(tmp_path / "runs" / "starter-mini-swe-agent-interface")
    assert [r["status"] for r in records] == ["submitted"] * 5
    assert all(r["resolved"] for r in records), [r["notes"] for r in records]
    assert all(r["steps"] == 2 for r in records)  # kept in the journal (issue 14)


def test_mini_swe_agent_outputs_as_a_typed_option(chain_dir, tmp_path):
    pytest.importorskip("minisweagent")
    outputs = json.dumps([copy_command(chain_dir), "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"])
    env = dict(os.environ, MSWEA_SILENT_STARTUP="1")
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "mini-swe-agent",
                           "-O", "model_class=deterministic", "-O", f"outputs={outputs}", "-O", "step_limit=5",
                           "--out", "run"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    records = journal(tmp_path / "run")
    assert all(r["resolved"] and r["status"] == "submitted" for r in records), [r["notes"] for r in records]


def test_cli_says_in_one_line_that_the_tests_could_not_run(chain_dir, tmp_path, monkeypatch, capsys):
    # The tests' interpreter is isolated (-I, issue 15): no PYTHONPATH of the caller's
    # reaches it, so a missing pytest is made by replacing the boot script it runs.
    from reuse_audit.benchmark import scoring
    from reuse_audit.app.cli import main

    monkeypatch.setattr(scoring, "PYTEST_BOOT", "import sys\nsys.stderr.write('/usr/bin/python: No module named pytest\\n')\nsys.exit(1)\n")
    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> tuple[int, str, str]:
        capsys.readouterr()
        with pytest.raises(SystemExit) as exc:
            main(list(args))
        out, err = capsys.readouterr()
        return exc.value.code, out, err

    code, out, err = run("bench", "run", "--suite", str(chain_dir), "--agent", "oracle", "--out", "r", "--jobs", "1")
    assert code == 1, err
    lines = [line for line in err.splitlines() if line.startswith("reuse-audit:")]
    assert len(lines) == 1 and "3 turn(s) not measured" in lines[0] and "No module named pytest" in lines[0], err
    assert "Traceback" not in err
    assert {r["status"] for r in journal(tmp_path / "r")} == {"error"}
    code, out, err = run("bench", "verify", str(chain_dir))
    assert code == 1
    assert out.rstrip().splitlines()[-1].startswith("The tests of 3 turn(s) could not run at all: ")
    assert "reference fails" not in out


SHADOWING_AGENT = r'''
import os, pathlib, sys
ws = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"])
# a pytest of its own in the workspace: never reaches the tests (only the submitted file does)
(ws / "pytest").mkdir(exist_ok=True)
(ws / "pytest" / "__init__.py").write_text("def main(args):\n    print('ERROR: usage')\n    return 4\n")
# and a submission that kills the test session when the tests import it
target = ws / sys.argv[1]
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text("import os\nos._exit(3)\n")
'''


def test_a_submission_that_breaks_the_test_session_is_the_agents_failure(chain_dir, tmp_path):
    """Shadowing pytest must not turn the agent's failed turns into excluded infrastructure errors."""
    script = tmp_path / "agent.py"
    script.write_text(SHADOWING_AGENT, encoding="utf-8")
    run_dir = tmp_path / "run"
    chain = load_chain(chain_dir)
    config = RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": [sys.executable, str(script), chain.turns[0].path]},
                       time_limit=60, test_timeout=60)
    import dataclasses

    run_benchmark([dataclasses.replace(chain, turns=chain.turns[:1])], config)
    [record] = journal(run_dir)
    assert record["status"] == "submitted" and "infra_error" not in record["extra"]
    assert not record["resolved"] and record["tests_passed"] == 0 and record["tests_total"] > 0
    assert any("broke the test session" in note for note in record["notes"])
