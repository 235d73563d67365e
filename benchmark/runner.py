"""``reuse-audit bench run``: every chain, turn by turn, each turn scored as it ends.

Per chain: prepare the workspace once; then for each turn, reset the workspace
to the repository plus the earlier submissions, give the agent a fresh session
with the turn's prompt, commit what it left, score the submitted file (the one
at the turn's required path) with the engine, run the turn's tests on it, and
journal one record.  The next turn starts from the repository plus the
submitted file only (what the agent did elsewhere is listed in the record,
neither scored nor carried forward).

Resuming: the journal holds every finished turn; a rerun with the same command
skips them and restarts an unfinished turn from its pre-turn commit.  Commits
have fixed dates, so the same submissions give the same commits and the same
journal.

Runaway agents.  Nothing an agent does stops the chain or the run:

* it is killed with its whole process tree at its wall-time limit
  (``agents/process.py``): status ``timeout``;
* while it runs, the workspace may grow by at most ``workspace_limit`` bytes
  (and 200,000 entries): past that it is killed at once, everything it wrote
  is discarded (the workspace goes back to the turn's start), status
  ``limit``, and the turn is *invalid*;
* it may write only in its workspace and its turn folder.  The runner takes a
  snapshot (kind, size, mtime, ctime, inode of every entry) of the guarded
  folders before the agent starts and compares after it ends: the run folder
  but the workspace and the turn folder, the workspace's parent folder, the
  chain's folder (its tests and solutions) and the chain's pinned source (the
  last two against a snapshot taken when the chain starts, so tampering stays
  visible in every later turn).  The journal, which the runner itself appends
  to, must still hold exactly the records it wrote.  A write found there makes
  the turn *invalid*;
* a turn's tests that hang are killed (their whole process tree) at
  ``test_timeout`` and count as failed (``notes``: "tests timed out");
* an adapter that raises makes the turn an ``error``;
* a turn whose harness never got the agent going (``AgentResult.infra_error``:
  no API key, nothing listening at the endpoint, an unknown or unpriced
  model, a bad configuration) is an infrastructure error of another kind: the
  workspace goes back to the turn's start, nothing of the turn is scored or
  journaled, and the run stops there (:class:`InfrastructureError`, one line:
  the cause and the fix; other chains of a ``--jobs`` run end the turn they
  are in).  Rerunning the same command after the fix runs that turn again;
  the options that only say where the endpoint is and how to reach it
  (:data:`~.agents.base.ENDPOINT_OPTIONS`) may change between the two;
* a turn whose tests cannot run at all (no test runner, a session that fails
  before collecting: ``scoring.session_error``) is an infrastructure error:
  status ``error``, ``extra["infra_error"]`` and a note say why, and ``bench
  report`` leaves it out of every metric (``Errors`` column); it is never the
  agent's failure.
* every agent turn runs in a :class:`~.sandbox.TurnSandbox` (``sandbox.py``):
  where the machine allows it, its processes run under bubblewrap (the
  workspace and the turn folder the only writable places, the run folder,
  the chain's folder and the shipped suites hidden, no network unless the
  adapter needs its model endpoint, all of them killed when the turn ends)
  and, where a cgroup can be made, within ``memory_limit`` bytes and
  ``process_limit`` tasks.  Exceeding a limit, or leaving processes running
  when the agent's process ends, makes the turn *invalid*.  Where there are
  no namespaces the run fails closed (:meth:`RunConfig.isolation`): an agent
  other than the oracle is refused unless ``--sandbox none`` is given; the
  oracle (or an agent with ``--sandbox none``) runs unsandboxed, the run says
  so once and ``run.json`` records it (``isolation``).

What is scored: the submitted file alone, the blob committed at ``turn.path``
(a regular file), which is also what the next turn starts from (the study
"scores the file left at the required path", §A.1).  Its diff against the
pre-turn commit is replayed through the rules (reuse, Cdup, near-clones); the
turn's tests run on the pre-turn commit plus that file only, checked out
afresh outside the workspace and imported from there by an isolated
interpreter (:func:`run_submitted_tests`): nothing else the agent left in its
workspace reaches the tests or the rules.  The other files it changed (scratch
scripts, reproduction tests) are listed in ``extra["other_files"]`` (path and
the functions each adds, :func:`.scoring.other_files`) and in the report, and
the whole change is kept in the turn folder's ``diff.patch``.

An invalid turn is still scored and journaled (so that the journal stays one
record per turn and a rerun resumes after it), with ``extra["invalid"] = True``
and ``extra["invalid_reason"]``, and a note ``invalid: <reason>``.  ``bench
report`` leaves invalid turns out of every metric and counts them in an
``Invalid`` column.  With ``--jobs`` above 1, other chains' folders are not
guarded (their own runner threads write there); writes outside the run folder,
the chain and its source (``/tmp``, the home folder) are not seen at all.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import stat
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional

from reuse_audit.api import FsTree, MemoryTree, Result, Settings, render_report, resolve_targets, without_declared_targets
from reuse_audit.errors import UsageError

from reuse_audit.benchmark.agents.base import ENDPOINT_OPTIONS, make_agent
from reuse_audit.benchmark.agents.process import workspace_limits
from reuse_audit.benchmark.fetch import fetch_chain
from reuse_audit.benchmark.journal import JOURNAL, Journal
from reuse_audit.benchmark.model import AgentResult, Chain, TurnRecord, TurnRequest
from reuse_audit.benchmark.prompt import build_prompt, feedback_prompt
from reuse_audit.benchmark.sandbox import DEFAULT_MEMORY_LIMIT, DEFAULT_PROCESS_LIMIT, TurnSandbox, probe, suites_folder
from reuse_audit.benchmark.scoring import TestRun, other_files, recalled, reuse_score, run_tests, score_diff, viewed
from reuse_audit.benchmark.workspace import Workspace

Progress = Callable[[str, int, int, Optional[dict]], None]  # (chain id, turn, turns, record or None)


DEFAULT_WORKSPACE_LIMIT = 1024 * 1024 * 1024  # 1 GiB a turn


#: agents run unsandboxed under ``--sandbox auto`` when there is no sandbox: the oracle writes
#: the chain's own reference solutions and runs nothing else
TRUSTED_AGENTS = ("oracle",)


def unsandboxed_refusal(agent: str, found) -> str:
    """Why agent ``agent`` is not run without a sandbox, and what to do, in one line."""
    if "not installed" in found.detail:
        why = "bwrap is not installed; install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap)"
    else:
        why = found.detail
    return (f"agent {agent} runs only in a sandbox and there is none here: {why}, "
            "or give --sandbox none to run it unsandboxed")


class InfrastructureError(UsageError):
    """A turn's harness failed, not its agent (``AgentResult.infra_error``): the run stops, the
    turn is not scored; ``bench run`` prints the one line and exits with status 2."""


@dataclass(frozen=True)
class RunConfig:
    run_dir: Path
    agent: str
    memory: str = "interface"
    agent_options: dict = field(default_factory=dict)
    time_limit: float = 2400.0  # agent wall time per turn (the study's OpenCode budget)
    test_timeout: float = 300.0
    jobs: int = 1
    suite: str = ""
    workspace_limit: int = DEFAULT_WORKSPACE_LIMIT  # bytes the workspace may grow by during one agent turn
    sandbox: str = "auto"  # auto (bwrap where the machine allows it), bwrap (required) or none
    memory_limit: int = DEFAULT_MEMORY_LIMIT  # bytes of memory of one agent turn
    process_limit: int = DEFAULT_PROCESS_LIMIT  # processes and threads of one agent turn
    feedback: str = "none"  # "lint": a turn whose submitted file has a finding gets one more session (see run_turn)

    @property
    def run_id(self) -> str:
        return self.run_dir.name

    def describe(self) -> dict:
        described = {
            "suite": self.suite,
            "agent": self.agent,
            "memory": self.memory,
            "agent_options": {k: self.agent_options[k] for k in sorted(self.agent_options)},
            "time_limit": self.time_limit,
            "test_timeout": self.test_timeout,
        }
        if self.workspace_limit != DEFAULT_WORKSPACE_LIMIT:  # runs made before the option resume as they were
            described["workspace_limit"] = self.workspace_limit
        if self.sandbox != "auto":
            described["sandbox"] = self.sandbox
        if self.memory_limit != DEFAULT_MEMORY_LIMIT:
            described["memory_limit"] = self.memory_limit
        if self.process_limit != DEFAULT_PROCESS_LIMIT:
            described["process_limit"] = self.process_limit
        if self.feedback != "none":
            described["feedback"] = self.feedback
        return described

    def isolation(self):
        """How this machine isolates the run's agent turns (:func:`.sandbox.probe`); UsageError
        when there is no sandbox and ``sandbox`` is ``bwrap``, or ``auto`` for an agent that is
        not the oracle (fail closed: only ``--sandbox none`` runs such an agent unsandboxed)."""
        found = probe(self.sandbox)
        if self.sandbox == "bwrap" and not found.sandboxed:
            raise UsageError(f"--sandbox bwrap: {found.detail}")
        if self.sandbox == "auto" and not found.sandboxed and self.agent not in TRUSTED_AGENTS:
            raise UsageError(unsandboxed_refusal(self.agent, found))
        return found


def run_benchmark(chains: list[Chain], config: RunConfig, progress: Optional[Progress] = None, executor=None) -> Journal:
    """Every chain of ``chains`` into ``config.run_dir``: in this process (``config.jobs`` threads),
    or by ``executor`` (:mod:`.executors`: its ``run(chains, config, journal, progress)``)."""
    # every folder of the run is absolute: the agent and the tests run elsewhere
    config = dataclasses.replace(config, run_dir=Path(os.path.abspath(config.run_dir)))
    isolation = config.isolation()
    config.run_dir.mkdir(parents=True, exist_ok=True)
    _check_run_file(config, isolation)
    if not isolation.sandboxed and config.sandbox != "none":
        sys.stderr.write(f"reuse-audit bench: warning: agents run unsandboxed: {isolation.detail}\n")
    journal = Journal(config.run_dir)
    lock = threading.Lock()
    stop = threading.Event()  # an infrastructure error: no chain starts another turn

    def one(chain: Chain) -> None:
        try:
            run_chain(chain, config, journal, progress, lock, stop)
        except InfrastructureError:
            stop.set()
            raise

    if executor is not None:
        executor.run(chains, config, journal, progress)
    elif config.jobs <= 1 or len(chains) <= 1:
        for chain in chains:
            one(chain)
    else:
        with ThreadPoolExecutor(max_workers=config.jobs) as pool:
            for future in [pool.submit(one, c) for c in chains]:
                future.result()
    if all(journal.get(c.id, t.number) is not None for c in chains for t in c.turns):
        journal.sort()  # finished: in (chain, turn) order, whatever order the chains ended in
    return journal


def _check_run_file(config: RunConfig, isolation=None) -> None:
    """A run directory belongs to one configuration: resuming with another is refused.
    ``isolation`` (how the turns are isolated here) is recorded too, not compared: a run
    resumed without a sandbox stays ``unsandboxed``."""
    path = config.run_dir / "run.json"
    wanted = config.describe()
    isolated = isolation.describe() if isolation is not None else None
    if path.exists():
        try:
            existing = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            existing = None
        before = existing.pop("isolation", None) if isinstance(existing, dict) else None
        if isinstance(before, dict) and before.get("sandbox") == "unsandboxed" and isolated is not None:
            isolated = before
        if existing is not None and _measured(existing) != _measured(wanted):
            changed = sorted(k for k in set(existing) | set(wanted) if _measured(existing).get(k) != _measured(wanted).get(k))
            raise UsageError(
                f"{config.run_dir} holds a run with another configuration ({', '.join(changed)} differ): "
                "use another --out, or the same options to resume it"
            )
    if isolated is not None:
        wanted = dict(wanted, isolation=isolated)
    path.write_text(json.dumps(wanted, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _measured(described: dict) -> dict:
    """A run's description less the agent options that only locate its endpoint (its URL, its
    key, whether litellm must price the model): fixing them after an infrastructure error
    resumes the run; every other option is part of what the run measures."""
    options = described.get("agent_options") if isinstance(described, dict) else None
    if not isinstance(options, dict):
        return described
    options = json.loads(json.dumps(options))  # a copy
    for dotted in ENDPOINT_OPTIONS.get(described.get("agent"), ()):
        *parents, leaf = dotted.split(".")
        holder = options
        for key in parents:
            holder = holder.get(key) if isinstance(holder, dict) else None
        if isinstance(holder, dict):
            holder.pop(leaf, None)
    for key in [k for k, v in options.items() if v == {}]:  # model_kwargs: {api_base: ...} and none at all
        del options[key]
    return dict(described, agent_options=options)


def open_chain(chain: Chain, config: RunConfig) -> tuple:
    """What running ``chain`` needs: its workspace (prepared, or reopened to resume), the guard of
    the chain's tests, solutions and pinned source (nothing may change them, ever) and the agent."""
    fetched = fetch_chain(chain)
    workspace = Workspace.prepare(chain, config.run_dir / "workspaces" / chain.id, source=fetched)
    chain_guard = Guard([chain.file.parent, fetched.root])
    agent = make_agent(config.agent, dict(config.agent_options))
    return workspace, chain_guard, agent


