"""The fast paths build exactly the index a build from scratch builds.

A build from scratch (no cache, one process) is the reference.  Against it:

* a cold build with a cache, then a warm one of the same tree (a stored snapshot);
* incremental builds: a snapshot of one tree, then a build of the tree after
  an edit, which re-resolves only what the edit can change;
* a cache written by another version, or corrupted, which must be detected and
  rebuilt, never read as facts;
* the stat shortcut (files whose size, times and inode did not change are not
  read again), when a file changes under it;
* parsing in parser processes (jobs 2), against parsing in this one.

Every comparison covers every function (location, callees, is-method, its
FunctionFact), the inverted indexes, ``by_path``, module names and notes.
None of this is timed.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import random
import shutil
import sqlite3
import textwrap
import time
from pathlib import Path

import _pytest
import hypothesis
import pytest
from hypothesis import strategies as st

from reuse_audit import index as index_module
from reuse_audit.facts.cache import FactsCache
from reuse_audit.index import build_index, parse_many
from reuse_audit.facts.parse import parse_compact
from reuse_audit.settings import Settings
from reuse_audit.source.tree import FsTree, MemoryTree, OverlayTree

# ------------------------------------------------------------------ helpers


def snapshot(index) -> dict:
    """Everything an index says, as plain data."""
    functions = {}
    for qualname in index.functions:
        fn = index.functions[qualname]
        loc = fn.location
        functions[qualname] = (
            fn.qualname,
            fn.module,
            (loc.path, loc.line, loc.col, loc.end_line),
            frozenset(fn.callees),
            fn.is_method,
            dataclasses.astuple(fn.fact),
        )
    return {
        "order": list(index.functions),
        "functions": functions,
        "callers": {k: tuple(v) for k, v in index.callers.items()},
        "method_callers": {k: tuple(v) for k, v in index.method_callers.items()},
        "by_path": {k: tuple(v) for k, v in index.by_path.items()},
        "by_path_order": list(index.by_path),
        "module_of_path": dict(index.module_of_path),
        "notes": index.notes,
        "files": index.files,
    }


def assert_same(got: dict, want: dict) -> None:
    for key in want:
        if got[key] != want[key]:
            if isinstance(want[key], dict):
                only = set(got[key]) ^ set(want[key])
                differ = [k for k in want[key] if k in got[key] and got[key][k] != want[key][k]]
                detail = f"keys in one only: {sorted(only)[:5]}; differing: " + "; ".join(
                    f"{k}: got {got[key][k]} want {want[key][k]}" for k in differ[:3]
                )
            else:
                detail = f"got {got[key]!r:.300} want {want[key]!r:.300}"
            raise AssertionError(f"{key} differs: {detail}")


def scratch(root: Path, settings: Settings = Settings()) -> dict:
    return snapshot(build_index(FsTree(root, exclude=settings.exclude), settings, cache=None, jobs=1))


# the figures of the last index ``cached`` built (``RepoIndex.build``)
last_build: dict = {}


def cached(root: Path, cache_dir: Path, settings: Settings = Settings(), jobs: int = 1) -> dict:
    cache = FactsCache(cache_dir)
    try:
        index = build_index(FsTree(root, exclude=settings.exclude), settings, cache=cache, jobs=jobs)
        last_build.clear()
        last_build.update(index.build)
        return snapshot(index)
    finally:
        cache.close()


def write_tree(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    age(root)


def age(root: Path) -> None:
    """Files older than the racy window, so the stat shortcut trusts them (as it would a real checkout)."""
    past = time.time() - 3600
    for path in root.rglob("*.py"):
        os.utime(path, (past, past))


def apply(root: Path, edit: dict[str, object]) -> None:
    """Files to write (text), or to delete (None)."""
    for path, text in edit.items():
        target = root / path
        if text is None:
            target.unlink()
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(textwrap.dedent(str(text)), encoding="utf-8")


# ------------------------------------------------------------------ a repository with every kind of link


BASE = {
    "pkg/__init__.py": """
        from .core import Text, helper
        from .util import *
        from . import sub
    """,
    "pkg/core.py": """
        import json
        from .util import util_fn

        class Base:
            def m(self):
                return helper() + util_fn()

            def n(self):
                return self.m() + json.dumps(1)

            def o(self):
                return self.n() + self.m() + json.loads("1")

        class Text(Base):
            def run(self):
                self.m()
                return super().n()

            def size(self):
                return self.run() + self.o()

        class Outer:
            def top(self):
                return 1

        def helper():
            return util_fn()

        def uses_alias(t: "Text"):
            def inner():
                return helper() + util_fn()
            return t.size() + inner()
    """,
    "pkg/util.py": """
        import json
        import os.path

        def util_fn():
            return json.loads("1")

        def other():
            return os.path.join("a", "b") + util_fn()

        def third():
            return other() + util_fn() + json.dumps(2)
    """,
    "pkg/sub/__init__.py": "",
    "pkg/sub/mod.py": """
        from pkg import Text, helper
        from pkg.core import Outer
        from ..core import Base as B
        import pkg.util as u
        from pkg.util import *

        def f(t: Text):
            x = B()
            x.m()
            return t.run() + u.other() + helper() + third() + t.later()

        class C(B):
            def m(self):
                return super().m() + self.n()

            def p(self):
                return self.m() + self.o() + self.n() + self.later()

        def g():
            def inner():
                return u.util_fn() + other()
            return inner() + f(None) + Outer.Inner.m(None) + Outer.top(None)
    """,
    "cyc/__init__.py": "",
    "cyc/a.py": """
        from cyc.b import B

        class A(B):
            def x(self):
                return self.y() + self.z()

            def w(self):
                return self.x() + self.y()
    """,
    "cyc/b.py": """
        from cyc.a import A

        class B(A):
            def y(self):
                return self.x() + self.w()

            def z(self):
                return self.y()
    """,
    "scripts/tool.py": """
        import helper
        import helper2
        import extlib
        from helper import thing

        def main():
            return helper.thing() + thing() + helper.other()

        def second():
            return helper2.more() + extlib.f() + main()
    """,
    "scripts/helper.py": """
        def thing():
            return other()

        def other():
            return thing()
    """,
    "scripts/extlib.py": """
        def f():
            return 1
    """,
    "star/__init__.py": "",
    "star/source.py": """
        def alpha():
            return beta()

        def beta():
            return 1
    """,
    "star/user.py": """
        from star.source import *
        import pkg

        def use():
            return alpha() + beta() + gamma()

        def use2():
            return pkg.nf() + pkg.newmod.nf2() + pkg.newmod.nf3()
    """,
    "star/reexport.py": """
        from star.source import *
    """,
    "star/things.py": """
        class Thing:
            def shine(self):
                return 1

        class Other:
            def shine(self):
                return 2
    """,
    "star/kinds.py": """
        from star.source import *

        class K(Thing):
            pass
    """,
    "star/kinds2.py": """
        from star.things import Thing as Base2

        class K2(Base2):
            pass
    """,
    "star/kuser.py": """
        from star.kinds import K
        from star.kinds2 import K2

        def ku(k: K, k2: K2):
            return k.shine() + k2.shine()
    """,
    "star/client.py": """
        from star import reexport

        def c():
            return reexport.alpha() + reexport.other() + reexport.gamma()
    """,
}

BASE = {path: textwrap.dedent(text) for path, text in BASE.items()}

# Each edit changes few files; the others already call what the edit adds,
# removes or moves, so that their callees change although their files do not.
EDITS = {
    "a base class gains a method another module calls": {
        "pkg/core.py": BASE["pkg/core.py"].replace("class Text(Base):", "class Text(Base):\n    def later(self):\n        return helper()\n"),
    },
    "a subclass elsewhere": {
        "pkg/core.py": BASE["pkg/core.py"] + "\n\nclass Extra(Base):\n    def q(self):\n        return self.later()\n",
        "pkg/sub/mod.py": BASE["pkg/sub/mod.py"] + "\n\ndef h(c: C):\n    return c.later() + c.p()\n",
    },
    "a nested class appears": {
        "pkg/core.py": BASE["pkg/core.py"].replace(
            "class Outer:", "class Outer:\n    class Inner(Base):\n        pass\n"
        ),
    },
    "a re-export points elsewhere": {
        "pkg/__init__.py": BASE["pkg/__init__.py"].replace("from .core import Text, helper", "from .core import Text\nfrom .util import third as helper"),
    },
    "only a function body changes": {
        "pkg/util.py": BASE["pkg/util.py"].replace('return os.path.join("a", "b") + util_fn()', 'return os.path.join("a") + third()'),
    },
    "a function is removed": {
        "pkg/core.py": BASE["pkg/core.py"].replace("def helper():\n    return util_fn()", "def helper_gone():\n    return util_fn()"),
    },
    "a new module that others already name": {
        "pkg/newmod.py": "from .util import other\nfrom .util import third as nf3\n\ndef nf():\n    return other() + nf2()\n\ndef nf2():\n    return 1\n",
    },
    "a new module, re-exported by its package": {
        "pkg/newmod.py": "from .util import other\nfrom .util import third as nf3\n\ndef nf():\n    return other() + nf2()\n\ndef nf2():\n    return 1\n",
        "pkg/__init__.py": BASE["pkg/__init__.py"] + "\nfrom .newmod import nf\n",
    },
    "a module is deleted": {"pkg/util.py": None},
    "a star-imported module gains a name": {
        "star/source.py": BASE["star/source.py"] + "\ndef gamma():\n    return alpha()\n",
    },
    "a module gains a star import": {
        "star/reexport.py": BASE["star/reexport.py"] + "from pkg.util import *\n",
    },
    "a star import is added": {
        "star/user.py": BASE["star/user.py"].replace("import pkg\n", "import pkg\nfrom pkg.util import *\n"),
    },
    "a base class comes from a new star import": {
        "star/kinds.py": BASE["star/kinds.py"].replace("from star.source import *", "from star.source import *\nfrom star.things import *"),
    },
    "a base class is imported from elsewhere": {
        "star/kinds2.py": BASE["star/kinds2.py"].replace("Thing as Base2", "Other as Base2"),
    },
    "base classes change": {
        "cyc/b.py": "class B:\n    def y(self):\n        return self.x() + self.w()\n\n    def z(self):\n        return self.y()\n",
    },
    "a loose script gains a neighbour": {"scripts/helper2.py": "def more():\n    return 1\n"},
    "a top-level package shadows a neighbour": {"extlib/__init__.py": "def f():\n    return 2\n"},
    "an __init__.py moves module names": {"scripts/__init__.py": ""},
    "two modules define one qualname": {
        "pkg/__init__.py": BASE["pkg/__init__.py"] + "\nclass util:\n    def other(self):\n        return self.third()\n",
    },
    "a syntax error and a coding cookie": {
        "pkg/broken.py": "def ok():\n    return helper()\n\ndef bad(:\n    pass\n",
        "pkg/latin.py": "# -*- coding: latin-1 -*-\ndef caf\u00e9():\n    return 1\n",
    },
    "a file added and another deleted with the same module name": {
        "star/source.py": None,
        "star/source/__init__.py": "def alpha():\n    return 2\n\ndef gamma():\n    return alpha()\n",
    },
}


def test_every_edit_changes_callees_of_files_it_does_not_touch(tmp_path: Path):
    """The edits test dependency tracking: each changes what some untouched file calls."""
    for edit in ("a base class gains a method another module calls", "a nested class appears", "a re-export points elsewhere",
                 "a new module that others already name", "a star-imported module gains a name", "a module gains a star import",
                 "a loose script gains a neighbour", "a top-level package shadows a neighbour", "a module is deleted",
                 "a base class comes from a new star import", "a base class is imported from elsewhere"):
        root = tmp_path / edit.replace(" ", "-")
        write_tree(root, BASE)
        before = scratch(root)
        apply(root, EDITS[edit])
        after = scratch(root)
        touched = set(EDITS[edit])
        assert any(
            after["functions"][q][3] != fn[3]
            for q, fn in before["functions"].items()
            if q in after["functions"] and fn[2][0] not in touched
        ), edit


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    write_tree(root, BASE)
    return root


def test_cold_and_warm_builds_equal_a_build_from_scratch(repo: Path, tmp_path: Path):
    want = scratch(repo)
    assert_same(cached(repo, tmp_path / "cache"), want)
    assert last_build["mode"] == "full"
    assert_same(cached(repo, tmp_path / "cache"), want)
    assert last_build["mode"] == "snapshot"
    assert last_build["parsed"] == 0


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_incremental_build_equals_a_build_from_scratch(edit: str, repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    cached(repo, cache)  # the snapshot of the tree before the edit
    apply(repo, EDITS[edit])
    want = scratch(repo)
    assert_same(cached(repo, cache), want)
    modules = sum(1 for p in repo.rglob("*.py"))
    if edit in ("an __init__.py moves module names", "two modules define one qualname"):
        assert last_build["mode"] == "full", edit
    else:
        assert last_build["mode"] == "incremental", edit
        assert last_build["resolved"] < modules, edit
    # and the stored result of that run serves the next one
    assert_same(cached(repo, cache), want)


def test_incremental_builds_in_a_row(repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    cached(repo, cache)
    for edit in sorted(EDITS):
        apply(repo, EDITS[edit])
        assert_same(cached(repo, cache), scratch(repo))


def test_a_body_change_resolves_only_its_module(repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    cached(repo, cache)
    apply(repo, EDITS["only a function body changes"])
    cached(repo, cache)
    assert last_build == {"mode": "incremental", "resolved": 1, "parsed": 1}


def test_settings_are_applied_to_stored_indexes(repo: Path, tmp_path: Path):
    settings = Settings(ignore_callees=frozenset({"pkg.util.util_fn", ".m"}), exclude=("cyc/**",))
    cache = tmp_path / "cache"
    cached(repo, cache)
    assert_same(cached(repo, cache, settings), scratch(repo, settings))
    assert_same(cached(repo, cache, settings), scratch(repo, settings))
    assert_same(cached(repo, cache), scratch(repo))


# ------------------------------------------------------------------ random edits of a real library


def _library(tmp_path: Path, package) -> Path:
    root = tmp_path / "lib"
    source = Path(package.__file__).resolve().parent
    shutil.copytree(source, root / source.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    age(root)
    return root


def _random_edit(root: Path, rng: random.Random) -> None:
    files = sorted(root.rglob("*.py"))
    target = rng.choice(files)
    text = target.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    kind = rng.choice(["add function", "add method", "drop def", "rename def", "new module", "delete module", "new import"])
    names = sorted({w for w in text.replace("(", " ").replace(".", " ").split() if w.isidentifier()})[:200] or ["x"]
    if kind == "add function":
        calls = " + ".join(f"{rng.choice(names)}()" for _ in range(4))
        target.write_text(text + f"\n\ndef added_{rng.randrange(1000)}(self=None):\n    return {calls}\n", encoding="utf-8")
    elif kind == "add method":
        classes = [i for i, line in enumerate(lines) if line.startswith("class ") and line.rstrip().endswith(":")]
        if not classes:
            return _random_edit(root, rng)
        at = rng.choice(classes) + 1
        name = rng.choice(names)
        lines.insert(at, f"    def {name}(self):\n        return self.{rng.choice(names)}() + {rng.choice(names)}()\n\n")
        target.write_text("".join(lines), encoding="utf-8")
    elif kind in ("drop def", "rename def"):
        defs = [i for i, line in enumerate(lines) if line.lstrip().startswith("def ")]
        if not defs:
            return _random_edit(root, rng)
        at = rng.choice(defs)
        if kind == "rename def":
            lines[at] = lines[at].replace("def ", "def renamed_", 1)
        else:
            indent = len(lines[at]) - len(lines[at].lstrip())
            end = at + 1
            while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
                end += 1
            lines[at:end] = [" " * indent + "pass\n"]
        target.write_text("".join(lines), encoding="utf-8")
    elif kind == "new module":
        package = target.parent
        module = ".".join(target.relative_to(root).with_suffix("").parts)
        name = rng.choice(names)
        (package / f"new_{rng.randrange(1000)}.py").write_text(
            f"from {module} import *\nimport {module} as m\n\ndef {name}():\n    return m.{rng.choice(names)}() + {rng.choice(names)}()\n",
            encoding="utf-8",
        )
    elif kind == "delete module":
        if target.name != "__init__.py":
            target.unlink()
    else:
        other = rng.choice(files)
        module = ".".join(other.relative_to(root).with_suffix("").parts)
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        target.write_text(f"from {module} import *\n" + text, encoding="utf-8")


@pytest.mark.parametrize("seed", range(6))
def test_random_edits_of_a_real_library(seed: int, tmp_path: Path):
    root = _library(tmp_path, _pytest)
    cache = tmp_path / "cache"
    cached(root, cache)
    rng = random.Random(seed)
    for _ in range(rng.randint(1, 4)):
        _random_edit(root, rng)
    assert_same(cached(root, cache), scratch(root))


# ------------------------------------------------------------------ a cache from elsewhere, or damaged


def _database(cache: Path) -> Path:
    (found,) = cache.glob("facts-*.sqlite")
    return found


def test_a_cache_written_by_another_version_is_emptied(repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    want = scratch(repo)
    cached(repo, cache)
    with sqlite3.connect(_database(cache)) as db:
        db.execute("UPDATE meta SET value = 'another version' WHERE key = 'engine'")
        # facts that would be wrong if they were ever read
        db.execute("UPDATE facts SET blob = (SELECT blob FROM facts ORDER BY digest LIMIT 1)")
    db.close()
    assert_same(cached(repo, cache), want)
    assert last_build["mode"] == "full"
    assert last_build["parsed"] == sum(1 for _ in repo.rglob("*.py"))


@pytest.mark.parametrize("damage", ["garbage", "truncated", "swapped", "foreign"])
def test_corrupt_fact_entries_are_parsed_again(damage: str, repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    want = scratch(repo)
    cached(repo, cache)
    with sqlite3.connect(_database(cache)) as db:
        db.execute("DELETE FROM snapshots")  # so that the facts are read
        if damage == "garbage":
            db.execute("UPDATE facts SET blob = X'5a0001020304'")
        elif damage == "truncated":
            db.execute("UPDATE facts SET blob = substr(blob, 1, length(blob) / 2)")
        elif damage == "swapped":  # valid facts, of another file
            db.execute("UPDATE facts SET blob = (SELECT blob FROM facts ORDER BY digest LIMIT 1)")
        else:  # valid marshal data of another shape, and text where bytes belong
            db.execute("UPDATE facts SET blob = CAST(X'4de900000000' AS BLOB) WHERE rowid % 2 = 0")
            db.execute("UPDATE facts SET blob = X'4d' || X'e9' || X'00000000' WHERE rowid % 2 = 1")
    db.close()
    assert_same(cached(repo, cache), want)
    assert last_build["parsed"] > 0
    assert_same(cached(repo, cache), want)


@pytest.mark.parametrize("damage", ["not ours", "truncated", "another shape"])
@pytest.mark.parametrize("column", ["files", "tables", "skeletons", "deps", "inverted"])
def test_a_corrupt_snapshot_is_rebuilt(column: str, damage: str, repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    cached(repo, cache)
    with sqlite3.connect(_database(cache)) as db:
        if damage == "not ours":
            db.execute(f"UPDATE snapshots SET {column} = X'789c0300'")
        elif damage == "truncated":
            db.execute(f"UPDATE snapshots SET {column} = substr({column}, 1, length({column}) / 2)")
        else:  # marshal data of the number 7
            db.execute(f"UPDATE snapshots SET {column} = CAST(X'4de907000000' AS BLOB)")
    db.close()
    want = scratch(repo)
    assert_same(cached(repo, cache), want)  # the same tree: the snapshot as it is
    apply(repo, EDITS["a base class gains a method another module calls"])  # a close tree: every column is needed
    want = scratch(repo)
    assert_same(cached(repo, cache), want)


def test_an_unusable_cache_directory_is_a_note_not_a_failure(repo: Path, tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    cache = FactsCache(blocker / "cache")
    index = build_index(FsTree(repo), cache=cache, jobs=1)
    assert any("cache disabled" in n.message for n in index.notes)
    got = snapshot(index)
    want = scratch(repo)
    assert got["functions"] == want["functions"]


# ------------------------------------------------------------------ the stat shortcut


def test_a_file_rewritten_with_the_same_size_and_mtime_is_read_again(repo: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    cached(repo, cache)
    target = repo / "pkg" / "util.py"
    before = target.stat()
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace("util_fn() + json", "third()   + json"), encoding="utf-8")  # same length
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert target.stat().st_size == before.st_size
    want = scratch(repo)
    assert_same(cached(repo, cache), want)
    assert last_build["mode"] == "incremental"


def test_files_changed_in_memory_are_never_taken_from_the_stat_table(repo: Path, tmp_path: Path):
    cache_dir = tmp_path / "cache"
    cached(repo, cache_dir)
    changed = {"pkg/util.py": b"def util_fn():\n    return other()\n\ndef other():\n    return 1\n"}
    overlay = OverlayTree(FsTree(repo), changed)
    cache = FactsCache(cache_dir)
    try:
        got = snapshot(build_index(overlay, cache=cache, jobs=1))
    finally:
        cache.close()
    want = snapshot(build_index(OverlayTree(FsTree(repo), changed), jobs=1))
    assert_same(got, want)


# ------------------------------------------------------------------ parser processes


def _sources() -> dict[str, bytes]:
    top = Path(_pytest.__file__).resolve().parent
    files = {p.relative_to(top).as_posix(): p.read_bytes() for p in sorted(top.rglob("*.py"))}
    files["odd/latin.py"] = "# -*- coding: latin-1 -*-\nx = 'caf\u00e9'\n".encode("latin-1")
    files["odd/broken.py"] = b"def f(:\n  g(\n"
    files["odd/empty.py"] = b""
    assert len(files) > index_module.PARALLEL_THRESHOLD
    return files


def test_parallel_parsing_gives_the_facts_of_serial_parsing():
    sources = _sources()
    serial = parse_many(sources, jobs=1, with_blobs=True)
    parallel = parse_many(sources, jobs=2, with_blobs=True)
    assert parallel.keys() == serial.keys()
    for path, (facts, blob) in serial.items():
        assert parallel[path][0] == facts, path
        assert parallel[path][0] == parse_compact(sources[path]), path
        assert parallel[path][1] is not None and blob is not None


def test_parallel_build_equals_serial_build(tmp_path: Path):
    sources = _sources()
    tree = MemoryTree(sources)
    want = snapshot(build_index(tree, jobs=1))
    assert_same(snapshot(build_index(MemoryTree(sources), jobs=2)), want)
    cache = FactsCache(tmp_path / "cache")
    try:
        assert_same(snapshot(build_index(MemoryTree(sources), cache=cache, jobs=2)), want)
        assert_same(snapshot(build_index(MemoryTree(sources), cache=cache, jobs=2)), want)
    finally:
        cache.close()


def test_parallel_build_of_a_tree_where_two_modules_define_one_qualname():
    """The parser processes resolve per module; a qualname defined twice needs the whole table."""
    files = {f"pkg/m{k:02d}.py": f"from pkg import helper\n\ndef f{k}():\n    return helper() + f{k}()\n".encode() for k in range(70)}
    files["pkg/__init__.py"] = b"def helper():\n    return 1\n\nclass m00:\n    def f0(self):\n        return helper()\n"
    want = snapshot(build_index(MemoryTree(files), jobs=1))
    assert_same(snapshot(build_index(MemoryTree(files), jobs=2)), want)
    assert "pkg.m00.f0" in want["functions"]


def test_each_index_keeps_the_figures_of_its_own_build(repo: Path, tmp_path: Path):
    """The build's figures come with the index (``RepoIndex.build``), not in a module global
    that the next build overwrites."""
    cache = FactsCache(tmp_path / "cache")
    try:
        first = build_index(FsTree(repo), Settings(), cache=cache, jobs=1)
        second = build_index(FsTree(repo), Settings(), cache=cache, jobs=1)
    finally:
        cache.close()
    assert first.build["mode"] == "full" and first.build["parsed"] == sum(1 for _ in repo.rglob("*.py"))
    assert second.build == {"mode": "snapshot", "resolved": 0, "parsed": 0}
    assert first.build["mode"] == "full"  # unchanged by the second build
    assert not hasattr(__import__("reuse_audit.index", fromlist=["x"]), "last_build")


def test_a_second_build_with_the_same_cache_reads_the_snapshot_from_memory(repo: Path, tmp_path: Path, monkeypatch):
    """A fix's verification checks the tree again, with the same cache, in the same process:
    the snapshot's columns are read from the database once, and it is marked used once; both
    builds equal a build from scratch."""
    for i in range(200):  # so that an edit re-resolves too few files to store a snapshot of its own
        (repo / "pkg" / f"filler{i}.py").write_text(f"def f{i}():\n    return {i}\n", encoding="utf-8")
    cached(repo, tmp_path / "cache")  # a stored snapshot of the tree before the edits
    reads: list[str] = []
    real = FactsCache._snapshot_column

    def counting(self, ident, column):
        reads.append(column)
        return real(self, ident, column)

    monkeypatch.setattr(FactsCache, "_snapshot_column", counting)
    touched: list[int] = []
    real_touch = FactsCache.touch_snapshot

    def touching(self, ident):
        touched.append(ident)
        return real_touch(self, ident)

    monkeypatch.setattr(FactsCache, "touch_snapshot", touching)
    cache = FactsCache(tmp_path / "cache")
    try:
        for name in ("a base class gains a method another module calls", "a subclass elsewhere"):
            apply(repo, EDITS[name])
            index = build_index(FsTree(repo), cache=cache, jobs=1)
            assert index.build["mode"] == "incremental"
            assert_same(snapshot(index), scratch(repo))
    finally:
        cache.close()
    assert sorted(reads) == ["deps", "inverted", "skeletons", "tables"]
    assert len(touched) == 1  # marked used once: the second build would write the same row


# ------------------------------------------------------------------ the callers of an incremental update


_NAMES = ["m.f", "m.g", "m.C.run", "m.C.stop", "n.h", "n.D.run", "n.D.go", "o.k", ".run", ".go", "ext.call"]


def _rows(draw_rows: dict) -> dict:
    from reuse_audit.facts.rows import TableRow

    return {
        q: TableRow(0, q.rpartition(".")[2], 1, 0, 2, is_method, tuple(sorted(set(callees))))
        for q, (is_method, callees) in sorted(draw_rows.items())
    }


@hypothesis.settings(max_examples=300, deadline=None)
@hypothesis.given(
    old=st.dictionaries(st.sampled_from(_NAMES[:8]), st.tuples(st.booleans(), st.lists(st.sampled_from(_NAMES), max_size=5))),
    new=st.dictionaries(st.sampled_from(_NAMES[:8]), st.tuples(st.booleans(), st.lists(st.sampled_from(_NAMES), max_size=5))),
    kept=st.sets(st.sampled_from(_NAMES[:8])),
)
def test_the_callers_of_an_incremental_update_are_those_of_a_full_inversion(old: dict, new: dict, kept: set):
    """``reinvert`` gives what ``invert`` gives over the updated rows: the rows of ``kept`` stay
    (the same callees and method flag in both), the others go and the updated ones come, which
    may turn a kept function's callee into a method or out of one."""
    from reuse_audit.index.tables import invert, reinvert

    stay = {q: v for q, v in old.items() if q in kept}
    old_rows = _rows(old)
    new_rows = _rows({**{q: v for q, v in new.items() if q not in stay}, **stay})
    removed = [q for q in old_rows if q not in stay]
    added = [q for q in new_rows if q not in stay]
    stored = invert(old_rows)
    frozen = repr(stored)
    assert reinvert(stored, old_rows, new_rows, removed, added) == invert(new_rows)
    assert repr(stored) == frozen  # the stored tables (shared by the builds of one cache) are left as they were


