"""The import graph of reuse_audit (its own modules, the rules and the benchmark): no cycle,
and no arrow from the engine up to the benchmark built on it.

Every ``import`` statement of every module is read with ``ast`` (the module level,
and inside functions too, where an import would dodge a cycle: it runs later, but
the two modules still need each other).  The graph of the module-level imports
must have no cycle at all; the imports inside functions may close a cycle only
where ``ALLOWED`` says so, with the reason.

An import inside a function is listed, with why it is not at the top of its module, in
``tests/function_imports.toml`` (see :data:`REASONS`).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
# folder -> the package it is installed as (pyproject.toml's package-dir)
PACKAGES = {ROOT / "reuse_audit": "reuse_audit", ROOT / "rules": "reuse_audit.rules", ROOT / "benchmark": "reuse_audit.benchmark"}

#: The imports inside a function, and why each is not at the top of its module:
#: ``{importer: {imported: reason}}`` (the imported module as the statement names it, made
#: absolute; ``from P import M`` names P.M when M is a module).
FUNCTION_IMPORTS_FILE = ROOT / "tests" / "function_imports.toml"
#: The reasons an import may be inside a function, as each reason begins.
REASONS = (
    "start-up",  # it costs what most uses of its importer need not pay (measured: python -X importtime)
    "optional dependency",  # an extra that may not be installed
    "cycle",  # at the top, it would close the cycle of module-level imports it names
    "runs in",  # it runs in another process (a subprocess, a worker) than the importer's callers
)


def _function_imports_listed() -> dict[tuple[str, str], str]:
    table = tomllib.loads(FUNCTION_IMPORTS_FILE.read_text(encoding="utf-8"))
    return {(importer, imported): reason for importer, listed in table.items() for imported, reason in listed.items()}


# (importer, imported) imports made inside a function that close a cycle, and why.
ALLOWED: dict[tuple[str, str], str] = {
    pair: reason for pair, reason in _function_imports_listed().items() if reason.startswith("cycle")
}


def _modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if any(part.startswith(".") or part == "__pycache__" for part in parts):
                continue
            if any(not (folder / up / "__init__.py").is_file() for up in path.relative_to(folder).parents):
                continue  # not in a package: data (the chains of benchmark/suites/)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if parts and parts[0] in ("rules", "benchmark") and package == "reuse_audit":
                continue  # (not there: they live at the top of the repository)
            found[".".join((package, *parts))] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> tuple[set[str], set[str]]:
    """(module-level, inside functions) imports of ``name``, as module names of the graph."""
    top, inner, _ = _walk(name, path, modules)
    return top, inner


def _walk(name: str, path: Path, modules: dict[str, Path]) -> tuple[set[str], set[str], dict[str, list[int]]]:
    """:func:`_imports`, and every module imported inside a function (of the graph or not), with
    the lines that import it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    here = name if is_package else name.rpartition(".")[0]
    top: set[str] = set()
    inner: set[str] = set()
    in_functions: dict[str, list[int]] = {}

    def target(module: str, names: list[str]) -> set[str]:
        out = set()
        for alias in names:
            full = f"{module}.{alias}" if module else alias
            out.add(full if full in modules else module)
        return out

    def visit(node: ast.AST, depth: int, guarded: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = depth + isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            typing_only = guarded or (
                isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)
            )
            found: set[str] = set()
            if isinstance(child, ast.Import):
                found = {a.name for a in child.names}
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = here
                    for _ in range(child.level - 1):
                        base = base.rpartition(".")[0]
                    module = f"{base}.{child.module}" if child.module else base
                else:
                    module = child.module or ""
                found = target(module, [a.name for a in child.names])
            if depth and not typing_only:
                for module in found:
                    in_functions.setdefault(module, []).append(child.lineno)
            for module in found:
                # importing a.b.c runs a.b first (unless a.b is a package this module is in: begun already)
                parents = {module.rsplit(".", k)[0] for k in range(1, module.count("."))}
                parents = {p for p in parents if not name.startswith(p + ".")}
                for candidate in {module, *parents}:
                    if candidate in modules and candidate != name and candidate != "reuse_audit":
                        if not typing_only:
                            (inner if depth else top).add(candidate)
            visit(child, inside, typing_only)

    visit(tree, 0, False)
    return top, inner, in_functions


def _graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    modules = _modules()
    top, inner = {}, {}
    for name, path in modules.items():
        top[name], inner[name] = _imports(name, path, modules)
    return top, inner


def _function_imports() -> dict[tuple[str, str], list[str]]:
    """(importer, imported) -> "path:line" of each import inside a function."""
    modules = _modules()
    found: dict[tuple[str, str], list[str]] = {}
    for name, path in modules.items():
        for imported, lines in _walk(name, path, modules)[2].items():
            folder = next(folder for folder in PACKAGES if path.is_relative_to(folder))
            found[(name, imported)] = [f"{path.relative_to(folder.parent).as_posix()}:{line}" for line in lines]
    return found


