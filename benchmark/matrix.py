"""``reuse-audit bench matrix FILE``: an experiment of many runs, one run folder a cell.

The matrix file (YAML, or TOML when it ends in ``.toml``) names::

    experiment: runs/study          # the experiment folder (default: runs/<file stem>)
    suites: [starter]               # suite names or folders
    chains: [click-termui]          # optional: only these chain ids
    agents:                         # each: a label, an adapter, its options, its models
      - name: oracle
        agent: oracle
      - name: reinvent
        agent: oracle
        options: {solution_attr: reinvent}
      - name: mini
        agent: mini-swe-agent
        options: {step_limit: 40}
        models: [openai/gpt-4.1, anthropic/claude-sonnet-4]   # one cell per model
        # model_option: model_name   # the option the model goes to (mini-swe-agent: model_name; else model)
    memory: [none, interface, source]
    feedback: [none, lint]          # optional: bench run --feedback (cells of lint: folders ...-lint)
    repetitions: 1                  # runs of each configuration (folders -r1, -r2, ...)
    budgets: {time_limit: 2400, test_timeout: 300, workspace_limit: 1024,
              memory_limit: 4096, process_limit: 1024, sandbox: auto}
    jobs: 2                         # chains in parallel with the local executor

Every cell (suite x agent x model x memory x feedback x repetition) is one ``bench run``
into ``EXPERIMENT/<suite>-<agent>[-<model>]-<memory>[-lint][-r<n>]``; the experiment
folder's ``experiment.json`` lists them.  Rerunning the same file resumes:
finished cells and finished turns are skipped (the journals resume).  The file
is checked whole before any folder is made (:class:`MatrixError`, one line).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.model import FEEDBACK_SETTINGS, MEMORY_SETTINGS

EXPERIMENT_FILE = "experiment.json"
BUDGET_KEYS = {
    # key: (RunConfig field, factor to the config's unit, minimum)
    "time_limit": ("time_limit", 1.0, 1.0),
    "test_timeout": ("test_timeout", 1.0, 1.0),
    "workspace_limit": ("workspace_limit", 1024 * 1024, 1.0),  # MB
    "memory_limit": ("memory_limit", 1024 * 1024, 16.0),  # MB
    "process_limit": ("process_limit", 1, 8),
}
TOP_KEYS = ("experiment", "suites", "chains", "agents", "memory", "feedback", "repetitions", "budgets", "jobs")
AGENT_KEYS = ("name", "agent", "options", "models", "model_option")
MODEL_OPTION = {"mini-swe-agent": "model_name"}  # the option naming the model, by adapter (else "model")


class MatrixError(UsageError):
    """The matrix file is not valid: one line saying where and why."""


@dataclass(frozen=True)
class Cell:
    name: str  # the run folder's name
    suite: str
    suite_label: str
    agent_label: str
    agent: str
    options: dict
    model: Optional[str]
    memory: str
    repetition: int
    chains: tuple  # of Chain
    feedback: str = "none"

    @property
    def turns(self) -> int:
        return sum(len(c.turns) for c in self.chains)


@dataclass
class Matrix:
    file: Path
    experiment: Path
    cells: list
    budgets: dict = field(default_factory=dict)
    jobs: int = 1

    def run_config(self, cell: Cell, executor: str = "local"):
        from reuse_audit.benchmark.runner import RunConfig

        values: dict[str, Any] = {}
        for key, value in self.budgets.items():
            if key == "sandbox":
                values["sandbox"] = value
                continue
            attr, factor, _ = BUDGET_KEYS[key]
            values[attr] = int(value * factor) if attr in ("workspace_limit", "memory_limit", "process_limit") else float(value)
        return RunConfig(
            run_dir=self.experiment / cell.name,
            agent=cell.agent,
            memory=cell.memory,
            agent_options=dict(cell.options),
            jobs=self.jobs,
            suite=cell.suite_label,
            feedback=cell.feedback,
            **values,
        )


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "x"


def read_matrix_file(path: Path) -> dict:
    shown = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MatrixError(f"{shown}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MatrixError(f"{shown}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    if path.suffix.lower() == ".toml":
        try:
            import tomllib
        except ImportError:  # Python 3.10
            try:
                import tomli as tomllib
            except ImportError:
                raise MatrixError(f"{shown}: reading TOML needs Python 3.11 or the tomli package (or write the file in YAML)") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise MatrixError(f"{shown}: not TOML ({exc})") from None
    else:
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f":{mark.line + 1}" if mark is not None else ""
            raise MatrixError(f"{shown}{where}: not YAML ({getattr(exc, 'problem', None) or exc})") from None
    if not isinstance(data, dict):
        raise MatrixError(f"{shown}: expected a mapping (suites, agents, memory, ...)")
    return data


def _strings(value: Any, key: str, shown: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise MatrixError(f"{shown}: {key} must be a name or a non-empty list of names")
    if len(set(value)) != len(value):
        raise MatrixError(f"{shown}: {key} names {next(v for v in value if value.count(v) > 1)!r} twice")
    return list(value)


def load_matrix(path: str, experiment: Optional[str] = None) -> Matrix:
    """The matrix of ``path``, every cell checked (suites load, agents accept their options);
    :class:`MatrixError` otherwise.  Nothing is written."""
    from reuse_audit.benchmark.agents.base import make_agent
    from reuse_audit.benchmark.chain import load_suite

    file = Path(os.path.abspath(os.path.expanduser(path)))
    shown = path
    data = read_matrix_file(file)
    unknown = sorted(set(data) - set(TOP_KEYS))
    if unknown:
        raise MatrixError(f"{shown}: unknown key {unknown[0]!r} (known: {', '.join(TOP_KEYS)})")
    for needed in ("suites", "agents"):
        if needed not in data:
            raise MatrixError(f"{shown}: {needed} is missing")
    suites = _strings(data["suites"], "suites", shown)
    memories = _strings(data.get("memory", ["interface"]), "memory", shown)
    for memory in memories:
        if memory not in MEMORY_SETTINGS:
            raise MatrixError(f"{shown}: memory {memory!r} is not one of {', '.join(MEMORY_SETTINGS)}")
    feedbacks = _strings(data.get("feedback", ["none"]), "feedback", shown)
    for feedback in feedbacks:
        if feedback not in FEEDBACK_SETTINGS:
            raise MatrixError(f"{shown}: feedback {feedback!r} is not one of {', '.join(FEEDBACK_SETTINGS)}")
    chain_ids = _strings(data["chains"], "chains", shown) if "chains" in data else None
    repetitions = data.get("repetitions", 1)
    if isinstance(repetitions, bool) or not isinstance(repetitions, int) or repetitions < 1:
        raise MatrixError(f"{shown}: repetitions must be a whole number of at least 1, not {repetitions!r}")
    jobs = data.get("jobs", 1)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise MatrixError(f"{shown}: jobs must be a whole number of at least 1, not {jobs!r}")
    budgets = data.get("budgets", {}) or {}
    if not isinstance(budgets, dict):
        raise MatrixError(f"{shown}: budgets must be a mapping ({', '.join(BUDGET_KEYS)}, sandbox)")
    for key, value in budgets.items():
        if key == "sandbox":
            if value not in ("auto", "bwrap", "none"):
                raise MatrixError(f"{shown}: budgets.sandbox must be auto, bwrap or none, not {value!r}")
            continue
        if key not in BUDGET_KEYS:
            raise MatrixError(f"{shown}: unknown budget {key!r} (known: {', '.join(BUDGET_KEYS)}, sandbox)")
        minimum = BUDGET_KEYS[key][2]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < minimum:
            raise MatrixError(f"{shown}: budgets.{key} must be a number of at least {minimum}, not {value!r}")

    agents = data["agents"]
    if not isinstance(agents, list) or not agents:
        raise MatrixError(f"{shown}: agents must be a non-empty list of mappings (name, agent, options, models)")
    parsed_agents = []
    labels = set()
    for index, entry in enumerate(agents):
        where = f"{shown}: agents[{index}]"
        if isinstance(entry, str):
            entry = {"agent": entry}
        if not isinstance(entry, dict):
            raise MatrixError(f"{where}: expected a mapping (name, agent, options, models)")
        bad = sorted(set(entry) - set(AGENT_KEYS))
        if bad:
            raise MatrixError(f"{where}: unknown key {bad[0]!r} (known: {', '.join(AGENT_KEYS)})")
        if not isinstance(entry.get("agent"), str):
            raise MatrixError(f"{where}: agent (the adapter: oracle, replay, command, mini-swe-agent, opencode) is missing")
        label = entry.get("name", entry["agent"])
        if not isinstance(label, str) or not label.strip():
            raise MatrixError(f"{where}: name must be a non-empty text")
        if label in labels:
            raise MatrixError(f"{where}: the name {label!r} is given twice (give each agent its own name)")
        labels.add(label)
        options = entry.get("options", {}) or {}
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise MatrixError(f"{where}: options must be a mapping of option names to values")
        models = _strings(entry["models"], f"agents[{index}].models", shown) if "models" in entry else [None]
        key = entry.get("model_option", MODEL_OPTION.get(entry["agent"], "model"))
        if not isinstance(key, str) or not key:
            raise MatrixError(f"{where}: model_option must be an option name")
        for model in models:
            opts = dict(options, **{key: model}) if model is not None else dict(options)
            try:
                make_agent(entry["agent"], dict(opts))
            except UsageError as exc:
                raise MatrixError(f"{where}: {exc}") from None
            parsed_agents.append((label, entry["agent"], opts, model))

    loaded = []
    for suite in suites:
        try:
            chains = load_suite(suite)
        except UsageError as exc:
            raise MatrixError(f"{shown}: suites: {exc}") from None
        if chain_ids:
            chains = [c for c in chains if c.id in chain_ids]
        label = Path(suite).name if Path(suite).exists() else suite
        loaded.append((suite, label, tuple(chains)))
    if chain_ids:
        known = {c.id for _, _, chains in loaded for c in chains}
        missing = [c for c in chain_ids if c not in known]
        if missing:
            raise MatrixError(f"{shown}: chains: {missing[0]} is in none of the suites")

    cells = []
    for suite, suite_label, chains in loaded:
        if not chains:
            continue
        for label, agent, opts, model in parsed_agents:
            for memory in memories:
                for feedback in feedbacks:
                    for rep in range(1, repetitions + 1):
                        parts = [suite_label, label] + ([model] if model else []) + [memory]
                        parts += [feedback] if feedback != "none" else []
                        name = "-".join(_slug(p) for p in parts) + (f"-r{rep}" if repetitions > 1 else "")
                        cells.append(Cell(name, suite, suite_label, label, agent, opts, model, memory, rep, chains, feedback))
    names = [c.name for c in cells]
    clash = next((n for n in names if names.count(n) > 1), None)
    if clash:
        raise MatrixError(f"{shown}: two cells share the folder {clash!r} (rename an agent or a suite)")
    where = experiment or data.get("experiment") or str(Path("runs") / file.stem)
    if not isinstance(where, str):
        raise MatrixError(f"{shown}: experiment must be a folder name")
    root = Path(os.path.abspath(os.path.expanduser(where)))
    return Matrix(file=file, experiment=root, cells=cells, budgets=dict(budgets), jobs=jobs)


def done_turns(run_dir: Path) -> int:
    from reuse_audit.benchmark.journal import JOURNAL, read_journal

    if not (run_dir / JOURNAL).is_file():
        return 0
    return len(read_journal(run_dir))


def plan(matrix: Matrix) -> list[dict]:
    """One row a cell: its folder, its configuration, its turns and those still to run."""
    rows = []
    for cell in matrix.cells:
        done = done_turns(matrix.experiment / cell.name)
        to_run = max(cell.turns - done, 0)
        cost_limit = cell.options.get("cost_limit")
        rows.append({
            "cell": cell.name, "suite": cell.suite_label, "agent": cell.agent_label, "model": cell.model or "",
            "memory": cell.memory, "feedback": cell.feedback, "repetition": cell.repetition, "chains": len(cell.chains),
            "turns": cell.turns, "to_run": to_run,
            # agent sessions at most: a turn under --feedback lint may get a second one
            "sessions": to_run * (2 if cell.feedback == "lint" else 1),
            "cost_limit": cost_limit if isinstance(cost_limit, (int, float)) and not isinstance(cost_limit, bool) else None,
            "adapter": cell.agent,
        })
    return rows


def render_plan(matrix: Matrix, rows: list[dict]) -> str:
    from reuse_audit.benchmark.report import _grid

    config = matrix.run_config(matrix.cells[0]) if matrix.cells else None
    lint = any(r["feedback"] == "lint" for r in rows)
    head = ["Cell", "Agent", "Model", "Memory"] + (["Feedback"] if lint else []) + ["Chains", "Turns", "To run"]
    body = [[r["cell"], r["agent"], r["model"] or "-", r["memory"]] + ([r["feedback"]] if lint else [])
            + [str(r["chains"]), str(r["turns"]), str(r["to_run"])] for r in rows]
    total = sum(r["turns"] for r in rows)
    left = sum(r["to_run"] for r in rows)
    sessions = sum(r["sessions"] for r in rows)
    lines = [f"Experiment {matrix.experiment}: {len(rows)} cell(s), {total} agent turn(s), {left} still to run", ""]
    lines.append(_grid(head, body).rstrip("\n"))
    if config is not None:
        hours = sessions * config.time_limit / 3600.0
        revised = sessions - left
        why = (f"{left} turns x {config.time_limit:g} s time limit" if not revised else
               f"{sessions} agent sessions x {config.time_limit:g} s time limit: {left} turns, {revised} of them "
               "under --feedback lint, which may get a second session")
        lines.append("")
        lines.append(
            f"At most {hours:,.1f} agent-hours still to run ({why}); "
            f"{sessions * config.test_timeout / 3600.0:,.1f} hours of test runs at most."
        )
        lines += _cost_lines(rows)
    return "\n".join(lines) + "\n"


#: adapters that call no model: no cost to bound
_NO_MODEL = ("oracle", "replay")


def _cost_lines(rows: list[dict]) -> list[str]:
    """What the model calls still to run cost at most: each session within its agent's ``cost_limit``
    (mini-swe-agent's budget of one session, in dollars); cells whose agent sets none are named."""
    bounded = [r for r in rows if r["cost_limit"] is not None and r["sessions"]]
    unbounded = sorted({r["agent"] for r in rows if r["cost_limit"] is None and r["adapter"] not in _NO_MODEL and r["sessions"]})
    out = []
    if bounded:
        dollars = sum(r["sessions"] * r["cost_limit"] for r in bounded)
        out.append(f"At most ${dollars:,.2f} of model cost in the {len(bounded)} cell(s) whose agent sets cost_limit "
                   f"({sum(r['sessions'] for r in bounded)} sessions x their cost_limit).")
    if unbounded:
        out.append(f"No cost bound for agent(s) {', '.join(unbounded)}: no cost_limit option (the journals record what each turn cost).")
    return out


def write_experiment(matrix: Matrix) -> None:
    matrix.experiment.mkdir(parents=True, exist_ok=True)
    record = {
        "matrix": str(matrix.file),
        "cells": [{"cell": c.name, "suite": c.suite_label, "agent": c.agent_label, "adapter": c.agent,
                   "model": c.model, "memory": c.memory, "feedback": c.feedback, "repetition": c.repetition}
                  for c in matrix.cells],
    }
    path = matrix.experiment / EXPERIMENT_FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def run_matrix(matrix: Matrix, executor=None, progress=None, cell_started=None) -> list[Path]:
    """Every cell's run; finished cells are skipped.  With the local executor the cells run one
    after the other (each with ``jobs`` chains in parallel); with an executor that schedules
    (``executor.concurrent_cells``: Ray) every cell's chains are submitted at once and the
    cluster runs as many as its resources allow.  Returns the run folders."""
    from concurrent.futures import ThreadPoolExecutor
    from concurrent.futures import TimeoutError as Waiting

    from reuse_audit.benchmark.runner import run_benchmark

    for cell in matrix.cells:  # fail closed before anything runs: a cell refused later would stop the experiment midway
        matrix.run_config(cell).isolation()
    write_experiment(matrix)
    dirs = []
    todo = []
    for cell in matrix.cells:
        config = matrix.run_config(cell)
        dirs.append(config.run_dir)
        finished = done_turns(config.run_dir) >= cell.turns
        if cell_started:
            cell_started(cell, finished)
        if not finished:
            todo.append((cell, config))
    if not getattr(executor, "concurrent_cells", False) or len(todo) <= 1:
        for cell, config in todo:
            run_benchmark(list(cell.chains), config, progress, executor=executor)
        return dirs
    if hasattr(executor, "_connect"):
        executor._connect()  # once, here, before the cells' threads
    pool = ThreadPoolExecutor(max_workers=len(todo), thread_name_prefix="cell")
    try:
        futures = [pool.submit(run_benchmark, list(cell.chains), config, progress, executor) for cell, config in todo]
        for future in futures:
            while True:
                try:
                    future.result(timeout=0.2)
                    break
                except Waiting:
                    continue
    except BaseException:
        executor.cancel()  # Ctrl-C, or a cell that failed: the others' tasks are cancelled too
        raise
    finally:
        pool.shutdown(wait=True)
    return dirs


def experiment_runs(path: Path) -> Optional[list[Path]]:
    """The run folders of an experiment folder (its ``experiment.json``, in the matrix's order,
    those with a journal), or None when ``path`` is not an experiment."""
    from reuse_audit.benchmark.journal import JOURNAL

    record = path / EXPERIMENT_FILE
    if not record.is_file() or (path / JOURNAL).is_file():
        return None
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        names = [c["cell"] for c in data["cells"]]
    except (OSError, ValueError, KeyError, TypeError):
        raise UsageError(f"{record}: not an experiment record") from None
    runs = [path / n for n in names if (path / n / JOURNAL).is_file()]
    if not runs:
        raise UsageError(f"{path}: an experiment with no finished turn yet (run its bench matrix first)")
    return runs


def expand_runs(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        runs = experiment_runs(path)
        out.extend(runs if runs is not None else [path])
    return out
