"""``reuse-audit bench report RUN_DIR...``: the study's tables, side by side.

Every metric is computed per turn first (over the chains' records of that
turn), and a configuration's overall value is the mean of its per-turn values
(the turns where it is defined).  The definitions, and the study's wording
beside them, are in ``benchmark/README.md`` (*Metrics*):

* rates, pooled over the chains at a turn: resolved %, passed %, reuse and
  recall of repository and self targets, reuse without recall (targets called
  but never read, per called target), the duplicated-chain rate Cdup
  (cumulative: a chain with a re-implemented target at this turn or before)
  and, beside it, the near-clone chain rate (cumulative: a chain with an RA003
  finding at this turn or before);
* "by the last turn": Cdup and near-clones at each chain's last scored turn;
* descriptive means per turn: files and lines viewed, cost, tokens, steps,
  agent wall time.

Confidence intervals: 95 % percentile bootstrap over chains (the chains of a
run are resampled with replacement, each with all its turns), with a fixed
seed, so a report is the same every time it is made from the same journals.

Tables: overall per configuration (a run: agent, model, memory), with the
intervals; per turn; by library and by chain (per configuration); by memory
setting and by agent and model (runs pooled).  Written as text, Markdown,
LaTeX (booktabs), JSON and a PNG of every per-turn metric.

Invalid turns (``extra.invalid``: the agent wrote outside its workspace, or
past the workspace limit; see ``runner.py``) and infrastructure errors
(``extra.infra_error``: the turn's tests could not run) are left out of every
metric and counted in the ``Invalid`` and ``Errors`` columns.  ``Turns``
counts the turns measured; a chain none of whose turns is measured is not
counted in ``Chains``.

Each report says how every run's agent turns were isolated (``run.json``
``isolation``, see ``sandbox.py``): ``sandboxed (bwrap ...)`` or
``unsandboxed: <why>``, and how memory and processes were limited.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.errors import UsageError

from .journal import JOURNAL, read_journal

# (key, title); the overall table adds the "by the last turn" rates
METRICS = (
    ("resolved", "Resolved %"),
    ("passed", "Passed %"),
    ("reuse_repo", "Reuse repo %"),
    ("reuse_self", "Reuse self %"),
    ("recall_repo", "Recall repo %"),
    ("recall_self", "Recall self %"),
    ("unread_repo", "Reuse w/o recall repo %"),
    ("unread_self", "Reuse w/o recall self %"),
    ("cdup", "Cdup %"),
    ("near_clone", "Near-clone %"),
    ("files_viewed", "Files viewed"),
    ("lines_viewed", "Lines viewed"),
    ("cost", "Cost $"),
    ("tokens", "Tokens"),
    ("steps", "Steps"),
    ("wall", "Agent s"),
)
LAST_TURN = (("cdup_last", "Cdup last turn %"), ("near_clone_last", "Near-clone last turn %"))
OVERALL = METRICS + LAST_TURN
TITLES = dict(OVERALL)
PERCENT = {
    "resolved", "passed", "reuse_repo", "reuse_self", "recall_repo", "recall_self", "unread_repo", "unread_self",
    "cdup", "near_clone", "cdup_last", "near_clone_last",
}
# the columns of the grouped tables (by library, chain, memory, agent and model)
GROUP_COLUMNS = ("resolved", "passed", "reuse_repo", "reuse_self", "recall_repo", "recall_self", "unread_repo",
                 "cdup", "cdup_last", "near_clone")
BOOTSTRAP = 1000
SEED = 0


@dataclass(frozen=True)
class RunSummary:
    label: str
    run_dir: str
    chains: int
    turns: int  # measured turns
    overall: dict  # metric -> value (None when undefined, e.g. no self targets)
    per_turn: dict  # turn -> {metric -> value}
    invalid: int = 0  # turns left out: the agent broke the rules of the run
    errors: int = 0  # turns left out: their tests could not run (infrastructure errors)
    ci: dict = field(default_factory=dict)  # metric -> (low, high), 95 % bootstrap over chains
    config: dict = field(default_factory=dict)  # run.json
    records: tuple = ()  # the measured records (for the grouped tables)
    resamples: int = BOOTSTRAP
    seed: int = SEED
    isolation: str = ""  # how the agent turns were isolated (run.json "isolation"), e.g. "bwrap, cgroup v1"
    # the files the agent left beside its submissions (listed, never scored): {chain, turn, path, functions}
    other_files: tuple = ()

    @property
    def agent_model(self) -> str:
        return agent_model(self.config)

    @property
    def memory(self) -> str:
        return str(self.config.get("memory", "?"))


def is_invalid(record: dict) -> bool:
    extra = record.get("extra")
    return isinstance(extra, dict) and bool(extra.get("invalid"))


def is_infra_error(record: dict) -> bool:
    extra = record.get("extra")
    return isinstance(extra, dict) and bool(extra.get("infra_error"))


def agent_model(config: dict) -> str:
    """``agent[model]``: the model is part of a configuration's name."""
    options = config.get("agent_options") or {}
    model = options.get("model_name") or options.get("model") if isinstance(options, dict) else None
    agent = str(config.get("agent", "?"))
    return f"{agent}[{model}]" if model else agent