def run_chain(chain: Chain, config: RunConfig, journal: Journal, progress: Optional[Progress], lock: threading.Lock,
              stop: Optional[threading.Event] = None) -> None:
    workspace, chain_guard, agent = open_chain(chain, config)
    pre = workspace.baseline
    duplicated = False
    for turn in chain.turns:
        if stop is not None and stop.is_set():
            return
        done = journal.get(chain.id, turn.number)
        if done is not None:
            pre = done["extra"]["next_commit"]
            duplicated = duplicated or bool(done["reimplemented"])
            if progress:
                progress(chain.id, turn.number, len(chain.turns), done)
            continue
        record = run_turn(chain, turn, config, workspace, agent, pre, duplicated, journal, chain_guard)
        journal.append(record.to_json())
        pre = record.extra["next_commit"]
        duplicated = record.duplicated
        if progress:
            progress(chain.id, turn.number, len(chain.turns), record.to_json())


def run_turn(
    chain, turn, config: RunConfig, workspace: Workspace, agent, pre: str, duplicated: bool,
    journal: Optional[Journal] = None, chain_guard: Optional["Guard"] = None,
) -> TurnRecord:
    turn_dir = config.run_dir / chain.id / f"turn-{turn.number}"
    if turn_dir.exists():  # an unfinished earlier attempt: start afresh
        shutil.rmtree(turn_dir)
    turn_dir.mkdir(parents=True)
    setup_started = time.monotonic()
    workspace.reset_to(pre)
    before = _snapshot(workspace.root)
    prompt = build_prompt(chain, turn, config.memory, workspace.root)
    (turn_dir / "prompt.md").write_text(prompt, encoding="utf-8")
    request = TurnRequest(
        chain=chain,
        turn=turn,
        workspace=workspace.root,
        prompt=prompt,
        memory=config.memory,
        turn_dir=turn_dir,
        time_limit=config.time_limit,
        env=tuple(sorted(workspace.env.items())),
    )
    setup_seconds = time.monotonic() - setup_started
    sessions = [_session(chain, turn, config, workspace, agent, request, pre, journal, chain_guard)]
    started = time.monotonic()
    submission = _submission(turn, workspace, pre, before)
    tests_seconds = 0.0
    declared = resolve_targets(before, [t.name for t in turn.targets])
    feedback: Optional[dict] = None
    if config.feedback == "lint" and not sessions[0].invalid and submission.scored is not None:
        # the submitted file checked as a pre-commit hook checks it (the rules that need no declared
        # targets): when a finding names a function to call instead, the agent gets one more session
        # in the same turn, the findings its message; the first submission is scored and kept too
        lint = without_declared_targets(submission.scored.report)
        named = [f for f in lint.findings if not f.suppressed and f.target]
        feedback = {"findings": [_finding_json(f) for f in named]}
        if named:
            message = feedback_prompt(turn, render_report(lint), prompt)
            (turn_dir / FEEDBACK_FILE).write_text(message, encoding="utf-8")
            (turn_dir / FIRST_DIFF_FILE).write_text(submission.diff, encoding="utf-8", errors="surrogateescape")
            tested = _tests(chain, turn, config, workspace, pre, submission.next_commit, turn_dir / "first", "first-tests")
            tests_seconds += tested.seconds
            first = sessions[0].result
            feedback["first"] = {
                "commit": submission.post, "next_commit": submission.next_commit, "diff": FIRST_DIFF_FILE,
                "status": first.status, "cost": float(first.cost or 0.0), "tokens": int(first.tokens or 0),
                "steps": int(first.steps or 0), "notes": tested.notes,
                **_scores(submission, tested, turn, first.reads, declared, duplicated, as_json=True),
            }
            revision = dataclasses.replace(request, prompt=message, turn_dir=turn_dir / REVISION_DIR, revision=True)
            revision.turn_dir.mkdir()
            paused = time.monotonic()
            sessions.append(_session(chain, turn, config, workspace, agent, revision, pre, journal, chain_guard))
            started += time.monotonic() - paused  # the agent's time is not the benchmark's
            submission = _submission(turn, workspace, pre, before)
            feedback["message"] = FEEDBACK_FILE
            feedback["revision"] = {"status": sessions[-1].result.status}
    tested = _tests(chain, turn, config, workspace, pre, submission.next_commit, turn_dir, "tests")
    tests_seconds += tested.seconds
    (turn_dir / "diff.patch").write_text(submission.diff, encoding="utf-8", errors="surrogateescape")
    reads = tuple(sorted({read for s in sessions for read in s.result.reads}, key=lambda r: (r.path, r.start, r.end)))
    with open(turn_dir / "reads.jsonl", "w", encoding="utf-8") as handle:
        for read in reads:
            handle.write(json.dumps({"path": read.path, "start": read.start, "end": read.end}) + "\n")
    scores = _scores(submission, tested, turn, reads, declared, duplicated)
    files_viewed, lines_viewed = viewed(reads, _line_counter(before, workspace.root))
    # the benchmark's own cost of a turn: workspace reset, snapshot, prompt and
    # guards before the agent; diff, scoring and carrying forward after it
    # (not the agent, not the tests): scripts/perf.py --bench reports it
    overhead = setup_seconds + sum(s.overhead for s in sessions) + (time.monotonic() - started) - tests_seconds
    timing = {"agent_seconds": sum(s.seconds for s in sessions), "tests_seconds": tests_seconds, "overhead_seconds": overhead}
    (turn_dir / "timing.json").write_text(
        json.dumps({k: round(v, 3) for k, v in timing.items()}) + "\n", encoding="utf-8"
    )
    next_commit = submission.next_commit
    extra = {"commit": submission.post, "next_commit": next_commit, "submitted_file": next_commit != pre,
             # did the harness report reads (any, or a trajectory to read them from)?  If not, recall is n/a
             "reads_recorded": bool(reads) or any(s.result.trajectory is not None for s in sessions),
             "other_files": other_files(workspace.changed_files(pre, submission.post),
                                        turn.path if next_commit != pre else None, before, workspace.root)}
    if feedback is not None:
        extra["feedback"] = feedback
    notes = [s.result.message for s in sessions if s.result.message] + tested.notes
    status = sessions[-1].result.status
    if tested.infra_error:  # the tests could not run: nothing of the turn says anything of the agent
        extra["infra_error"] = tested.infra_error
        notes.append(f"infrastructure error: {tested.infra_error}")
        status = "error"
    invalid = [reason for s in sessions for reason in s.invalid]
    if invalid:
        reason = "; ".join(invalid)
        extra.update(invalid=True, invalid_reason=reason)
        notes.append(f"invalid: {reason}")
    return TurnRecord(
        run_id=config.run_id,
        chain=chain.id,
        turn=turn.number,
        agent=config.agent,
        memory=config.memory,
        status=status,
        repo_targets=tuple(t.name for t in turn.targets if t.kind == "repo"),
        self_targets=tuple(t.name for t in turn.targets if t.kind == "self"),
        files_viewed=files_viewed,
        lines_viewed=lines_viewed,
        notes=tuple(notes),
        extra=extra,
        library=chain.source.package,
        cost=sum(float(s.result.cost or 0.0) for s in sessions),
        tokens=sum(int(s.result.tokens or 0) for s in sessions),
        steps=sum(int(s.result.steps or 0) for s in sessions),
        **scores,
    )


