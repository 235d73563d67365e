"""The Index protocol (reuse_audit/index_protocol.py): what a rule may ask of the index, and who answers what.

* lazy ≡ full, question by question: the full and the lazy index give the same
  answer to every question of the protocol, on every rule fixture and on real
  packages (tests/test_lazy.py compares whole reports);
* the rules declare what they need (``Rule.needs``) and use nothing else;
* a rule that needs what the lazy index cannot answer gets the full index,
  chosen before anything is built lazily;
* no table of the lazy index raises from ``__iter__``, ``__len__``, ``values``
  or ``items``: what it cannot list, it does not pretend to.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path
from typing import Iterable

import pytest

import test_ra001
from reuse_audit.index import protocol as index_protocol
from reuse_audit.index import lazy as lazy_module
from reuse_audit.index.clones import build_clone_index
from reuse_audit.api import all_rules, run
from reuse_audit.source.change import change_from_patch
from reuse_audit.index import RepoIndex, build_index
from reuse_audit.change.model import ChangeSet
from reuse_audit.index.protocol import (
    AFTER_FACTS,
    AFTER_SOURCE,
    CALLEE_CANDIDATES,
    CALLERS,
    CAPABILITIES,
    CLONE_CANDIDATES,
    DECLARED_TARGETS,
    EVERY_FUNCTION,
    FUNCTIONS_OF_FILE,
    LINE_DATES,
    LOOKUP,
    OLD_VERSIONS,
    Index,
    MissingCapability,
)
from reuse_audit.index.lazy import LazyRepoIndex, build_lazy_index
from reuse_audit.index.repo import CallerSearch
from reuse_audit.lint.providers import Provided
from reuse_audit.index.lazyclones import LazyCloneIndex
from reuse_audit.lint.rule import Rule
from reuse_audit.settings import Settings
from reuse_audit.source.tree import MemoryTree

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


# --------------------------------------------------------------------------
# asking an index the protocol's questions (only through Index)
# --------------------------------------------------------------------------


#: what _ask gives when the lazy index said "only the full index knows" (index.inexact())
UNKNOWN = object()


def _ask(index: Index, question):
    """The answer, or the lazy index's documented "only the full index knows" (two modules define a name).
    Each question is asked as a check of its own: what one found is not carried to the next."""
    answer = question(index)
    inexact = index.inexact()
    if inexact is None:
        return answer
    assert isinstance(index, Provided) and isinstance(index.index, LazyRepoIndex) and index.index.lazy is not None
    index.index.lazy.inexact = None
    assert not inexact.costly  # the cost model is off in these tests (see _no_cost_model)
    assert inexact.reason.startswith("two modules define "), inexact
    return UNKNOWN


def _function(q: str):
    def question(index: Index):
        fn = index.functions.get(q)
        if fn is None:
            return (q in index.functions, index.is_method(q))
        return (fn.qualname, fn.module, fn.location, fn.callees, fn.is_method, index.is_method(q), q in index.functions)

    return question


def _file(path: str):
    return lambda index: index.by_path.get(path, ())


def _candidates(callees: frozenset[str], at_least: int):
    """The candidates that do share ``at_least`` callees: either index may give more (a superset), never fewer."""

    def question(index: Index):
        found = index.candidates(callees, at_least)
        return sorted(t for t in found if t in index.functions and len(index.functions[t].callees & callees) >= at_least)

    return question


def _clones(q: str, min_similarity: float):
    def question(index: Index):
        clones = index.clones
        assert clones is not None
        return (clones.tokens(q), clones.literals(q), clones.similar(q, min_similarity))

    return question


def _questions(full: Provided, clones: bool, every: int = 1) -> list[tuple[str, object]]:
    """Questions over a tree, from its full index (which can list every function: ``every_function``)."""
    assert full.can(EVERY_FUNCTION)
    names = sorted(full.functions)
    assert names, "a tree with no function asks nothing"
    questions: list[tuple[str, object]] = []
    for q in names:
        questions.append((f"function {q}", _function(q)))
    module = names[0].rpartition(".")[0]
    for q in (f"{module}.no_such_function", "no_such_module.f", names[0] + ".<locals>.nope"):
        questions.append((f"function {q}", _function(q)))
    for path in sorted(full.index.module_of_path) + ["no/such/file.py"]:
        questions.append((f"file {path}", _file(path)))
    wide = [q for q in names if len(full.functions[q].callees) >= 3][::every]
    for q in wide[:40]:
        callees = frozenset(full.functions[q].callees)
        for at_least in (1, max(1, int(0.8 * len(callees)))):
            questions.append((f"candidates of {q} sharing {at_least}", _candidates(callees, at_least)))
    if clones:
        for q in names[::every][:60]:
            questions.append((f"clones of {q}", _clones(q, 0.7)))
    return questions


def _indexes(tree, settings: Settings, clones: bool) -> tuple[Provided, Provided]:
    """Each index as the rules read it (``lint.providers.Provided``), with the callee candidates and,
    with ``clones``, the clone index built for it as the engine builds them."""
    full = build_index(tree, settings, None, jobs=1)
    lazy = build_lazy_index(tree, settings, None, 1, changed=())  # no change: both sides searched
    assert isinstance(lazy, LazyRepoIndex) and lazy.lazy is not None
    return (
        Provided(full, CallerSearch(full), build_clone_index(tree, full, settings, None, jobs=1) if clones else None),
        Provided(lazy, lazy.lazy, LazyCloneIndex(lazy.lazy, lazy.functions, settings.min_tokens) if clones else None),
    )


def _same_answers(full: Provided, lazy: Provided, questions) -> int:
    """Ask both; every answer alike.  Returns how many the lazy index left to the full one."""
    assert isinstance(lazy.index, LazyRepoIndex) and not lazy.can(EVERY_FUNCTION)
    differ = []
    unknown = 0
    for what, question in questions:
        expected = question(full)
        got = _ask(lazy, question)
        if got is UNKNOWN:
            unknown += 1
        elif got != expected:
            differ.append((what, got, expected))
    assert differ == []
    return unknown


@pytest.fixture
def _no_cost_model(monkeypatch):
    """The cost model decides which index is cheaper, not what it answers: off, the lazy one answers all."""
    monkeypatch.setattr(lazy_module, "LAZY_FLOOR", 10**15)


# --------------------------------------------------------------------------
# lazy ≡ full, question by question
# --------------------------------------------------------------------------


def _fixture_trees() -> list[str]:
    return [f"{rule}/{p.name}" for rule in ("ra001", "ra003") for p in sorted((FIXTURES / rule).iterdir()) if p.is_dir()]


def _after_tree(case: str) -> MemoryTree:
    folder = FIXTURES / case
    files = dict(test_ra001.read_tree(folder / "before"), **test_ra001.read_tree(folder / "after"))
    deleted = folder / "after" / ".deleted"
    if deleted.is_file():
        for line in deleted.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                files.pop(line.strip(), None)
    return MemoryTree({p: t.encode("utf-8") for p, t in files.items()})


@pytest.mark.parametrize("case", _fixture_trees())
def test_lazy_and_full_answer_every_question_alike_on_every_fixture(case, _no_cost_model):
    settings = Settings()
    full, lazy = _indexes(_after_tree(case), settings, clones=True)
    assert _same_answers(full, lazy, _questions(full, clones=True)) == 0


def _package_tree(name: str) -> MemoryTree:
    import sysconfig

    if name in ("email", "json", "logging"):
        folder = Path(sysconfig.get_paths()["stdlib"]) / name
    else:
        folder = Path(__import__(name).__file__).parent
    return MemoryTree(
        {f"{name}/{p.relative_to(folder).as_posix()}": p.read_bytes() for p in sorted(folder.rglob("*.py")) if "__pycache__" not in p.parts}
    )


@pytest.mark.parametrize("name", ["click", "attr", "json", "email", "logging", "reuse_audit"])
def test_lazy_and_full_answer_every_question_alike_on_real_packages(name, _no_cost_model):
    settings = Settings()
    full, lazy = _indexes(_package_tree(name), settings, clones=True)
    questions = _questions(full, clones=True, every=3)
    assert len(questions) > 50
    unknown = _same_answers(full, lazy, questions)
    assert unknown <= len(questions) // 50  # "two modules define it": rare, and said, never answered wrongly
    if name in ("click", "email"):  # near-clones there are: the clone answers compared are not all empty
        assert any(question(full)[2] for what, question in questions if what.startswith("clones "))


def test_a_name_two_modules_define_is_left_to_the_full_index_not_answered_wrongly(_no_cost_model):
    # pkg/__init__.py's class `tools` has a method `run`, and so does the module pkg/tools.py: pkg.tools.run twice
    tree = MemoryTree(
        {
            "pkg/__init__.py": b"class tools:\n    def run(self):\n        return 1\n",
            "pkg/tools.py": b"def run():\n    return 2\n",
        }
    )
    full, lazy = _indexes(tree, Settings(), clones=False)
    assert "pkg.tools.run" in full.functions
    # answered as "none", and said: a typed value the engine reads, never an exception a rule could swallow
    assert lazy.functions.get("pkg.tools.run") is None and lazy.inexact() is not None
    assert lazy.inexact().reason == "two modules define pkg.tools.run"


# --------------------------------------------------------------------------
# the rules declare what they need, and use nothing else
# --------------------------------------------------------------------------


def test_each_rule_declares_known_capabilities():
    rules = all_rules()
    for code, rule in rules.items():
        assert LOOKUP in rule.needs and rule.needs <= CAPABILITIES, code
        assert rule.needs_clones == (CLONE_CANDIDATES in rule.needs)
        assert rule.needs_targets == (DECLARED_TARGETS in rule.needs)
    assert CALLEE_CANDIDATES in rules["RA001"].needs and FUNCTIONS_OF_FILE in rules["RA001"].needs
    assert {LOOKUP, FUNCTIONS_OF_FILE, CLONE_CANDIDATES} <= rules["RA003"].needs
    assert rules["RA003"].defers_to == ("RA001",)  # it is given RA001's findings, it does not run RA001
    with pytest.raises(ValueError, match="unknown index capabilities"):
        Rule(code="X", name="x", summary="", doc="", check=lambda *a: iter(()), needs=frozenset({"everything"}))


def test_the_full_index_answers_everything_and_the_lazy_one_says_what_it_cannot():
    assert RepoIndex.missing(CAPABILITIES) == frozenset()
    assert LazyRepoIndex.missing(CAPABILITIES) == {EVERY_FUNCTION, CALLERS}
    for rule in all_rules().values():  # the shipped rules run lazily, but a preview rule may not
        assert LazyRepoIndex.missing(rule.needs) == (frozenset({EVERY_FUNCTION}) if rule.preview else frozenset()), rule.code
    tree = MemoryTree({"pkg/__init__.py": b"", "pkg/a.py": b"def f():\n    return g()\n\n\ndef g():\n    pass\n"})
    full, lazy = _indexes(tree, Settings(), clones=False)
    assert all(full.can(c) for c in CAPABILITIES)
    assert [c for c in sorted(CAPABILITIES) if not lazy.can(c)] == [CALLERS, EVERY_FUNCTION]
    with pytest.raises(ValueError):
        lazy.can("every function")
    # what it does not build, it refuses to read (a bug in the rule that did not declare it), never answers empty
    with pytest.raises(MissingCapability, match="callers"):
        lazy.index.callers.get("pkg.a.g")
    assert full.index.callers.get("pkg.a.g") == ("pkg.a.f",)
    # what a provider builds, it builds only for a rule that needs it: read otherwise, it is a bug
    with pytest.raises(MissingCapability, match="clone_candidates"):
        lazy.clones.similar("pkg.a.f", 0.9)
    with pytest.raises(MissingCapability, match="declared_targets"):
        full.declared.get("pkg.a.f")


def _protocol_members() -> set[str]:
    return {name for name in dir(Index) if not name.startswith("_")}


def test_the_rules_use_only_what_the_protocol_holds():
    """Every ``index.X`` in rules/ is a member of Index: the rules need nothing else of an index."""
    members = _protocol_members()
    assert {"functions", "by_path", "clones", "declared", "is_method", "candidates", "can"} <= members
    used: dict[str, set[str]] = {}
    for path in sorted((ROOT / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "index":
                used.setdefault(node.attr, set()).add(path.name)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Name) and first.id == "index":
                    used.setdefault(ast.literal_eval(node.args[1]), set()).add(path.name)
    assert {"functions", "candidates", "is_method", "by_path", "clones", "declared"} <= set(used)
    assert {name: files for name, files in used.items() if name not in members} == {}


def test_every_member_of_the_protocol_is_documented():
    for name in _protocol_members() - {"get"}:
        assert inspect.getdoc(getattr(Index, name)), name
    for name in ("tokens", "literals", "similar"):
        assert inspect.getdoc(getattr(index_protocol.CloneLookup, name)), name


# --------------------------------------------------------------------------
# the engine chooses the index before running the rules
# --------------------------------------------------------------------------


def _seen_rule(needs: Iterable[str], seen: list):
    def check(change, index, settings, prior=()):
        seen.append(sorted(index.functions) if EVERY_FUNCTION in needs else index.can(EVERY_FUNCTION))
        return iter(())

    return Rule(code="RA900", name="lists-every-function", summary="S.", doc="", check=check, needs=frozenset(needs))


def _small_change(root: Path):
    (root / "pkg").mkdir(parents=True, exist_ok=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "util.py").write_text("def helper(x):\n    return x\n")
    new = ["from pkg.util import helper", "", "", "def new(x):", "    return helper(x)"]
    patch = (
        "diff --git a/pkg/new.py b/pkg/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/new.py\n"
        f"@@ -0,0 +1,{len(new)} @@\n" + "".join(f"+{line}\n" for line in new)
    )
    return change_from_patch(root, patch, "p.patch")


def test_a_rule_needing_what_the_lazy_index_cannot_answer_gets_the_full_index_up_front(tmp_path, monkeypatch):
    change = _small_change(tmp_path / "repo")
    built_lazily: list[object] = []
    build = lazy_module.build_lazy_index

    def spy(*args, **kwargs):
        built_lazily.append(args)
        return build(*args, **kwargs)

    monkeypatch.setattr(lazy_module, "build_lazy_index", spy)
    seen: list[object] = []
    result = run(change, Settings(), cache=None, jobs=1, rules=[_seen_rule({LOOKUP, EVERY_FUNCTION}, seen)])
    assert built_lazily == []  # decided before building: no lazy index, no rule run twice
    assert result.index.can(EVERY_FUNCTION) and result.index.build["mode"] == "full"
    assert seen == [["pkg.new.new", "pkg.util.helper"]]  # run once, over every function
    # the same rule needing only lookups: the lazy index, built once
    seen.clear()
    result = run(change, Settings(), cache=None, jobs=1, rules=[_seen_rule({LOOKUP}, seen)])
    assert len(built_lazily) == 1 and not result.index.can(EVERY_FUNCTION)
    assert seen == [False]


def test_what_only_looking_finds_is_read_by_the_engine_even_from_a_rule_that_swallows_exceptions(tmp_path):
    # pkg.tools.run twice (a class's method in pkg/__init__.py, a function in pkg/tools.py): the lazy
    # index finds out only when a rule looks it up; a rule catching every exception must not keep
    # the lazy index's "none" (the full index finds it)
    (tmp_path / "repo" / "pkg").mkdir(parents=True)
    (tmp_path / "repo" / "pkg" / "tools.py").write_text("def run():\n    return 2\n")
    change = _small_change(tmp_path / "repo")
    (tmp_path / "repo" / "pkg" / "__init__.py").write_text("class tools:\n    def run(self):\n        return 1\n")
    seen: list[object] = []

    def check(change, index, settings, prior=()):
        try:
            seen.append(index.functions.get("pkg.tools.run") is not None)
        except Exception:  # noqa: BLE001  (what a careless rule does)
            seen.append("swallowed")
        return iter(())

    rule = Rule(code="RA900", name="looks-up", summary="S.", doc="", check=check, needs=frozenset({LOOKUP}))
    result = run(change, Settings(), cache=None, jobs=1, rules=[rule])
    assert seen == [False, True]  # the lazy index's answer, then the full index's, which the result rests on
    assert result.index.build["mode"] == "full" and result.index.inexact() is None


@pytest.mark.parametrize("lazy", [True, False])
def test_the_engine_builds_a_provider_for_exactly_the_capabilities_the_rules_need(tmp_path, lazy):
    change = _small_change(tmp_path / "repo")
    read: dict[str, object] = {}

    def reads_clones(change, index, settings, prior=()):
        read["clones"] = index.clones.tokens("pkg.new.new")  # a typed attribute: no getattr, no None to test
        read["candidates"] = sorted(index.candidates(["pkg.util.helper"]))
        read["old"] = index.old_versions.callees("pkg.new.new")  # added, not modified: no old version
        read["source"] = index.read_after("pkg/new.py").splitlines()[0]
        read["facts"] = [f.local_name for f in index.after_facts("pkg/new.py").functions]
        read["written"] = index.written_at("pkg/new.py", 4)  # not check PATH...: unknown
        return iter(())

    def reads_nothing_built(change, index, settings, prior=()):
        asked = {
            "clones": lambda: index.clones, "declared": lambda: index.declared, "candidates": lambda: index.candidates(["x"]),
            "old": lambda: index.old_versions, "facts": lambda: index.after_facts, "source": lambda: index.read_after,
            "written": lambda: index.written_at,
        }
        for name, ask in asked.items():
            with pytest.raises(MissingCapability):
                ask()  # not declared, not built: a bug to read, never an empty answer
            read[name + " refused"] = True
        return iter(())

    needs = frozenset({LOOKUP, CLONE_CANDIDATES, CALLEE_CANDIDATES, OLD_VERSIONS, AFTER_SOURCE, AFTER_FACTS, LINE_DATES})
    result = run(change, Settings(), cache=None, jobs=1, lazy=lazy, rules=[
        Rule(code="RA900", name="reads-clones", summary="S.", doc="", check=reads_clones, needs=needs),
    ])
    assert read == {
        "clones": result.provided.clones.tokens("pkg.new.new"), "candidates": ["pkg.new.new"],
        "old": None, "source": b"from pkg.util import helper", "facts": ["new"], "written": None,
    } and read["clones"]
    assert result.provided.provides(CLONE_CANDIDATES) and not result.provided.provides(DECLARED_TARGETS)
    read.clear()
    run(change, Settings(), cache=None, jobs=1, lazy=lazy, rules=[
        Rule(code="RA901", name="reads-nothing-built", summary="S.", doc="", check=reads_nothing_built),
    ])
    assert read == {f"{name} refused": True for name in ("clones", "declared", "candidates", "old", "facts", "source", "written")}
    # the index itself holds its tables only: nothing bolted on, no memo in the frozen dataclass;
    # the change set is plain data: no callback reading files or running a tokenizer
    assert {f.name for f in dataclasses.fields(RepoIndex)} & {"clones", "declared", "_wide"} == set()
    assert {f.name for f in dataclasses.fields(ChangeSet)} & {"before", "after_facts", "read_after", "written_at"} == set()


def test_the_shipped_rules_still_answer_lazily(tmp_path):
    change = _small_change(tmp_path / "repo")
    result = run(change, Settings(), cache=None, jobs=1)
    assert isinstance(result.index, LazyRepoIndex) and not result.index.can(EVERY_FUNCTION)


# --------------------------------------------------------------------------
# no table of the lazy index raises from __iter__, __len__, values or items
# --------------------------------------------------------------------------

LISTING = ("__iter__", "__len__", "values", "items", "keys")


def test_no_listing_method_in_lazy_py_raises():
    """Read from the source: no ``raise`` in a method that lists a table (a lookup is not iterable instead)."""
    tree = ast.parse(inspect.getsource(lazy_module))
    raising = [
        f"{cls.name}.{fn.name}"
        for cls in ast.walk(tree)
        if isinstance(cls, ast.ClassDef)
        for fn in cls.body
        if isinstance(fn, ast.FunctionDef) and fn.name in LISTING
        and any(isinstance(node, ast.Raise) for node in ast.walk(fn))
    ]
    assert raising == []


def test_the_lazy_tables_list_exactly_or_are_not_iterable(_no_cost_model):
    tree = MemoryTree({"pkg/__init__.py": b"", "pkg/a.py": b"def f():\n    return g()\n\n\ndef g():\n    pass\n"})
    lazy = build_lazy_index(tree, Settings(), None, 1, changed=())
    for table in (lazy.functions, lazy.by_path, lazy.callers, lazy.method_callers):
        with pytest.raises(TypeError):  # Python's "not iterable" / "has no len()": no lazy answer pretends
            iter(table)
        with pytest.raises(TypeError):
            len(table)  # type: ignore[arg-type]
    assert lazy.functions["pkg.a.f"].callees == frozenset({"pkg.a.g"})
    assert lazy.by_path.get("pkg/a.py") == ("pkg.a.f", "pkg.a.g")
    modules = lazy.lazy.modules  # the resolver's module table: every module's name, known from the paths
    assert sorted(modules) == ["pkg", "pkg.a"] and len(modules) == 2
    assert sorted(m.name for m in modules.values()) == ["pkg", "pkg.a"]  # each parsed: exact, at its cost
