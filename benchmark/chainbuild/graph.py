"""The dependency graph of a repository, from the engine's own index, and target proposals.

Nothing here parses Python: the functions, their canonical callees and the
call edges are those of :func:`reuse_audit.index.build_index`, the very index
the rules judge with, so a target proposed here is judged with the same
callee count by RA001 / ``bench verify``.

A target is *judgeable* when it has at least ``Settings.min_callees`` (3)
non-builtin callees: only then can a re-implementation of it be told (Cdup).
Proposals are ranked the way the study picks targets: internal
implementation layers that public functions call (a private or module-level
helper with >= 3 callees), not the top-level API a user finds in the docs.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional

from reuse_audit.errors import UsageError
from reuse_audit.api import FsTree, Settings, build_index


@dataclass(frozen=True)
class Node:
    """One function of the repository."""

    qualname: str
    module: str
    path: str  # relative to the import root
    line: int
    end_line: int
    callees: tuple[str, ...]  # canonical, non-builtin (the engine's), sorted
    is_method: bool
    params: tuple  # reuse_audit.facts.model.Param
    returns: Optional[str]
    docstring: Optional[str]
    decorators: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    @property
    def private(self) -> bool:
        """Some part below the package is private (``_x``), dunder methods aside."""
        return any(p.startswith("_") and not (p.startswith("__") and p.endswith("__")) for p in self.qualname.split(".")[1:])

    @property
    def nested(self) -> bool:
        return "<locals>" in self.qualname


@dataclass
class Graph:
    """Functions of one import package, with call edges inside it."""

    import_name: str
    root: Path  # the import root (folder holding the package)
    nodes: dict[str, Node]
    callers: dict[str, tuple[str, ...]]  # callee -> functions of the package calling it
    exported: frozenset[str]  # names the package's __init__ mentions
    min_callees: int = 3

    def judgeable(self, qualname: str) -> bool:
        node = self.nodes.get(qualname)
        return node is not None and len(node.callees) >= self.min_callees

    def internal_callees(self, qualname: str) -> tuple[str, ...]:
        node = self.nodes.get(qualname)
        return tuple(c for c in node.callees if c in self.nodes) if node else ()

    def neighbours(self, qualname: str) -> tuple[str, ...]:
        """Functions one call edge away (callees, then callers), in the package."""
        seen: dict[str, None] = {}
        for name in self.internal_callees(qualname) + self.callers.get(qualname, ()):
            if name != qualname and not self.nodes[name].nested:
                seen.setdefault(name)
        return tuple(seen)

    def source_of(self, qualname: str) -> str:
        node = self.nodes[qualname]
        lines = (self.root / node.path).read_text(encoding="utf-8").splitlines()
        start = node.line - 1
        while start > 0 and lines[start - 1].lstrip().startswith("@"):
            start -= 1
        return "\n".join(lines[start : node.end_line or node.line])

    def modules(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for node in self.nodes.values():
            out.setdefault(node.module, []).append(node.qualname)
        return out


def load_graph(import_root: Path, import_name: str, settings: Settings = Settings()) -> Graph:
    """The graph of package ``import_name`` found in ``import_root``."""
    import_root = Path(import_root)
    if not ((import_root / import_name / "__init__.py").is_file() or (import_root / f"{import_name}.py").is_file()):
        raise UsageError(f"{import_root}: no package {import_name} here (expected {import_name}/__init__.py or {import_name}.py)")
    index = build_index(FsTree(import_root), settings)
    prefix = import_name + "."
    nodes: dict[str, Node] = {}
    for qualname in sorted(index.functions):
        if not (qualname.startswith(prefix) or qualname == import_name):
            continue
        fn = index.functions[qualname]
        fact = fn.fact
        nodes[qualname] = Node(
            qualname=qualname,
            module=fn.module,
            path=fn.location.path,
            line=fact.line,
            end_line=fact.end_line,
            callees=tuple(sorted(fn.callees)),
            is_method=fn.is_method,
            params=fact.params,
            returns=getattr(fact, "returns", None),
            docstring=fact.docstring,
            decorators=fact.decorators,
        )
    callers: dict[str, list[str]] = {}
    for qualname, node in nodes.items():
        for callee in node.callees:
            if callee in nodes:
                callers.setdefault(callee, []).append(qualname)
    exported = package_exports(import_root, import_name)
    return Graph(import_name, import_root, nodes, {k: tuple(v) for k, v in callers.items()}, exported, settings.min_callees)


def _module_file(import_root: Path, module: str) -> Optional[Path]:
    base = import_root.joinpath(*module.split("."))
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _public_names(file: Path) -> frozenset[str]:
    """What ``from module import *`` brings: its literal ``__all__``, else its top-level public names."""
    try:
        tree = ast.parse(file.read_text(encoding="utf-8", errors="replace"))
    except SyntaxError:
        return frozenset()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                try:
                    return frozenset(ast.literal_eval(node.value))
                except ValueError:
                    pass
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return frozenset(n for n in names if not n.startswith("_"))


@lru_cache(maxsize=256)
def package_exports(import_root: Path, import_name: str) -> frozenset[str]:
    """Names the package's ``__init__`` makes public: every name its text mentions, and what
    its ``from .module import *`` lines bring (the module's ``__all__``, else its public names)."""
    init = Path(import_root) / import_name / "__init__.py"
    if not init.is_file():
        return frozenset()
    text = init.read_text(encoding="utf-8", errors="replace")
    names = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    for match in re.finditer(r"^\s*from\s+(\.+)?([A-Za-z_][A-Za-z0-9_.]*)?\s+import\s+\*", text, re.M):
        dots, module = match.group(1) or "", match.group(2) or ""
        full = f"{import_name}.{module}" if dots else module
        file = _module_file(Path(import_root), full) if full.startswith(import_name + ".") else None
        if file is not None:
            names |= _public_names(file)
    return frozenset(names)


def _private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def is_public(qualname: str, is_method: bool, import_root: Path, import_name: str) -> bool:
    """A *public* target: API a user meets without reading the source (PEP 8's "public interface").

    A function or class is public when a public package on its module's path exports its name
    from its ``__init__`` (mentions it, or star-imports it: ``attr.asdict`` for
    ``attr._funcs.asdict``), or when no part of its module and name is private (``_x``) and the
    module's ``__all__``, if it has one, lists it.  A method is public when its own name is not
    private and its class is public.  Everything else is an internal layer: what the study's
    targets are, and what ``propose_targets`` ranks first."""
    parts = qualname.split(".")
    if is_method:
        if len(parts) < 3 or _private(parts[-1]):
            return False
        return is_public(".".join(parts[:-1]), False, import_root, import_name)
    name, module = parts[-1], parts[:-1]
    for depth in range(1, len(module) + 1):
        package = module[:depth]
        if any(_private(p) for p in package[1:]):
            break
        init = Path(import_root).joinpath(*package) / "__init__.py"
        if init.is_file() and name in package_exports(Path(import_root).joinpath(*package[:-1]), package[-1]):
            return True
    if any(_private(p) for p in parts[1:]):
        return False
    file = _module_file(Path(import_root), ".".join(module))
    return file is not None and (not _declares_all(file) or name in _public_names(file))


def _declares_all(file: Path) -> bool:
    return re.search(r"^__all__\s*[+]?=", file.read_text(encoding="utf-8", errors="replace"), re.M) is not None


@dataclass(frozen=True)
class Proposal:
    qualname: str
    score: float
    callees: int
    public_callers: int
    judgeable: bool
    reasons: tuple[str, ...] = field(default_factory=tuple)


def propose_targets(graph: Graph, limit: Optional[int] = None, judgeable_only: bool = False) -> list[Proposal]:
    """Candidate targets, best first: judgeable internal layers that public functions call."""
    out = []
    for qualname, node in graph.nodes.items():
        if node.nested or node.name in ("__init__", "__repr__", "__str__", "__eq__", "__hash__"):
            continue
        count = len(node.callees)
        judgeable = count >= graph.min_callees
        if judgeable_only and not judgeable:
            continue
        callers = graph.callers.get(qualname, ())
        public_callers = sum(1 for c in callers if not graph.nodes[c].private)
        # the one test of publicness, the one bench stats counts public targets by
        internal = not is_public(qualname, node.is_method, graph.root, graph.import_name)
        reasons = []
        score = 0.0
        if judgeable:
            score += 3
            reasons.append(f"judgeable: {count} non-builtin callees (>= {graph.min_callees})")
        else:
            reasons.append(f"not judgeable: {count} callee(s) (< {graph.min_callees}); reuse can be scored, a re-implementation cannot")
        if internal:
            score += 2
            reasons.append("internal layer (not public API: private, not exported, or left out of its module's __all__)")
        else:
            reasons.append("top-level API (exported): a user finds it in the docs")
        if public_callers:
            score += min(public_callers, 3) * 0.5
            reasons.append(f"called by {public_callers} public function(s)")
        score += min(count, 8) * 0.1
        out.append(Proposal(qualname, round(score, 2), count, public_callers, judgeable, tuple(reasons)))
    out.sort(key=lambda p: (-p.score, p.qualname))
    return out[:limit] if limit else out
