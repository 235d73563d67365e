"""`bench run --feedback lint`: a turn whose submitted file has a finding naming a function to call
instead gets one more session, the findings its message; both submissions are scored and journaled,
and the report shows resolved, reuse and Cdup before and after the revision, per turn.

On the click-mini chain (tests/fixtures/bench/click-mini, over the installed click): a scripted
`command` agent, and the real mini-swe-agent (litellm) against a scripted OpenAI-compatible server
on 127.0.0.1, that re-implement click.utils.get_app_dir at turn 2 and call it once told (mini-swe-agent
given `reuse-audit check`, which it runs from bash).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import script
from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.report import render_json, summarise, write_report
from reuse_audit.benchmark.runner import RunConfig, run_benchmark
from reuse_audit.benchmark.sandbox import probe

# turn 2's config_path over a renamed copy of click.utils.get_app_dir (its tests pass: Cdup only sees it)
COPY = '''\
import os
import sys

from click._compat import WIN
from click.utils import _posixify
from click_tools.names import display_name


def _app_folder(app_name: str, roaming: bool = True, force_posix: bool = False) -> str:
    if WIN:
        key = "APPDATA" if roaming else "LOCALAPPDATA"
        folder = os.environ.get(key)
        if folder is None:
            folder = os.path.expanduser("~")
        return os.path.join(folder, app_name)
    if force_posix:
        return os.path.join(os.path.expanduser(f"~/.{_posixify(app_name)}"))
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~/Library/Application Support"), app_name)
    return os.path.join(
        os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config")),
        _posixify(app_name),
    )


def config_path(app_name, filename):
    return os.path.join(_app_folder(app_name), display_name(filename, shorten=True))
'''
TARGET = "click.utils.get_app_dir"
FINDING = "click_tools/config.py:9:1: RA001 '_app_folder' re-implements 'click.utils.get_app_dir'"

# a program as the agent: the reference solutions, but the copy above at turn 2's first session
AGENT = '''\
import json, os, pathlib, sys
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
texts = json.loads({texts!r})
target = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
key = "copy" if turn["turn"] == 2 and not turn["revision"] else str(turn["turn"])
target.write_text(texts[key])
'''


def sandbox() -> str:
    """bwrap where this machine has it (as CI does), else none: the loop is what is tested here."""
    return "auto" if probe("auto").sandboxed else "none"


def journal(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "journal.jsonl").read_text(encoding="utf-8").splitlines()]


def per_turn_row(text: str, title: str) -> list[str]:
    """The cells of the row ``title`` of the per-turn table of a text report."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Per turn"))
    line = next(line for line in lines[start:] if line.startswith(title + "  "))
    return line[len(title):].split()


def scripted_agent(chain_dir: Path, tmp_path: Path) -> Path:
    texts = {str(n): (chain_dir / f"turn{n}" / "solution.py").read_text(encoding="utf-8") for n in (1, 2, 3)}
    texts["copy"] = COPY
    agent = tmp_path / "agent.py"
    agent.write_text(AGENT.format(texts=json.dumps(texts)), encoding="utf-8")
    return agent