#: the turn folder's files of a turn given feedback: the message of the revision session, the
#: first submission's change, and the revision session's own folder (the agent's logs)
FEEDBACK_FILE = "feedback.md"
FIRST_DIFF_FILE = "first-diff.patch"
REVISION_DIR = "revision"


@dataclass(frozen=True)
class _Session:
    """One agent session of a turn: what the agent said, why the session is invalid (if it is)."""

    result: AgentResult
    invalid: tuple[str, ...]
    seconds: float  # the agent's
    overhead: float  # the benchmark's: the guards' snapshots and comparisons


def _hidden(config: RunConfig, chain: Chain) -> list[Path]:
    """What no agent session (nor the tests of its submission) may see."""
    return [config.run_dir, chain.file.parent, suites_folder()]


def _session(chain, turn, config: RunConfig, workspace: Workspace, agent, request: TurnRequest, pre: str,
             journal: Optional[Journal], chain_guard: Optional["Guard"]) -> _Session:
    """Run the agent on ``request`` in the turn's sandbox, its folders guarded (see the module's
    docstring); an infrastructure error resets the workspace to ``pre`` and stops the run."""
    turn_dir = config.run_dir / chain.id / f"turn-{turn.number}"
    guarding = time.monotonic()
    run_guard = Guard(_turn_guard_roots(config, workspace), skip=_turn_guard_skips(config, chain, workspace, turn_dir))
    started = time.monotonic()
    sandbox = TurnSandbox(
        config.isolation(),
        writable=[workspace.root, request.turn_dir],
        hidden=_hidden(config, chain),
        visible=[workspace.git_dir / "objects"],  # the workspace's .git borrows them
        network=bool(getattr(agent, "needs_network", False)),
        memory_limit=config.memory_limit,
        process_limit=config.process_limit,
        name=f"{chain.id}-{turn.number}" + ("-revision" if request.revision else ""),
    )
    with workspace_limits(workspace.root, config.workspace_limit) as limits, sandbox:
        try:
            result = agent.run_turn(request)
        except Exception as exc:  # an adapter bug must not stop the chain: the turn counts as failed
            result = AgentResult(status="error", message=f"{type(exc).__name__}: {exc}")
        over = limits.exceeded or limits.check()  # also for agents that run in process
    if result.infra_error:  # the harness never got going: nothing of the turn is the agent's
        workspace.reset_to(pre)
        raise InfrastructureError(
            f"{chain.id} turn {turn.number} not run (infrastructure error, nothing scored): {result.infra_error}; "
            "then rerun the same command to resume"
        )
    ended = time.monotonic()
    invalid: list[str] = []
    if over:
        invalid.append(f"{over}: the agent was stopped and its changes discarded")
        if result.status not in ("timeout",):
            result = AgentResult(status="limit", reads=result.reads, trajectory=result.trajectory,
                                 message=f"killed: {over}", cost=result.cost, steps=result.steps, tokens=result.tokens)
        workspace.reset_to(pre)  # the turn's files are not committed: nothing of it is scored
    invalid.extend(f"the agent {reason}" for reason in sandbox.violations)
    outside = run_guard.changes()
    if chain_guard is not None:
        outside += chain_guard.changes()
    if outside:
        invalid.append("the agent wrote outside its workspace: " + _summary(outside))
    if journal is not None:
        tampered = _journal_tampering(journal)
        if tampered:
            invalid.append(tampered)
    return _Session(result, tuple(invalid), ended - started, (started - guarding) + (time.monotonic() - ended))


