"""`reuse-audit bench run` and `bench report` end to end, on a small chain over the installed click.

The chain (tests/fixtures/bench/click-mini) has three turns with repository
and self targets.  Hermetic: the source is a copy of the installed click
package, and agents are the oracle, a replay of recorded patches, and a
scripted command.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.report import summarise, write_report
from reuse_audit.benchmark.runner import RunConfig, run_benchmark

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


def journal(run_dir: Path) -> list[dict]:
    lines = (run_dir / "journal.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def run(chain_dir: Path, run_dir: Path, agent: str, **options) -> list[dict]:
    config = RunConfig(run_dir=run_dir, agent=agent, agent_options=options, time_limit=60, test_timeout=60)
    run_benchmark([load_chain(chain_dir)], config)
    return journal(run_dir)


def new_file_patch(path: str, text: str) -> str:
    lines = text.splitlines()
    body = "".join(f"+{line}\n" for line in lines)
    return (
        f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n"
        f"@@ -0,0 +1,{len(lines)} @@\n{body}"
    )


def test_oracle_resolves_every_turn_with_full_reuse_and_no_cdup(chain_dir, tmp_path):
    records = run(chain_dir, tmp_path / "runs" / "oracle", "oracle")
    assert [r["turn"] for r in records] == [1, 2, 3]
    for r in records:
        assert r["resolved"], r
        assert r["tests_passed"] == r["tests_total"] > 0
        assert r["repo_reused"] == r["repo_targets"] and r["repo_targets"]
        assert r["self_reused"] == r["self_targets"]
        assert r["reimplemented"] == [] and not r["duplicated"]
    assert records[1]["self_targets"] == ["click_tools.names.display_name"]
    summary = summarise(tmp_path / "runs" / "oracle")
    assert summary.overall["resolved"] == 100.0
    assert summary.overall["reuse_repo"] == 100.0 and summary.overall["reuse_self"] == 100.0
    assert summary.overall["cdup"] == 0.0


def test_replayed_reinvention_is_cdup_at_its_turn_and_stays_duplicated(chain_dir, tmp_path):
    recorded = tmp_path / "recorded" / "click-mini"
    sources = {1: "turn1/solution.py", 2: "turn2/reinvent.py", 3: "turn3/solution.py"}
    paths = {1: "click_tools/names.py", 2: "click_tools/config.py", 3: "click_tools/report.py"}
    for turn, source in sources.items():
        folder = recorded / f"turn-{turn}"
        folder.mkdir(parents=True)
        text = (chain_dir / source).read_text(encoding="utf-8")
        (folder / "patch.diff").write_text(new_file_patch(paths[turn], text), encoding="utf-8")
    records = run(chain_dir, tmp_path / "runs" / "replay", "replay", dir=str(tmp_path / "recorded"))
    # every turn passes its tests: pass rates cannot see the copy
    assert all(r["resolved"] for r in records)
    assert [r["reimplemented"] for r in records] == [[], ["click.utils.get_app_dir"], []]
    assert [r["duplicated"] for r in records] == [False, True, True]  # cumulative
    assert records[1]["repo_reused"] == [] and records[1]["self_reused"] == ["click_tools.names.display_name"]
    ra002 = [f for f in records[1]["findings"] if f["code"] == "RA002"]
    assert [(f["target"], f["details"]["status"]) for f in ra002] == [("click.utils.get_app_dir", "reimplemented")]
    per_turn = summarise(tmp_path / "runs" / "replay").per_turn
    assert [per_turn[t]["cdup"] for t in (1, 2, 3)] == [0.0, 100.0, 100.0]


def test_report_of_two_runs_writes_markdown_json_and_png(chain_dir, tmp_path):
    run(chain_dir, tmp_path / "runs" / "a", "oracle")
    run(chain_dir, tmp_path / "runs" / "b", "oracle", solution_attr="reinvent")
    out = tmp_path / "report"
    text, summaries = write_report([tmp_path / "runs" / "a", tmp_path / "runs" / "b"], out)
    assert len(summaries) == 2
    assert "Cdup %" in text and "oracle/interface (a)" in text and "oracle/interface (b)" in text
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert "| Configuration |" in markdown and "per_turn.png" in markdown
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert [r["overall"]["cdup"] for r in data["runs"]] == [0.0, 100.0]
    png = (out / "per_turn.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def test_bench_report_cli_rejects_a_folder_that_is_not_a_run(tmp_path):
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "report", str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("reuse-audit: error: ") and "journal.jsonl" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


AGENT_SCRIPT = r'''
import json, os, pathlib, shutil, sys, time
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
ws = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"])
marker = pathlib.Path(os.environ["KILL_MARKER"])
if turn["turn"] == 2 and not marker.exists():
    marker.write_text("started")
    time.sleep(120)  # killed here by the test
chain = pathlib.Path(os.environ["CHAIN_DIR"])
target = ws / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
shutil.copyfile(chain / f"turn{turn['turn']}" / "solution.py", target)
'''


def test_killed_run_resumes_to_the_same_journal(chain_dir, tmp_path):
    script = tmp_path / "agent.py"
    script.write_text(AGENT_SCRIPT, encoding="utf-8")
    base = [str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "command",
            "-O", f"cmd={sys.executable} {script}", "--time-limit", "300", "--sandbox", "none"]  # talks to the test
    env = dict(os.environ, CHAIN_DIR=str(chain_dir))

    # uninterrupted run (its marker exists already, so it never sleeps)
    (tmp_path / "marker-a").write_text("x")
    clean = tmp_path / "a" / "run"
    subprocess.run(base + ["--out", str(clean)], env=dict(env, KILL_MARKER=str(tmp_path / "marker-a")),
                   check=True, capture_output=True)

    # killed in the middle of turn 2, then rerun with the same command
    killed = tmp_path / "b" / "run"
    marker = tmp_path / "marker-b"
    cmd = base + ["--out", str(killed)]
    proc = subprocess.Popen(cmd, env=dict(env, KILL_MARKER=str(marker)), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert time.monotonic() < deadline, "the agent never reached turn 2"
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert len(journal(killed)) == 1  # turn 1 was journaled, turn 2 was not
    subprocess.run(cmd, env=dict(env, KILL_MARKER=str(marker)), check=True, capture_output=True)

    assert (killed / "journal.jsonl").read_bytes() == (clean / "journal.jsonl").read_bytes()
    assert [r["turn"] for r in journal(killed)] == [1, 2, 3]


def test_resuming_with_another_configuration_is_refused(chain_dir, tmp_path):
    out = tmp_path / "runs" / "x"
    run(chain_dir, out, "oracle")
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "oracle",
                           "--memory", "source", "--out", str(out)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "another configuration" in proc.stderr and "memory" in proc.stderr


@pytest.mark.mini
def test_mini_swe_agent_run_scores_recall_from_its_real_trajectory(chain_dir, tmp_path, monkeypatch):
    """A scripted mini-swe-agent (its own DeterministicModel) reads the target with grep
    and sed -n, writes the module and submits; recall and lines viewed come from its trajectory."""
    pytest.importorskip("minisweagent", reason="mini-swe-agent is not installed (pip install -e '.[mini]')")
    import dataclasses
    import inspect

    import click.utils

    monkeypatch.setenv("MSWEA_SILENT_STARTUP", "1")
    monkeypatch.setenv("MSWEA_GLOBAL_CONFIG_DIR", str(tmp_path / "mswea"))
    from minisweagent.models.test_models import make_output

    lines, start = inspect.getsourcelines(click.utils.format_filename)
    end = start + len(lines) - 1
    solution = (chain_dir / "turn1" / "solution.py").read_text(encoding="utf-8")
    commands = [
        "grep -n 'def format_filename' click/utils.py",
        f"sed -n '{start},{end}p' click/utils.py",
        f"mkdir -p click_tools && cat <<'EOF' > click_tools/names.py\n{solution}EOF",
        'python -c "import click_tools.names"',
        "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT",
    ]
    outputs = [
        make_output(f"THOUGHT: step {i}.\n\n```mswea_bash_command\n{c}\n```", [{"command": c}], cost=0.0)
        for i, c in enumerate(commands)
    ]
    chain = load_chain(chain_dir)
    one_turn = dataclasses.replace(chain, turns=chain.turns[:1])
    run_dir = tmp_path / "runs" / "mini"
    config = RunConfig(run_dir=run_dir, agent="mini-swe-agent", time_limit=120, test_timeout=60,
                       agent_options={"model_class": "deterministic", "outputs": outputs})
    run_benchmark([one_turn], config)
    [record] = journal(run_dir)
    assert record["status"] == "submitted" and record["resolved"], record
    assert record["repo_recalled"] == ["click.utils.format_filename"]
    assert record["files_viewed"] == 1 and record["lines_viewed"] == end - start + 1
    assert (run_dir / "click-mini" / "turn-1" / "trajectory.json").is_file()
    reads = (run_dir / "click-mini" / "turn-1" / "reads.jsonl").read_text(encoding="utf-8")
    assert json.loads(reads.splitlines()[0]) == {"path": "click/utils.py", "start": start, "end": end}
    # the turn's seconds, split: the agent, the tests, and the benchmark's own overhead
    timing = json.loads((run_dir / "click-mini" / "turn-1" / "timing.json").read_text())
    assert sorted(timing) == ["agent_seconds", "overhead_seconds", "tests_seconds"]
    assert all(value >= 0 for value in timing.values()) and timing["tests_seconds"] > 0
