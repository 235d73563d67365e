"""`bench report`: overall figures both ways, recall n/a without reads, a report within 100 columns.

On journals the test writes (as tests/test_bench_report.py does), and one real
`bench run` of the command adapter over the click-mini chain.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reuse_audit.benchmark.report import render_json, render_run, render_text, summarise, write_report

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


def record(chain, turn, *, repo=("r",), reused=("r",), recalled=(), reads=True, dup=False, passed=2, total=2,
           files_viewed=2):
    return {
        "run_id": "x", "chain": chain, "turn": turn, "agent": "a", "memory": "interface", "status": "submitted",
        "tests_passed": passed, "tests_total": total, "resolved": passed == total,
        "repo_targets": list(repo), "self_targets": [], "repo_reused": list(reused), "self_reused": [],
        "repo_recalled": list(recalled), "self_recalled": [], "reimplemented": [], "unjudged": [],
        "duplicated": dup, "files_viewed": files_viewed if reads else 0, "lines_viewed": 30 if reads else 0,
        "findings": [], "notes": [], "extra": {"reads_recorded": reads}, "library": "lib",
        "cost": 0.0, "tokens": 0, "steps": 0,
    }


def write_run(folder: Path, records: list[dict], agent: str = "mini-swe-agent", **config) -> Path:
    folder.mkdir(parents=True)
    (folder / "journal.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    (folder / "run.json").write_text(json.dumps({"agent": agent, "memory": "interface", **config}), encoding="utf-8")
    return folder


def test_overall_figures_are_given_both_ways_and_labelled(tmp_path):
    # turn 1: one chain, 5 targets, all reused (100 %); turn 2: two chains, 1 target each, none reused (0 %)
    targets = ("t1", "t2", "t3", "t4", "t5")
    run = write_run(tmp_path / "run", [
        record("a", 1, repo=targets, reused=targets, recalled=targets),
        record("a", 2, reused=(), recalled=(), dup=True, passed=1, total=4),
        record("b", 2, reused=(), recalled=("r",), passed=2, total=2),
    ])
    s = summarise(run, resamples=50)
    assert s.overall["reuse_repo"] == 50.0  # mean over turns: (100 + 0) / 2
    assert s.pooled["reuse_repo"] == 100 * 5 / 7  # pooled over targets: 5 of 7
    assert s.overall["recall_repo"] == (100 + 50) / 2 and s.pooled["recall_repo"] == 100 * 6 / 7
    assert s.overall["passed"] == (100 + 50) / 2 and s.pooled["passed"] == 100 * 5 / 8
    assert s.overall["cdup"] == (0 + 50) / 2 and s.pooled["cdup"] == 100 / 3
    assert s.pooled["cdup_last"] == s.overall["cdup_last"] == 50.0
    low, high = s.ci_pooled["reuse_repo"]
    assert low <= s.pooled["reuse_repo"] <= high
    text = render_text([s])
    assert "Mean over turns" in text and "Pooled" in text
    row = next(line for line in text.splitlines() if line.startswith("Reuse repo %"))
    assert row.split()[3] == "50.0" and row.split()[-1] == "71.4"
    assert "targets reused or read / all targets" in text
    data = json.loads(render_json([s]))["runs"][0]
    assert data["overall"]["reuse_repo"] == 50.0 and round(data["pooled"]["reuse_repo"], 1) == 71.4
    assert "reuse_repo" in data["ci95_pooled"]
    wide = render_text([s], wide=True)
    assert "Overall (mean over turns)" in wide and "Overall (pooled over targets)" in wide


def test_recall_is_na_where_the_harness_reports_no_reads(tmp_path):
    oracle = write_run(tmp_path / "oracle", [record("a", 1, reads=False), record("a", 2, reads=False)], agent="oracle")
    s = summarise(oracle, resamples=20)
    for key in ("recall_repo", "unread_repo", "files_viewed", "lines_viewed"):
        assert s.overall[key] is None and s.pooled[key] is None, key
    assert s.overall["turns_with_reads"] == 0 and s.turns_without_reads == 2
    text = render_text([s])
    assert next(line for line in text.splitlines() if line.startswith("Recall repo %")).split()[3:] == ["n/a", "n/a"]
    assert next(line for line in text.splitlines() if line.startswith("Reuse w/o recall repo %")).split()[-1] == "n/a"
    assert "the oracle reads nothing" in text and "Warning" not in text
    assert "n/a" in render_run(s)
    data = json.loads(render_json([s]))["runs"][0]
    assert data["overall"]["recall_repo"] is None and data["turns_without_reads"] == 2
    assert "the oracle reads nothing" in data["warnings"][0]

    # a command agent that records no reads: n/a and a warning, not 0
    command = write_run(tmp_path / "command", [record("a", 1, reads=False)], agent="command")
    text = render_text([summarise(command, resamples=0)])
    assert "Warning: command/interface (command): no turn reported reads" in text.replace("\n", " ")
    assert "$REUSE_AUDIT_READS" in text

    # some turns with reads, some without: recall over those with reads, and a warning
    mixed = write_run(tmp_path / "mixed", [record("a", 1, recalled=("r",)), record("b", 1, reads=False)])
    s = summarise(mixed, resamples=0)
    assert s.overall["recall_repo"] == 100.0 and s.overall["files_viewed"] == 2.0
    assert "1 of 2 turn(s) reported no reads" in render_text([s]).replace("\n", " ")

    # a harness that reported reads and saw nothing is 0, not n/a
    blind = write_run(tmp_path / "blind", [record("a", 1, files_viewed=0)])
    s = summarise(blind, resamples=0)
    assert s.overall["recall_repo"] == 0.0 and s.turns_without_reads == 0


def test_a_journal_without_reads_recorded_counts_a_turn_that_viewed_nothing_as_no_reads(tmp_path):
    old = record("a", 1, reads=False)
    del old["extra"]["reads_recorded"]
    s = summarise(write_run(tmp_path / "old", [old], agent="oracle"), resamples=0)
    assert s.turns_without_reads == 1 and s.overall["recall_repo"] is None


def test_the_default_text_fits_in_100_columns_and_wide_has_the_rest(tmp_path):
    runs = []
    for i in range(4):
        records = [record(c, t, recalled=("r",), dup=(t == 2 and c == "chain-with-a-long-name")) for c in
                   ("chain-with-a-long-name", "another-chain") for t in range(1, 8)]
        runs.append(write_run(tmp_path / f"starter-mini-swe-agent-interface-repetition-{i}", records,
                              agent_options={"model_name": "openai/a-rather-long-model-name-for-the-report"}))
    text, summaries = write_report(runs, None, resamples=20)
    widths = [len(line) for line in text.splitlines()]
    assert max(widths) <= 100, [line for line in text.splitlines() if len(line) > 100]
    assert "Per turn" in text and "T7" in text and "--wide" in text
    for run in runs:
        assert f"({run.name})" in text
    wide = render_text(summaries, wide=True)
    assert max(len(line) for line in wide.splitlines()) > 100
    for title in ("By library", "By chain", "By memory setting", "By agent and model"):
        assert title in wide and title + "\n" not in text
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "report", *map(str, runs), "--bootstrap", "20"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert max(len(line) for line in proc.stdout.splitlines()) <= 100
    proc = subprocess.run([str(REUSE_AUDIT), "bench", "report", *map(str, runs), "--bootstrap", "20", "--wide"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "By chain" in proc.stdout


# ---------------------------------------------------------------- bench run: progress and the reads warning

AGENT = r'''
import json, os, pathlib, sys
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
solutions = json.loads(os.environ["SOLUTIONS"])
target = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(solutions[str(turn["turn"])])
if os.environ.get("WRITE_READS"):
    with open(os.environ["REUSE_AUDIT_READS"], "w") as handle:
        handle.write(json.dumps({"command": "cat click/utils.py"}) + "\n")
'''


def test_bench_run_prints_progress_lines_and_warns_once_when_no_reads_are_reported(chain_dir, tmp_path):
    script = tmp_path / "agent.py"
    script.write_text(AGENT, encoding="utf-8")
    solutions = {str(t): (chain_dir / f"turn{t}" / "solution.py").read_text(encoding="utf-8") for t in (1, 2, 3)}
    env = dict(os.environ, SOLUTIONS=json.dumps(solutions))
    base = [str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "command",
            "-O", f"cmd={sys.executable} {script}", "--sandbox", "none"]  # the agent reads the test's env
    blind = subprocess.run(base + ["--out", "blind"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert blind.returncode == 0, blind.stderr
    lines = blind.stderr.splitlines()
    assert all(line.startswith("reuse-audit bench: ") for line in lines), lines  # no stray "command/interface"
    assert [line for line in lines if "[" in line and "turn" in line and "warning" not in line] == [
        "reuse-audit bench: command/interface [1/3] click-mini turn 1/3: 6/6 tests",
        "reuse-audit bench: command/interface [2/3] click-mini turn 2/3: 3/3 tests",
        "reuse-audit bench: command/interface [3/3] click-mini turn 3/3: 2/2 tests",
    ]
    warnings = [line for line in lines if "reported no reads" in line]
    assert len(warnings) == 1 and "$REUSE_AUDIT_READS" in warnings[0] and "n/a" in warnings[0]
    assert "no turn reported reads" in blind.stdout.replace("\n", " ")
    assert next(line for line in blind.stdout.splitlines() if line.startswith("Recall repo %")).split()[3] == "n/a"
    assert max(len(line) for line in blind.stdout.splitlines()) <= 100

    seen = subprocess.run(base + ["--out", "seen"], capture_output=True, text=True, env=dict(env, WRITE_READS="1"),
                          cwd=tmp_path)
    assert seen.returncode == 0, seen.stderr
    assert "reported no reads" not in seen.stderr + seen.stdout
    recall = next(line for line in seen.stdout.splitlines() if line.startswith("Recall repo %")).split()[3]
    assert recall not in ("n/a", "-")
    records = [json.loads(line) for line in (tmp_path / "seen" / "journal.jsonl").read_text().splitlines()]
    assert all(r["extra"]["reads_recorded"] for r in records)
    assert records[0]["repo_recalled"] == ["click.utils.format_filename"]

    # the oracle: n/a in the report, no warning in the log (it is expected to read nothing)
    oracle = subprocess.run([str(REUSE_AUDIT), "bench", "run", "--suite", str(chain_dir), "--agent", "oracle",
                             "--out", "oracle"], capture_output=True, text=True, cwd=tmp_path)
    assert oracle.returncode == 0 and "reported no reads" not in oracle.stderr
    assert "the oracle reads nothing" in oracle.stdout