@dataclass(frozen=True)
class _Submission:
    """What a session left: its commit, the commit carried forward (the pre-turn commit plus the
    submitted file), the whole change (``diff.patch``) and the submitted file's check."""

    post: str
    next_commit: str
    diff: str
    scored: Optional[Result]


def _submission(turn, workspace: Workspace, pre: str, before: MemoryTree) -> _Submission:
    post = workspace.commit_turn(turn.number)
    # what is scored by the tests: the pre-turn commit plus the submitted file, as committed (a
    # regular file; a link is not submitted), checked out afresh outside the workspace
    next_commit = workspace.commit_with(pre, turn.path, post, turn.number)
    # reuse, Cdup and near-clones: the submitted file alone, as carried forward (the study scores
    # "the file left at the required path"); the other files are listed, never scored
    submitted_diff = workspace.diff(pre, next_commit)
    scored = score_diff(before, submitted_diff, turn, Settings()) if submitted_diff.strip() else None
    return _Submission(post, next_commit, workspace.diff(pre, post), scored)


@dataclass(frozen=True)
class _Tested:
    tests: TestRun
    notes: list
    seconds: float
    infra_error: Optional[str]


def _tests(chain, turn, config: RunConfig, workspace: Workspace, pre: str, commit: str, out_dir: Path, name: str) -> _Tested:
    """The turn's tests on ``commit``, in a sandbox of their own (the submission's code runs in them)."""
    started = time.monotonic()

    def tests_sandbox(label: str) -> TurnSandbox:
        return TurnSandbox(
            config.isolation(), hidden=_hidden(config, chain), memory_limit=config.memory_limit,
            process_limit=config.process_limit, name=f"{chain.id}-{turn.number}-{label}",
        )

    box = tests_sandbox(name)
    tests = run_submitted_tests(workspace, commit, turn, out_dir, config.test_timeout, box)
    notes = []
    if tests.infra_error:
        # Is it the infrastructure's, or did the submission break the session?  The
        # same tests on the pre-turn commit tell: only a session that fails there
        # too is not the agent's.
        pre_run = run_submitted_tests(workspace, pre, turn, out_dir / "pre-turn", config.test_timeout,
                                      tests_sandbox(f"pre-turn-{name}"))
        if pre_run.infra_error is None:
            notes.append(f"the submission broke the test session (it runs on the pre-turn tree): {tests.infra_error}")
            tests = TestRun(0, tests.total, tests.outcomes, tests.timed_out)
    if tests.timed_out:
        notes.insert(0, "tests timed out")
    if box.violations:
        notes.insert(1 if tests.timed_out else 0, "tests: " + "; ".join(box.violations))
    return _Tested(tests, notes, time.monotonic() - started, tests.infra_error)


