"""``reuse-audit bench report RUN_DIR...``: the study's tables, side by side.

Every metric is computed per turn first (over the chains' records of that
turn).  A configuration's overall value is given both ways, labelled: the
**mean over turns** of its per-turn values (the turns where it is defined:
each turn weighs the same, as the study's per-turn curves), and **pooled**
over all its measured turns at once (reuse and recall: targets reused or read
/ all targets; passed: tests passed / all tests; resolved: turns; Cdup and
near-clones: chain-turns).  The definitions, and the study's wording beside
them, are in ``benchmark/README.md`` (*Metrics*):

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
LaTeX (booktabs), JSON and a PNG of every per-turn metric.  The default text
(:func:`render_text`) fits in 100 columns: the runs, the overall figures
both ways and the per-turn figures, one configuration a column group; the
wide tables (every metric in one row per configuration, by library, chain,
memory and agent) are behind ``wide=True`` (``bench report --wide``).

Reads.  Recall, reuse without recall, files and lines viewed are computed over
the turns whose harness reported reads (``extra.reads_recorded``; in journals
older than that field, a turn that viewed a file): the oracle reads nothing,
and the ``command`` adapter records reads only when its program writes them.
Where no turn reported any they are ``n/a``, not 0, and the report says why.

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
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.journal import JOURNAL, read_journal

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
# runs with --feedback lint: the turns given a revision session, and the first submission's figures
# (before the revision); the metrics above are those of the submission scored (after it)
FEEDBACK_METRICS = (
    ("revised", "Revised %"),
    ("resolved_first", "Resolved % before revision"),
    ("reuse_repo_first", "Reuse repo % before revision"),
    ("reuse_self_first", "Reuse self % before revision"),
    ("cdup_first", "Cdup % before revision"),
)
#: a record's fields that score its submission: a turn given feedback keeps its first submission's
#: in ``extra.feedback.first`` (see runner.py)
SCORE_FIELDS = ("tests_passed", "tests_total", "resolved", "repo_reused", "self_reused", "repo_recalled",
                "self_recalled", "reimplemented", "unjudged", "duplicated", "findings")
TITLES = dict(OVERALL + FEEDBACK_METRICS)
PERCENT = {
    "resolved", "passed", "reuse_repo", "reuse_self", "recall_repo", "recall_self", "unread_repo", "unread_self",
    "cdup", "near_clone", "cdup_last", "near_clone_last",
} | {key for key, _ in FEEDBACK_METRICS}
# the columns of the grouped tables (by library, chain, memory, agent and model)
GROUP_COLUMNS = ("resolved", "passed", "reuse_repo", "reuse_self", "recall_repo", "recall_self", "unread_repo",
                 "cdup", "cdup_last", "near_clone")
BOOTSTRAP = 1000
SEED = 0
# metrics read from the agent's reads: n/a where the harness reported none
READ_METRICS = {"recall_repo", "recall_self", "unread_repo", "unread_self", "files_viewed", "lines_viewed"}
NA = "n/a"
WIDTH = 100  # columns of the default text report


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
    pooled: dict = field(default_factory=dict)  # metric -> value pooled over all measured turns
    ci_pooled: dict = field(default_factory=dict)  # metric -> (low, high) of the pooled value
    feedback: bool = False  # a run with --feedback lint: FEEDBACK_METRICS too

    @property
    def turns_without_reads(self) -> int:
        """Measured turns whose harness reported no reads (left out of recall)."""
        return sum(1 for r in self.records if not reads_recorded(r))

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


def reads_recorded(record: dict) -> bool:
    """Did the turn's harness report its reads?  ``extra.reads_recorded`` (the runner's: reads, or a
    trajectory to read them from); in older journals, whether the turn viewed a file."""
    extra = record.get("extra")
    if isinstance(extra, dict) and "reads_recorded" in extra:
        return bool(extra["reads_recorded"])
    return bool(record.get("files_viewed") or record.get("repo_recalled") or record.get("self_recalled"))


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


def first_submission(record: dict) -> dict:
    """``record`` as its first submission scored (``extra.feedback.first``), for a turn given a
    revision session under ``--feedback lint``; the record itself for any other turn."""
    extra = record.get("extra") if isinstance(record.get("extra"), dict) else {}
    feedback = extra.get("feedback") if isinstance(extra.get("feedback"), dict) else {}
    first = feedback.get("first")
    if not isinstance(first, dict):
        return record
    return {**record, **{key: first[key] for key in SCORE_FIELDS if key in first}}


def feedback_metrics(records: list[dict]) -> dict:
    """FEEDBACK_METRICS over ``records``: the share of turns given a revision session, and resolved,
    reuse and Cdup of the first submissions (the turns given none submitted once)."""
    first = metrics([first_submission(r) for r in records])
    out = {f"{key}_first": first[key] for key in ("resolved", "reuse_repo", "reuse_self", "cdup")}
    out["revised"] = _ratio(sum(1 for r in records if first_submission(r) is not r), len(records))
    return out


def metrics(records: list[dict], feedback: bool = False) -> dict:
    """Every metric over a set of records (one turn's, usually, or all of a run's: pooled); the
    metrics of reads over the records whose harness reported them.  ``turns`` and
    ``turns_with_reads`` count the records.  With ``feedback``, FEEDBACK_METRICS too."""
    n = len(records)
    read = [r for r in records if reads_recorded(r)]

    def total(key: str, among: list[dict]) -> int:
        return sum(len(r[key]) for r in among)

    def mean_of(get: Callable[[dict], float], among: list[dict]) -> Optional[float]:
        return (sum(get(r) for r in among) / len(among)) if among else None

    return {
        "resolved": _ratio(sum(1 for r in records if r["resolved"]), n),
        "passed": _ratio(sum(r["tests_passed"] for r in records), sum(r["tests_total"] for r in records)),
        "reuse_repo": _ratio(total("repo_reused", records), total("repo_targets", records)),
        "reuse_self": _ratio(total("self_reused", records), total("self_targets", records)),
        "recall_repo": _ratio(total("repo_recalled", read), total("repo_targets", read)),
        "recall_self": _ratio(total("self_recalled", read), total("self_targets", read)),
        "unread_repo": _unread(read, "repo"),
        "unread_self": _unread(read, "self"),
        "cdup": _ratio(sum(1 for r in records if r["duplicated"]), n),
        "near_clone": _ratio(sum(1 for r in records if r.get("_near_clone")), n),
        "files_viewed": mean_of(lambda r: r["files_viewed"], read),
        "lines_viewed": mean_of(lambda r: r["lines_viewed"], read),
        "cost": mean_of(lambda r: float(r.get("cost") or 0.0), records),
        "tokens": mean_of(lambda r: float(r.get("tokens") or 0), records),
        "steps": mean_of(lambda r: float(r.get("steps") or 0), records),
        "wall": mean_of(lambda r: float(r.get("agent_seconds") or 0.0), records),
        "turns": n,
        "turns_with_reads": len(read),
        **(feedback_metrics(records) if feedback else {}),
    }


def per_turn_metrics(records: list[dict], feedback: bool = False) -> dict:
    return {t: metrics([r for r in records if r["turn"] == t], feedback) for t in sorted({r["turn"] for r in records})}


def overall_metrics(records: list[dict], per_turn: Optional[dict] = None, feedback: bool = False) -> dict:
    """Each metric's mean over turns; Cdup and near-clones also at each chain's last turn."""
    per_turn = per_turn if per_turn is not None else per_turn_metrics(records, feedback)
    out = {}
    for key, _ in METRICS + (FEEDBACK_METRICS if feedback else ()):
        out[key] = _mean([m[key] for m in per_turn.values() if m.get(key) is not None])
    out.update(_last_turn(records))
    out["turns"] = len(records)
    out["turns_with_reads"] = sum(1 for r in records if reads_recorded(r))
    return out


def pooled_metrics(records: list[dict], feedback: bool = False) -> dict:
    """Each metric pooled over all of ``records`` at once (reuse: targets reused / all targets);
    the last-turn rates as :func:`overall_metrics` gives them."""
    return {**metrics(records, feedback), **_last_turn(records)}


def _last_turn(records: list[dict]) -> dict:
    last: dict[object, dict] = {}
    for r in records:
        key = r.get("_sample", r["chain"])
        if key not in last or r["turn"] > last[key]["turn"]:
            last[key] = r
    return {"cdup_last": _ratio(sum(1 for r in last.values() if r["duplicated"]), len(last)),
            "near_clone_last": _ratio(sum(1 for r in last.values() if r.get("_near_clone")), len(last))}


def bootstrap(records: list[dict], resamples: int = BOOTSTRAP, seed: int = SEED, pooled: bool = False) -> dict:
    """95 % percentile intervals of every overall metric (the mean over turns, or with ``pooled``
    the pooled value), chains resampled with replacement."""
    return bootstrap_both(records, resamples, seed)[1 if pooled else 0]


def bootstrap_both(records: list[dict], resamples: int = BOOTSTRAP, seed: int = SEED) -> tuple[dict, dict]:
    """The intervals of the mean over turns and of the pooled values, from the same resamples."""
    by_chain: dict[str, list[dict]] = {}
    for r in records:
        by_chain.setdefault(r["chain"], []).append(r)
    chains = sorted(by_chain)
    if not chains or resamples <= 0:
        return {}, {}
    rng = random.Random(seed)
    draws: tuple[dict, dict] = ({key: [] for key, _ in OVERALL}, {key: [] for key, _ in OVERALL})
    for _ in range(resamples):
        sample = []
        for i in range(len(chains)):
            chain = chains[rng.randrange(len(chains))]
            sample.extend({**r, "_sample": i} for r in by_chain[chain])
        for values, into in ((overall_metrics(sample), draws[0]), (pooled_metrics(sample), draws[1])):
            for key in into:
                if values.get(key) is not None:
                    into[key].append(values[key])
    out: tuple[dict, dict] = ({}, {})
    for drawn, into in zip(draws, out):
        for key, values in drawn.items():
            if values:
                values.sort()
                into[key] = (_percentile(values, 2.5), _percentile(values, 97.5))
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
    feedback = config.get("feedback") == "lint"
    label = f"{agent_model(config)}/{config.get('memory', '?')}{'+lint' if feedback else ''} ({run_dir.name})"
    per_turn = per_turn_metrics(records, feedback)
    overall = overall_metrics(records, per_turn, feedback)
    ci, ci_pooled = bootstrap_both(records, resamples, seed)
    chains = len({r["chain"] for r in records})
    return RunSummary(label, str(run_dir), chains, len(records), overall, per_turn, invalid, errors, ci, config,
                      tuple(records), resamples, seed, isolation_label(config.get("isolation")), _other_files(records),
                      pooled_metrics(records, feedback), ci_pooled, feedback)


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


def _cell(values: dict, key: str) -> str:
    """Metric ``key`` of ``values`` (a dict of :func:`metrics`) as shown: ``n/a`` for a metric of
    reads where no turn reported any, ``-`` where it is undefined (no self targets)."""
    value = values.get(key)
    if value is None and key in READ_METRICS and values.get("turns") and not values.get("turns_with_reads"):
        return NA
    return _fmt(key, value)


def _interval(key: str, values: dict, ci: dict) -> str:
    bounds = ci.get(key)
    if values.get(key) is None or bounds is None:
        return ""
    return f"[{_fmt(key, bounds[0])}, {_fmt(key, bounds[1])}]"


def _with_ci(values: dict, ci: dict, key: str) -> str:
    interval = _interval(key, values, ci)
    return f"{_cell(values, key)} {interval}" if interval else _cell(values, key)


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
        rows.append([label, group, str(chains), str(len(records))] + [_cell(values, k) for k in GROUP_COLUMNS])
    head = ["Configuration", first, "Chains", "Turns"] + [TITLES[k] for k in GROUP_COLUMNS]
    return Table(f"By {first.lower()}", head, rows)


POOLED_NOTE = ("Pooled: over all measured turns at once: reuse and recall = targets reused or read / all targets, "
               "passed = tests passed / all tests, resolved, Cdup and near-clones = chain-turns; the last-turn "
               "rates are the same both ways.")
MEAN_NOTE = "Mean over turns: each turn's rate, averaged over the turns (the study's per-turn curves)."


def _ci_note(summaries: list[RunSummary]) -> str:
    if not summaries:
        return ""
    return (f"95 % CI: percentile bootstrap, chains resampled with replacement, {summaries[0].resamples} "
            f"resamples, seed {summaries[0].seed}.")


def overall_keys(summaries: list[RunSummary]) -> tuple:
    """The overall metrics shown: FEEDBACK_METRICS too when a run had --feedback lint."""
    return OVERALL + (FEEDBACK_METRICS if any(s.feedback for s in summaries) else ())


def turn_keys(summaries: list[RunSummary]) -> tuple:
    """The per-turn metrics shown: FEEDBACK_METRICS too when a run had --feedback lint."""
    return METRICS + (FEEDBACK_METRICS if any(s.feedback for s in summaries) else ())


def tables(summaries: list[RunSummary]) -> list[Table]:
    """Every table of the report (the wide text, Markdown and LaTeX)."""
    out = []
    overall = overall_keys(summaries)
    head = ["Configuration", "Chains", "Turns", "Invalid", "Errors"] + [t for _, t in overall]
    for title, values_of, note in (("Overall (mean over turns)", lambda s: s.overall, MEAN_NOTE),
                                   ("Overall (pooled over targets)", lambda s: s.pooled, POOLED_NOTE)):
        rows = [[s.label, str(s.chains), str(s.turns), str(s.invalid), str(s.errors)]
                + [_cell(values_of(s), k) for k, _ in overall] for s in summaries]
        out.append(Table(title, head, rows, note))
    out.append(Table(
        "Overall with 95 % bootstrap confidence intervals",
        ["Metric"] + [f"{s.label} {way}" for s in summaries for way in ("mean over turns", "pooled")],
        [[title] + [cell for s in summaries for cell in (_with_ci(s.overall, s.ci, key), _with_ci(s.pooled, s.ci_pooled, key))]
         for key, title in overall],
        note=_ci_note(summaries),
    ))
    turns = sorted({t for s in summaries for t in s.per_turn})
    for key, title in turn_keys(summaries):
        out.append(Table(f"{title} by turn", ["Configuration"] + [f"T{t}" for t in turns],
                         [[s.label] + [_cell(s.per_turn.get(t, {}), key) for t in turns] for s in summaries]))
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
        rows.append([group, str(runs), str(len(records))] + [_cell(values, k) for k in GROUP_COLUMNS])
    return [first, "Runs", "Turns"] + [TITLES[k] for k in GROUP_COLUMNS], rows


# reads the harness did not report: why, by adapter
_NO_READS_WHY = {
    "oracle": "the oracle reads nothing",
    "command": "the command adapter records reads only when its program writes them to $REUSE_AUDIT_READS",
    "replay": "the recorded turns hold no reads (trajectory.jsonl or reads.jsonl)",
}


def no_reads_reason(agent: str) -> str:
    return _NO_READS_WHY.get(agent, f"the {agent} harness reported none")


def warnings(summaries: list[RunSummary]) -> list[str]:
    """What would make a figure look wrong when it is not: turns whose harness reported no reads."""
    out = []
    for s in summaries:
        missing = s.turns_without_reads
        if not missing:
            continue
        agent = str(s.config.get("agent", "?"))
        why = no_reads_reason(agent)
        if missing == s.turns:
            prefix = "" if agent == "oracle" else "Warning: "
            out.append(f"{prefix}{s.label}: no turn reported reads ({why}): recall, reuse without recall, "
                       "files and lines viewed are n/a, not 0.")
        else:
            out.append(f"Warning: {s.label}: {missing} of {s.turns} turn(s) reported no reads ({why}): they are "
                       "left out of recall, reuse without recall, files and lines viewed.")
    return out


def _counts(s: RunSummary) -> str:
    return (f"{s.label}: {s.chains} chain(s), {s.turns} turn(s) measured, {s.invalid} invalid, "
            f"{s.errors} infrastructure error(s)")


def _wrap(text: str, first: str = "", rest: str = "", width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False) or [first.rstrip()]


def _keys(count: int) -> list[str]:
    """A, B, ..., Z, AA, AB, ...: the configurations' short names in the narrow report."""
    out = []
    for i in range(count):
        name, n = "", i
        while True:
            name = chr(ord("A") + n % 26) + name
            n = n // 26 - 1
            if n < 0:
                break
        out.append(name)
    return out


