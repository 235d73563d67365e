"""Issue 13: what real agent changes need besides the fixture cases of tests/fixtures/ra00*.

Creation sections written as ``--- a/X`` / ``@@ -0,0 ...``, bounded ``also:``
lists and SARIF related locations, test patterns, moves, and the guards of
rules/scope.py and RA001 on small hand-made functions.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reuse_audit.app.cli import cli
from reuse_audit.errors import PatchError, UsageError
from reuse_audit.change.previous import find_moves
from reuse_audit.lint.model import Candidate, Finding, Report
from reuse_audit.facts.model import CallSite, FunctionFact, Function, Location
from reuse_audit.report import RenderContext, render
from reuse_audit.rules import ra001_reimplemented_function as ra001
from reuse_audit.rules import scope
from reuse_audit.lint.config import settings_from_table
from reuse_audit.rules import RULES
from reuse_audit.settings import Settings
from violation_support import finding

UTIL = "def a(x):\n    return x\n\n\ndef b(x):\n    return x\n\n\ndef c(x):\n    return x\n"
COPY = "from pkg.util import a, b, c\n\n\ndef {name}(x):\n    return a(b(c(x)))\n"


def write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def check(root: Path, patch: str, *args: str):
    (root.parent / "change.patch").write_text(patch, encoding="utf-8")
    return CliRunner().invoke(
        cli, ["check", str(root.parent / "change.patch"), "--repo", str(root), "--no-cache", *args], catch_exceptions=False
    )


# ------------------------------------------------------------------ creation sections


def creation(path: str, text: str) -> str:
    lines = text.splitlines()
    body = "".join("+" + line + "\n" for line in lines)
    return f"--- a/{path}\n+++ b/{path}\n@@ -0,0 +1,{len(lines)} @@\n{body}"


def edit(path: str, old: str, new: str) -> str:
    import difflib

    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{path}", f"b/{path}"))


def test_a_section_with_no_old_lines_creates_a_missing_file(tmp_path: Path):
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/old.py": COPY.format(name="old")})
    result = check(repo, creation("pkg/new.py", COPY.format(name="new")), "--format", "json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert [f["function"] for f in report["findings"]] == ["pkg.new.new"]
    assert report["findings"][0]["details"]["status"] == "added"


def test_a_modifying_section_of_a_missing_file_is_still_an_error(tmp_path: Path):
    from reuse_audit.source.change import change_from_patch

    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": ""})
    with pytest.raises(PatchError, match="patch modifies 'pkg/gone.py', which does not exist in the tree"):
        change_from_patch(repo, "--- a/pkg/gone.py\n+++ b/pkg/gone.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n", "change.patch")


# ------------------------------------------------------------------ bounded messages


def _finding(others: int, added: bool = False) -> Finding:
    return finding(
        rule="RA001",
        location=Location("pkg/new.py", 3, 0, 5),
        function="pkg.new.f",
        message="'f' re-implements 'pkg.old.t' (calls 3 of its 3 callees) without calling it",
        target="pkg.old.t",
        target_location=Location("pkg/old.py", 1, 0, 2),
        shared=("pkg.util.a",),
        others=tuple(
            Candidate(f"pkg.o{i:02}.g", Location(f"pkg/o{i:02}.py", 1, 0, 2), 3, 3, 1.0, added=added and i == 0)
            for i in range(others)
        ),
        details=(("status", "added"),),
    )


def _render(fmt: str, finding: Finding) -> str:
    from reuse_audit.api import all_rules

    ctx = RenderContext(rules=(all_rules()["RA001"],), version="0", source=lambda path: None)
    return render(fmt, Report(findings=(finding,), files_analysed=3, functions_checked=1, rules=("RA001",)), ctx)


def test_also_lists_at_most_five_then_how_many_more():
    text = _render("text", _finding(12))
    also = next(line for line in text.splitlines() if line.strip().startswith("also:"))
    assert also.count("pkg.o") == 5 and also.endswith(", and 7 more")
    github = _render("github", _finding(12))
    assert "and 7 more" in github and "pkg.o05" not in github
    assert "and" not in next(line for line in _render("text", _finding(5)).splitlines() if "also:" in line).split("pkg.o04")[1]


def test_sarif_has_at_most_ten_related_locations_and_says_added_by_this_change():
    sarif = json.loads(_render("sarif", _finding(30, added=True)))
    related = sarif["runs"][0]["results"][0]["relatedLocations"]
    assert len(related) == 10
    assert related[1]["message"]["text"] == "function pkg.o00.g (calls 3 of its 3 callees, added by this change)"
    assert related[2]["message"]["text"].startswith("existing function pkg.o01.g")
    assert "added by this change" in _render("text", _finding(2, added=True))


# ------------------------------------------------------------------ test patterns


@pytest.mark.parametrize(
    "path, expected",
    [
        ("tests/test_x.py", True),
        ("src/pkg/tests/helpers.py", True),
        ("testing/plugin.py", True),
        ("pkg/test_util.py", True),
        ("pkg/util_test.py", True),
        ("conftest.py", True),
        ("pkg/testutils.py", False),
        ("pkg/latest.py", False),
        ("pkg/contest.py", False),
    ],
)
def test_default_test_patterns(path: str, expected: bool):
    assert Settings().is_test(path) is expected


def test_test_patterns_and_include_tests_from_the_configuration():
    settings = settings_from_table({"test-patterns": ["spec/", "pkg/check_*.py"], "include-tests": True}, "pyproject.toml", RULES)
    assert settings.include_tests is True
    assert settings.is_test("spec/a.py") and settings.is_test("pkg/check_a.py") and not settings.is_test("tests/a.py")
    with pytest.raises(UsageError, match="include-tests must be true or false"):
        settings_from_table({"include-tests": "yes"}, "pyproject.toml", RULES)
    with pytest.raises(UsageError, match="min-own-callees"):
        settings_from_table({"min-own-callees": -1}, "pyproject.toml", RULES)


def test_include_tests_on_the_command_line(tmp_path: Path):
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": UTIL, "tests/test_old.py": COPY.format(name="test_old")})
    patch = creation("tests/test_new.py", COPY.format(name="test_new"))
    assert check(repo, patch).exit_code == 0
    result = check(repo, patch, "--include-tests")
    assert result.exit_code == 1 and "tests.test_old.test_old" in result.stdout


# ------------------------------------------------------------------ moves


def test_one_removed_function_explains_one_move():
    seq = "abcdefghij" * 5
    moved = find_moves({"m.f": (seq, ""), "m.g": (seq, ""), "n.f": (seq + "x", "")}, [("f", (seq, ""))], 0.9)
    assert moved == {"m.f"}  # exact, and of the same name first
    assert find_moves({"m.h": (seq + "xy", "")}, [("f", (seq, ""))], 0.9) == {"m.h"}  # nearly equal
    assert find_moves({"m.h": ("zzzz" + seq[:20], "")}, [("f", (seq, ""))], 0.9) == frozenset()


# ------------------------------------------------------------------ targets and evidence


def fn(qualname: str, is_method: bool, calls: tuple[tuple[str, ...], ...] = (), path: str = "pkg/m.py") -> Function:
    name = qualname.rpartition(".")[2]
    fact = FunctionFact(
        name, name, 1, 0, 2, (), tuple(CallSite(p, 1, 0) for p in calls), None, None, (), (), (), (), (), "", None
    )
    return Function(qualname, "pkg.m", Location(path, 1, 0, 2), fact, frozenset(), is_method)


class Stub:
    """The little of a RepoIndex that the guards read."""

    def __init__(self, functions: dict[str, Function]):
        self.functions = functions
        self.by_path: dict[str, tuple[str, ...]] = {}
        for q, f in functions.items():
            self.by_path[f.location.path] = self.by_path.get(f.location.path, ()) + (q,)

    def is_method(self, q: str) -> bool:
        f = self.functions.get(q)
        return f is not None and f.is_method


def test_same_protocol():
    index = Stub({})
    same = scope.same_protocol
    assert same(fn("pkg.a.A.render", True), fn("pkg.b.B.render", True), index)
    assert same(fn("pkg.a.P._print_Add", True), fn("pkg.a.P._print_Mul", True), index)
    assert not same(fn("pkg.a.P.print_add", True), fn("pkg.a.P.print_mul", True), index)
    assert not same(fn("pkg.a.render", False), fn("pkg.b.render", False), index)  # no hook family
    hooks = {q: fn(q, False, path="pkg/b.py") for q in ("pkg.b.hook_add", "pkg.b.hook_configure", "pkg.b.hook_unconfigure")}
    assert same(fn("pkg.a.hook_add", False), hooks["pkg.b.hook_add"], Stub(hooks))
    family = {q: fn(q, True, path="pkg/d.py") for q in ("pkg.d.D._parse_a_section", "pkg.d.D._parse_b_section", "pkg.d.D._parse_c_section")}
    assert same(fn("pkg.d.D._parse_x_section", True), family["pkg.d.D._parse_a_section"], Stub(family))
    assert not same(fn("pkg.d.D._parse_x_part", True), family["pkg.d.D._parse_a_section"], Stub(family))


def test_a_call_through_self_of_the_targets_name_is_a_call_of_it():
    target = fn("pkg.b.B.save", True)
    assert scope.calls_by_name(fn("pkg.a.A.store", True, calls=(("self", "save"),)), target)
    assert scope.calls_by_name(fn("pkg.a.A.store", True, calls=(("super()", "save"),)), target)
    assert not scope.calls_by_name(fn("pkg.a.A.store", True, calls=(("other", "save"),)), target)
    assert not scope.calls_by_name(fn("pkg.a.store", False, calls=(("self", "save"),)), fn("pkg.b.save", False))


def test_a_method_call_counts_once_not_as_dot_name_and_as_the_method():
    index = Stub({"pkg.basic.Basic.subs": fn("pkg.basic.Basic.subs", True)})
    callees = frozenset({".subs", "pkg.basic.Basic.subs", ".expand", "pkg.util.a"})
    assert ra001.distinct(callees, index) == frozenset({"pkg.basic.Basic.subs", ".expand", "pkg.util.a"})


def test_own_callees_count_only_functions_of_the_repository():
    index = Stub({"pkg.util.a": fn("pkg.util.a", False)})
    assert ra001.own_callees(["pkg.util.a", "logging.Logger.debug", ".info", "pkg.models.Model"], index) == 1


def test_a_rare_combination_of_library_calls_is_evidence_a_common_one_is_vocabulary(tmp_path: Path):
    stdlib = "import os.path\nimport shutil\n\n\ndef {name}(p, d):\n    t = os.path.join(d, os.path.basename(p))\n    if os.path.exists(t):\n        return t\n    return shutil.copy(p, t)\n"
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/files.py": stdlib.format(name="backup")})
    patch = creation("pkg/archive.py", stdlib.format(name="archive"))
    # every callee is in the standard library, and no other function combines them: a copy
    result = check(repo, patch, "--select", "RA001")
    assert result.exit_code == 1 and "re-implements 'pkg.files.backup'" in result.output
    # the same combination in two more untouched functions of the tree: the code base's vocabulary
    write(repo, {"pkg/more.py": stdlib.format(name="stash") + "\n\n" + stdlib.format(name="keep")})
    assert check(repo, patch, "--select", "RA001").exit_code == 0
    write(repo, {"pyproject.toml": "[tool.reuse-audit]\nmax-common = 2\n"})
    assert check(repo, patch, "--select", "RA001").exit_code == 1
    # the old guard, asked for: a shared callee must be a function of the repository itself
    write(repo, {"pyproject.toml": "[tool.reuse-audit]\nmax-common = 2\nmin-own-callees = 1\n"})
    assert check(repo, patch, "--select", "RA001").exit_code == 0


def test_methods_of_one_name_are_one_protocol_only_in_related_classes():
    from reuse_audit.facts.model import ClassFact, FileFacts

    def method(qualname: str, cls: str, path: str) -> Function:
        f = fn(qualname, True, path=path)
        return Function(f.qualname, f.module, f.location, dataclasses.replace(f.fact, class_name=cls), f.callees, True)

    files = {
        "pkg/a.py": FileFacts("", (), (ClassFact("Latex", "Latex", 1, ("Printer",)), ClassFact("Cache", "Cache", 9, ())), (), ()),
        "pkg/b.py": FileFacts("", (), (ClassFact("Pretty", "Pretty", 1, ("base.Printer",)), ClassFact("Store", "Store", 9, ("object",))), (), ()),
    }
    latex, pretty = method("pkg.a.Latex._print_X", "Latex", "pkg/a.py"), method("pkg.b.Pretty._print_X", "Pretty", "pkg/b.py")
    cache, store = method("pkg.a.Cache.load", "Cache", "pkg/a.py"), method("pkg.b.Store.load", "Store", "pkg/b.py")
    assert scope.same_protocol(latex, pretty, Stub({}), files.get)
    assert not scope.same_protocol(cache, store, Stub({}), files.get)  # a copy between unrelated classes is a copy
    assert scope.same_protocol(cache, store, Stub({}))  # without facts: assumed related


def test_abstract_methods_and_overload_stubs_are_declarations_not_copies(tmp_path: Path):
    stub = '''from abc import ABC, abstractmethod


class {cls}(ABC):
    @abstractmethod
    async def {name}(
        self,
        title__contains: str | None = None,
        created_at__gte: int | None = None,
        created_at__lt: int | None = None,
        updated_at__gte: int | None = None,
        updated_at__lt: int | None = None,
    ) -> int:
        """Count the records."""
'''
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/info.py": stub.format(cls="InfoService", name="count_info")})
    patch = creation("pkg/service.py", stub.format(cls="Service", name="count_items"))
    result = check(repo, patch, "--select", "RA003")
    assert result.exit_code == 0, result.stdout  # (before issue 13: "near-copy of InfoService.count_info")


@pytest.mark.parametrize(
    "a, b, opposite",
    [
        ("show_cursor", "hide_cursor", True),
        ("update", "reset", True),
        ("add_secret", "wipe_secrets", False),  # two words differ: not this test's business
        ("add_secret", "remove_secret", True),
        ("register_hook", "unregister_hook", True),
        ("lockFile", "unlockFile", True),
        ("_migrate_postgres", "_revert_postgres", True),
        ("load_config", "read_config", False),
        ("load", "reload", False),
        # inflected verbs (prefect 261b2007: event builders read false)
        ("work_pool_created_event", "work_pool_deleted_event", True),
        ("on_started", "on_stopped", True),
        ("created_at", "updated_at", False),
        ("get_user", "get_users", False),
    ],
)
def test_opposite_names(a: str, b: str, opposite: bool):
    from reuse_audit.rules import scope

    assert scope.opposites(a, b) is opposite


@pytest.mark.parametrize(
    "a, b, twin",
    [("get_session", "aget_session", True), ("display_async_stream_events", "display_stream_events", True), ("run", "run_async", True), ("_execute", "_aexecute", True), ("async_fetch", "fetch", True), ("get", "set", False), ("arun", "run_stream", False)],
)
def test_sync_and_async_twins(a: str, b: str, twin: bool):
    from reuse_audit.rules import scope

    assert scope.twins(a, b) is twin


def test_library_code_is_never_pointed_at_an_example(tmp_path: Path):
    body = "from pkg.util import a, b, c\n\n\ndef {name}(x):\n    return c(b(a(x)))\n"
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": "def a(x):\n    return x\n\n\ndef b(x):\n    return x\n\n\ndef c(x):\n    return x\n", "examples/demo.py": body.format(name="demo")})
    # the library's new function shares the example's calls: nobody calls an example instead
    assert check(repo, creation("pkg/core.py", body.format(name="pipeline")), "--select", "RA001").exit_code == 0
    # an example that re-implements library code is a finding
    write(repo, {"pkg/core.py": body.format(name="pipeline")})
    result = check(repo, creation("examples/other.py", body.format(name="again")), "--select", "RA001")
    assert result.exit_code == 1 and "pkg.core.pipeline" in result.output


def test_same_name_functions_of_two_modules_are_one_protocol_unless_copied(tmp_path: Path):
    util = "def a(x):\n    return x\n\n\ndef b(x):\n    return x\n\n\ndef c(x):\n    return x\n"
    old = (
        "from pkg.util import a, b, c\n\n\ndef create(x, items):\n    y = a(x)\n    total = 0\n    for item in items:\n"
        "        if item > y:\n            total += b(item)\n        else:\n            total -= c(item)\n    return total, y\n"
    )
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": util, "pkg/cli/__init__.py": "", "pkg/cli/typer_cmds.py": old})
    # the same command for another framework: the same calls, its own way
    port = "from pkg.util import a, b, c\n\n\ndef create(x, verbose=False):\n    if verbose:\n        print('creating')\n    return b(a(x)) or c(x)\n"
    assert check(repo, creation("pkg/cli/cyclopts_cmds.py", port), "--select", "RA001").exit_code == 0
    # a copy to the letter under the same name is still a copy
    result = check(repo, creation("pkg/cli/cyclopts_cmds.py", old), "--select", "RA001")
    assert result.exit_code == 1 and "'pkg.cli.typer_cmds.create'" in result.output


def test_the_same_method_of_a_class_and_its_async_twin_is_no_target(tmp_path: Path):
    util = "def a(x):\n    return x\n\n\ndef b(x):\n    return x\n\n\ndef c(x):\n    return x\n"
    method = "    def cancel_many(self, x):\n        y = a(x)\n        if y:\n            return b(y)\n        return c(x)\n"
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": util, "pkg/runs.py": "from pkg.util import a, b, c\n\n\nclass RunsClient:\n" + method})
    twin = "from pkg.util import a, b, c\n\n\nclass SyncRunsClient:\n" + method
    assert check(repo, creation("pkg/sync_runs.py", twin), "--select", "RA001,RA003").exit_code == 0
    other = "from pkg.util import a, b, c\n\n\nclass Helper:\n" + method.replace("cancel_many", "drop_all")
    assert check(repo, creation("pkg/helper.py", other), "--select", "RA001").exit_code == 1


def test_backends_implementing_a_hook_their_base_declares_are_no_targets_of_each_other(tmp_path: Path):
    body = (
        "    def get_schedules(self, names, limit=10):\n"
        "        rows = []\n"
        "        for name in names:\n"
        "            row = self.session.query(name).filter(limit > 0).first()\n"
        "            if row is not None and row.active:\n"
        "                rows.append(self.convert(row, limit))\n"
        "        return sorted(rows, key=lambda r: r.when)[:limit]\n"
    )
    stub = "class BaseDb:\n    def get_schedules(self, names, limit=10):\n        \"\"\"Every schedule.\"\"\"\n        raise NotImplementedError\n"
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/base.py": stub, "pkg/postgres.py": "from pkg.base import BaseDb\n\n\nclass PostgresDb(BaseDb):\n" + body})
    mysql = "from pkg.base import BaseDb\n\n\nclass MySQLDb(BaseDb):\n" + body
    assert check(repo, creation("pkg/mysql.py", mysql), "--select", "RA001,RA003").exit_code == 0
    # without the base's declaration the same copy in a sibling class is a copy
    write(repo, {"pkg/base.py": "class BaseDb:\n    pass\n"})
    assert check(repo, creation("pkg/mysql.py", mysql), "--select", "RA001,RA003").exit_code == 1


def test_a_base_declaring_the_hook_in_the_same_module_makes_its_backends_no_targets(tmp_path: Path):
    # smolagents: RemotePythonExecutor declares run_code_raise_errors (raise NotImplementedError)
    # in the module that holds DockerExecutor; a new TenkiExecutor beside them copies Docker's
    body = (
        "    def run_code(self, code, limit=10):\n"
        "        rows = []\n"
        "        for name in code.split():\n"
        "            row = self.session.query(name).filter(limit > 0).first()\n"
        "            if row is not None and row.active:\n"
        "                rows.append(self.convert(row, limit))\n"
        "        return sorted(rows, key=lambda r: r.when)[:limit]\n"
    )
    stub = "class RemoteExecutor:\n    def run_code(self, code, limit=10):\n        \"\"\"Run it.\"\"\"\n        raise NotImplementedError\n"
    repo = tmp_path / "repo"
    old = stub + "\n\nclass DockerExecutor(RemoteExecutor):\n" + body
    write(repo, {"pkg/__init__.py": "", "pkg/executors.py": old})
    new = old + "\n\nclass TenkiExecutor(RemoteExecutor):\n" + body
    assert check(repo, edit("pkg/executors.py", old, new), "--select", "RA001,RA003").exit_code == 0
    # a base that does not declare it: the same copy is a copy
    plain = "class RemoteExecutor:\n    pass\n\n\nclass DockerExecutor(RemoteExecutor):\n" + body
    write(repo, {"pkg/executors.py": plain})
    result = check(repo, edit("pkg/executors.py", plain, plain + "\n\nclass TenkiExecutor(RemoteExecutor):\n" + body), "--select", "RA001,RA003")
    assert result.exit_code == 1, result.output


def test_two_hook_implementations_added_side_by_side_and_identical_are_a_copy(tmp_path: Path):
    body = (
        "    def forward(self, names, limit=10):\n"
        "        rows = []\n"
        "        for name in names:\n"
        "            row = self.session.query(name).filter(limit > 0).first()\n"
        "            if row is not None and row.active:\n"
        "                rows.append(self.convert(row, limit))\n"
        "        return sorted(rows, key=lambda r: r.when)[:limit]\n"
    )
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/base.py": "class Tool:\n    def forward(self, names, limit=10):\n        raise NotImplementedError\n"})
    tools = "from pkg.base import Tool\n\n\nclass VerifyTool(Tool):\n" + body + "\n\nclass SettleTool(Tool):\n" + body
    result = check(repo, creation("pkg/tools.py", tools), "--select", "RA001,RA003")
    assert result.exit_code == 1 and "RA003" in result.output


def test_a_method_of_another_modules_class_is_no_target_for_a_function_without_its_instance(tmp_path: Path):
    method = (
        "    def _extract_blocks(self, text):\n"
        "        pattern = re.compile(self.pattern)\n"
        "        blocks = []\n"
        "        for language, code in pattern.findall(text):\n"
        "            blocks.append(CodeBlock(code=code, language=language.strip()))\n"
        "        return blocks\n"
    )
    agent = "import re\n\nfrom pkg.blocks import CodeBlock\n\n\nclass CodeAgent:\n    pattern = 'x'\n\n" + method
    repo = tmp_path / "repo"
    write(repo, {"pkg/__init__.py": "", "pkg/blocks.py": "class CodeBlock:\n    def __init__(self, code, language):\n        self.code, self.language = code, language\n", "pkg/agent.py": agent})
    function = "import re\n\nfrom pkg.blocks import CodeBlock\n\n\ndef _extract_blocks(text):\n" + "".join(
        line[4:] + "\n" for line in method.replace("self.pattern", "'y'").splitlines()[1:]
    )
    assert check(repo, creation("pkg/terminal.py", function), "--select", "RA001,RA003").exit_code == 0
    # handed the instance (a method moved out of its class), the function can call the method
    handed = function.replace("def _extract_blocks(text):", 'def _extract_blocks(agent: "CodeAgent", text):')
    result = check(repo, creation("pkg/terminal.py", handed), "--select", "RA001,RA003")
    assert result.exit_code == 1, result.output


# ------------------------------------------------------------------ issue 24, fourth session

_STEP = (
    "def {name}(names, limit=10):\n"
    "    rows = []\n"
    "    for name in names.split():\n"
    "        row = lookup(name).filter(limit > 0).first()\n"
    "        if row is not None and row.active:\n"
    "            rows.append(convert(row, limit))\n"
    "    report(rows)\n"
    "    return sorted(rows, key=lambda r: r.when)[:limit]\n"
)
_SCRIPT_HEAD = "from helpers import lookup, convert, report\n\n\n"


def test_steps_of_one_script_run_by_its_main_are_no_targets_of_each_other(tmp_path: Path):
    # an issue's reproduction script: one function per scenario, run one after another by main()
    repo = tmp_path / "repo"
    helpers = "def lookup(n):\n    return n\n\n\ndef convert(r, n):\n    return r\n\n\ndef report(rows):\n    return rows\n"
    old = _SCRIPT_HEAD + _STEP.format(name="scenario_one") + "\n\ndef main():\n    scenario_one('a b')\n\n\nif __name__ == '__main__':\n    main()\n"
    write(repo, {"helpers.py": helpers, "reproduce.py": old})
    new = old.replace("    scenario_one('a b')\n", "    scenario_one('a b')\n    scenario_two('c d')\n").replace(
        "\n\ndef main", "\n\n" + _STEP.format(name="scenario_two") + "\n\ndef main"
    )
    assert check(repo, edit("reproduce.py", old, new), "--select", "RA001,RA003").exit_code == 0
    # the same copy that main() does not run is a helper of the script, and a copy
    helper = old.replace("\n\ndef main", "\n\n" + _STEP.format(name="scenario_two") + "\n\ndef main")
    result = check(repo, edit("reproduce.py", old, helper), "--select", "RA001,RA003")
    assert result.exit_code == 1, result.output


def test_main_steps_follow_a_main_handed_to_a_runner():
    lines = b"import anyio\n\nasync def a():\n    pass\n\nasync def main():\n    await a()\n\nif __name__ == '__main__':\n    anyio.run(main)\n".splitlines()
    assert scope._main_steps(lines) == {"main", "a"}


_SERIALIZER = (
    "def {name}(tool, names):\n"
    "    checked = validate(tool)\n"
    "    label = normalize(checked.name)\n"
    "    if len(names) != 1 or checked.mode not in names:\n"
    "        raise ValueError(describe(checked))\n"
    "    return {shape}\n"
)
_NESTED = '{{"type": "function", "function": {{"name": label, "parameters": checked.parameters}}}}'
_FLAT = '{{"type": "function", "name": label, "parameters": checked.parameters}}'


def test_a_serializer_leaving_out_keys_of_the_targets_dictionaries_writes_another_format(tmp_path: Path):
    repo = tmp_path / "repo"
    util = "def validate(t):\n    return t\n\n\ndef normalize(n):\n    return n\n\n\ndef describe(t):\n    return str(t)\n"
    head = "from pkg.util import validate, normalize, describe\n\n\n"
    old = head + _SERIALIZER.format(name="tool_to_chat", shape=_NESTED.format())
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": util, "pkg/fmt.py": old})
    flat = old + "\n\n" + _SERIALIZER.format(name="tool_to_responses", shape=_FLAT.format())
    assert check(repo, edit("pkg/fmt.py", old, flat), "--select", "RA001,RA003").exit_code == 0
    # writing every key of the target's (and more) is no other format: a copy that extends it
    more = old + "\n\n" + _SERIALIZER.format(name="tool_to_more", shape=_NESTED.format().replace('"type"', '"strict": True, "type"'))
    result = check(repo, edit("pkg/fmt.py", old, more), "--select", "RA001,RA003")
    assert result.exit_code == 1, result.output


def test_dict_keys_are_the_keys_of_literal_dictionaries_only():
    import ast

    tree = ast.parse("def f(x):\n    d = {'a': 1, 'b': {'c': 2}}\n    d['e'] = 3\n    return dict(g=4, **d)\n")
    assert scope._dict_keys(tree) == {"a", "b", "c", "g"}


def test_a_private_function_of_another_distribution_is_no_target_even_when_required(tmp_path: Path):
    from reuse_audit.source.distributions import missing_requirement, private

    files = {
        "packages/core/pyproject.toml": b'[project]\nname = "acme-core"\n',
        "packages/ext/pyproject.toml": b'[project]\nname = "acme-ext"\ndependencies = ["acme-core>=1"]\n',
    }

    def read(path: str) -> bytes:
        return files[path]

    new, core = "packages/ext/acme_ext/common.py", "packages/core/acme_core/_helpers.py"
    assert missing_requirement(new, core, (), read) is None  # required: its public functions are targets
    assert missing_requirement(new, core, (), read, target_private=True) == "acme-core"
    assert missing_requirement("packages/core/acme_core/x.py", core, (), read, target_private=True) is None  # its own
    assert private("acme_core._helpers.strip") and private("acme_core.helpers._strip")
    assert not private("acme_core.helpers.Strip.__init__")


def test_methods_of_a_two_word_family_are_one_protocol():
    assert scope._family("propose_pending") == scope._family("propose_submitting") == ("propose", "")
    assert scope._family("_parse_other_parameters_section") == ("_parse", "section")
    assert scope._family("_call_postprocess") != scope._family("_call_postprocess_language_model")
    assert scope._family("run") is None


_LOOKUP_BODY = (
    "    rows = []\n"
    "    for name in names.split():\n"
    "        row = lookup(name).filter(limit > 0).first()\n"
    "        if row is not None and row.active:\n"
    "            rows.append(convert(row, limit))\n"
    "    return sorted(rows, key=lambda r: r.when)[:limit]\n"
)
_LOOKUP_UTIL = "def lookup(n):\n    return n\n\n\ndef convert(r, n):\n    return r\n"
_LOOKUP_HEAD = "from pkg.util import lookup, convert\n\n\n"


def test_a_changed_function_is_no_near_copy_of_a_function_the_change_adds(tmp_path: Path):
    # dspy: the commit adds tool_to_openai_responses beside tool_to_openai and edits the latter;
    # the added one is the copy (and is judged itself), the old one did not copy what did not exist
    body = _LOOKUP_BODY
    repo = tmp_path / "repo"
    head = _LOOKUP_HEAD
    old = head + "def first(names, limit=10):\n    rows = []\n    return rows\n"
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": _LOOKUP_UTIL, "pkg/m.py": old})
    # the added function above the changed one: by place alone, the changed one would be "the later"
    new = head + "def second(names, limit=10):\n" + body + "\n\ndef first(names, limit=10):\n" + body
    result = check(repo, edit("pkg/m.py", old, new), "--select", "RA003", "--format", "json")
    assert result.exit_code == 1, result.output
    assert [f["function"] for f in json.loads(result.stdout)["findings"]] == ["pkg.m.second"]


def test_a_comment_in_the_body_does_not_make_the_function_an_acknowledged_copy(tmp_path: Path):
    # xarray's concat holds "TODO: add ignore_index arguments copied from pandas.concat"; an
    # agent's verbatim copy of it in a backup module is a copy
    body = "def {name}(names, limit=10):\n" + _LOOKUP_BODY.replace(
        "    rows = []\n", "    rows = []\n    # TODO: add ignore_index arguments copied from pandas.concat\n", 1
    )
    repo = tmp_path / "repo"
    head = _LOOKUP_HEAD
    write(repo, {"pkg/__init__.py": "", "pkg/util.py": _LOOKUP_UTIL, "pkg/concat.py": head + body.format(name="concat")})
    result = check(repo, creation("pkg/concat_backup.py", head + body.format(name="concat")), "--select", "RA001,RA003")
    assert result.exit_code == 1, result.output
    # said in its docstring, it is acknowledged
    kept = body.format(name="concat").replace("    rows = []\n", '    """Must match pkg.concat.concat."""\n    rows = []\n', 1)
    assert check(repo, creation("pkg/concat_backup.py", head + kept), "--select", "RA001,RA003").exit_code == 0
