"""``reuse-audit bench stats SUITE``: the study's Table 1 for any suite.

Figures (targets "per turn" count turns 2 and later, where both kinds exist):
chains, libraries, turns, tests per turn, repository and self targets per
turn, the share of each kind that is judgeable (>= ``min_callees``
non-builtin callees, by the engine's own index of the repository plus the
chain's reference solutions), and reference-solution lines per turn (lines
that are neither blank nor comments).

Judging callee counts needs the chain's source: it is fetched as ``bench
run`` fetches it (the installed release or the cache first).  A chain whose
source cannot be had is counted everywhere except the judgeable shares, and
named in a note.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from reuse_audit.errors import UsageError
from reuse_audit.api import MemoryTree, Settings, build_index

from ..model import Chain
from ..scoring import declared_tests


@dataclass
class SuiteStats:
    suite: str
    chains: int = 0
    libraries: list[str] = field(default_factory=list)
    turns: int = 0
    tests: int = 0
    repo_targets_late: int = 0  # repository targets of turns >= 2
    self_targets_late: int = 0
    turns_late: int = 0
    repo_targets: int = 0  # all turns
    self_targets: int = 0
    repo_judged: int = 0  # of the targets whose callees could be counted
    repo_judgeable: int = 0
    self_judged: int = 0
    self_judgeable: int = 0
    reference_lines: int = 0
    repeated_targets: int = 0  # a target declared again in a later turn of the same chain
    notes: list[str] = field(default_factory=list)

    def per_turn(self, value: int, turns: Optional[int] = None) -> float:
        turns = self.turns if turns is None else turns
        return value / turns if turns else 0.0

    def rows(self) -> list[tuple[str, str]]:
        def share(part: int, whole: int) -> str:
            return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "-"

        return [
            ("Chains", str(self.chains)),
            ("Libraries", f"{len(self.libraries)} ({', '.join(self.libraries)})"),
            ("Turns", f"{self.turns} ({self.per_turn(self.turns, self.chains):.1f} per chain)"),
            ("Tests per turn", f"{self.per_turn(self.tests):.1f}"),
            ("Repository targets per turn (turn >= 2)", f"{self.per_turn(self.repo_targets_late, self.turns_late):.2f}"),
            ("Self targets per turn (turn >= 2)", f"{self.per_turn(self.self_targets_late, self.turns_late):.2f}"),
            ("Judgeable repository targets (>= 3 callees)", share(self.repo_judgeable, self.repo_judged)),
            ("Judgeable self targets (>= 3 callees)", share(self.self_judgeable, self.self_judged)),
            ("Judgeable targets, all", share(self.repo_judgeable + self.self_judgeable, self.repo_judged + self.self_judged)),
            ("Targets repeated within a chain", str(self.repeated_targets)),
            ("Reference lines per turn", f"{self.per_turn(self.reference_lines):.1f}"),
        ]


def _code_lines(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.lstrip().startswith("#"))


def _chain_index(chain: Chain, settings: Settings):
    from ..fetch import fetch_chain

    fetched = fetch_chain(chain)
    files: dict[str, bytes] = {}
    package = fetched.import_root / fetched.import_name
    if package.is_dir():
        for file in sorted(package.rglob("*.py")):
            if "__pycache__" not in file.parts:
                files[file.relative_to(fetched.import_root).as_posix()] = file.read_bytes()
    else:
        single = fetched.import_root / f"{fetched.import_name}.py"
        files[single.name] = single.read_bytes()
    for turn in chain.turns:
        files[turn.path] = turn.solution.read_bytes()
    return build_index(MemoryTree(files), settings)


def suite_stats(chains: list[Chain], suite: str, settings: Settings = Settings(), judge: bool = True) -> SuiteStats:
    stats = SuiteStats(suite)
    libraries: set[str] = set()
    for chain in chains:
        stats.chains += 1
        libraries.add(chain.source.package)
        index = None
        if judge:
            try:
                index = _chain_index(chain, settings)
            except UsageError as exc:
                stats.notes.append(f"{chain.id}: callees not counted: {exc}")
        seen: set[str] = set()
        for turn in chain.turns:
            stats.turns += 1
            stats.tests += len(declared_tests(turn.tests))
            stats.reference_lines += _code_lines(turn.solution)
            repo = [t.name for t in turn.targets if t.kind == "repo"]
            self_ = [t.name for t in turn.targets if t.kind == "self"]
            stats.repo_targets += len(repo)
            stats.self_targets += len(self_)
            if turn.number >= 2:
                stats.turns_late += 1
                stats.repo_targets_late += len(repo)
                stats.self_targets_late += len(self_)
            for name in repo + self_:
                if name in seen:
                    stats.repeated_targets += 1
                seen.add(name)
            if index is None:
                continue
            for kind, names in (("repo", repo), ("self", self_)):
                for name in names:
                    fn = index.functions.get(name)
                    if fn is None:
                        stats.notes.append(f"{chain.id} turn {turn.number}: target {name} is not defined")
                        continue
                    judgeable = len(fn.callees) >= settings.min_callees
                    if kind == "repo":
                        stats.repo_judged += 1
                        stats.repo_judgeable += judgeable
                    else:
                        stats.self_judged += 1
                        stats.self_judgeable += judgeable
    stats.libraries = sorted(libraries)
    return stats


def render_text(stats: SuiteStats) -> str:
    rows = stats.rows()
    width = max(len(k) for k, _ in rows)
    lines = [f"Suite {stats.suite}", ""] + [f"{k.ljust(width)}  {v}" for k, v in rows]
    lines += [f"note: {n}" for n in stats.notes]
    return "\n".join(lines) + "\n"


def render_markdown(stats: SuiteStats) -> str:
    lines = [f"### Suite `{stats.suite}`", "", "| Statistic | Value |", "| --- | --- |"]
    lines += [f"| {k} | {v.replace('|', '/')} |" for k, v in stats.rows()]
    if stats.notes:
        lines += [""] + [f"- note: {n}" for n in stats.notes]
    return "\n".join(lines) + "\n"


def render_json(stats: SuiteStats) -> str:
    return json.dumps(asdict(stats), indent=2, sort_keys=True) + "\n"