def _put(cache: FactsCache, name: str, size: int = 1000) -> None:
    blob = os.urandom(size)  # incompressible: the row is as big on disk as it is here
    cache.put_snapshot((f"{name}.py",), (name,), blob, (), (), ())


def test_snapshots_are_kept_most_recently_used_first(tmp_path: Path):
    """A snapshot used again moves to the front; beyond KEEP_SNAPSHOTS the least recently used
    one is dropped, however recently it was written."""
    from reuse_audit.facts.cache import KEEP_SNAPSHOTS

    cache = FactsCache(tmp_path / "cache")
    for k in range(KEEP_SNAPSHOTS):
        _put(cache, f"s{k}")
        time.sleep(0.01)
    first = [s for s in cache.snapshots() if s.paths == ("s0.py",)]
    assert len(first) == 1
    first[0].touch()
    assert [s.paths[0] for s in cache.snapshots()][0] == "s0.py"
    time.sleep(0.01)
    _put(cache, "new")
    kept = [s.paths[0] for s in FactsCache(tmp_path / "cache").snapshots()]
    assert kept[0] == "new.py" and kept[1] == "s0.py"
    assert "s1.py" not in kept and len(kept) == KEEP_SNAPSHOTS
    cache.close()



def test_a_build_leaves_no_young_objects_for_the_next_collection_to_walk(tmp_path: Path):
    """The build makes its tables with the collector off. Left young, all of them would be
    walked by the first collection after it (half the cost of a warm check of a large tree):
    they are put in the oldest generation, and the collector is on again."""
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    for i in range(600):
        (root / "pkg" / f"m{i}.py").write_text(f"def f{i}(x):\n    return g{i}(x) + h{i}(x)\n", encoding="utf-8")
    cache = FactsCache(tmp_path / "cache")
    try:
        build_index(FsTree(root), Settings(), cache=cache, jobs=1)  # cold: parses, stores a snapshot
        assert gc.isenabled()
        gc.collect()
        index = build_index(FsTree(root), Settings(), cache=cache, jobs=1)  # warm: read from it
        assert index.build["mode"] == "snapshot"
        assert gc.isenabled()
        young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
        assert young < 300, young  # 600 files: what the build made is not among them (about 1,900 were)
    finally:
        cache.close()