def _scores(submission: _Submission, tested: _Tested, turn, reads, declared, duplicated: bool, as_json: bool = False) -> dict:
    """The fields of a turn's record that score a submission (its tests, reuse, recall, Cdup and
    findings); ``duplicated``: the chain had a re-implemented target before this turn.  With
    ``as_json``, lists (as the journal reads them back)."""
    repo_targets = tuple(t.name for t in turn.targets if t.kind == "repo")
    self_targets = tuple(t.name for t in turn.targets if t.kind == "self")
    reuse = reuse_score(submission.scored, turn) if submission.scored is not None else None
    reimplemented = reuse.reimplemented if reuse else ()
    tests = tested.tests
    scores = {
        "tests_passed": tests.passed,
        "tests_total": tests.total,
        "resolved": tests.total > 0 and tests.passed == tests.total,
        "repo_reused": reuse.repo_reused if reuse else (),
        "self_reused": reuse.self_reused if reuse else (),
        "repo_recalled": recalled(repo_targets, reads, declared),
        "self_recalled": recalled(self_targets, reads, declared),
        "reimplemented": reimplemented,
        "unjudged": reuse.unjudged if reuse else (),
        "duplicated": duplicated or bool(reimplemented),
        "findings": tuple(_finding_json(f) for f in submission.scored.report.findings) if submission.scored else (),
    }
    if as_json:
        scores = {k: list(v) if isinstance(v, tuple) else v for k, v in scores.items()}
    return scores


