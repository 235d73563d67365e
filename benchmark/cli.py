"""``reuse-audit bench``: run task chains against an agent, and report the runs."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import click

from reuse_audit.errors import UsageError, read_input_text

from reuse_audit.benchmark.agents.base import make_agent
from reuse_audit.benchmark.journal import read_journal
from reuse_audit.benchmark.model import DEFAULT_MEMORY, FEEDBACK_SETTINGS, MEMORY_SETTINGS


def _value(text: str):
    """A JSON value (``5``, ``true``, ``["a", "b"]``, ``{"k": 1}``, ``"5"``), else the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _options(pairs: tuple[str, ...], config_file: Optional[str] = None) -> dict:
    """The adapter's options: the ``--agent-config`` file's mapping, then each ``-O KEY=VALUE`` over it."""
    options: dict = {}
    if config_file:
        options.update(_read_agent_config(config_file))
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--agent-option {pair!r}: expected KEY=VALUE")
        options[key.strip()] = _value(value)
    return options


def _read_agent_config(path: str) -> dict:
    """A YAML or JSON file holding one mapping of adapter options."""
    import yaml

    text = read_input_text(path, f"--agent-config {path}")
    try:
        data = yaml.safe_load(text)  # JSON is YAML
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise UsageError(f"--agent-config {path}{where}: not YAML or JSON ({getattr(exc, 'problem', None) or exc})") from None
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise UsageError(f"--agent-config {path}: expected a mapping of option names to values")
    return data


def _absolute(path: str) -> Path:
    """A path option as an absolute path: relative ones are taken from the working folder."""
    return Path(os.path.abspath(os.path.expanduser(path)))


@click.group()
def bench() -> None:
    """Multi-turn task chains: does an agent reuse the code that is there?"""