def _fitted(first_head: list[str], first_rows: list[list[str]], groups: list[tuple[list[str], list[list[str]]]],
            width: int = WIDTH) -> list[str]:
    """Grids of the first columns and the column groups (each: its heads, its rows' cells), as many
    groups in a grid as fit in ``width`` columns (at least one)."""
    def grid_width(chosen: list) -> int:
        heads = first_head + [h for g in chosen for h in g[0]]
        rows = [fr + [c for g in chosen for c in g[1][i]] for i, fr in enumerate(first_rows)]
        widths = [max(len(str(c)) for c in col) for col in zip(heads, *rows)]
        return sum(widths) + 2 * (len(widths) - 1)

    out: list[str] = []
    chunk: list = []
    chunks = []
    for group in groups:
        if chunk and grid_width(chunk + [group]) > width:
            chunks.append(chunk)
            chunk = []
        chunk.append(group)
    if chunk:
        chunks.append(chunk)
    for i, chosen in enumerate(chunks):
        heads = first_head + [h for g in chosen for h in g[0]]
        rows = [fr + [c for g in chosen for c in g[1][j]] for j, fr in enumerate(first_rows)]
        if i:
            out.append("")
        out.append(_grid(heads, rows))
    return out


def _overall_narrow(summaries: list[RunSummary], keys: list[str]) -> list[str]:
    shown = overall_keys(summaries)
    first = [[title] for _, title in shown]
    groups = []
    for key, s in zip(keys, summaries):
        heads = ["Mean over turns", "95 % CI", "Pooled"] if len(summaries) == 1 else \
            [f"{key} mean", f"{key} 95 % CI", f"{key} pooled"]
        rows = [[_cell(s.overall, k), _interval(k, s.overall, s.ci), _cell(s.pooled, k)] for k, _ in shown]
        groups.append((heads, rows))
    out = ["Overall: mean over turns (with its 95 % CI) and pooled over targets"]
    out += _fitted(["Metric"], first, groups)
    for note in (MEAN_NOTE, POOLED_NOTE, _ci_note(summaries)):
        out += _wrap(note)
    return out


