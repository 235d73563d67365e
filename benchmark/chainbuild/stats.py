"""``reuse-audit bench stats SUITE``: the study's Table 1 for any suite.

Figures (targets "per turn" count turns 2 and later, where both kinds exist):
chains, libraries, turns, tests per turn, repository and self targets per
turn, the share of each kind that is judgeable (>= ``min_callees``
non-builtin callees, by the engine's own index of the repository plus the
chain's reference solutions), and reference-solution lines per turn (lines
that are neither blank nor comments).

Judging callee counts needs the chain's source: it is fetched as ``bench
run`` fetches it (the installed release or the cache first).  A chain whose
source cannot be had is counted everywhere except the judgeable shares and
the public targets, and named in a note.

Beside the suite's figures stand the study's (Table 1, :data:`STUDY`), and
under them the thresholds issue 26 sets for a suite comparable with the
study's (:data:`THRESHOLDS`), each ``ok`` or ``FAIL``: ``bench stats --check``
exits 1 when one fails.  *Public* targets are those of
:func:`..chainbuild.graph.is_public` (exported or ``__all__`` API); a
repeated target is a repository target declared again in a later turn of the
same chain (self targets may repeat: a chain builds on its earlier functions).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from reuse_audit.errors import UsageError
from reuse_audit.api import FsTree, MemoryTree, Settings, build_index, resolve_targets

from reuse_audit.benchmark.model import Chain
from reuse_audit.benchmark.scoring import declared_tests

#: the study's Table 1 (RepoReuse, §3.2): 75 five-turn chains over five libraries; reference
#: lines: the one the case study shows (§C, a 68-line turn-5 solution), not a mean
STUDY = {
    "chains": 75, "libraries": 5, "turns": 375, "tests": 10.8, "repo_late": 1.9, "self_late": 2.4, "reference_lines": 68,
}
#: issue 26: what a suite comparable with the study's must show
MIN_JUDGEABLE = 0.70
MIN_REPO_LATE = 1.5
MIN_SELF_LATE = 2.0
MAX_PUBLIC_PER_CHAIN = 1
REFERENCE_LINES = (30, 80)
MIN_CHAINS, MIN_LIBRARIES = 40, 5


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
    repeated_targets: int = 0  # a repository target declared again in a later turn of the same chain
    repeated_self: int = 0  # a self target declared again (allowed)
    public_targets: int = 0  # repository targets that are public API (graph.is_public)
    public_judged: int = 0  # repository targets whose publicness could be told
    chains_over_public: list[str] = field(default_factory=list)  # chains with more than one public target
    levels: dict[str, int] = field(default_factory=dict)
    provenance: dict[str, int] = field(default_factory=dict)  # authored / built / none
    reviewed: int = 0  # chains with a reviewer
    notes: list[str] = field(default_factory=list)

    def per_turn(self, value: int, turns: Optional[int] = None) -> float:
        turns = self.turns if turns is None else turns
        return value / turns if turns else 0.0

    def rows(self) -> list[tuple[str, str, str]]:
        """(statistic, this suite, the study's Table 1)."""
        def share(part: int, whole: int) -> str:
            return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "-"

        prov = ", ".join(f"{k} {v}" for k, v in sorted(self.provenance.items())) or "-"
        return [
            ("Chains", str(self.chains), str(STUDY["chains"])),
            ("Libraries", f"{len(self.libraries)} ({', '.join(self.libraries)})", str(STUDY["libraries"])),
            ("Turns", f"{self.turns} ({self.per_turn(self.turns, self.chains):.1f} per chain)", f"{STUDY['turns']} (5 per chain)"),
            ("Tests per turn", f"{self.per_turn(self.tests):.1f}", str(STUDY["tests"])),
            ("Repository targets per turn (turn >= 2)", f"{self.per_turn(self.repo_targets_late, self.turns_late):.2f}", str(STUDY["repo_late"])),
            ("Self targets per turn (turn >= 2)", f"{self.per_turn(self.self_targets_late, self.turns_late):.2f}", str(STUDY["self_late"])),
            ("Judgeable repository targets (>= 3 callees)", share(self.repo_judgeable, self.repo_judged), "-"),
            ("Judgeable self targets (>= 3 callees)", share(self.self_judgeable, self.self_judged), "-"),
            ("Judgeable targets, all", share(self.repo_judgeable + self.self_judgeable, self.repo_judged + self.self_judged), "-"),
            ("Public repository targets", share(self.public_targets, self.public_judged), "internal layers"),
            ("Repository targets repeated within a chain", str(self.repeated_targets), "-"),
            ("Self targets repeated within a chain", str(self.repeated_self), "-"),
            ("Reference lines per turn", f"{self.per_turn(self.reference_lines):.1f}", f"{STUDY['reference_lines']} (case study)"),
            ("Levels", ", ".join(f"{k} {v}" for k, v in sorted(self.levels.items())) or "-", "-"),
            ("Provenance", prov + f"; reviewed {self.reviewed}", "built"),
        ]

    def checks(self) -> list[tuple[str, str, bool]]:
        """(threshold, this suite's value, met): issue 26's bar for a suite comparable with the study's."""
        def ratio(part: int, whole: int) -> float:
            return part / whole if whole else 0.0

        repo_j, self_j = ratio(self.repo_judgeable, self.repo_judged), ratio(self.self_judgeable, self.self_judged)
        repo_late = self.per_turn(self.repo_targets_late, self.turns_late)
        self_late = self.per_turn(self.self_targets_late, self.turns_late)
        lines = self.per_turn(self.reference_lines)
        low, high = REFERENCE_LINES
        over = ", ".join(self.chains_over_public[:3]) + (" ..." if len(self.chains_over_public) > 3 else "")
        return [
            (f">= {MIN_CHAINS} chains", str(self.chains), self.chains >= MIN_CHAINS),
            (f">= {MIN_LIBRARIES} libraries", str(len(self.libraries)), len(self.libraries) >= MIN_LIBRARIES),
            (f">= {MIN_JUDGEABLE:.0%} of repository targets judgeable", f"{repo_j:.1%}", repo_j >= MIN_JUDGEABLE),
            (f">= {MIN_JUDGEABLE:.0%} of self targets judgeable", f"{self_j:.1%}", self_j >= MIN_JUDGEABLE),
            (f">= {MIN_REPO_LATE} repository targets per turn (turn >= 2)", f"{repo_late:.2f}", repo_late >= MIN_REPO_LATE),
            (f">= {MIN_SELF_LATE:g} self targets per turn (turn >= 2)", f"{self_late:.2f}", self_late >= MIN_SELF_LATE),
            ("no repository target repeats within a chain", str(self.repeated_targets), self.repeated_targets == 0),
            (f"<= {MAX_PUBLIC_PER_CHAIN} public target per chain", f"{len(self.chains_over_public)} chain(s) over" + (f": {over}" if over else ""),
             not self.chains_over_public and self.public_judged > 0),
            (f"reference lines per turn {low}-{high}", f"{lines:.1f}", low <= lines <= high),
        ]

    @property
    def comparable(self) -> bool:
        return all(ok for _, _, ok in self.checks())


def _code_lines(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.lstrip().startswith("#"))


def _chain_index(chain: Chain, settings: Settings):
    from reuse_audit.benchmark.fetch import fetch_chain

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


def _public_targets(chain: Chain) -> list[str]:
    """The chain's repository targets that are public API (graph.is_public, on the declared name
    or the defining one)."""
    from reuse_audit.benchmark.fetch import fetch_chain
    from reuse_audit.benchmark.chainbuild.graph import is_public

    fetched = fetch_chain(chain)
    names = list(dict.fromkeys(t.name for turn in chain.turns for t in turn.targets if t.kind == "repo"))
    resolved = resolve_targets(FsTree(fetched.import_root), names)
    out = []
    for name in names:
        target = resolved.get(name)
        method = target is not None and target.kind == "method"
        forms = {name} | ({target.canonical} if target is not None and target.canonical else set())
        if any(is_public(form, method, fetched.import_root, fetched.import_name) for form in forms):
            out.append(name)
    return out


def suite_stats(chains: list[Chain], suite: str, settings: Settings = Settings(), judge: bool = True) -> SuiteStats:
    stats = SuiteStats(suite)
    libraries: set[str] = set()
    for chain in chains:
        stats.chains += 1
        libraries.add(chain.source.package)
        stats.levels[chain.level] = stats.levels.get(chain.level, 0) + 1
        method = chain.provenance.method if chain.provenance else "none"
        stats.provenance[method] = stats.provenance.get(method, 0) + 1
        stats.reviewed += bool(chain.provenance and chain.provenance.reviewed_by)
        index = None
        if judge:
            try:
                index = _chain_index(chain, settings)
                public = _public_targets(chain)
                stats.public_targets += len(public)
                stats.public_judged += len({t.name for turn in chain.turns for t in turn.targets if t.kind == "repo"})
                if len(public) > MAX_PUBLIC_PER_CHAIN:
                    stats.chains_over_public.append(chain.id)
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
            for name in repo:
                if name in seen:
                    stats.repeated_targets += 1
                seen.add(name)
            for name in self_:
                if name in seen:
                    stats.repeated_self += 1
                seen.add(name)
            if index is None:
                continue
            for kind, names in (("repo", repo), ("self", self_)):
                for name in names:
                    # a class is judged on its __init__, as declared targets are (reuse_audit/targets.py)
                    fn = index.functions.get(name) or index.functions.get(name + ".__init__")
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


def _verdict(ok: bool) -> str:
    return "ok" if ok else "FAIL"


def render_text(stats: SuiteStats) -> str:
    rows = [("", stats.suite, "study (Table 1)")] + stats.rows()
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = [f"Suite {stats.suite}", ""] + [f"{a.ljust(widths[0])}  {b.ljust(widths[1])}  {c}".rstrip() for a, b, c in rows]
    checks = stats.checks()
    width = max(len(t) for t, _, _ in checks)
    lines += ["", "Comparable with the study (issue 26):"]
    lines += [f"  {t.ljust(width)}  {_verdict(ok).ljust(4)}  {v}" for t, v, ok in checks]
    lines += [f"note: {n}" for n in stats.notes]
    return "\n".join(lines) + "\n"


def render_markdown(stats: SuiteStats) -> str:
    lines = [f"### Suite `{stats.suite}`", "", f"| Statistic | {stats.suite} | Study (Table 1) |", "| --- | --- | --- |"]
    lines += [f"| {k} | {v.replace('|', '/')} | {s} |" for k, v, s in stats.rows()]
    lines += ["", "| Threshold (issue 26) | Value | |", "| --- | --- | --- |"]
    lines += [f"| {t} | {v} | {_verdict(ok)} |" for t, v, ok in stats.checks()]
    if stats.notes:
        lines += [""] + [f"- note: {n}" for n in stats.notes]
    return "\n".join(lines) + "\n"


def render_json(stats: SuiteStats) -> str:
    data = asdict(stats)
    data["study"] = STUDY
    data["checks"] = [{"threshold": t, "value": v, "ok": ok} for t, v, ok in stats.checks()]
    data["comparable"] = stats.comparable
    return json.dumps(data, indent=2, sort_keys=True) + "\n"
