"""The index is a package of modules with one job each, and its rows are typed.

``reuse_audit/index.py`` (five jobs, 1,356 lines) and ``clones.py`` became the
``reuse_audit/index/`` package (issue 16); the rows the stages pass are the
``NamedTuple`` s of ``reuse_audit/rows.py``, which cross marshal (pipes, caches)
as plain tuples.
"""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from reuse_audit.facts.cache import FactsCache
from reuse_audit.index import build_index
from reuse_audit.index.tables import Tables, full_tables, plain_rows, typed_rows
from reuse_audit.index.tokens import file_entries
from reuse_audit.facts.model import compact_from_facts
from reuse_audit.facts.parse import parse_source
from reuse_audit.index.resolve import Module
from reuse_audit.facts.rows import FunctionRow, TableRow, TokenEntry
from reuse_audit.settings import Settings
from reuse_audit.source.tree import MemoryTree

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reuse_audit" / "index"

#: The most lines a module of the package has.
MAX_LINES = 500
#: Modules above it, and why.
LONGER: dict[str, int] = {
    # resolution (imports, aliases, self/cls, relative imports, re-exports: one canonical
    # name a callee) is one algorithm read top to bottom; it joined the package from the
    # top of reuse_audit/ when the folders became the pipeline's stages (issue 28)
    "resolve.py": 730,
}


def test_the_index_is_a_package_not_one_module():
    assert not (ROOT / "reuse_audit" / "index.py").exists()
    assert not (ROOT / "reuse_audit" / "clones.py").exists()
    assert (PACKAGE / "__init__.py").is_file()


def test_every_module_of_the_index_package_is_short():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in sorted(PACKAGE.glob("*.py"))}
    assert len(sizes) >= 8
    too_long = {name: n for name, n in sizes.items() if n > LONGER.get(name, MAX_LINES)}
    assert too_long == {}


def test_the_wheel_ships_every_subpackage_of_the_engine():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {"reuse_audit." + p.parent.name for p in (ROOT / "reuse_audit").glob("*/__init__.py")}
    assert "reuse_audit.index" in folders and folders <= listed


def test_locals_is_defined_once():
    """``.<locals>.`` is spelled in one place: no other string of the code holds it (docstrings may)."""
    import ast

    found = []
    for folder in ("reuse_audit", "rules"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and "<locals>" in node.value:
                    if id(node) not in docstrings:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert [f.split(":")[0] for f in found] == ["reuse_audit/facts/rows.py"], found


SOURCE = b"""class C:
    def m(self, x):
        return helper(x) + len(x)


def helper(x):
    def inner(y):
        return str(y)
    return inner(x)
"""


def _tables() -> Tables:
    facts = parse_source(SOURCE)
    files = {"pkg/mod.py": compact_from_facts(facts), "pkg/__init__.py": compact_from_facts(parse_source(b""))}
    paths = tuple(sorted(files))
    return full_tables(paths, tuple(files[p][0] for p in paths), files)


def test_the_table_rows_are_typed_and_named():
    rows = _tables().rows
    assert all(type(row) is TableRow for row in rows.values())
    method, helper = rows["pkg.mod.C.m"], rows["pkg.mod.helper"]
    assert (method.local_name, method.line, method.is_method) == ("C.m", 2, True)
    assert (helper.local_name, helper.line, helper.end_line, helper.is_method) == ("helper", 6, 9, False)
    assert helper.callees == ()  # its own nested function is left out
    assert "pkg.mod.helper" in method.callees


def test_rows_cross_marshal_as_plain_tuples_and_come_back_typed():
    tables = _tables()
    stored = marshal.loads(marshal.dumps(tables.stored()))  # a tuple subclass would not marshal
    back = Tables.from_stored(tables.paths, tables.digests, stored)
    assert back is not None and back.rows == tables.rows
    assert all(type(row) is TableRow for row in back.rows.values())
    pairs = plain_rows(tables.rows.items())
    assert all(type(row) is tuple for _, row in pairs)
    assert typed_rows(marshal.loads(marshal.dumps(pairs))) == tables.rows


def test_a_stored_row_of_another_shape_is_not_read():
    tables = _tables()
    assign, notes, rows, collisions = tables.stored()
    shorter = tuple((q, row[:-1]) for q, row in rows)
    assert Tables.from_stored(tables.paths, tables.digests, (assign, notes, shorter, collisions)) is None


def test_the_resolver_reads_typed_function_rows():
    module = Module("pkg.mod", "pkg/mod.py", False, False, facts=compact_from_facts(parse_source(SOURCE)))
    functions = list(module.own_functions())
    assert all(type(fn) is FunctionRow for fn in functions)
    assert [fn.local_name for fn in functions] == ["C.m", "helper", "helper.<locals>.inner"]
    assert functions[0].class_name == "C" and functions[2].parent_function == "helper"


def test_token_entries_stay_plain_for_the_clone_cache_and_type_on_reading():
    entries = file_entries(SOURCE, [("helper", 6, 0, 9)])
    assert all(type(e) is tuple for e in entries)
    marshal.dumps(entries)
    entry = TokenEntry._make(entries[0])
    assert entry.local_name == "helper" and entry.seq and entry.prints == tuple(sorted(entry.prints))


def test_the_snapshot_path_gives_the_same_typed_rows(tmp_path):
    tree = MemoryTree({"pkg/__init__.py": b"", "pkg/mod.py": SOURCE})
    cache = FactsCache(tmp_path / "cache")
    first = build_index(tree, Settings(), cache, jobs=1)
    again = build_index(tree, Settings(), cache, jobs=1)
    assert (first.build["mode"], again.build["mode"]) == ("full", "snapshot")
    assert dict(first.functions.items()).keys() == dict(again.functions.items()).keys()
    assert again.functions["pkg.mod.C.m"].callees == first.functions["pkg.mod.C.m"].callees
    assert again.by_path["pkg/mod.py"] == ("pkg.mod.C.m", "pkg.mod.helper", "pkg.mod.helper.<locals>.inner")
