"""RA001 on a real library: a function copied out of the installed ``click``.

The repository is a temporary copy of the installed ``click/`` package folder.
The change adds ``click/_copied.py`` holding one of click's functions, renamed,
with the imports it needs rewritten as absolute ``from click.x import y``
imports (so they resolve to the same canonical names).  The engine must flag
the copy and name the original, with the file and line ``inspect`` gives.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import shutil
from pathlib import Path

import click
import pytest

from reuse_audit.source.change import change_from_patch
from reuse_audit.api import run
from reuse_audit.index import RepoIndex, build_index
from reuse_audit.source.tree import FsTree

CLICK_DIR = Path(click.__file__).resolve().parent
FIXED = "click.utils.echo"
COPY_PATH = "click/_copied.py"


@pytest.fixture(scope="module")
def click_repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("click-repo")
    shutil.copytree(CLICK_DIR, root / "click", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


@pytest.fixture(scope="module")
def click_index(click_repo: Path) -> RepoIndex:
    return build_index(FsTree(click_repo))


def _module_and_name(qualname: str) -> tuple[str, str]:
    module, _, name = qualname.rpartition(".")
    return module, name


def _source_path(root: Path, module: str) -> Path:
    return root / (module.replace(".", "/") + ".py")


def _function_node(tree: ast.Module, name: str) -> ast.FunctionDef:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    raise LookupError(name)


def _is_recursive(node: ast.FunctionDef) -> bool:
    return any(isinstance(n, ast.Name) and n.id == node.name for n in ast.walk(node))


def _module_level_statements(body: list[ast.stmt]):
    """Statements of a module, also under if/try at module level, never in a def or class."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            yield from _module_level_statements(node.body)
            yield from _module_level_statements(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _module_level_statements(block)


def _absolute(module: str, level: int, name: str | None) -> str:
    if not level:
        return name or ""
    package = module.rpartition(".")[0].split(".")  # modules here are never package __init__ files
    base = package[: len(package) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def copied_module(root: Path, qualname: str, new_name: str) -> str:
    """Source of a new module holding ``qualname`` renamed, with absolute imports of all it uses."""
    module, name = _module_and_name(qualname)
    source = _source_path(root, module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    fn = _function_node(tree, name)
    lines = source.splitlines(keepends=True)
    fn_source = "".join(lines[fn.lineno - 1 : fn.end_lineno])
    assert fn_source.startswith(f"def {name}("), fn_source[:80]
    fn_source = f"def {new_name}(" + fn_source[len(f"def {name}(") :]

    header: list[str] = []
    imports: list[str] = []
    defined: set[str] = set()
    for node in _module_level_statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                imports.append(f"import {alias.name} as {alias.asname}" if alias.asname else f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            source_module = _absolute(module, node.level, node.module)
            names = ", ".join(f"{a.name} as {a.asname}" if a.asname else a.name for a in node.names)
            line = f"from {source_module} import {names}"
            (header if source_module == "__future__" else imports).append(line)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined.update(t.id for t in targets if isinstance(t, ast.Name))
    used = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
    needed = sorted((used & defined) - {name})
    if needed:
        imports.append(f"from {module} import {', '.join(needed)}")
    parts = ['"""Copied by the test: a re-implementation of an existing function."""\n\n']
    if header:
        parts.append("\n".join(header) + "\n\n")
    parts.append("\n".join(imports) + "\n\n\n")
    parts.append(fn_source if fn_source.endswith("\n") else fn_source + "\n")
    return "".join(parts)


def new_file_patch(path: str, text: str) -> str:
    lines = text.splitlines(keepends=True)
    assert lines and lines[-1].endswith("\n")
    body = "".join("+" + line for line in lines)
    return (
        f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n"
        f"@@ -0,0 +1,{len(lines)} @@\n{body}"
    )


def choose_function(index: RepoIndex, root: Path) -> str:
    """A module-level click function worth copying: the most callees, not a wrapper.

    Defined in its module's body (not under an ``if``), not decorated, not
    recursive (its copy would call the original), at least
    4 callees all resolved to click's own functions or the standard library
    (no method-name callees), at least 8 lines, and a callee set no other
    function has (so the original is unambiguously the strongest target).
    """
    by_set: dict[frozenset[str], int] = {}
    for fn in index.functions.values():
        by_set[fn.callees] = by_set.get(fn.callees, 0) + 1
    candidates = []
    for qualname, fn in index.functions.items():
        if fn.is_method or ".<locals>." in qualname or fn.fact.decorators or fn.fact.parent_function:
            continue
        if len(fn.callees) < 4 or any(c.startswith(".") for c in fn.callees) or by_set[fn.callees] > 1:
            continue
        if fn.location.end_line - fn.location.line < 7:
            continue
        module, name = _module_and_name(qualname)
        try:  # defined in the module body itself, not under `if WIN:` and the like
            node = _function_node(ast.parse(_source_path(root, module).read_text(encoding="utf-8")), name)
        except LookupError:
            continue
        if _is_recursive(node):
            continue
        candidates.append((-len(fn.callees), qualname))
    assert candidates, "no function of click qualifies"
    return min(candidates)[1]


def test_fixed_function_qualifies(click_index: RepoIndex):
    fn = click_index.functions[FIXED]
    assert len(fn.callees) >= 4, sorted(fn.callees)
    assert all(c.startswith("click.") for c in fn.callees), sorted(fn.callees)
    assert not fn.fact.decorators
    assert fn.location.end_line - fn.location.line >= 20  # not a trivial wrapper


@pytest.mark.parametrize("which", ["fixed", "chosen"])
def test_copied_click_function_is_flagged(which: str, click_repo: Path, click_index: RepoIndex):
    qualname = FIXED if which == "fixed" else choose_function(click_index, click_repo)
    module, name = _module_and_name(qualname)
    original = getattr(importlib.import_module(module), name)
    _, original_line = inspect.getsourcelines(original)
    original_path = Path(inspect.getsourcefile(original)).resolve().relative_to(CLICK_DIR.parent).as_posix()
    assert original_path == module.replace(".", "/") + ".py"
    assert click_index.functions[qualname].location.line == original_line

    new_name = f"copied_{name.lstrip('_')}"
    text = copied_module(click_repo, qualname, new_name)
    assert not (click_repo / COPY_PATH).exists()
    change = change_from_patch(click_repo, new_file_patch(COPY_PATH, text), "copy.patch")
    result = run(change)

    copy_qualname = f"click._copied.{new_name}"
    assert [c.qualname for c in result.change_set.changed] == [copy_qualname]
    assert result.index.functions[copy_qualname].callees == click_index.functions[qualname].callees, text
    findings = [f for f in result.report.findings if f.function == copy_qualname]
    assert len(findings) == 1, (text, result.report.findings)
    finding = findings[0]
    assert finding.rule == "RA001"
    assert finding.target == qualname
    assert finding.target_location.path == original_path
    assert finding.target_location.line == original_line
    assert finding.location.path == COPY_PATH
    assert finding.violation.missing_callees() == ()
    assert set(finding.violation.shared_callees()) == set(click_index.functions[qualname].callees)
    assert finding.violation.score() == 1.0
    assert not finding.suppressed
    assert f"'{new_name}' re-implements '{qualname}'" in finding.message
