"""The work behind ``reuse-audit bench build`` and ``reuse-audit bench stats`` (the click commands are in ``benchmark/cli.py``)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.chain import default_import_name
from reuse_audit.benchmark.model import Source

_PINNED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9][A-Za-z0-9.+!_-]*)$")


def resolve_source(spec: str, import_name: Optional[str]) -> tuple[dict, Path, str]:
    """``NAME==VERSION`` (a release: installed, cached or downloaded) or a folder: (chain source, import root, import name)."""
    from reuse_audit.benchmark.fetch import fetch_source, find_import_root

    folder = Path(spec).expanduser()
    if folder.is_dir():
        folder = folder.resolve()
        name = import_name or default_import_name(folder.name)
        try:
            root = find_import_root(folder, name)
        except UsageError as exc:
            message = str(exc).replace("; set source.import_name in the chain", "")
            raise UsageError(f"{message}; name the package with --import-name") from None
        label = re.sub(r"[^A-Za-z0-9._-]", "-", folder.name).strip("-._") or "repository"
        return {"kind": "path", "package": label, "path": str(folder), "import_name": name}, root, name
    match = _PINNED.match(spec)
    if not match:
        raise UsageError(f"{spec}: expected a folder, or a pinned release NAME==VERSION (e.g. click==8.5.1)")
    package, version = match.groups()
    name = import_name or default_import_name(package)
    fetched = fetch_source(Source("pypi", package, version, import_name=name))
    source = {"kind": "pypi", "package": package, "version": version, "import_name": name}
    if fetched.sha256:
        source["sha256"] = fetched.sha256
    return source, fetched.import_root, name


def run_build(spec: str, out: Path, *, import_name: Optional[str], chains: int, turns: int, chooser_kind: str,
              base_url: Optional[str], model: Optional[str], llm_cache: Optional[Path], offline: bool, seeds: tuple[str, ...],
              retries: int, timeout: float, prefix: Optional[str], echo: Callable[[str], None], hops: int = 1) -> list[Path]:
    from reuse_audit.benchmark.chainbuild.build import BuildLog, build_chain, verify_and_cut
    from reuse_audit.benchmark.chainbuild.graph import load_graph
    from reuse_audit.benchmark.chainbuild.synth import HeuristicSynthesizer, LLMSynthesizer
    from reuse_audit.benchmark.chainbuild.walk import HeuristicChooser, LLMChooser

    if importlib.util.find_spec("pytest") is None:
        raise UsageError("bench build verifies every chain it writes with pytest, which is not installed here: pip install pytest")
    source, root, name = resolve_source(spec, import_name)
    graph = load_graph(root, name)
    for seed in seeds:
        if seed not in graph.nodes:
            raise UsageError(f"--seed {seed}: no such function in {name} (see bench build --propose)")
    if chooser_kind == "heuristic":
        chooser, synthesizer = HeuristicChooser(), HeuristicSynthesizer()
    else:
        from reuse_audit.benchmark.chainbuild.llm import ChatClient, LLMConfig

        client = ChatClient(LLMConfig.from_env(base_url, model, timeout, offline), llm_cache or out / ".llm-cache", offline)
        chooser, synthesizer = LLMChooser(client, retries), LLMSynthesizer(client, retries)
    out.mkdir(parents=True, exist_ok=True)
    log_file = (out / "build.log").open("a", encoding="utf-8")

    def sink(line: str) -> None:
        log_file.write(line + "\n")
        log_file.flush()
        echo(line)

    log = BuildLog(sink=sink)
    prefix = prefix or source["package"].lower()
    from reuse_audit.benchmark.chainbuild.graph import propose_targets

    ranked = [p.qualname for p in propose_targets(graph, judgeable_only=True) if synthesizer.accepts(graph.nodes[p.qualname])]
    queue = list(seeds) + [q for q in ranked if q not in seeds]
    if not queue:
        log(f"no judgeable function of {name} that the {chooser_kind} synthesizer can take"
            + (" (the heuristic needs module-level functions whose parameters are plain typed values)" if chooser_kind == "heuristic" else ""))
    built_dirs: list[Path] = []
    work = Path(tempfile.mkdtemp(prefix="reuse-audit-build-verify-"))
    try:
        while len(built_dirs) < chains and queue:
            seed = queue.pop(0)
            number = len(built_dirs) + 1
            chain_id = f"{prefix}-{number}"
            while (out / chain_id).exists():
                number += 1
                chain_id = f"{prefix}-{number}"
            folder = out / chain_id
            log(f"chain {chain_id}: seed {seed}")
            built = build_chain(graph, source, chain_id, folder, chooser, synthesizer, turns=turns, hops=hops, seed=seed, log=log)
            if not built:
                continue
            if verify_and_cut(folder, work, log):
                built_dirs.append(folder)
                used = {t for turn in built for t in turn.task.repo_targets}
                queue = [q for q in queue if q not in used]
    finally:
        shutil.rmtree(work, ignore_errors=True)
        log_file.close()
    return built_dirs


def render_proposals(spec: str, import_name: Optional[str], limit: int) -> str:
    from reuse_audit.benchmark.chainbuild.graph import load_graph, propose_targets

    _, root, name = resolve_source(spec, import_name)
    graph = load_graph(root, name)
    edges = sum(len(graph.internal_callees(q)) for q in graph.nodes)
    proposals = propose_targets(graph, limit)
    lines = [f"{name}: {len(graph.nodes)} functions in {len(graph.modules())} modules, {edges} call edges inside the package",
             f"{sum(1 for q in graph.nodes if graph.judgeable(q))} judgeable (>= {graph.min_callees} non-builtin callees)", ""]
    for p in proposals:
        lines.append(f"{p.score:5.2f}  {p.qualname}  ({p.callees} callees, {p.public_callers} public callers)")
        lines.extend(f"       - {r}" for r in p.reasons)
    return "\n".join(lines) + "\n"
