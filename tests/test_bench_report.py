"""`bench report` metrics and tables on journals written by the test (issue 14)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from reuse_audit.benchmark.report import render_latex, render_markdown, summarise, write_report

REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")


def record(chain, turn, *, library="lib", resolved=True, repo=("r",), reused=("r",), recalled=(), dup=False,
           self_targets=(), self_reused=(), self_recalled=(), ra003=False, cost=0.0, tokens=0, steps=0,
           reimplemented=()):
    return {
        "run_id": "x", "chain": chain, "turn": turn, "agent": "a", "memory": "interface", "status": "submitted",
        "tests_passed": 2 if resolved else 1, "tests_total": 2, "resolved": resolved,
        "repo_targets": list(repo), "self_targets": list(self_targets),
        "repo_reused": list(reused), "self_reused": list(self_reused),
        "repo_recalled": list(recalled), "self_recalled": list(self_recalled),
        "reimplemented": list(reimplemented), "unjudged": [], "duplicated": dup,
        "files_viewed": 2, "lines_viewed": 30,
        "findings": [{"code": "RA003", "suppressed": False}] if ra003 else [],
        "notes": [], "extra": {}, "library": library, "cost": cost, "tokens": tokens, "steps": steps,
    }


def write_run(folder: Path, records: list[dict], **config) -> Path:
    folder.mkdir(parents=True)
    (folder / "journal.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    (folder / "run.json").write_text(json.dumps({"agent": "mini-swe-agent", "memory": "interface", **config}),
                                     encoding="utf-8")
    return folder


def two_turn_run(folder: Path, **config) -> Path:
    # chain a: duplicated from turn 2; chain b: never; chain c (other library): from turn 1
    records = [
        record("a", 1), record("a", 2, dup=True, reused=(), reimplemented=("r",)),
        record("b", 1, recalled=("r",)), record("b", 2, ra003=True, cost=0.5, tokens=1000, steps=4),
        record("c", 1, library="other", dup=True, reused=()), record("c", 2, library="other", dup=True),
    ]
    return write_run(folder, records, **config)


def test_overall_is_the_mean_over_turns_and_cdup_has_its_last_turn_figure(tmp_path):
    s = summarise(two_turn_run(tmp_path / "run"))
    assert s.per_turn[1]["cdup"] == 100 / 3 and s.per_turn[2]["cdup"] == 200 / 3
    assert s.overall["cdup"] == 50.0  # mean of the by-turn rates
    assert s.overall["cdup_last"] == 200 / 3  # by the last turn
    assert s.per_turn[1]["near_clone"] == 0.0 and s.per_turn[2]["near_clone"] == 100 / 3
    # reuse without recall: of the targets called, those never read
    assert s.per_turn[1]["unread_repo"] == 50.0  # a and b call r, only b read it
    assert s.overall["reuse_repo"] == (200 / 3 + 200 / 3) / 2
    assert s.per_turn[2]["cost"] == 0.5 / 3 and s.per_turn[2]["tokens"] == 1000 / 3


def test_confidence_intervals_are_seeded_and_bracket_the_value(tmp_path):
    run = two_turn_run(tmp_path / "run")
    first, again, other = summarise(run, seed=0), summarise(run, seed=0), summarise(run, seed=7)
    assert first.ci == again.ci
    low, high = first.ci["cdup"]
    assert 0.0 <= low <= first.overall["cdup"] <= high <= 100.0
    assert first.ci != other.ci or first.ci["cdup"][0] == first.ci["cdup"][1]


def test_report_tables_by_library_chain_memory_and_agent_model(tmp_path):
    a = two_turn_run(tmp_path / "runs" / "a", agent_options={"model_name": "openai/gpt-x"})
    b = two_turn_run(tmp_path / "runs" / "b", memory="none")
    text, summaries = write_report([a, b], tmp_path / "report", wide=True)
    assert summaries[0].label == "mini-swe-agent[openai/gpt-x]/interface (a)"
    for title in ("By library", "By chain", "By memory setting", "By agent and model",
                  "Overall with 95 % bootstrap confidence intervals"):
        assert title in text
    assert "mini-swe-agent[openai/gpt-x]" in text.split("By agent and model")[1]
    latex = (tmp_path / "report" / "report.tex").read_text(encoding="utf-8")
    assert "\\begin{tabular}" in latex and "\\toprule" in latex and "Cdup \\%" in latex
    markdown = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert "## By library" in markdown and "| other |" in markdown.replace("  ", " ")
    png = (tmp_path / "report" / "per_turn.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    assert render_latex(summaries) == render_latex(write_report([a, b], None)[1])  # reproducible


def test_cli_formats(tmp_path):
    run = two_turn_run(tmp_path / "run")
    latex = subprocess.run([str(REUSE_AUDIT), "bench", "report", "run", "--format", "latex"], cwd=tmp_path,
                           capture_output=True, text=True)
    assert latex.returncode == 0 and latex.stdout.startswith("% reuse-audit benchmark report")
    md = subprocess.run([str(REUSE_AUDIT), "bench", "report", str(run), "--format", "markdown", "--seed", "3"],
                        capture_output=True, text=True)
    assert md.returncode == 0 and md.stdout.startswith("# reuse-audit benchmark report") and "per_turn.png" not in md.stdout


def test_tokens_from_mini_trajectories_and_opencode_events():
    from reuse_audit.benchmark.agents.mini import trajectory_tokens
    from reuse_audit.benchmark.agents.opencode import parse_opencode_events

    data = {"messages": [
        {"role": "assistant", "extra": {"response": {"usage": {"total_tokens": 120}}}},
        {"role": "user", "content": "x"},
        {"role": "assistant", "extra": {"response": {"usage": {"prompt_tokens": 50, "completion_tokens": 7}}}},
    ]}
    assert trajectory_tokens(data) == 177
    assert trajectory_tokens(None) == 0
    events = parse_opencode_events([
        json.dumps({"type": "step_finish", "part": {"cost": 0.01, "tokens": {"input": 100, "output": 20, "reasoning": 5}}}),
        json.dumps({"type": "step_finish", "part": {"cost": 0.02, "tokens": {"input": 10, "output": 2}}}),
    ])
    assert events.tokens == 137 and events.steps == 2