def _per_turn_narrow(s: RunSummary, name: str) -> list[str]:
    turns = sorted(s.per_turn)
    shown = turn_keys([s])
    groups = [([f"T{t}"], [[_cell(s.per_turn[t], k)] for k, _ in shown]) for t in turns]
    return _wrap(f"Per turn: {name}") + _fitted(["Metric"], [[title] for _, title in shown], groups)


def _other_files_narrow(summaries: list[RunSummary], keys: list[str]) -> list[str]:
    if not any(s.other_files for s in summaries):
        return []
    out = [OTHER_FILES_TITLE]
    for key, s in zip(keys, summaries):
        prefix = f"  {key} " if len(summaries) > 1 else "  "
        for line in other_file_lines(s):
            out += _wrap(line, first=prefix, rest=" " * (len(prefix) + 4))
    return out + [""]


def render_run(summary: RunSummary, shown: Optional[str] = None) -> str:
    """What ``bench run`` prints at its end (within 100 columns): the counts, the isolation, the
    warnings, and each overall metric both ways, with the mean's interval."""
    out = _wrap(_counts(summary)) + _wrap(f"Isolation: {summary.isolation}")
    for line in warnings([summary]):
        out += _wrap(line)
    out += [""] + _overall_narrow([summary], [""]) + [""]
    out += _other_files_narrow([summary], [""])
    out += _wrap("Per turn: reuse-audit bench report " + (shown or summary.run_dir) + " (by library and by chain: "
                 "add --wide)")
    return "\n".join(out) + "\n"


