"""The lazy index (reuse_audit/lazy.py, its text search in textsearch.py) answers as the full index does.

Two kinds of test: the claim its text search rests on (every resolved call
ends with the callee's last name, or with a name an import renamed it to),
checked on every call of real packages; and whole checks of copies of real
functions, lazily and fully, which must give the same report.
"""

from __future__ import annotations

import importlib

import shutil
import sysconfig
from pathlib import Path

import pytest

from reuse_audit.facts.cache import FactsCache
from reuse_audit.source.change import change_from_patch
from reuse_audit.api import run
from reuse_audit.index import lazy as lazy_module
from reuse_audit.index import tokens
from reuse_audit.index.textsearch import Layout, call_offsets, call_sites, closure, has_window, name_offsets, renames
from reuse_audit.facts.parse import decode, parse_compact
from reuse_audit.index.resolve import Module, Resolver, assign_modules, method_name
from reuse_audit.settings import Settings


def _package(name: str) -> Path:
    if name in ("email", "json", "logging", "concurrent"):
        return Path(sysconfig.get_paths()["stdlib"]) / name
    module = __import__(name)
    return Path(module.__file__).parent


RA001 = Settings(select=("RA001",))  # RA003 on a copy of many tokens needs the full index

PACKAGES = ["click", "attr", "email", "json", "logging", "reuse_audit"]