def _line_counter(before: MemoryTree, root: Path) -> Callable[[str], Optional[int]]:
    """Lines of a workspace file as the turn found it (its Python files), else as it is now."""

    def count(path: str) -> Optional[int]:
        try:
            data = before.read(path)
        except Exception:
            try:
                data = (root / path).read_bytes()
            except OSError:
                return None
        return len(data.splitlines())

    return count


def run_submitted_tests(workspace: Workspace, commit: str, turn, out_dir: Path, timeout: float,
                        sandbox: Optional[TurnSandbox] = None):
    """The turn's tests on commit ``commit`` checked out into ``out_dir/tree`` (a fresh copy no
    agent touched, removed afterwards), importable from there only; in ``sandbox`` when given
    (the submission's code runs in the tests: it gets the agent's confinement, with ``out_dir``
    the only writable folder)."""
    tree = workspace.export(commit, out_dir / "tree")
    try:
        if sandbox is None:
            return run_tests(turn, workspace.tree_env(tree), out_dir, timeout)
        sandbox.writable = [out_dir]
        sandbox.visible = [workspace.site_dir] if workspace.site_dir is not None else []
        with sandbox:
            return run_tests(turn, workspace.tree_env(tree), out_dir, timeout)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _snapshot(root: Path) -> MemoryTree:
    """The workspace's Python files as they are now: the turn's before-tree."""
    tree = FsTree(root)
    files = {}
    for path in tree.paths():
        try:
            files[path] = tree.read(path)
        except (KeyError, OSError):
            continue
    return MemoryTree(files)


