"""``reuse-audit bench report RUN_DIR...``: the study's tables, side by side.

Per configuration (a run): resolved %, passed %, reuse rate and recall for
repository and self targets, Cdup % (duplicated-chain rate at the last turn),
files and lines viewed per turn; then each metric per turn.  Written as text,
Markdown, JSON and PNG plots of the per-turn curves.

Invalid turns (``extra.invalid`` in the journal: the agent wrote outside its
workspace, or past the workspace limit; see ``runner.py``) are left out of
every metric, and counted in the ``Invalid`` column (``invalid`` in JSON).
``Turns`` counts the valid turns only; a chain whose turns are all invalid
is not counted in ``Chains``.

Each report says how every run's agent turns were isolated (``run.json``
``isolation``, see ``sandbox.py``): ``sandboxed (bwrap ...)`` or
``unsandboxed: <why>``, and how memory and processes were limited.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from reuse_audit.errors import UsageError

from .journal import JOURNAL, read_journal

METRICS = (
    ("resolved", "Resolved %"),
    ("passed", "Passed %"),
    ("reuse_repo", "Reuse repo %"),
    ("reuse_self", "Reuse self %"),
    ("recall_repo", "Recall repo %"),
    ("recall_self", "Recall self %"),
    ("cdup", "Cdup %"),
    ("files_viewed", "Files viewed"),
    ("lines_viewed", "Lines viewed"),
)
PERCENT = {"resolved", "passed", "reuse_repo", "reuse_self", "recall_repo", "recall_self", "cdup"}


@dataclass(frozen=True)
class RunSummary:
    label: str
    run_dir: str
    chains: int
    turns: int  # valid turns
    overall: dict  # metric -> value (None when undefined, e.g. no self targets)
    per_turn: dict  # turn -> {metric -> value}
    invalid: int = 0  # turns left out: the agent broke the rules of the run
    isolation: str = ""  # how the agent turns were isolated (run.json "isolation"), e.g. "bwrap, cgroup v1"


def is_invalid(record: dict) -> bool:
    extra = record.get("extra")
    return isinstance(extra, dict) and bool(extra.get("invalid"))


def _ratio(num: float, den: float) -> Optional[float]:
    return None if den == 0 else 100.0 * num / den


def metrics(records: list[dict]) -> dict:
    n = len(records)
    chains = {r["chain"] for r in records}
    duplicated = {r["chain"] for r in records if r["duplicated"]}
    return {
        "resolved": _ratio(sum(1 for r in records if r["resolved"]), n),
        "passed": _ratio(sum(r["tests_passed"] for r in records), sum(r["tests_total"] for r in records)),
        "reuse_repo": _ratio(sum(len(r["repo_reused"]) for r in records), sum(len(r["repo_targets"]) for r in records)),
        "reuse_self": _ratio(sum(len(r["self_reused"]) for r in records), sum(len(r["self_targets"]) for r in records)),
        "recall_repo": _ratio(sum(len(r["repo_recalled"]) for r in records), sum(len(r["repo_targets"]) for r in records)),
        "recall_self": _ratio(sum(len(r["self_recalled"]) for r in records), sum(len(r["self_targets"]) for r in records)),
        "cdup": _ratio(len(duplicated), len(chains)),
        "files_viewed": (sum(r["files_viewed"] for r in records) / n) if n else None,
        "lines_viewed": (sum(r["lines_viewed"] for r in records) / n) if n else None,
    }


def summarise(run_dir: Path) -> RunSummary:
    run_dir = Path(run_dir)
    if not (run_dir / JOURNAL).is_file():
        raise UsageError(f"{run_dir}: not a benchmark run (no {JOURNAL})")
    records = read_journal(run_dir)
    invalid = sum(1 for r in records if is_invalid(r))
    records = [r for r in records if not is_invalid(r)]
    config = {}
    if (run_dir / "run.json").is_file():
        try:
            config = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            config = {}
    label = f"{config.get('agent', '?')}/{config.get('memory', '?')} ({run_dir.name})"
    turns = sorted({r["turn"] for r in records})
    last_turn: dict[str, dict] = {}
    for r in records:
        if r["chain"] not in last_turn or r["turn"] > last_turn[r["chain"]]["turn"]:
            last_turn[r["chain"]] = r
    overall = metrics(records)
    # Cdup overall is the duplicated-chain rate at each chain's last scored turn
    overall["cdup"] = _ratio(sum(1 for r in last_turn.values() if r["duplicated"]), len(last_turn))
    per_turn = {t: metrics([r for r in records if r["turn"] == t]) for t in turns}
    return RunSummary(label, str(run_dir), len(last_turn), len(records), overall, per_turn, invalid,
                      isolation_label(config.get("isolation")))


def isolation_label(isolation) -> str:
    """``sandboxed (bubblewrap 0.8.0), limits: cgroup v1`` / ``unsandboxed: <why>, limits: ...``."""
    if not isinstance(isolation, dict) or "sandbox" not in isolation:
        return "not recorded (a run made before isolation was recorded: unsandboxed)"
    limits = isolation.get("limits", "?")
    if isolation.get("sandbox") == "bwrap":
        return f"sandboxed ({isolation.get('detail', 'bwrap')}), limits: {limits}"
    return f"unsandboxed: {isolation.get('detail', '?')}, limits: {limits}"


def _fmt(metric: str, value: Optional[float]) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}"


def render_text(summaries: list[RunSummary]) -> str:
    head = ["Configuration", "Chains", "Turns", "Invalid"] + [title for _, title in METRICS]
    rows = [[s.label, str(s.chains), str(s.turns), str(s.invalid)] + [_fmt(k, s.overall[k]) for k, _ in METRICS] for s in summaries]
    out = [_grid(head, rows), ""]
    turns = sorted({t for s in summaries for t in s.per_turn})
    for key, title in METRICS:
        head = [f"{title} by turn"] + [f"T{t}" for t in turns]
        rows = [[s.label] + [_fmt(key, s.per_turn.get(t, {}).get(key)) for t in turns] for s in summaries]
        out += [_grid(head, rows), ""]
    out += [f"Isolation of {s.label}: {s.isolation}" for s in summaries] + [""]
    return "\n".join(out)


def _grid(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in rows]
    return "\n".join(lines)


def render_markdown(summaries: list[RunSummary]) -> str:
    def md(head, rows):
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)

    out = ["# reuse-audit benchmark report", "", "## Overall", ""]
    head = ["Configuration", "Chains", "Turns", "Invalid"] + [t for _, t in METRICS]
    out.append(md(head, [[s.label, str(s.chains), str(s.turns), str(s.invalid)] + [_fmt(k, s.overall[k]) for k, _ in METRICS] for s in summaries]))
    turns = sorted({t for s in summaries for t in s.per_turn})
    out += ["", "## By turn", ""]
    for key, title in METRICS:
        out += [f"### {title}", ""]
        out.append(md(["Configuration"] + [f"T{t}" for t in turns], [[s.label] + [_fmt(key, s.per_turn.get(t, {}).get(key)) for t in turns] for s in summaries]))
        out.append("")
    out += ["## Isolation", ""] + [f"- {s.label}: {s.isolation}" for s in summaries] + [""]
    out.append("![per-turn curves](per_turn.png)")
    return "\n".join(out) + "\n"


def render_json(summaries: list[RunSummary]) -> str:
    data = {
        "schema_version": 1,
        "runs": [
            {
                "label": s.label,
                "run_dir": s.run_dir,
                "chains": s.chains,
                "turns": s.turns,
                "invalid": s.invalid,
                "isolation": s.isolation,
                "overall": s.overall,
                "per_turn": {str(t): m for t, m in sorted(s.per_turn.items())},
            }
            for s in summaries
        ],
    }
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def plot(summaries: list[RunSummary], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [m for m in METRICS if m[0] not in ("resolved",)]
    cols = 4
    rows = (len(keys) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.2 * rows), squeeze=False)
    for ax, (key, title) in zip(axes.flat, keys):
        for s in summaries:
            turns = sorted(s.per_turn)
            values = [s.per_turn[t].get(key) for t in turns]
            xs = [t for t, v in zip(turns, values) if v is not None]
            ys = [v for v in values if v is not None]
            ax.plot(xs, ys, marker="o", label=s.label)
        ax.set_title(title)
        ax.set_xlabel("turn")
        ax.grid(True, alpha=0.3)
        if key in PERCENT:
            ax.set_ylim(-5, 105)
        all_turns = sorted({t for s in summaries for t in s.per_turn})
        if all_turns:
            ax.set_xticks(all_turns)
    for ax in list(axes.flat)[len(keys):]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=max(1, len(summaries)), fontsize="small")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(run_dirs: list[Path], out_dir: Optional[Path]) -> tuple[str, list[RunSummary]]:
    summaries = [summarise(Path(d)) for d in run_dirs]
    text = render_text(summaries)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "report.md").write_text(render_markdown(summaries), encoding="utf-8")
        (out_dir / "report.json").write_text(render_json(summaries), encoding="utf-8")
        plot(summaries, out_dir / "per_turn.png")
    return text, summaries