# --------------------------------------------------------------------------- metrics


def _ratio(num: float, den: float) -> Optional[float]:
    return None if den == 0 else 100.0 * num / den


def _mean(values: list) -> Optional[float]:
    return sum(values) / len(values) if values else None


def _unread(records: list[dict], kind: str) -> Optional[float]:
    """Reuse without recall: of the targets called, the share never read."""
    reused = [(t, r) for r in records for t in r[f"{kind}_reused"]]
    return _ratio(sum(1 for t, r in reused if t not in r[f"{kind}_recalled"]), len(reused))


def _has_near_clone(record: dict) -> bool:
    return any(f.get("code") == "RA003" and not f.get("suppressed") for f in record.get("findings") or ())


def annotate(records: list[dict]) -> list[dict]:
    """Each record with ``_near_clone``: its chain has an RA003 finding at this turn or before."""
    out = []
    seen: dict[str, bool] = {}
    for r in sorted(records, key=lambda r: (r["chain"], r["turn"])):
        flag = seen.get(r["chain"], False) or _has_near_clone(r)
        seen[r["chain"]] = flag
        out.append({**r, "_near_clone": flag})
    return out


def metrics(records: list[dict]) -> dict:
    """Every metric over a set of records (one turn's, usually)."""
    n = len(records)

    def total(key: str) -> int:
        return sum(len(r[key]) for r in records)

    def mean_of(get: Callable[[dict], float]) -> Optional[float]:
        return (sum(get(r) for r in records) / n) if n else None

    return {
        "resolved": _ratio(sum(1 for r in records if r["resolved"]), n),
        "passed": _ratio(sum(r["tests_passed"] for r in records), sum(r["tests_total"] for r in records)),
        "reuse_repo": _ratio(total("repo_reused"), total("repo_targets")),
        "reuse_self": _ratio(total("self_reused"), total("self_targets")),
        "recall_repo": _ratio(total("repo_recalled"), total("repo_targets")),
        "recall_self": _ratio(total("self_recalled"), total("self_targets")),
        "unread_repo": _unread(records, "repo"),
        "unread_self": _unread(records, "self"),
        "cdup": _ratio(sum(1 for r in records if r["duplicated"]), n),
        "near_clone": _ratio(sum(1 for r in records if r.get("_near_clone")), n),
        "files_viewed": mean_of(lambda r: r["files_viewed"]),
        "lines_viewed": mean_of(lambda r: r["lines_viewed"]),
        "cost": mean_of(lambda r: float(r.get("cost") or 0.0)),
        "tokens": mean_of(lambda r: float(r.get("tokens") or 0)),
        "steps": mean_of(lambda r: float(r.get("steps") or 0)),
        "wall": mean_of(lambda r: float(r.get("agent_seconds") or 0.0)),
    }


def per_turn_metrics(records: list[dict]) -> dict:
    return {t: metrics([r for r in records if r["turn"] == t]) for t in sorted({r["turn"] for r in records})}