def render_text(summaries: list[RunSummary], wide: bool = False) -> str:
    """The text report: within 100 columns (the runs, the overall figures both ways, the per-turn
    figures), or with ``wide`` every table of :func:`tables`."""
    if wide:
        return _render_wide(summaries)
    keys = _keys(len(summaries)) if len(summaries) > 1 else [""]
    out = ["Runs" if len(summaries) > 1 else "Run"]
    for key, s in zip(keys, summaries):
        lead = f"  {key}  " if key else "  "
        out += _wrap(_counts(s), first=lead, rest=" " * len(lead))
        out += _wrap(f"Isolation: {s.isolation}", first=" " * len(lead), rest=" " * (len(lead) + 2))
    out.append("")
    notes = warnings(summaries)
    for line in notes:
        out += _wrap(line)
    if notes:
        out.append("")
    out += _overall_narrow(summaries, keys) + [""]
    for key, s in zip(keys, summaries):
        out += _per_turn_narrow(s, f"{key} (see Runs)" if key else s.label) + [""]
    out += _other_files_narrow(summaries, keys)
    out += _wrap("More: --wide (every metric in one row per configuration, by library, by chain, by memory "
                 "setting, by agent and model); --format markdown|latex|json; --out FOLDER writes them all "
                 "and per_turn.png.")
    return "\n".join(out) + "\n"


def _render_wide(summaries: list[RunSummary]) -> str:
    out = []
    for table in tables(summaries):
        if len(summaries) == 1 and table.title.startswith("By ") and len(table.rows) <= 1:
            continue
        out += [table.title, _grid(table.head, table.rows)]
        if table.note:
            out.append(table.note)
        out.append("")
    out += [f"Isolation of {s.label}: {s.isolation}" for s in summaries] + [""]
    notes = warnings(summaries)
    if notes:
        out += notes + [""]
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
    notes = warnings(summaries)
    if notes:
        out += ["## Warnings", ""] + [f"- {_md_cell(line)}" for line in notes] + [""]
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
                "pooled": s.pooled,
                "ci95_pooled": {k: list(v) for k, v in sorted(s.ci_pooled.items())},
                "turns_without_reads": s.turns_without_reads,
                "warnings": warnings([s]),
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

    keys = list(turn_keys(summaries))
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
                 seed: int = SEED, wide: bool = False) -> tuple[str, list[RunSummary]]:
    summaries = [summarise(Path(d), resamples, seed) for d in run_dirs]
    _unique_labels(summaries)
    text = render_text(summaries, wide)
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