@pytest.fixture(scope="module")
def copies(tmp_path_factory) -> dict[str, Path]:
    """Each package copied into a folder of its own (the folder is the repository)."""
    out = {}
    for name in PACKAGES:
        root = tmp_path_factory.mktemp(name)
        shutil.copytree(_package(name), root / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        out[name] = root
    return out


def _sources(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.py"))}


# --------------------------------------------------------------------------
# the claim of the text search
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", PACKAGES)
def test_every_call_ends_with_its_callees_name_or_a_rename_of_it(copies, name):
    sources = _sources(copies[name])
    texts = {p: decode(data)[0] for p, data in sources.items()}
    facts = {p: parse_compact(data) for p, data in sources.items()}
    modules = [Module(info[0], p, info[1], info[2], facts=facts[p]) for p, info in assign_modules(facts).items() if info]
    resolver = Resolver(modules)
    renamed = renames(texts)
    layouts = {p: Layout(t) for p, t in texts.items()}

    def in_code(path: str, at: int) -> bool:
        return layouts[path].in_code(at)

    resolved = 0
    wrong = []
    for module in modules:
        for fn in module.own_functions():
            for parts, callee in resolver.call_targets(module, fn):
                if not callee:
                    continue
                resolved += 1
                last = method_name(callee)
                if parts[-1] != last and parts[-1] not in closure({last}, renamed, in_code):
                    wrong.append((module.name, fn[0], parts, callee))
    assert resolved > 40
    assert wrong == []


def test_renames_are_found_in_every_import_form():
    text = (
        b"from x import (a as b,\n  c as d)\n"
        b"import m.n as o\n"
        b"from y import (p  # why\n   as q)\n"
        b"import z \\\n  as w\n"
        b"with f as g:\n    pass\n"
        b"except E as e:\n"
        b"'''from doc import r as s'''\n"
    )
    found = renames({"t.py": text})
    pairs = {(old, new) for old, items in found.items() for new, _, _ in items}
    assert {("a", "b"), ("c", "d"), ("n", "o"), ("p", "q"), ("z", "w")} <= pairs
    assert ("f", "g") not in pairs and ("E", "e") not in pairs
    layout = Layout(text)
    # the one in a string is found, and left out of the closure
    assert closure({"r"}, found, lambda path, at: layout.in_code(at)) == {"r"}
    assert closure({"a", "n"}, found) == {"a", "b", "n", "o"}


def test_call_sites_count_in_code_and_in_windows():
    text = (
        b"def f():\n"
        b"    helper(1)\n"
        b"    def g():\n"
        b"        helper(2)\n"
        b"    obj.helper (3)\n"
        b"\n"
        b"class C:\n"
        b"    def m(self):\n"
        b"        helper(); helper()\n"
        b"    def n(self):\n"
        b"        '''helper(4)'''\n"
        b"        helper()  # helper()\n"
        b'        return f"{helper(6)}" + rf"{helper(7)}"\n'
        b"x = my_helper(5)\n"
    )
    layout = Layout(text)
    pattern = call_sites({"helper"})
    sites = call_offsets(pattern, layout)
    assert len(sites) == 10  # not my_helper
    code = [at for at in sites if layout.in_code(at)]
    assert len(code) == 8  # the calls in f-strings are calls
    assert has_window(text, code, 3)  # f and its nested g
    assert not has_window(text, code, 4)  # C's methods are windows of their own (n has 3: two in f-strings)
    # a layout tree-sitter may read otherwise: the whole file is the window
    broken = text.replace(b"helper(2)", b"helper(2")
    assert has_window(broken, call_offsets(pattern, Layout(broken)), 6)
    tabbed = text.replace(b"    def n", b"\tdef n")
    assert has_window(tabbed, call_offsets(pattern, Layout(tabbed)), 6)


def test_a_backslash_ending_a_line_of_a_triple_quoted_string_does_not_end_the_string():
    # attrs' make_class: r"""... `attr.ib`\ (newline) ...""" then types.new_class(...), which the
    # text search took for a string (a candidate the full index has, the lazy one missed)
    for quote in (b'"""', b"'''"):
        text = b"def f():\n    r" + quote + b"names to `attr.ib`\\\n    more." + quote + b"\n    return helper(1)\n"
        layout = Layout(text)
        assert layout.in_code(text.find(b"helper(1)")), quote
        assert not layout.in_code(text.find(b"more."))


def test_a_backslash_ending_a_line_of_a_string_in_a_windows_file_does_not_end_the_string():
    # found by tests/test_lazy_property.py: a string continued by a backslash at the top of a file
    # with Windows line ends; the backslash took the \r alone, the \n ended the string, and the
    # ''' after it opened a string that ran to the end of the file: its raw symbols held none of
    # its functions (RA003's lazy search missed a copy the full index found)
    for quote, other in ((b'"', b"'''"), (b"'", b'"""')):
        text = quote + b"a string continued\\\r\n" + other + b" quoted by a backslash" + quote + b"\r\ndef f(x):\r\n    return helper(x)\r\n"
        layout = Layout(text)
        assert layout.in_code(text.find(b"helper(x)")), quote
        assert not layout.in_code(text.find(b"quoted by"))
        start = text.find(b"def f")
        assert tokens.raw_symbols(text, start, len(text)) in tokens.raw_symbols(text, 0, len(text)), quote


def test_lazy_and_full_find_a_copy_in_a_windows_file_after_a_continued_string(tmp_path):
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    head = "\"a string continued\\\r\n''' quoted by a backslash\"\r\nimport os.path\r\n\r\n\r\n"
    body = (
        "class Engine:\r\n    @classmethod\r\n    def process(cls, x):\r\n"
        "        v0 = alpha(x)\r\n        import os.path\r\n        v1 = os.path.join(x)\r\n"
        "        import os.path\r\n        v2 = os.path.join(x)\r\n        return v0 + v1 + v2\r\n\r\n\r\n"
        "def alpha(x):\r\n    return os.path.join(x)\r\n"
    )
    (root / "pkg" / "util.py").write_bytes((head + body).encode())
    copy = (
        "from .util import *\nimport os.path\n\n\nclass EngineCopy(Engine):\n    @classmethod\n"
        "    def copy_of_process(cls, x):\n        v0 = alpha(x)\n        import os.path\n"
        "        v1 = os.path.join(x)\n        import os.path\n        v2 = os.path.join(x)\n"
        "        return v0 + v1 + v2\n"
    )
    lines = copy.splitlines()
    patch = (
        "diff --git a/pkg/copy_of_util.py b/pkg/copy_of_util.py\nnew file mode 100644\n--- /dev/null\n"
        f"+++ b/pkg/copy_of_util.py\n@@ -0,0 +1,{len(lines)} @@\n" + "".join(f"+{line}\n" for line in lines)
    )
    change = change_from_patch(root, patch, "copy.patch")
    settings = Settings(min_tokens=10)
    lazy = run(change, settings, cache=None, jobs=1)
    full = run(change, settings, cache=None, jobs=1, lazy=False)
    assert lazy.index.build["mode"] == "lazy" and full.index.build["mode"] == "full"
    assert [f.rule for f in full.report.findings] == ["RA003"]
    assert lazy.report == full.report


def test_a_renamed_name_counts_where_it_is_imported_or_an_attribute():
    text = b"from pkg import other\nimport mod\n\ndef f():\n    alias(1)\n    other(2)\n    mod.alias(3)\n"
    layout = Layout(text)
    pattern = call_sites({"alias", "other"})
    counted = call_offsets(pattern, layout, frozenset({b"alias", b"other"}))
    assert [text[at : at + 5] for at in counted] == [b"other", b"alias"]
    star = b"from pkg import *\n" + text
    assert len(call_offsets(pattern, Layout(star), frozenset({b"alias"}))) == 3


@pytest.mark.parametrize("name", PACKAGES)
def test_a_files_listed_calls_are_the_call_sites_a_search_finds(copies, name):
    """``name_offsets`` (the call sites listed once a file, for a change of many
    functions) finds what ``call_offsets`` (one search for a few names) finds."""
    import random

    texts = [decode(data)[0] for data in _sources(copies[name]).values()]
    every = sorted({n for t in texts for n in Layout(t).calls()})
    chooser = random.Random(16)
    compared = 0
    for text in texts:
        # names of the file's calls, names it never calls, prefixes and tails of names
        own = sorted(Layout(text).calls())
        picks = chooser.sample(own, min(4, len(own))) + chooser.sample(every, min(4, len(every)))
        picks += [n[:-1] for n in picks if len(n) > 1] + [n[1:] for n in picks if len(n) > 1]
        names = {n.decode("utf-8", "replace") for n in picks if n}
        names = {n for n in names if n.isidentifier()}
        if not names:
            continue
        renamed_only = frozenset(n.encode() for n in sorted(names)[::2])
        layout = Layout(text)
        expected = call_offsets(call_sites(names), layout, renamed_only)
        assert name_offsets(Layout(text), [n.encode() for n in names], renamed_only) == expected
        compared += len(expected)
    assert compared > 20


def test_listed_calls_read_calls_as_a_search_does():
    text = b"def f():\n    x = 1e5(1) + obj.helper (3) + (helper)(4) + my_helper(5) + helper\\\n(6)\n    'helper(7)'\n"
    layout = Layout(text)
    assert name_offsets(layout, [b"helper"]) == call_offsets(call_sites({"helper"}), layout)
    assert len(name_offsets(layout, [b"helper"])) == 4
    assert name_offsets(layout, [b"e5"]) == []  # the tail of a number


# --------------------------------------------------------------------------
# whole checks: lazy and full give the same report
# --------------------------------------------------------------------------


def _copy_patches(root: Path, package: str, limit: int) -> list[str]:
    """Patches that add, next to a module, a copy of one of its functions (renamed),
    or the first half of one (which may not even parse)."""
    sources = _sources(root)
    facts = {p: parse_compact(data) for p, data in sources.items()}
    patches = []
    for path in sorted(facts):
        if not path.startswith(package + "/") or path.endswith("__init__.py"):
            continue
        lines = sources[path].decode("utf-8", "replace").splitlines()
        imports = []
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith(("import ", "from ")):
                block = [line]
                while "(" in line and ")" not in line and i + 1 < len(lines):
                    i += 1
                    line = lines[i]
                    block.append(line)
                imports.extend(block)
            i += 1
        folder, _, stem = path.rpartition("/")
        stem = stem[:-3]
        for fn in facts[path][1]:
            local, line, end = fn[0], fn[2], fn[4]
            if "." in local or len(fn[6]) < 3 or end - line > 60:
                continue
            body = lines[line - 1 : end]
            if not body or not body[0].startswith("def "):
                continue
            for kind in ("copy", "half"):
                text = body if kind == "copy" else body[: max(2, len(body) // 2)]
                text = [text[0].replace(f"def {local}(", f"def {kind}_of_{local}(", 1)] + text[1:]
                new = [f"from .{stem} import *", *imports, "", "", *text]
                name = f"{folder}/{kind}_{stem}_{local}.py"
                hunk = "".join(f"+{x}\n" for x in new)
                patches.append(
                    f"diff --git a/{name} b/{name}\nnew file mode 100644\n--- /dev/null\n+++ b/{name}\n"
                    f"@@ -0,0 +1,{len(new)} @@\n{hunk}"
                )
            if len(patches) >= limit:
                return patches
    return patches


@pytest.mark.parametrize("rules", ["RA001", "all"])
@pytest.mark.parametrize("name", ["click", "attr", "email"])
def test_lazy_and_full_checks_give_the_same_report(copies, name, rules, tmp_path):
    root = copies[name]
    settings = RA001 if rules == "RA001" else Settings()
    patches = _copy_patches(root, name, 24)
    assert len(patches) >= 12
    found: dict[str, int] = {}
    for i, patch in enumerate(patches):
        change = change_from_patch(root, patch, f"p{i}.patch")
        lazy = run(change, settings, cache=None, jobs=1)
        assert lazy.index.build["mode"] == "lazy"
        full = run(change, settings, cache=None, jobs=1, lazy=False)
        assert full.index.build["mode"] == "full"
        assert lazy.report == full.report, patch
        for finding in full.report.findings:
            found[finding.rule] = found.get(finding.rule, 0) + 1
    # the copies are found: the comparison is not of empty reports
    assert found.get("RA001", 0) >= 1
    if rules == "all":
        assert found.get("RA003", 0) >= 1


def test_a_change_of_many_functions_gives_the_same_report_lazily(copies, monkeypatch):
    """Past SEARCHES_BEFORE_CALLS searches, the lazy index reads each file's listed calls:
    one change of many copies, with every search listed, gives the full index's report."""
    root = copies["click"]
    patch = "".join(_copy_patches(root, "click", 24))
    change = change_from_patch(root, patch, "many.patch")
    monkeypatch.setattr(lazy_module, "SEARCHES_BEFORE_CALLS", 0)
    monkeypatch.setattr(lazy_module, "LAZY_MAX_FUNCTIONS", 1000)
    lazy = run(change, RA001, cache=None, jobs=1)
    assert lazy.index.build["mode"] == "lazy"
    full = run(change, RA001, cache=None, jobs=1, lazy=False)
    assert lazy.report == full.report
    assert len(full.report.findings) >= 3
    # past LAZY_MAX_FUNCTIONS changed functions, the full index is built before any search
    monkeypatch.setattr(lazy_module, "LAZY_MAX_FUNCTIONS", len(full.change_set.changed) - 1)
    searched = []
    monkeypatch.setattr(lazy_module.LazyIndex, "candidates", lambda *a, **k: searched.append(a) or set())
    again = run(change, RA001, cache=None, jobs=1)
    assert again.index.build["mode"] == "full" and searched == []
    assert again.report == full.report


def test_the_lazy_check_parses_only_what_it_needs_and_a_snapshot_wins(copies, tmp_path):
    root = copies["click"]
    patch = _copy_patches(root, "click", 1)[0]
    change = change_from_patch(root, patch, "p.patch")
    cache = FactsCache(tmp_path / "cache")
    try:
        first = run(change, RA001, cache=cache)
        build = dict(first.index.build)
        assert build["mode"] == "lazy"
        assert 0 < build["parsed"] < first.report.files_analysed
        # the full index stores a snapshot; from then on it is the cheaper start
        run(change, RA001, cache=cache, lazy=False)
        again = run(change, RA001, cache=cache)
        assert again.index.build["mode"] == "snapshot"
        assert again.report == first.report
    finally:
        cache.close()


def test_ra003_tokenizes_only_the_files_that_hold_a_sketch_gram(copies):
    root = copies["click"]
    patch = _copy_patches(root, "click", 1)[0]
    change = change_from_patch(root, patch, "p.patch")
    settings = Settings(select=("RA001", "RA003"))
    lazy = run(change, settings, cache=None, jobs=1)
    build = dict(lazy.index.build)
    assert build["mode"] == "lazy"
    assert [f.rule for f in lazy.report.findings] == ["RA003"]  # the copy has more than 40 tokens
    assert 2 <= build["tokenized"] < lazy.report.files_analysed // 2  # the copy's file and its original's
    assert lazy.report == run(change, settings, cache=None, jobs=1, lazy=False).report


def _fixture_cases() -> list[tuple[str, str]]:
    root = Path(__file__).resolve().parent / "fixtures"
    return [(rule, p.name) for rule in ("ra001", "ra003") for p in sorted((root / rule).iterdir()) if p.is_dir()]


@pytest.mark.parametrize("rules", ["RA001", "all"])
@pytest.mark.parametrize("rule, case", _fixture_cases(), ids=lambda v: v)
def test_every_rule_fixture_gives_the_same_report_lazily(rule, case, rules, tmp_path):
    """Each fixture case of RA001 and RA003, lazily and fully (RA001 alone, so that RA003
    on a function of many tokens does not hide RA001's lazy path; then every rule)."""
    import test_ra001

    folder = Path(__file__).resolve().parent / "fixtures" / rule / case
    before = test_ra001.read_tree(folder / "before")
    after = dict(before, **test_ra001.read_tree(folder / "after"))
    deleted = folder / "after" / ".deleted"
    if deleted.is_file():
        for line in deleted.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                del after[line.strip()]
    repo = tmp_path / "repo"
    test_ra001.write_tree(repo, before)
    change = change_from_patch(repo, test_ra001.make_patch(before, after), "p.patch")
    settings = RA001 if rules == "RA001" else Settings()
    lazy = run(change, settings, cache=None, jobs=1)
    assert lazy.index.build["mode"] == "lazy"
    assert lazy.report == run(change, settings, cache=None, jobs=1, lazy=False).report


# --------------------------------------------------------------------------
# the cost model (issue 16): lazy only when cheaper than the full build
# --------------------------------------------------------------------------


def _library_and_tests(root: Path) -> str:
    (root / "pkg").mkdir()
    (root / "tests").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    body = "    a = alpha(x)\n    b = beta(a)\n    c = gamma(b)\n    return delta(c)\n"
    helpers = "".join(f"def {n}(x):\n    return x\n\n\n" for n in ("alpha", "beta", "gamma", "delta"))
    (root / "pkg" / "util.py").write_text(helpers + "def chain(x):\n" + body)
    # a module the change does not import, holding a function of the same calls
    (root / "pkg" / "more.py").write_text("from pkg.util import alpha, beta, gamma, delta\n\n\ndef chain_too(x):\n" + body)
    (root / "tests" / "test_util.py").write_text("from pkg.util import *\n\n\ndef check_chain(x):\n" + body)
    new = ["from pkg.util import *", "", "", "def my_chain(x):", *body.rstrip("\n").split("\n")]
    return (
        "diff --git a/pkg/new.py b/pkg/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/new.py\n"
        f"@@ -0,0 +1,{len(new)} @@\n" + "".join(f"+{line}\n" for line in new)
    )


def test_a_lazy_answer_over_its_budget_builds_the_full_index_before_parsing(tmp_path, monkeypatch):
    from reuse_audit.index import FactSource
    from reuse_audit.index import lazy as lazy_module

    root = tmp_path / "repo"
    root.mkdir()
    change = change_from_patch(root, _library_and_tests(root), "p.patch")
    cheap = run(change, RA001, cache=None, jobs=1)
    assert cheap.index.build["mode"] == "lazy"
    assert "pkg/more.py" in cheap.index.lazy.source.facts  # the text search kept it
    # no budget: the files the text search keeps are never parsed lazily
    monkeypatch.setattr(lazy_module, "LAZY_FLOOR", 0)
    monkeypatch.setattr(lazy_module, "LAZY_SHARE", 0.0)
    parsed_lazily: list[str] = []
    load = FactSource._load

    def spy(self, paths):
        if self.stats.get("mode") == "lazy":
            parsed_lazily.extend(paths)
        return load(self, paths)

    monkeypatch.setattr(FactSource, "_load", spy)
    costly = run(change, RA001, cache=None, jobs=1)
    assert costly.index.build["mode"] == "full"
    assert costly.report == cheap.report
    assert "pkg/more.py" not in parsed_lazily  # decided before parsing it


def test_a_library_change_neither_searches_nor_parses_test_files(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    patch = _library_and_tests(root)
    change = change_from_patch(root, patch, "p.patch")
    lazy = run(change, RA001, cache=None, jobs=1)
    assert lazy.index.build["mode"] == "lazy"
    parsed = set(lazy.index.lazy.source.facts)
    assert "pkg/util.py" in parsed and "tests/test_util.py" not in parsed
    assert [f.target for f in lazy.report.findings] == ["pkg.util.chain"]
    assert lazy.report == run(change, RA001, cache=None, jobs=1, lazy=False).report


def test_a_costly_check_waits_for_a_running_background_build_and_a_cheap_one_does_not(monkeypatch, tmp_path):
    from reuse_audit.lint import engine as engine_module
    from reuse_audit.index import lazy as lazy_module

    root = tmp_path / "repo"
    root.mkdir()
    change = change_from_patch(root, _library_and_tests(root), "p.patch")
    waited: list[object] = []
    monkeypatch.setattr(engine_module, "running", lambda directory: True)
    monkeypatch.setattr(engine_module, "wait", lambda directory, timeout: waited.append(directory) or True)
    cache = FactsCache(tmp_path / "cache")
    try:
        cheap = run(change, RA001, cache=cache, jobs=1)  # cheap: answered lazily, no wait
        assert cheap.index.build["mode"] == "lazy" and waited == []
    finally:
        cache.close()
    monkeypatch.setattr(lazy_module, "LAZY_FLOOR", 0)
    monkeypatch.setattr(lazy_module, "LAZY_SHARE", 0.0)
    cache = FactsCache(tmp_path / "cache2")
    try:
        costly = run(change, RA001, cache=cache, jobs=1)  # costly: waits, then the full index (no lazy work after)
        assert costly.index.build["mode"] == "full" and waited == [tmp_path / "cache2"]
    finally:
        cache.close()


def test_a_lazy_index_takes_the_work_of_a_previous_one_on_the_files_they_share(copies, tmp_path, monkeypatch):
    """The check that verifies a fix runs on the tree after the change with the fixed file
    overlaid: its lazy index takes the first check's texts, layouts, renames and facts of the
    files both trees share (``LazyIndex.inherit``), and answers as one made from nothing."""
    from reuse_audit.facts import cache as cache_module
    from reuse_audit.index import digests
    from reuse_audit.index.lazy import build_lazy_index
    from reuse_audit.source.tree import FsTree, OverlayTree

    root = tmp_path / "repo"
    shutil.copytree(copies["click"], root)
    for module in (cache_module, digests):  # the files were copied just now: no racy margin
        monkeypatch.setattr(module, "RACY_SECONDS", 0.0)
    cache = FactsCache(tmp_path / "cache")
    try:
        tree = FsTree(root)
        first = build_lazy_index(tree, Settings(), cache, 1, ["click/utils.py"]).lazy
        callees = ["click.utils.echo", "click.core.Context.invoke", "os.path.join"]
        first.candidates(callees, 2)
        changed = "click/utils.py"
        fixed = OverlayTree(tree, {changed: (root / changed).read_bytes() + b"\nimport os as operating_system\n"})
        reads: list[str] = []
        real = tree.read
        monkeypatch.setattr(tree, "read", lambda path: reads.append(path) or real(path))
        taken = build_lazy_index(fixed, Settings(), cache, 1, [changed], previous=first).lazy
        assert taken.candidates(callees, 2) and reads == []  # nothing read again: the changed file is in memory
        monkeypatch.setattr(tree, "read", real)
        made = build_lazy_index(fixed, Settings(), cache, 1, [changed]).lazy
        assert taken.candidates(callees, 2) == made.candidates(callees, 2)
        assert {k: sorted(v) for k, v in taken.renamed().items()} == {k: sorted(v) for k, v in made.renamed().items()}
        assert ("operating_system", changed) in {(new, key) for new, key, _ in taken.renamed()["os"]}
    finally:
        cache.close()


def test_ra003_reads_the_findings_ra001_made_in_the_same_check(copies, tmp_path, monkeypatch):
    """RA003 leaves out the pairs RA001 reports: it reads RA001's findings of the check it is
    part of, and the candidates are searched once, not once a rule."""
    ra001 = importlib.import_module("reuse_audit.rules.ra001_reimplemented_function")

    root = tmp_path / "repo"
    shutil.copytree(copies["click"], root)
    patch = _copy_patches(root, "click", 1)[0]
    made = []
    real = ra001._findings

    def counting(change, index, settings):
        made.append(index)
        return real(change, index, settings)

    monkeypatch.setattr(ra001, "_findings", counting)
    settings = Settings(select=("RA001", "RA003"))
    result = run(change_from_patch(root, patch, "p.patch"), settings, cache=None, jobs=1)
    assert result.index.build["mode"] == "lazy" and result.index.lazy.source.stats.get("tokenized")  # RA003 searched
    assert len(made) == 1
    run(change_from_patch(root, patch, "p.patch"), settings, cache=None, jobs=1)
    assert len(made) == 2  # another check: made again


def test_raw_symbols_are_kept_by_content_for_the_next_check(copies, tmp_path, monkeypatch):
    """RA003's lazy search scans every file's raw symbols: a check keeps them in the clone
    cache by content digest, and the next one tokenizes only the files that changed."""
    from reuse_audit.index import lazyclones

    root = tmp_path / "repo"
    shutil.copytree(copies["click"], root)
    patch = _copy_patches(root, "click", 1)[0]
    settings = Settings(select=("RA001", "RA003"))
    tokenized: list[list[str]] = []
    real = lazyclones.raw_files

    def counting(work, jobs=0):
        tokenized.append(sorted(key for key, _ in work))
        return real(work, jobs)

    monkeypatch.setattr(lazyclones, "raw_files", counting)
    cache = FactsCache(tmp_path / "cache")
    try:
        first = run(change_from_patch(root, patch, "p.patch"), settings, cache=cache, jobs=1)
        assert first.index.build["mode"] == "lazy" and len(tokenized[-1]) > 10
        again = run(change_from_patch(root, patch, "p.patch"), settings, cache=cache, jobs=1)
        assert tokenized[-1] == [] and again.report == first.report
        changed = "click/_compat.py"
        (root / changed).write_bytes((root / changed).read_bytes() + b"\n# changed\n")
        third = run(change_from_patch(root, patch, "p.patch"), settings, cache=cache, jobs=1)
        assert tokenized[-1] == [changed] and third.report == first.report
    finally:
        cache.close()
    # without a cache, nothing is kept
    run(change_from_patch(root, patch, "p.patch"), settings, cache=None, jobs=1)
    assert len(tokenized[-1]) > 10
