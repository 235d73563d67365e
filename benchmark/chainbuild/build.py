"""Chains from the graph: evidence walk, synthesis, execution, the docstring filter, the
re-inventing variant, then ``bench verify`` on the chain folder written.

Turn k+1 builds on turn k's artefact (its function is the self target the
new reference calls) and adds an unused nearby symbol (a call-graph
neighbour of the symbols used so far when there is one).  A candidate is
dropped, and the reason logged, when the synthesis gives no usable answer,
the reference does not run, a prediction differs from the real return,
fewer than ``min_tests`` calls give a checkable result, a solution written
from the docstrings alone returns the same values, or no re-inventing
variant behaves like the reference.  After writing, ``bench verify`` runs on
the chain; the chain is cut before its first failing turn.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.api import MemoryTree, build_index
from reuse_audit.benchmark.chainbuild.execute import ExecutionError, run_calls, test_file
from reuse_audit.benchmark.chainbuild.graph import Graph, propose_targets
from reuse_audit.benchmark.chainbuild.synth import Task, TurnSpec, copyable, reinvent_variant
from reuse_audit.benchmark.chainbuild.walk import walk


@dataclass
class BuiltTurn:
    task: Task
    path: str
    module: str
    tests: str  # pytest file text
    reinvent: str
    evidence: tuple[str, ...] = ()  # the symbols the walk collected


@dataclass
class BuildLog:
    lines: list[str] = field(default_factory=list)
    sink: Optional[Callable[[str], None]] = None

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        if self.sink:
            self.sink(line)


def _names(text: str, qualname: str) -> bool:
    """``text`` names the function: its qualified name, its name in code form (`name`, name( ), or a
    name that cannot be an English word (it holds an underscore).  A plain word (``convert``) is prose."""
    name = qualname.rsplit(".", 1)[-1]
    bare = name.lstrip("_")
    if qualname in text or f"`{name}`" in text or f"`{bare}`" in text or re.search(rf"(?<![\w.]){re.escape(name)}\(", text):
        return True
    return "_" in bare and re.search(rf"(?<![\w.]){re.escape(bare)}(?!\w)", text) is not None


def _results_equal(a, b) -> bool:
    return [(r.repr, r.raises) for r in a] == [(r.repr, r.raises) for r in b]


def build_turn(graph: Graph, symbols: list[str], spec: TurnSpec, synthesizer, earlier: dict[str, str], log: Callable[[str], None],
               min_tests: int = 3, timeout: float = 60.0) -> Optional[BuiltTurn]:
    """One verified-by-execution turn over ``symbols`` (the evidence), or None (the reason logged)."""
    where = f"turn {spec.number} from {symbols[0]}"
    outer = log

    def log(line: str) -> None:
        outer(line if line.startswith(where) else f"{where}: {line}")

    task = synthesizer.synthesize(graph, symbols, spec, log)
    if task is None:
        log(f"{where}: dropped: no task synthesised")
        return None
    named = [t for t in task.repo_targets if _names(task.requirement, t)]
    if named:
        log(f"dropped: the requirement names the repository target {named[0]}")
        return None
    files = dict(earlier)
    files[spec.path] = task.solution
    try:
        results = run_calls(files, spec.module, [task.function], task.calls, [graph.root], task.predicted or None, timeout)
    except ExecutionError as exc:
        log(f"{where}: dropped: {exc}")
        return None
    wrong = [r.call for r in results if r.matches is False]
    if wrong:
        log(f"{where}: dropped: the prediction differs from the real return for {len(wrong)} call(s), first {wrong[0]}")
        return None
    tests = test_file(spec.module, [task.function], results)
    usable = sum(1 for r in results if r.repr is not None or r.raises)
    if tests is None or usable < min_tests:
        log(f"{where}: dropped: {usable} call(s) give a checkable result (need {min_tests})")
        return None
    if not any(r.repr is not None for r in results):
        log(f"{where}: dropped: every call raises")
        return None

    doc_solution = synthesizer.docstring_solution(graph, task, symbols, log)
    if doc_solution is not None:
        try:
            doc_results = run_calls({**earlier, spec.path: doc_solution}, spec.module, [task.function], task.calls,
                                    [graph.root], None, timeout)
        except ExecutionError:
            doc_results = None
        if doc_results is not None and _results_equal(doc_results, results):
            log(f"{where}: dropped: solvable from the docstrings alone (the study's filter)")
            return None

    reinvent = None
    for target in task.repo_targets:
        if not graph.judgeable(target) or not copyable(graph.nodes[target]):
            continue
        variant = reinvent_variant(task.solution, graph, target)
        if variant is None:
            continue
        try:
            copy_results = run_calls({**earlier, spec.path: variant}, spec.module, [task.function], task.calls,
                                     [graph.root], None, timeout)
        except ExecutionError as exc:
            log(f"{where}: re-inventing copy of {target} does not run: {exc}")
            continue
        if _results_equal(copy_results, results):
            reinvent = variant
            break
        log(f"{where}: re-inventing copy of {target} returns other values")
    if reinvent is None:
        log(f"{where}: dropped: no judgeable, copyable target gives a re-inventing variant that passes the tests")
        return None
    count = callee_count(files, f"{spec.module}.{task.function}")
    if count < graph.min_callees:
        log(f"note: {spec.module}.{task.function} has {count} non-builtin callee(s): as the next turn's self target "
            f"it can be reused or bypassed, but a re-implementation of it cannot be judged (< {graph.min_callees})")
    return BuiltTurn(task, spec.path, spec.module, tests, reinvent, tuple(symbols))


def callee_count(files: dict[str, str], qualname: str) -> int:
    """Non-builtin callees of ``qualname`` by the engine's own index of ``files``."""
    index = build_index(MemoryTree({p: t.encode("utf-8") for p, t in files.items()}))
    fn = index.functions.get(qualname)
    return len(fn.callees) if fn is not None else 0


def _next_seed(graph: Graph, used: set[str], synthesizer, ranked: list[str]) -> list[str]:
    """Unused seeds, nearest first: call-graph neighbours of the used symbols, then same module, then the ranking."""
    near: dict[str, None] = {}
    for name in sorted(used):
        for other in graph.neighbours(name):
            near.setdefault(other)
    modules = {graph.nodes[n].module for n in used}
    same = [q for q in ranked if graph.nodes[q].module in modules]
    out: dict[str, None] = {}
    for q in list(near) + same + ranked:
        node = graph.nodes[q]
        if q not in used and synthesizer.accepts(node) and graph.judgeable(q):
            out.setdefault(q)
    return list(out)


def package_name(chain_id: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_]", "_", chain_id).lower().strip("_") or "tasks"
    return name if not name[0].isdigit() else f"t_{name}"


def build_chain(graph: Graph, source: dict, chain_id: str, out_dir: Path, chooser, synthesizer, turns: int = 5,
                hops: int = 1, seed: Optional[str] = None, log: Optional[BuildLog] = None, min_turns: int = 2,
                attempts: int = 6, description: str = "") -> list[BuiltTurn]:
    """Build up to ``turns`` turns and write the chain folder ``out_dir`` (when at least ``min_turns`` turns stand)."""
    log = log or BuildLog()
    package = package_name(chain_id)
    ranked = [p.qualname for p in propose_targets(graph, judgeable_only=True)]
    used: set[str] = set()
    built: list[BuiltTurn] = []
    earlier: dict[str, str] = {f"{package}/__init__.py": ""}
    for number in range(1, turns + 1):
        seeds = [seed] if (number == 1 and seed) else _next_seed(graph, used, synthesizer, ranked)
        turn = None
        for candidate in seeds[:attempts]:
            evidence = walk(graph, candidate, chooser, hops,
                            allowed=lambda n: synthesizer.accepts(n), exclude=frozenset(used))
            for line in evidence.log:
                log(f"turn {number}: {line}")
            path = f"{package}/step{number}.py"
            spec = TurnSpec(number, path, f"{package}.step{number}", built[-1].task if built else None,
                            built[-1].module if built else None)
            turn = build_turn(graph, evidence.symbols, spec, synthesizer, earlier, log)
            if turn is not None:
                used.update(evidence.symbols)
                break
            used.add(candidate)  # a seed that failed is not tried again
        if turn is None:
            log(f"turn {number}: no candidate gave a turn; the chain stops at {len(built)} turn(s)")
            break
        built.append(turn)
        earlier[turn.path] = turn.task.solution
        log(f"turn {number}: built {turn.module}.{turn.task.function} (targets {', '.join(turn.task.repo_targets + turn.task.self_targets)})")
    if len(built) < min_turns:
        log(f"chain {chain_id}: dropped: {len(built)} turn(s) built (need {min_turns})")
        return []
    write_chain(out_dir, chain_id, source, built, description or f"Built by reuse-audit bench build from {graph.import_name}.",
                {"chooser": type(chooser).__name__, "synthesizer": type(synthesizer).__name__,
                 "model": getattr(getattr(getattr(synthesizer, "client", None), "config", None), "model", None)})
    return built


def write_chain(out_dir: Path, chain_id: str, source: dict, built: list[BuiltTurn], description: str,
                provenance: Optional[dict] = None) -> Path:
    import yaml

    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    turns = []
    for k, turn in enumerate(built, start=1):
        folder = out_dir / f"turn{k}"
        folder.mkdir()
        (folder / "solution.py").write_text(turn.task.solution, encoding="utf-8")
        (folder / f"test_turn{k}.py").write_text(turn.tests, encoding="utf-8")
        (folder / "reinvent.py").write_text(turn.reinvent, encoding="utf-8")
        targets = {"repo": list(turn.task.repo_targets)}
        if turn.task.self_targets:
            targets["self"] = list(turn.task.self_targets)
        item = {
            "requirement": turn.task.requirement if turn.task.requirement.endswith("\n") else turn.task.requirement + "\n",
            "path": turn.path,
            "module": turn.module,
            "signatures": [turn.task.signature],
            "tests": f"turn{k}/test_turn{k}.py",
            "solution": f"turn{k}/solution.py",
            "reinvent": f"turn{k}/reinvent.py",
            "targets": targets,
        }
        if turn.task.reads:
            item["x-reads"] = list(turn.task.reads)
        if turn.evidence:
            item["x-evidence"] = list(turn.evidence)
        turns.append(item)
    # a built chain has no docs-only solutions and no reviewer: it is held to the study's bar
    # (level study) only once a person has written those (benchmark/README.md, "Writing a chain")
    data = {"id": chain_id, "level": "smoke", "description": description}
    made_by = (provenance or {}).get("model") or (provenance or {}).get("chooser")
    data["provenance"] = {"method": "built", **({"author": made_by} if made_by else {})}
    data["source"] = source
    if provenance:
        data["x-build"] = {k: v for k, v in provenance.items() if v is not None}
    data["turns"] = turns
    (out_dir / "chain.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
    return out_dir


def verify_and_cut(out_dir: Path, work: Path, log: BuildLog, min_turns: int = 2) -> bool:
    """``bench verify`` the chain; cut it before its first failing turn.  True when it stands."""
    import yaml

    from reuse_audit.benchmark.chain import load_chain
    from reuse_audit.benchmark.verify import verify_chain

    chain = load_chain(out_dir)
    checks = verify_chain(chain, work)
    failed = next((c for c in checks if not c.ok), None)
    if failed is None:
        log(f"chain {chain.id}: bench verify passes all {len(checks)} turn(s)")
        return True
    log(f"chain {chain.id}: turn {failed.turn} fails bench verify: {'; '.join(failed.failures)}")
    keep = failed.turn - 1
    if keep < min_turns:
        log(f"chain {chain.id}: dropped ({keep} verified turn(s), need {min_turns})")
        shutil.rmtree(out_dir)
        return False
    data = yaml.safe_load((out_dir / "chain.yaml").read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:keep]
    for extra in range(keep + 1, len(checks) + 1):
        shutil.rmtree(out_dir / f"turn{extra}", ignore_errors=True)
    (out_dir / "chain.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
    log(f"chain {chain.id}: cut to {keep} turn(s)")
    return True


def write_log(path: Path, log: BuildLog) -> None:
    path.write_text("\n".join(log.lines) + "\n", encoding="utf-8")


def dumps(obj) -> str:
    return json.dumps(obj, indent=2, sort_keys=True)