def test_every_import_inside_a_function_is_listed_with_its_reason():
    """No import inside a function but those tests/function_imports.toml lists, each with why
    it is not at the top of its module; and none listed that is gone."""
    found = _function_imports()
    listed = _function_imports_listed()
    unlisted = [f"{a} -> {b} ({', '.join(where)})" for (a, b), where in sorted(found.items()) if (a, b) not in listed]
    assert unlisted == [], "move the import to the top of the module, or list it in tests/function_imports.toml with why it cannot be there"
    gone = [f"{a} -> {b}" for a, b in sorted(listed) if (a, b) not in found]
    assert gone == [], "no longer imported inside a function: remove it from tests/function_imports.toml"
    unexplained = [f"{a} -> {b}: {reason!r}" for (a, b), reason in sorted(listed.items()) if not reason.startswith(REASONS)]
    assert unexplained == [], f"a reason begins with one of {REASONS}"


def test_the_walk_sees_the_imports_inside_functions(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("import os\n\ndef f():\n    import json\n    from . import b\n    from .b import g\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\n\ndef g():\n    if TYPE_CHECKING:\n        import ast\n"
        "    class C:\n        def h(self):\n            from os import path\n"
    )
    monkeypatch.setattr(__import__(__name__), "PACKAGES", {package: "pkg"})
    assert _function_imports() == {
        ("pkg.a", "json"): ["pkg/a.py:4"],
        ("pkg.a", "pkg.b"): ["pkg/a.py:5", "pkg/a.py:6"],
        ("pkg.b", "os"): ["pkg/b.py:8"],
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                strong(v)
    finally:
        sys.setrecursionlimit(limit)
    return out


def test_the_module_level_imports_have_no_cycle():
    top, _ = _graph()
    assert "reuse_audit.rules.ra003_near_clone" in top["reuse_audit.rules"]  # (the walk sees imports)
    assert _cycles(top) == []


#: The pipeline's stages, upstream first (README, "How it works"): the modules at the top of
#: the package that every stage may use, then one folder a stage.  ``api`` is the facade the
#: benchmark uses; ``app`` never needs it.
STAGES = (
    "errors", "escape", "paths", "settings",
    "source", "facts", "index", "change", "lint", "rules", "fix", "report", "app", "api", "benchmark",
)
#: (importer, imported) that go against the stages, and why.
UPSTREAM_EXCEPTIONS: dict[tuple[str, str], str] = {}


def _stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_each_stage_imports_only_the_stages_before_it():
    """At module level or inside a function: data flows one way."""
    top, inner = _graph()
    wrong = []
    for name in sorted(top):
        for other in sorted(top[name] | inner[name]):
            a, b = _stage(name), _stage(other)
            assert a in STAGES and b in STAGES, (name, other)
            if STAGES.index(b) > STAGES.index(a) and (name, other) not in UPSTREAM_EXCEPTIONS:
                wrong.append(f"{name} -> {other}")
    assert wrong == []


#: Modules outside rules/ that import the registry (``reuse_audit.rules``), and why: the
#: composition roots, which choose the rules a run gets.
REGISTRY_IMPORTERS = {
    "reuse_audit.api": "the facade: api.run checks with reuse-audit's own rules",
    "reuse_audit.app.cli": "the command line chooses the rules (--select, --ignore, the config)",
    "reuse_audit.app.cli_options": "--select and --ignore are checked against the rules",
    "reuse_audit.app.history": "history checks every commit with reuse-audit's rules",
    "reuse_audit.app.history_cli": "history's settings are checked against the rules",
    "reuse_audit.app.answers": "the answers cache is keyed by the rules' source",
    "reuse_audit.app.check": "the check orchestration runs the rules the settings select, as check and mcp do",
    "reuse_audit.app.agent_tools": "reuse-audit mcp's tools choose the rules as the command line does (the repository's settings)",
}


def test_no_module_outside_the_rules_imports_a_rule():
    """The engine knows no rule: it runs the rules it is given. Outside rules/, only the
    composition roots import the registry, and nothing imports a rule's own module."""
    top, inner = _graph()
    wrong = []
    for name in sorted(top):
        if name.startswith("reuse_audit.rules"):
            continue
        for other in sorted(top[name] | inner[name]):
            if other.startswith("reuse_audit.rules.") or (other == "reuse_audit.rules" and name not in REGISTRY_IMPORTERS):
                wrong.append(f"{name} -> {other}")
    assert wrong == []


def test_an_import_inside_a_function_closes_no_cycle_but_the_allowed_ones():
    top, inner = _graph()
    both = {name: top[name] | {m for m in inner[name] if (name, m) not in ALLOWED} for name in top}
    assert _cycles(both) == []
    # and each allowed exception still closes a cycle (else it goes from the list)
    for name, other in ALLOWED:
        assert other in inner[name] | top[name], (name, other)
        with_it = {n: set(e) for n, e in both.items()}
        with_it[name].add(other)
        assert any(name in c and other in c for c in _cycles(with_it)), (name, other)


def test_the_walk_sees_a_cycle(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import g\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGES", {package: "pkg"})
    top, inner = _graph()
    assert top["pkg.a"] == {"pkg.b"} and inner["pkg.b"] == {"pkg.a"}
    assert _cycles({n: top[n] | inner[n] for n in top}) == [["pkg.a", "pkg.b"]]


BENCHMARK = "reuse_audit.benchmark"


def _imports_of_the_benchmark(top: dict[str, set[str]], inner: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each module outside the benchmark that imports a module of it (at module level or inside a function)."""

    def benchmark(module: str) -> bool:
        return module == BENCHMARK or module.startswith(BENCHMARK + ".")

    found = {name: sorted(m for m in top[name] | inner[name] if benchmark(m)) for name in sorted(top) if not benchmark(name)}
    return {name: modules for name, modules in found.items() if modules}


def test_no_engine_module_imports_the_benchmark():
    """The benchmark is built on the engine (through reuse_audit.api), never the reverse: no module of
    reuse_audit or of the rules imports reuse_audit.benchmark, neither at module level nor inside a function
    (``check --trajectory`` reads trajectories with reuse_audit/app/reads/, which the benchmark uses)."""
    top, inner = _graph()
    assert "reuse_audit.benchmark.agents.base" in top and "reuse_audit.api" in top["reuse_audit.benchmark.scoring"]
    assert _imports_of_the_benchmark(top, inner) == {}


def test_the_walk_sees_an_import_of_the_benchmark(tmp_path, monkeypatch):
    engine, bench = tmp_path / "reuse_audit", tmp_path / "benchmark"
    for folder in (engine, bench):
        folder.mkdir()
        (folder / "__init__.py").write_text("")
    (engine / "api.py").write_text("from reuse_audit.shell import f\n")
    (engine / "shell.py").write_text("def f():\n    from reuse_audit.benchmark.scoring import SHARE\n")
    (engine / "cli.py").write_text("from reuse_audit.benchmark import run\n")
    (bench / "scoring.py").write_text("from reuse_audit.api import f\nSHARE = 0.5\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGES", {engine: "reuse_audit", bench: BENCHMARK})
    assert _imports_of_the_benchmark(*_graph()) == {
        "reuse_audit.cli": ["reuse_audit.benchmark"],
        "reuse_audit.shell": ["reuse_audit.benchmark", "reuse_audit.benchmark.scoring"],
    }


def test_no_rule_code_is_named_outside_the_rules():
    """The engine, the reporters, the fixes and the CLI ask what a rule declares
    (``Rule.needs_clones``, ``fixable``, ``others_by``, ``needs_targets``), never its code."""
    named = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "reuse_audit").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if '"RA00' in line
    ]
    assert named == []


def test_the_rules_declare_what_they_need():
    from reuse_audit.api import all_rules
    from reuse_audit.fix.plan import fixable_codes

    rules = all_rules()
    assert sorted(code for code, rule in rules.items() if rule.needs_clones) == ["RA003"]
    assert sorted(code for code, rule in rules.items() if rule.needs_targets) == ["RA002"]
    assert fixable_codes(rules.values()) == {"RA001", "RA003"}
    assert {code: rule.others_by for code, rule in rules.items()} == {
        "RA001": "callees", "RA002": "callees", "RA003": "similarity", "RA004": "similarity",
    }


# The engine modules benchmark/ imports directly, not through reuse_audit.api: none (issue 16).
ENGINE_REMAINING: dict[str, set[str]] = {}
# not the engine: shared by every command (errors), or the CLI's plumbing
NOT_ENGINE = {"reuse_audit.api", "reuse_audit.errors", "reuse_audit.benchmark", "reuse_audit.facts.cachedir",
              "reuse_audit.escape", "reuse_audit.index.background", "reuse_audit.app.cli", "reuse_audit.source.git",
              "reuse_audit.app.history", "reuse_audit.app.history_cli", "reuse_audit.report.fingerprint",
              "reuse_audit.report", "reuse_audit.model"}


def test_the_benchmark_uses_the_engine_through_the_api_only():
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "benchmark").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("reuse_audit"):
                module = node.module or ""
                if module.startswith("reuse_audit.benchmark") or any(
                    module == n or module.startswith(n + ".") for n in NOT_ENGINE if n != "reuse_audit.report"
                ) or module == "reuse_audit.report":
                    continue
                found.setdefault(str(path.relative_to(ROOT)), set()).add(module)
    assert found == ENGINE_REMAINING


def test_the_index_package_names_each_export_once_for_its_lazy_imports():
    """reuse_audit/index/__init__.py imports a name when it is first asked (PEP 562): its list of
    where each name comes from (``_FROM``) and ``__all__`` name the same names, and each is there."""
    import importlib

    index = importlib.import_module("reuse_audit.index")
    assert sorted(index._FROM) == sorted(index.__all__)
    for name in index.__all__:
        assert getattr(index, name) is getattr(importlib.import_module(index._FROM[name]), name)