def test_feedback_lint_revises_the_turn_and_reports_before_and_after(chain_dir, tmp_path):
    agent = scripted_agent(chain_dir, tmp_path)
    run_dir = tmp_path / "runs" / "lint"
    config = RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": [sys.executable, str(agent)]},
                       time_limit=120, test_timeout=60, sandbox=sandbox(), feedback="lint")
    run_benchmark([load_chain(chain_dir)], config)
    records = journal(run_dir)
    assert [r["turn"] for r in records] == [1, 2, 3] and all(r["resolved"] for r in records)
    assert not any(r["extra"].get("invalid") for r in records), [r["notes"] for r in records]

    # turn 2: the first submission re-implemented the target; told, the agent calls it
    two = records[1]
    feedback = two["extra"]["feedback"]
    assert [(f["code"], f["target"]) for f in feedback["findings"]] == [("RA001", TARGET)]
    first = feedback["first"]
    assert first["reimplemented"] == [TARGET] and first["duplicated"] and first["resolved"]
    assert first["repo_reused"] == [] and first["self_reused"] == ["click_tools.names.display_name"]
    assert two["reimplemented"] == [] and not two["duplicated"] and two["repo_reused"] == [TARGET]
    assert feedback["revision"] == {"status": "submitted"} and feedback["message"] == "feedback.md"
    # both submissions are kept: the first one's commit and change, and the one scored
    turn_dir = run_dir / "click-mini" / "turn-2"
    assert first["commit"] != two["extra"]["commit"] and first["next_commit"] != two["extra"]["next_commit"]
    assert "+def _app_folder(" in (turn_dir / first["diff"]).read_text(encoding="utf-8")
    assert "_app_folder" not in (turn_dir / "diff.patch").read_text(encoding="utf-8")
    # the second session's message: the findings as reuse-audit check prints them, then the task
    message = (turn_dir / "feedback.md").read_text(encoding="utf-8")
    assert FINDING in message and f"call {TARGET} (click/utils.py:" in message
    assert message.rstrip().endswith((turn_dir / "prompt.md").read_text(encoding="utf-8").rstrip())
    assert (turn_dir / "revision" / "input" / "prompt.md").read_text(encoding="utf-8") == message
    assert json.loads((turn_dir / "revision" / "input" / "turn.json").read_text())["revision"] is True
    # turns without a finding: checked, no second session
    assert records[0]["extra"]["feedback"] == {"findings": []} and records[2]["extra"]["feedback"] == {"findings": []}
    assert json.loads((run_dir / "run.json").read_text())["feedback"] == "lint"

    # the report: Cdup at turn 2 is 100 % before the revision and 0 % after it
    summary = summarise(run_dir)
    assert [summary.per_turn[t]["cdup_first"] for t in (1, 2, 3)] == [0.0, 100.0, 0.0]
    assert [summary.per_turn[t]["cdup"] for t in (1, 2, 3)] == [0.0, 0.0, 0.0]
    assert [summary.per_turn[t]["revised"] for t in (1, 2, 3)] == [0.0, 100.0, 0.0]
    assert summary.per_turn[2]["reuse_repo_first"] == 0.0 and summary.per_turn[2]["reuse_repo"] == 100.0
    assert summary.per_turn[2]["resolved_first"] == summary.per_turn[2]["resolved"] == 100.0
    text, _ = write_report([run_dir], None)
    assert per_turn_row(text, "Cdup % before revision")[:3] == ["0.0", "100.0", "0.0"]
    assert per_turn_row(text, "Cdup %")[:3] == ["0.0", "0.0", "0.0"]
    assert per_turn_row(text, "Reuse repo % before revision")[1] == "0.0"
    assert per_turn_row(text, "Resolved % before revision")[:3] == ["100.0", "100.0", "100.0"]
    data = json.loads(render_json([summary]))["runs"][0]
    assert data["per_turn"]["2"]["cdup_first"] == 100.0 and data["per_turn"]["2"]["cdup"] == 0.0

    # the same run without feedback is another configuration: resuming with it is refused
    proc = subprocess.run([script(), "bench", "run", "--suite", str(chain_dir), "--agent", "command", "-O",
                           f"cmd={sys.executable} {agent}", "--sandbox", config.sandbox, "--out", str(run_dir)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "feedback" in proc.stderr


def test_the_cli_runs_feedback_lint_and_prints_both_figures(chain_dir, tmp_path):
    agent = scripted_agent(chain_dir, tmp_path)
    out = tmp_path / "runs" / "cli-lint"
    proc = subprocess.run([script(), "bench", "run", "--suite", str(chain_dir), "--agent", "command", "-O",
                           f"cmd={sys.executable} {agent}", "--sandbox", sandbox(), "--feedback", "lint", "--out", str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "Cdup % before revision" in proc.stdout and "Revised %" in proc.stdout
    assert f"turn 2/3: 3/3 tests, revised after reuse-audit's findings (re-implemented {TARGET})\n" in proc.stderr
    assert "turn 1/3: 6/6 tests\n" in proc.stderr
    assert journal(out)[1]["extra"]["feedback"]["first"]["reimplemented"] == [TARGET]


# ---------------------------------------------------------------------------
# the real mini-swe-agent, through a scripted endpoint


_skip_without_litellm = pytest.mark.skipif(
    importlib.util.find_spec("minisweagent") is None or importlib.util.find_spec("litellm") is None,
    reason="mini-swe-agent (with litellm) is not installed (pip install -e '.[mini]')",
)


def write(path: str, text: str) -> str:
    return f"mkdir -p {Path(path).parent} && cat <<'EOF' > {path}\n{text}EOF"


@pytest.mark.mini
@_skip_without_litellm
def test_mini_swe_agent_runs_reuse_audit_check_and_its_second_session_receives_the_findings(chain_dir, tmp_path, monkeypatch):
    from test_bench_agents import ScriptedModel, answer, litellm_options, serve

    monkeypatch.setenv("MSWEA_SILENT_STARTUP", "1")
    monkeypatch.setenv("MSWEA_GLOBAL_CONFIG_DIR", str(tmp_path / "mswea"))
    solution = {n: (chain_dir / f"turn{n}" / "solution.py").read_text(encoding="utf-8") for n in (1, 2)}
    submit = answer("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")
    server, thread = serve([
        answer(write("click_tools/names.py", solution[1])), submit,                                 # turn 1
        answer(write("click_tools/config.py", COPY)),                                                # turn 2: the copy,
        answer("reuse-audit check --no-cache --exit-zero"), submit,                                  # checked from bash
        answer(write("click_tools/config.py", solution[2])), submit,                                 # the revision
    ])
    chain = load_chain(chain_dir)
    try:
        config = RunConfig(run_dir=tmp_path / "runs" / "mini", agent="mini-swe-agent", time_limit=180, test_timeout=60,
                           agent_options=litellm_options(server, reuse_audit_check=True), sandbox=sandbox(), feedback="lint")
        run_benchmark([dataclasses.replace(chain, turns=chain.turns[:2])], config)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    records = journal(config.run_dir)
    assert [r["status"] for r in records] == ["submitted", "submitted"], records
    requests = ScriptedModel.scripted
    assert len(requests) == 7

    def said(request: dict) -> str:
        return "\n".join(str(m.get("content")) for m in request["messages"])

    # told of reuse-audit check, the agent runs it from bash in its workspace (the output in a
    # terminal's format: the [*] of a safe fix)
    assert "Run it before you finish" in said(requests[0]) and "`reuse-audit check`" in said(requests[2])
    assert "click_tools/config.py:9:1: RA001 [*] '_app_folder' re-implements 'click.utils.get_app_dir'" in said(requests[4])
    # the second session of turn 2 is a new session whose task is the findings text
    first_of_revision = said(requests[5])
    assert FINDING in first_of_revision and f"call {TARGET} (click/utils.py:" in first_of_revision
    assert "Your submission was rejected by reuse-audit" in first_of_revision
    assert "rejected by reuse-audit" not in said(requests[2])  # the first session of turn 2 was not told
    assert len(requests[5]["messages"]) < len(requests[4]["messages"])  # a fresh session, not a continuation
    two = records[1]
    assert two["extra"]["feedback"]["first"]["reimplemented"] == [TARGET] and two["reimplemented"] == []
    assert (config.run_dir / "click-mini" / "turn-2" / "revision" / "trajectory.json").is_file()


# ---------------------------------------------------------------------------
# the guide (docs/bench-feedback.md): its configurations and its experiment's --dry-run, as they are

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "bench-feedback.md"


def test_the_guide_shows_the_experiment_and_what_it_costs_as_they_are(tmp_path):
    import re

    import yaml

    from reuse_audit.benchmark.agents.base import make_agent

    if importlib.util.find_spec("mcp") is None:
        pytest.skip("the MCP SDK is not installed (pip install -e '.[mcp]'): OpenCode's reuse_audit_mcp needs it")
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"^(`{3,})(\w+)\n(.*?)^\1[ \t]*$", text, re.S | re.M)
    files = {}
    for _, lang, body in blocks:
        first = body.splitlines()[0]
        if lang == "yaml" and re.fullmatch(r"#\s*[\w.-]+\.yaml", first):
            files[first.lstrip("#").strip()] = body
    assert {"opencode-mcp.yaml", "mini-check.yaml", "feedback-study.yaml"} <= set(files)
    assert make_agent("opencode", yaml.safe_load(files["opencode-mcp.yaml"])).reuse_audit_mcp
    assert make_agent("mini-swe-agent", yaml.safe_load(files["mini-check.yaml"])).reuse_audit_bin is not None
    (tmp_path / "feedback-study.yaml").write_text(files["feedback-study.yaml"], encoding="utf-8")
    [shown] = [body for _, lang, body in blocks if lang == "console" and "--dry-run" in body.splitlines()[0]]
    command, *expected = shown.rstrip("\n").splitlines()
    proc = subprocess.run([script(), *command.lstrip("$ ").split()[1:]], cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    got = proc.stdout.rstrip("\n").splitlines()
    assert got[0] == expected[0].replace("/home/me", str(tmp_path)) and got[1:] == expected[1:]
    assert not (tmp_path / "runs").exists()  # a dry run writes nothing
