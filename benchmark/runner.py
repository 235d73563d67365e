"""``reuse-audit bench run``: every chain, turn by turn, each turn scored as it ends.

Per chain: prepare the workspace once; then for each turn, reset the workspace
to the repository plus the earlier submissions, give the agent a fresh session
with the turn's prompt, commit what it left, score the commit's diff with the
engine, run the turn's tests, and journal one record.  The next turn starts
from the repository plus the submitted file only (what the agent did elsewhere
is scored in its own turn, not carried forward).

Resuming: the journal holds every finished turn; a rerun with the same command
skips them and restarts an unfinished turn from its pre-turn commit.  Commits
have fixed dates, so the same submissions give the same commits and the same
journal.
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.cache import FactsCache
from reuse_audit.settings import Settings
from reuse_audit.tree import FsTree, MemoryTree

from .agents.base import make_agent
from .journal import Journal
from .model import AgentResult, Chain, Read, TurnRecord, TurnRequest
from .prompt import build_prompt
from .scoring import before_index, recalled, reuse_score, run_tests, score_diff, viewed
from .workspace import Workspace

Progress = Callable[[str, int, int, Optional[dict]], None]  # (chain id, turn, turns, record or None)


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
    cache_dir: Optional[Path] = None  # facts cache for scoring

    @property
    def run_id(self) -> str:
        return self.run_dir.name

    def describe(self) -> dict:
        return {
            "suite": self.suite,
            "agent": self.agent,
            "memory": self.memory,
            "agent_options": {k: self.agent_options[k] for k in sorted(self.agent_options)},
            "time_limit": self.time_limit,
            "test_timeout": self.test_timeout,
        }


def run_benchmark(chains: list[Chain], config: RunConfig, progress: Optional[Progress] = None) -> Journal:
    config.run_dir.mkdir(parents=True, exist_ok=True)
    _check_run_file(config)
    journal = Journal(config.run_dir)
    lock = threading.Lock()

    def one(chain: Chain) -> None:
        run_chain(chain, config, journal, progress, lock)

    if config.jobs <= 1 or len(chains) <= 1:
        for chain in chains:
            one(chain)
    else:
        with ThreadPoolExecutor(max_workers=config.jobs) as pool:
            for future in [pool.submit(one, c) for c in chains]:
                future.result()
    return journal


def _check_run_file(config: RunConfig) -> None:
    """A run directory belongs to one configuration: resuming with another is refused."""
    from reuse_audit.errors import UsageError

    path = config.run_dir / "run.json"
    wanted = config.describe()
    if path.exists():
        try:
            existing = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            existing = None
        if existing is not None and existing != wanted:
            changed = sorted(k for k in set(existing) | set(wanted) if existing.get(k) != wanted.get(k))
            raise UsageError(
                f"{config.run_dir} holds a run with another configuration ({', '.join(changed)} differ): "
                "use another --out, or the same options to resume it"
            )
    path.write_text(json.dumps(wanted, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def run_chain(chain: Chain, config: RunConfig, journal: Journal, progress: Optional[Progress], lock: threading.Lock) -> None:
    workspace = Workspace.prepare(chain, config.run_dir / "workspaces" / chain.id)
    agent = make_agent(config.agent, dict(config.agent_options))
    cache = FactsCache(config.cache_dir) if config.cache_dir else None
    pre = workspace.baseline
    duplicated = False
    for turn in chain.turns:
        done = journal.get(chain.id, turn.number)
        if done is not None:
            pre = done["extra"]["next_commit"]
            duplicated = duplicated or bool(done["reimplemented"])
            if progress:
                progress(chain.id, turn.number, len(chain.turns), done)
            continue
        record = run_turn(chain, turn, config, workspace, agent, pre, duplicated, cache)
        journal.append(record.to_json())
        pre = record.extra["next_commit"]
        duplicated = record.duplicated
        if progress:
            progress(chain.id, turn.number, len(chain.turns), record.to_json())
    if cache is not None:
        cache.close()


def run_turn(chain, turn, config: RunConfig, workspace: Workspace, agent, pre: str, duplicated: bool, cache) -> TurnRecord:
    turn_dir = config.run_dir / chain.id / f"turn-{turn.number}"
    if turn_dir.exists():  # an unfinished earlier attempt: start afresh
        shutil.rmtree(turn_dir)
    turn_dir.mkdir(parents=True)
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
    started = time.monotonic()
    try:
        result = agent.run_turn(request)
    except Exception as exc:  # an adapter bug must not stop the chain: the turn counts as failed
        result = AgentResult(status="error", message=f"{type(exc).__name__}: {exc}")
    agent_seconds = time.monotonic() - started
    started = time.monotonic()
    post = workspace.commit_turn(turn.number)
    diff = workspace.diff(pre, post)
    (turn_dir / "diff.patch").write_text(diff, encoding="utf-8", errors="surrogateescape")
    reads = tuple(sorted(set(result.reads), key=lambda r: (r.path, r.start, r.end)))
    with open(turn_dir / "reads.jsonl", "w", encoding="utf-8") as handle:
        for read in reads:
            handle.write(json.dumps({"path": read.path, "start": read.start, "end": read.end}) + "\n")
    settings = Settings()
    scored = score_diff(before, diff, turn, settings) if diff.strip() else None
    tests = run_tests(turn, workspace.env, turn_dir, config.test_timeout)
    index = before_index(before)
    repo_targets = tuple(t.name for t in turn.targets if t.kind == "repo")
    self_targets = tuple(t.name for t in turn.targets if t.kind == "self")
    if scored is not None:
        reuse = reuse_score(scored, turn)
        findings = tuple(_finding_json(f) for f in scored.report.findings)
    else:
        reuse = None
        findings = ()
    reimplemented = reuse.reimplemented if reuse else ()
    files_viewed, lines_viewed = viewed(reads)
    next_commit = _carry_forward(workspace, pre, turn)
    overhead = time.monotonic() - started
    (turn_dir / "timing.json").write_text(
        json.dumps({"agent_seconds": round(agent_seconds, 3), "scoring_seconds": round(overhead, 3)}) + "\n", encoding="utf-8"
    )
    return TurnRecord(
        run_id=config.run_id,
        chain=chain.id,
        turn=turn.number,
        agent=config.agent,
        memory=config.memory,
        status=result.status,
        tests_passed=tests.passed,
        tests_total=tests.total,
        resolved=tests.total > 0 and tests.passed == tests.total,
        repo_targets=repo_targets,
        self_targets=self_targets,
        repo_reused=reuse.repo_reused if reuse else (),
        self_reused=reuse.self_reused if reuse else (),
        repo_recalled=recalled(repo_targets, reads, index),
        self_recalled=recalled(self_targets, reads, index),
        reimplemented=reimplemented,
        unjudged=reuse.unjudged if reuse else (),
        duplicated=duplicated or bool(reimplemented),
        files_viewed=files_viewed,
        lines_viewed=lines_viewed,
        findings=findings,
        notes=tuple(n for n in ([result.message] if result.message else []) + (["tests timed out"] if tests.timed_out else [])),
        extra={"commit": post, "next_commit": next_commit, "submitted_file": (workspace.root / turn.path).is_file()},
    )


def _carry_forward(workspace: Workspace, pre: str, turn) -> str:
    """The next turn's start: the pre-turn commit plus the submitted file only."""
    submitted = workspace.root / turn.path
    content = submitted.read_bytes() if submitted.is_file() else None
    workspace.reset_to(pre)
    if content is None:
        return pre
    submitted.parent.mkdir(parents=True, exist_ok=True)
    submitted.write_bytes(content)
    return workspace.commit_turn(turn.number)


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
        "shared": list(f.shared),
        "missing": list(f.missing),
        "details": dict(f.details),
    }