def overall_metrics(records: list[dict], per_turn: Optional[dict] = None) -> dict:
    """Each metric's mean over turns; Cdup and near-clones also at each chain's last turn."""
    per_turn = per_turn if per_turn is not None else per_turn_metrics(records)
    out = {}
    for key, _ in METRICS:
        out[key] = _mean([m[key] for m in per_turn.values() if m[key] is not None])
    last: dict[object, dict] = {}
    for r in records:
        key = r.get("_sample", r["chain"])
        if key not in last or r["turn"] > last[key]["turn"]:
            last[key] = r
    out["cdup_last"] = _ratio(sum(1 for r in last.values() if r["duplicated"]), len(last))
    out["near_clone_last"] = _ratio(sum(1 for r in last.values() if r.get("_near_clone")), len(last))
    return out


def bootstrap(records: list[dict], resamples: int = BOOTSTRAP, seed: int = SEED) -> dict:
    """95 % percentile intervals of every overall metric, chains resampled with replacement."""
    by_chain: dict[str, list[dict]] = {}
    for r in records:
        by_chain.setdefault(r["chain"], []).append(r)
    chains = sorted(by_chain)
    if not chains or resamples <= 0:
        return {}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {key: [] for key, _ in OVERALL}
    for _ in range(resamples):
        sample = []
        for i in range(len(chains)):
            chain = chains[rng.randrange(len(chains))]
            sample.extend({**r, "_sample": i} for r in by_chain[chain])
        values = overall_metrics(sample)
        for key, value in values.items():
            if value is not None:
                draws[key].append(value)
    out = {}
    for key, values in draws.items():
        if values:
            values.sort()
            out[key] = (_percentile(values, 2.5), _percentile(values, 97.5))
    return out