@bench.command(name="run")
@click.option("--suite", required=True, help="A suite name shipped with reuse-audit (e.g. starter), or a folder of chains, or one chain folder.")
@click.option("--agent", required=True, help="oracle, replay, command, mini-swe-agent or opencode.")
@click.option("--agent-option", "-O", "agent_options", multiple=True, help="KEY=VALUE passed to the agent adapter (repeatable); VALUE is read as JSON when it is JSON (5, true, [\"a\"]), else as text.")
@click.option("--agent-config", "agent_config", default=None, help="YAML or JSON file: a mapping of adapter options (-O options override its keys).")
@click.option("--memory", type=click.Choice(MEMORY_SETTINGS), default=DEFAULT_MEMORY, show_default=True, help="What the agent is told of its earlier turns.")
@click.option("--feedback", type=click.Choice(FEEDBACK_SETTINGS), default="none", show_default=True, help="lint: after the agent's session, the submitted file is checked as a pre-commit hook would; when a finding names a function to call instead, the agent gets one more session in the turn with the findings as its message. Both submissions are scored and journaled.")
@click.option("--chain", "chain_ids", multiple=True, help="Run only these chain ids (repeatable).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="Chains run in parallel.")
@click.option("--out", "out", default=None, help="Run directory (default: runs/<suite>-<agent>-<memory>[-lint]). Rerun the same command to resume.")
@click.option("--time-limit", type=click.FloatRange(min=1), default=2400.0, show_default=True, help="Agent wall-time limit per turn, seconds.")
@click.option("--test-timeout", type=click.FloatRange(min=1), default=300.0, show_default=True, help="Test run limit per turn, seconds.")
@click.option("--workspace-limit", type=click.FloatRange(min=1), default=1024.0, show_default=True, help="MB the workspace may grow by during one agent turn: past it the agent is stopped and the turn is invalid.")
@click.option("--sandbox", type=click.Choice(("auto", "bwrap", "none")), default="auto", show_default=True, help="Run each agent turn in a bubblewrap sandbox. auto: the sandbox, and without one only the oracle runs (unsandboxed, said once and recorded; any other agent is refused, exit 2); bwrap: required for every agent; none: no sandbox, recorded and reported as unsandboxed.")
@click.option("--memory-limit", type=click.FloatRange(min=16), default=4096.0, show_default=True, help="MB of memory one agent turn may use (cgroup where one can be made, else per process): past it the turn is invalid.")
@click.option("--process-limit", type=click.IntRange(min=8), default=1024, show_default=True, help="Processes and threads one agent turn may run (where a cgroup can be made).")
def run_command(suite: str, agent: str, agent_options: tuple[str, ...], agent_config: Optional[str], memory: str, chain_ids: tuple[str, ...], jobs: int, out: Optional[str], time_limit: float, test_timeout: float, workspace_limit: float, sandbox: str, memory_limit: float, process_limit: int, feedback: str = "none") -> None:
    """Run every chain of SUITE turn by turn; every turn is scored and journaled as it ends."""
    from reuse_audit.benchmark.chain import load_suite
    from reuse_audit.benchmark.report import render_run, summarise
    from reuse_audit.benchmark.runner import RunConfig, run_benchmark

    chains = _chosen(load_suite(suite), chain_ids, suite)
    suite_label = Path(suite).name if Path(suite).exists() else suite
    options = _options(agent_options, agent_config)
    make_agent(agent, dict(options))  # a bad agent or option stops here, before any folder is made
    shown_dir = Path(out) if out else Path("runs") / (f"{suite_label}-{agent}-{memory}" + ("-lint" if feedback == "lint" else ""))
    run_dir = _absolute(str(shown_dir))
    config = RunConfig(
        run_dir=run_dir,
        agent=agent,
        memory=memory,
        agent_options=options,
        time_limit=time_limit,
        test_timeout=test_timeout,
        jobs=jobs,
        suite=suite_label,
        workspace_limit=int(workspace_limit * 1024 * 1024),
        sandbox=sandbox,
        memory_limit=int(memory_limit * 1024 * 1024),
        process_limit=process_limit,
        feedback=feedback,
    )
    config.isolation()  # fail closed: no sandbox for this agent stops here, before any folder is made
    run_benchmark(chains, config, _progress(agent, memory, sum(len(c.turns) for c in chains)))
    summary = summarise(run_dir)
    click.echo(render_run(summary, str(shown_dir)), nl=False)
    click.echo(f"Journal: {shown_dir / 'journal.jsonl'}")
    if summary.errors:
        reason = next((r["extra"]["infra_error"] for r in read_journal(run_dir) if r.get("extra", {}).get("infra_error")), "")
        click.echo(f"reuse-audit: {summary.errors} turn(s) not measured: their tests could not run ({reason})", err=True)
        sys.exit(1)


def _progress(agent: str, memory: str, total: int):
    """One line on standard error a turn, as it ends (or is found journaled, resuming), and one
    warning the first time a turn of an agent other than the oracle reports no reads."""
    from reuse_audit.benchmark.report import no_reads_reason, reads_recorded

    state = {"done": 0, "warned": False}

    def progress(chain_id: str, turn: int, turns: int, record: Optional[dict]) -> None:
        state["done"] += 1
        status = ""
        if record is not None:
            status = f": {record['tests_passed']}/{record['tests_total']} tests"
            first = (record.get("extra") or {}).get("feedback", {}).get("first")
            if first is not None:
                was = f" (re-implemented {', '.join(first['reimplemented'])})" if first.get("reimplemented") else ""
                status += f", revised after reuse-audit's findings{was}"
            if record.get("reimplemented"):
                status += f", re-implemented {', '.join(record['reimplemented'])}"
        click.echo(f"reuse-audit bench: {agent}/{memory} [{state['done']}/{total}] {chain_id} turn {turn}/{turns}{status}",
                   err=True)
        if record is not None and agent != "oracle" and not state["warned"] and not reads_recorded(record):
            state["warned"] = True
            click.echo(f"reuse-audit bench: warning: {agent} reported no reads at {chain_id} turn {turn} "
                       f"({no_reads_reason(agent)}): recall is n/a for such turns", err=True)

    return progress


@bench.command(name="report")
@click.argument("run_dirs", nargs=-1, required=True)
@click.option("--out", "out", default=None, help="Also write report.md, report.tex, report.json and per_turn.png here.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "latex", "json"]), default="text", show_default=True,
              help="What is printed.")
@click.option("--bootstrap", "resamples", type=click.IntRange(min=0), default=1000, show_default=True,
              help="Bootstrap resamples of the 95 % confidence intervals (0: none).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bootstrap: the same seed gives the same intervals.")
@click.option("--wide", is_flag=True, help="Text: every table (every metric in one row per configuration, by library, chain, memory, agent and model), not only what fits in 100 columns.")
def report_command(run_dirs: tuple[str, ...], out: Optional[str], fmt: str, resamples: int, seed: int, wide: bool) -> None:
    """Print the study's tables for one or more RUN_DIRS side by side (an experiment folder of
    bench matrix: each of its cells).  The text fits in 100 columns; --wide prints every table."""
    from reuse_audit.benchmark.report import render_json, render_latex, render_markdown, write_report

    from reuse_audit.benchmark.matrix import expand_runs

    dirs = expand_runs([_absolute(d) for d in run_dirs])  # an experiment folder stands for its cells
    text, summaries = write_report(dirs, _absolute(out) if out else None, resamples, seed, wide)
    if fmt == "markdown":
        text = render_markdown(summaries, png="per_turn.png" if out else None)
    elif fmt == "latex":
        text = render_latex(summaries)
    elif fmt == "json":
        text = render_json(summaries)
    click.echo(text, nl=not text.endswith("\n"))
    if out:
        click.echo(f"Wrote {Path(out) / 'report.md'}, report.tex, report.json and per_turn.png", err=fmt != "text")


@bench.command(name="matrix")
@click.argument("matrix_file")
@click.option("--experiment", default=None, help="The experiment folder (default: the file's `experiment`, else runs/<file stem>).")
@click.option("--dry-run", is_flag=True, help="List the cells and their agent turns (done and to run); run nothing, write nothing.")
@click.option("--executor", type=click.Choice(("local", "ray")), default="local", show_default=True,
              help="local: each cell's chains in a pool of `jobs` threads here; ray: each chain a Ray task (pip install 'reuse-audit[ray]').")
@click.option("--address", default=None, help="With --executor ray: the cluster (ray://HOST:10001, HOST:6379 or auto); default: a local Ray instance.")
@click.option("--task-cpus", type=click.FloatRange(min=0.01), default=1.0, show_default=True, help="With --executor ray: CPUs each chain's task declares.")
@click.option("--task-memory", type=click.FloatRange(min=0), default=None, help="With --executor ray: MB each chain's task declares (default: the matrix's memory_limit).")
def matrix_command(matrix_file: str, experiment: Optional[str], dry_run: bool, executor: str, address: Optional[str],
                   task_cpus: float, task_memory: Optional[float]) -> None:
    """Run every cell of the experiment MATRIX_FILE (YAML or TOML) into its own run folder.

    Rerun the same command to resume: finished cells and turns are skipped.  See docs/bench-matrix.md.
    """
    from reuse_audit.benchmark.matrix import load_matrix, plan, render_plan, run_matrix

    matrix = load_matrix(matrix_file, experiment)  # every cell checked before any folder is made
    if dry_run:
        click.echo(render_plan(matrix, plan(matrix)), nl=False)
        return
    if executor == "ray":
        from reuse_audit.benchmark.executors import RayExecutor

        runner = RayExecutor(address=address, cpus=task_cpus,
                             memory=int(task_memory * 1024 * 1024) if task_memory is not None else None)
    else:
        if address is not None:
            raise UsageError("--address names a Ray cluster: it needs --executor ray")
        runner = None

    def started(cell, finished: bool) -> None:
        click.echo(f"{cell.name}: {'finished, skipped' if finished else f'{len(cell.chains)} chain(s), {cell.turns} turn(s)'}", err=True)

    try:
        dirs = run_matrix(matrix, runner, None, started)
    finally:
        if runner is not None:
            runner.close()
    click.echo(f"Experiment: {matrix.experiment} ({len(dirs)} cell(s)); report: reuse-audit bench report {matrix.experiment}")


@bench.command(name="verify")
@click.argument("suites", nargs=-1, required=True)
@click.option("--work", default=None, help="Keep workspaces and test logs here (default: a temporary folder, removed).")
@click.option("--chain", "chain_ids", multiple=True, help="Verify only these chain ids (repeatable).")
@click.option("--leaks", "leaks_only", is_flag=True, help="Only the leak check (requirements and signatures against the targets' source): no tests run.")
def verify_command(suites: tuple[str, ...], work: Optional[str], chain_ids: tuple[str, ...], leaks_only: bool) -> None:
    """Prove every turn of SUITES (suite names, suite folders or chain folders) honest.

    A declared target may be a function or method named by its module or by a
    public name re-exporting it, a class, or a module-level callable instance;
    any other name fails the turn as an unknown name.

    Exit status 1 when any turn fails a check; the table names the chain, turn and reason.
    A chain at `level: smoke` (the starter suite) reports its leaks, missing
    docs-only solutions and provenance as warnings, which do not fail.
    """
    from reuse_audit.benchmark.chain import load_suite
    from reuse_audit.benchmark.leaks import leak_report
    from reuse_audit.benchmark.verify import render_table, verify

    chains = _chosen([c for suite in suites for c in load_suite(suite)], chain_ids, ", ".join(suites))
    ids = [c.id for c in chains]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate:
        raise UsageError(f"chain {duplicate} is given twice")
    if leaks_only:
        text, failed = leak_report(chains)
        click.echo(text, nl=False)
        sys.exit(1 if failed else 0)

    def progress(check) -> None:
        state = "ok" if check.ok else "FAIL"
        click.echo(f"{check.chain} turn {check.turn}: {state}", err=True)

    checks = verify(chains, _absolute(work) if work else None, progress)
    click.echo(render_table(checks), nl=False)
    sys.exit(1 if any(not c.ok for c in checks) else 0)


@bench.command(name="build")
@click.argument("source")
@click.option("--out", "out", default=None, help="Suite folder the chains are written to (default: suites-built/<package>).")
@click.option("--import-name", default=None, help="Top-level import package (default: from the package or folder name).")
@click.option("--chains", type=click.IntRange(min=1), default=1, show_default=True, help="Chains to build.")
@click.option("--turns", type=click.IntRange(min=2), default=5, show_default=True, help="Turns a chain (fewer when no candidate is left).")
@click.option("--chooser", type=click.Choice(["llm", "heuristic"]), default="llm", show_default=True, help="Who walks the evidence and writes the tasks: a model, or the heuristic (no model).")
@click.option("--base-url", default=None, help="OpenAI-compatible endpoint (default: $REUSE_AUDIT_LLM_BASE_URL, $OPENAI_BASE_URL); the key comes from $REUSE_AUDIT_LLM_API_KEY or $OPENAI_API_KEY.")
@click.option("--model", default=None, help="Model name (default: $REUSE_AUDIT_LLM_MODEL).")
@click.option("--llm-cache", default=None, help="Answer cache, by prompt hash (default: OUT/.llm-cache).")
@click.option("--offline", is_flag=True, help="Use cached answers only: rebuild a suite without the endpoint.")
@click.option("--hops", type=click.IntRange(min=0, max=5), default=1, show_default=True, help="Call edges the evidence walk may add to a turn's seed.")
@click.option("--seed", "seeds", multiple=True, help="Start a chain at this function (qualified name; repeatable).")
@click.option("--retries", type=click.IntRange(min=0), default=2, show_default=True, help="Retries of a malformed model answer before the candidate is dropped.")
@click.option("--timeout", type=click.FloatRange(min=1), default=120.0, show_default=True, help="Seconds to wait for one model answer.")
@click.option("--propose", is_flag=True, help="Only print the dependency graph's figures and the ranked target proposals.")
@click.option("--limit", type=click.IntRange(min=1), default=25, show_default=True, help="Proposals shown with --propose.")
def build_command(source: str, out: Optional[str], import_name: Optional[str], chains: int, turns: int, chooser: str,
                  base_url: Optional[str], model: Optional[str], llm_cache: Optional[str], offline: bool,
                  hops: int, seeds: tuple[str, ...], retries: int, timeout: float, propose: bool, limit: int) -> None:
    """Build task chains over a repository that bench verify passes.

    SOURCE is a repository folder or a pinned release NAME==VERSION. Every chain
    written passes `bench verify`; candidates dropped on the way are logged, with
    the reason, in OUT/build.log. Guide: docs/bench-build.md.
    """
    from reuse_audit.benchmark.chainbuild.command import render_proposals, run_build

    if propose:
        click.echo(render_proposals(source, import_name, limit), nl=False)
        return
    label = Path(source).name if Path(source).is_dir() else source.split("==", 1)[0]
    folder = Path(out) if out else Path("suites-built") / label
    built = run_build(source, folder, import_name=import_name, chains=chains, turns=turns, chooser_kind=chooser,
                      base_url=base_url, model=model, llm_cache=Path(llm_cache) if llm_cache else None, offline=offline,
                      seeds=seeds, retries=retries, timeout=timeout, prefix=None, hops=hops, echo=lambda line: click.echo(line, err=True))
    for path in built:
        click.echo(f"built {path}")
    click.echo(f"{len(built)} chain(s) of {chains} built in {folder}; log: {folder / 'build.log'}")
    sys.exit(0 if built else 1)


@bench.command(name="list")
@click.argument("suite", required=False)
@click.option("--turns", "show_turns", is_flag=True, help="Also each turn: its required path and declared targets.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True, help="Output format.")
def list_command(suite: Optional[str], show_turns: bool, fmt: str) -> None:
    """List a suite's chains: their ids (for --chain), libraries, turns and targets.

    SUITE is a shipped suite name, a suite folder or a chain folder; without it,
    the shipped suites. Nothing is fetched or run.
    """
    from reuse_audit.benchmark.chain import load_suite, shipped_suites
    from reuse_audit.benchmark.listing import as_json, render_shipped, render_suite

    if suite is None:
        if fmt == "json":
            raise UsageError("bench list --format json lists one suite: give its name or folder (bench list starter)")
        click.echo(render_shipped({name: load_suite(name) for name in shipped_suites()}), nl=False)
        return
    chains = load_suite(suite)
    label = suite if not Path(suite).exists() else suite.rstrip("/") or suite
    click.echo(as_json(chains, label) if fmt == "json" else render_suite(chains, label, show_turns), nl=False)


@bench.command(name="stats")
@click.argument("suite")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True, help="Output format.")
@click.option("--check", is_flag=True, help="Exit 1 when the suite misses a threshold of a suite comparable with the study's.")
def stats_command(suite: str, fmt: str, check: bool) -> None:
    """Print the study's Table 1 for a suite, beside the study's own figures.

    SUITE is a shipped suite name, a suite folder or a chain folder. Judgeable
    shares count callees with the engine's index of each chain's source; the
    thresholds under the table are issue 26's (benchmark/README.md).
    """
    from reuse_audit.benchmark.chain import load_suite
    from reuse_audit.benchmark.chainbuild.stats import render_json, render_markdown, render_text, suite_stats

    label = Path(suite).name if Path(suite).exists() else suite
    stats = suite_stats(load_suite(suite), label)
    click.echo({"text": render_text, "markdown": render_markdown, "json": render_json}[fmt](stats), nl=False)
    if check and not stats.comparable:
        sys.exit(1)


def _chosen(chains: list, chain_ids: tuple[str, ...], where: str) -> list:
    """The chains ``--chain`` names (all without it); a name ``where`` lacks is a usage error."""
    if not chain_ids:
        return chains
    known = {c.id for c in chains}
    unknown = [c for c in chain_ids if c not in known]
    if unknown:
        raise UsageError(f"--chain {unknown[0]}: no such chain in {where} (known: {', '.join(sorted(known))})")
    return [c for c in chains if c.id in chain_ids]