def _finding_json(f) -> dict:
    return {
        "code": f.rule,
        "path": f.location.path,
        "line": f.location.line,
        "function": f.function,
        "target": f.target,
        "message": f.message,
        "shared": list(f.violation.shared_callees()),
        "missing": list(f.violation.missing_callees()),
        "details": dict(f.violation.details()),
    }


# ---------------------------------------------------------------------------
# guarded folders


_Entry = tuple[int, int, int, int, int]  # (file type, size, mtime_ns, ctime_ns, inode); 0s for folders
MAX_GUARDED_ENTRIES = 500_000


def _state(roots: Iterable[Path], skip: Callable[[Path], bool]) -> dict[str, _Entry]:
    """Every entry under ``roots`` but the skipped ones (links are not followed).
    Folders are recorded by their existence only: their times change whenever
    the runner adds a turn folder."""
    out: dict[str, _Entry] = {}
    stack = [Path(os.path.abspath(r)) for r in roots]
    while stack and len(out) < MAX_GUARDED_ENTRIES:
        folder = stack.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    path = Path(entry.path)
                    if skip(path):
                        continue
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    kind = stat.S_IFMT(st.st_mode)
                    if stat.S_ISDIR(st.st_mode):
                        out[entry.path] = (kind, 0, 0, 0, 0)
                        stack.append(path)
                    else:
                        out[entry.path] = (kind, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        except OSError:
            continue
    return out


class Guard:
    """A snapshot of folders nobody may write to, compared later with :meth:`changes`."""

    def __init__(self, roots: Iterable[Path], skip: Callable[[Path], bool] = lambda p: False) -> None:
        unique: list[Path] = []
        for root in sorted({Path(os.path.abspath(r)) for r in roots}, key=lambda p: len(p.parts)):
            if root.is_dir() and not any(root == u or u in root.parents for u in unique):
                unique.append(root)
        self.roots = tuple(unique)
        self.skip = skip
        self.before = _state(self.roots, skip)

    def changes(self) -> list[str]:
        """``created PATH``, ``deleted PATH``, ``modified PATH``, sorted by path."""
        after = _state(self.roots, self.skip)
        out = []
        for path in sorted(set(self.before) | set(after)):
            old, new = self.before.get(path), after.get(path)
            if old == new:
                continue
            what = "created" if old is None else "deleted" if new is None else "modified"
            out.append(f"{what} {path}")
        return out


def _turn_guard_roots(config: RunConfig, workspace: Workspace) -> list[Path]:
    return [config.run_dir, workspace.root.parent]


def _turn_guard_skips(config: RunConfig, chain: Chain, workspace: Workspace, turn_dir: Path) -> Callable[[Path], bool]:
    run_dir = Path(os.path.abspath(config.run_dir))
    own = {Path(os.path.abspath(workspace.root)), Path(os.path.abspath(turn_dir)), run_dir / JOURNAL}
    concurrent = config.jobs > 1
    workspaces = Path(os.path.abspath(workspace.root.parent))

    def skip(path: Path) -> bool:
        if path in own:
            return True
        if concurrent:  # other chains' folders: their own threads write there
            if path.parent == workspaces and path.name != chain.id:
                return True
            if path.parent == run_dir and path.name not in (chain.id, workspaces.name) and path.is_dir():
                return True
        return False

    return skip


def _summary(changes: list[str], shown: int = 3) -> str:
    more = f" and {len(changes) - shown} more" if len(changes) > shown else ""
    return ", ".join(changes[:shown]) + more


def _journal_tampering(journal: Journal) -> Optional[str]:
    """None when the journal file holds exactly the records the runner wrote, else why
    not, after writing them back (so the journal stays the runner's, one line a turn)."""
    lock = getattr(journal, "_lock", None) or threading.Lock()
    with lock:
        problem = _journal_problem(journal)
        if problem is not None:
            records = list(getattr(journal, "_records", {}).values()) or list(journal.records())
            tmp = journal.path.with_name(journal.path.name + ".repair")
            with open(tmp, "w", encoding="utf-8") as handle:
                for record in records:
                    handle.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, journal.path)
            problem += " (restored)"
        return problem


def _journal_problem(journal: Journal) -> Optional[str]:
    try:
        data = journal.path.read_bytes() if journal.path.exists() else b""
    except OSError as exc:
        return f"the journal cannot be read: {exc.strerror or exc}"
    seen = set()
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            key = (record["chain"], int(record["turn"]))
        except (ValueError, KeyError, TypeError):
            return f"the journal was modified: line {number} is not a record"
        if key in seen or journal.get(*key) != record:
            return f"the journal was modified: line {number} ({key[0]} turn {key[1]}) is not what the runner wrote"
        seen.add(key)
    expected = {(r["chain"], int(r["turn"])) for r in journal.records()}
    if seen != expected:
        return "the journal was modified: records are missing"
    return None