def _percentile(sorted_values: list[float], q: float) -> float:
    if len(sorted_values) == 1:
        return sorted_values[0]
    pos = (len(sorted_values) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def _agent_seconds(run_dir: Path, record: dict) -> float:
    """The agent's wall time of a turn, from the turn folder's ``timing.json`` (0 when absent)."""
    try:
        data = json.loads((run_dir / record["chain"] / f"turn-{int(record['turn'])}" / "timing.json").read_text(encoding="utf-8"))
        return float(data.get("agent_seconds") or 0.0)
    except (OSError, ValueError, TypeError, AttributeError):
        return 0.0


def summarise(run_dir: Path, resamples: int = BOOTSTRAP, seed: int = SEED) -> RunSummary:
    run_dir = Path(run_dir)
    if not (run_dir / JOURNAL).is_file():
        raise UsageError(f"{run_dir}: not a benchmark run (no {JOURNAL})")
    records = read_journal(run_dir)
    invalid = sum(1 for r in records if is_invalid(r))
    records = [r for r in records if not is_invalid(r)]
    errors = sum(1 for r in records if is_infra_error(r))
    records = annotate([r for r in records if not is_infra_error(r)])
    for r in records:
        r["agent_seconds"] = _agent_seconds(run_dir, r)
    config = {}
    if (run_dir / "run.json").is_file():
        try:
            config = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            config = {}
    label = f"{agent_model(config)}/{config.get('memory', '?')} ({run_dir.name})"
    per_turn = per_turn_metrics(records)
    overall = overall_metrics(records, per_turn)
    ci = bootstrap(records, resamples, seed)
    chains = len({r["chain"] for r in records})
    return RunSummary(label, str(run_dir), chains, len(records), overall, per_turn, invalid, errors, ci, config,
                      tuple(records), resamples, seed, isolation_label(config.get("isolation")), _other_files(records))


def _other_files(records: list[dict]) -> tuple:
    """The files the measured turns left beside their submissions (``extra.other_files``), by chain and turn."""
    out = []
    for r in sorted(records, key=lambda r: (r["chain"], r["turn"])):
        extra = r.get("extra") if isinstance(r.get("extra"), dict) else {}
        for entry in extra.get("other_files") or ():
            if isinstance(entry, dict) and isinstance(entry.get("path"), str):
                functions = [str(f) for f in entry.get("functions") or ()]
                out.append({"chain": r["chain"], "turn": r["turn"], "path": entry["path"], "functions": functions})
    return tuple(out)


def other_file_lines(summary: RunSummary) -> list[str]:
    """``chain turn N: path (adds f, g)``, one a file the agent left beside its submission."""
    out = []
    for f in summary.other_files:
        adds = f" (adds {', '.join(f['functions'])})" if f["functions"] else ""
        out.append(f"{f['chain']} turn {f['turn']}: {f['path']}{adds}")
    return out


OTHER_FILES_TITLE = "Files left beside the submission (listed, not scored)"


def isolation_label(isolation) -> str:
    """``sandboxed (bubblewrap 0.8.0), limits: cgroup v1`` / ``unsandboxed: <why>, limits: ...``."""
    if not isinstance(isolation, dict) or "sandbox" not in isolation:
        return "not recorded (a run made before isolation was recorded: unsandboxed)"
    limits = isolation.get("limits", "?")
    if isolation.get("sandbox") == "bwrap":
        return f"sandboxed ({isolation.get('detail', 'bwrap')}), limits: {limits}"
    return f"unsandboxed: {isolation.get('detail', '?')}, limits: {limits}"


# --------------------------------------------------------------------------- tables


def _fmt(metric: str, value: Optional[float]) -> str:
    if value is None:
        return "-"
    if metric in ("tokens", "lines_viewed") and abs(value) >= 100:
        return f"{value:.0f}"
    if metric == "cost":
        return f"{value:.3f}"
    return f"{value:.1f}"


def _with_ci(summary: RunSummary, key: str) -> str:
    value = summary.overall.get(key)
    ci = summary.ci.get(key)
    if value is None:
        return "-"
    if ci is None:
        return _fmt(key, value)
    return f"{_fmt(key, value)} [{_fmt(key, ci[0])}, {_fmt(key, ci[1])}]"


@dataclass(frozen=True)
class Table:
    title: str
    head: list
    rows: list
    note: str = ""


def _grouped(summaries: list[RunSummary], key_of: Callable[[dict], str], first: str) -> Table:
    """Rows of GROUP_COLUMNS per configuration and group (a library, a chain)."""
    groups: dict[tuple, list[dict]] = {}
    for s in summaries:
        for r in s.records:
            groups.setdefault((s.label, key_of(r)), []).append(r)
    rows = []
    for (label, group), records in sorted(groups.items()):
        values = overall_metrics(records)
        chains = len({r["chain"] for r in records})
        rows.append([label, group, str(chains), str(len(records))] + [_fmt(k, values[k]) for k in GROUP_COLUMNS])
    head = ["Configuration", first, "Chains", "Turns"] + [TITLES[k] for k in GROUP_COLUMNS]
    return Table(f"By {first.lower()}", head, rows)


def tables(summaries: list[RunSummary]) -> list[Table]:
    out = []
    head = ["Configuration", "Chains", "Turns", "Invalid", "Errors"] + [t for _, t in OVERALL]
    rows = [[s.label, str(s.chains), str(s.turns), str(s.invalid), str(s.errors)] + [_fmt(k, s.overall.get(k)) for k, _ in OVERALL]
            for s in summaries]
    out.append(Table("Overall (mean over turns)", head, rows))
    out.append(Table(
        "Overall with 95 % bootstrap confidence intervals",
        ["Metric"] + [s.label for s in summaries],
        [[title] + [_with_ci(s, key) for s in summaries] for key, title in OVERALL],
        note=(f"95 % percentile bootstrap: chains resampled with replacement, {summaries[0].resamples} resamples, "
              f"seed {summaries[0].seed}.") if summaries else "",
    ))
    turns = sorted({t for s in summaries for t in s.per_turn})
    for key, title in METRICS:
        out.append(Table(f"{title} by turn", ["Configuration"] + [f"T{t}" for t in turns],
                         [[s.label] + [_fmt(key, s.per_turn.get(t, {}).get(key)) for t in turns] for s in summaries]))
    out.append(_grouped(summaries, lambda r: str(r.get("library") or r["chain"].split("-")[0]), "Library"))
    out.append(_grouped(summaries, lambda r: r["chain"], "Chain"))
    out.append(Table("By memory setting", *_pooled_rows(summaries, lambda s: s.memory, "Memory")))
    out.append(Table("By agent and model", *_pooled_rows(summaries, lambda s: s.agent_model, "Agent and model")))
    return out


def _pooled_rows(summaries: list[RunSummary], key_of: Callable[[RunSummary], str], first: str) -> tuple[list, list]:
    groups: dict[str, list[dict]] = {}
    for s in summaries:
        groups.setdefault(key_of(s), []).extend({**r, "chain": f"{s.run_dir}\x00{r['chain']}"} for r in s.records)
    rows = []
    for group, records in sorted(groups.items()):
        values = overall_metrics(records)
        runs = sum(1 for s in summaries if key_of(s) == group)
        rows.append([group, str(runs), str(len(records))] + [_fmt(k, values[k]) for k in GROUP_COLUMNS])
    return [first, "Runs", "Turns"] + [TITLES[k] for k in GROUP_COLUMNS], rows


def render_run(summary: RunSummary, shown: Optional[str] = None) -> str:
    """What ``bench run`` prints at its end: the counts, then each overall metric with its interval."""
    counts = (f"{summary.label}: {summary.chains} chain(s), {summary.turns} turn(s) measured, "
              f"{summary.invalid} invalid, {summary.errors} infrastructure error(s)")
    table = tables([summary])[1]
    out = [counts, f"Isolation: {summary.isolation}", "", table.title,
           _grid(["Metric", "Overall"], [row for row in table.rows]), table.note, "",
           "Per turn, by library and by chain: reuse-audit bench report " + (shown or summary.run_dir)]
    return "\n".join(out) + "\n"


def render_text(summaries: list[RunSummary]) -> str:
    out = []
    for table in tables(summaries):
        if len(summaries) == 1 and table.title.startswith("By ") and len(table.rows) <= 1:
            continue
        out += [table.title, _grid(table.head, table.rows)]
        if table.note:
            out.append(table.note)
        out.append("")
    out += [f"Isolation of {s.label}: {s.isolation}" for s in summaries] + [""]
    for s in summaries:
        if s.other_files:
            out += [f"{OTHER_FILES_TITLE}, {s.label}:"] + [f"  {line}" for line in other_file_lines(s)] + [""]
    return "\n".join(out)


def _grid(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip(), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
    return "\n".join(lines)


def _md_cell(text: str) -> str:
    return str(text).replace("|", "\\|")


def render_markdown(summaries: list[RunSummary], png: Optional[str] = "per_turn.png") -> str:
    out = ["# reuse-audit benchmark report", ""]
    for table in tables(summaries):
        out += [f"## {table.title}", ""]
        out.append("| " + " | ".join(_md_cell(h) for h in table.head) + " |")
        out.append("|" + "---|" * len(table.head))
        out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
        if table.note:
            out += ["", table.note]
        out.append("")
    out += ["## Isolation", ""] + [f"- {s.label}: {s.isolation}" for s in summaries] + [""]
    if any(s.other_files for s in summaries):
        out += [f"## {OTHER_FILES_TITLE}", ""]
        for s in summaries:
            out += [f"- {_md_cell(s.label)}: `{line}`" for line in other_file_lines(s)]
        out.append("")
    if png:
        out.append(f"![per-turn curves]({png})")
    return "\n".join(out) + "\n"


_LATEX_ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                  "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def _tex(text: str) -> str:
    return "".join(_LATEX_ESCAPES.get(c, c) for c in str(text))


def render_latex(summaries: list[RunSummary]) -> str:
    """Every table as a booktabs ``tabular`` (``\\usepackage{booktabs}``), ready to paste."""
    out = ["% reuse-audit benchmark report: needs \\usepackage{booktabs}", ""]
    for table in tables(summaries):
        out.append(f"% {table.title}")
        out.append("\\begin{tabular}{l" + "r" * (len(table.head) - 1) + "}")
        out.append("\\toprule")
        out.append(" & ".join(_tex(h) for h in table.head) + " \\\\")
        out.append("\\midrule")
        out += [" & ".join(_tex(c) for c in row) + " \\\\" for row in table.rows]
        out.append("\\bottomrule")
        out.append("\\end{tabular}")
        if table.note:
            out.append(f"% {table.note}")
        out.append("")
    return "\n".join(out)


def render_json(summaries: list[RunSummary]) -> str:
    data = {
        "schema_version": 2,
        "bootstrap": {"resamples": summaries[0].resamples if summaries else BOOTSTRAP,
                      "seed": summaries[0].seed if summaries else SEED, "unit": "chain", "level": 0.95},
        "runs": [
            {
                "label": s.label,
                "run_dir": s.run_dir,
                "agent_model": s.agent_model,
                "memory": s.memory,
                "chains": s.chains,
                "turns": s.turns,
                "invalid": s.invalid,
                "errors": s.errors,
                "isolation": s.isolation,
                "overall": s.overall,
                "ci95": {k: list(v) for k, v in sorted(s.ci.items())},
                "per_turn": {str(t): m for t, m in sorted(s.per_turn.items())},
                "other_files": [dict(f) for f in s.other_files],
            }
            for s in summaries
        ],
    }
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


# --------------------------------------------------------------------------- plot

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
LINESTYLES = ("-", "--", "-.", ":")


def plot(summaries: list[RunSummary], path: Path) -> None:
    """One panel per metric of the tables, per turn.  Configurations get their own
    marker and line style, and a small sideways offset, so that equal curves stay visible."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = list(METRICS)
    cols = 4
    rows = (len(keys) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.3 * cols, 3.1 * rows + 0.6), squeeze=False)
    all_turns = sorted({t for s in summaries for t in s.per_turn})
    count = max(1, len(summaries))
    width = 0.24 if count > 1 else 0.0
    handles, labels = [], []
    for ax, (key, title) in zip(axes.flat, keys):
        values_seen = []
        for i, s in enumerate(summaries):
            offset = (i - (count - 1) / 2) * (width / max(1, count - 1)) if count > 1 else 0.0
            turns = sorted(s.per_turn)
            pairs = [(t + offset, s.per_turn[t].get(key)) for t in turns]
            pairs = [(x, y) for x, y in pairs if y is not None]
            values_seen += [y for _, y in pairs]
            (line,) = ax.plot([x for x, _ in pairs], [y for _, y in pairs], marker=MARKERS[i % len(MARKERS)],
                              linestyle=LINESTYLES[i % len(LINESTYLES)], markersize=5, linewidth=1.4,
                              alpha=0.9, label=s.label)
            if ax is axes.flat[0]:
                handles.append(line)
                labels.append(s.label)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("turn", fontsize=8)
        ax.grid(True, alpha=0.3)
        ax.tick_params(labelsize=8)
        if key in PERCENT:
            ax.set_ylim(-5, 105)
        elif not values_seen or max(abs(v) for v in values_seen) == 0:
            ax.set_ylim(-0.05, 1.0)  # all zero (or nothing reported): a readable axis, not +-0.06
            if not values_seen:
                ax.text(0.5, 0.5, "not reported", transform=ax.transAxes, ha="center", va="center",
                        fontsize=8, color="grey")
        else:
            top = max(values_seen)
            ax.set_ylim(min(0.0, min(values_seen)), top * 1.12)
        if all_turns:
            ax.set_xticks(all_turns)
            ax.set_xlim(all_turns[0] - 0.5, all_turns[-1] + 0.5)
    for ax in list(axes.flat)[len(keys):]:
        ax.axis("off")
    legend_rows = (len(summaries) + 2) // 3
    fig.tight_layout(rect=(0, 0.012 + 0.022 * legend_rows, 1, 1))
    fig.legend(handles, labels, loc="lower center", ncol=min(3, max(1, len(summaries))), fontsize="small",
               frameon=False, bbox_to_anchor=(0.5, 0.0))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(run_dirs: list[Path], out_dir: Optional[Path], resamples: int = BOOTSTRAP,
                 seed: int = SEED) -> tuple[str, list[RunSummary]]:
    summaries = [summarise(Path(d), resamples, seed) for d in run_dirs]
    _unique_labels(summaries)
    text = render_text(summaries)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "report.md").write_text(render_markdown(summaries), encoding="utf-8")
        (out_dir / "report.tex").write_text(render_latex(summaries), encoding="utf-8")
        (out_dir / "report.json").write_text(render_json(summaries), encoding="utf-8")
        plot(summaries, out_dir / "per_turn.png")
    return text, summaries


def _unique_labels(summaries: list[RunSummary]) -> None:
    """Two runs with one label (same folder name elsewhere): the label gets the folder's parent."""
    seen: dict[str, int] = {}
    for s in summaries:
        seen[s.label] = seen.get(s.label, 0) + 1
    for i, s in enumerate(summaries):
        if seen[s.label] > 1:
            parent = Path(s.run_dir).parent.name
            object.__setattr__(s, "label", s.label[:-1] + f", {parent})" if s.label.endswith(")") else s.label)
