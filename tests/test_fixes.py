"""Suggested fixes (reuse_audit/fixes.py): replace a re-implementation's body with a call of its target.

* unit before/after pairs of the transformation (no-op first), in the libcst
  codemod style: the files of a small repository, the new function N and the
  target T, and N's file after the fix;
* pairs whose signatures do not fit: no fix, and the reason;
* end to end on the RA001 fixtures (tests/fixtures/ra001): the fixed module
  still imports, calls the target, and ``reuse-audit check`` reports nothing;
  and on an RA003 near clone when that rule exists;
* the CLI: ``--diff`` applies with ``git apply``, ``--fix`` edits a real git
  working tree (and refuses a patch file), SARIF ``fixes`` validate against
  the schema and reproduce the fixed file.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest
from libcst.codemod import CodemodContext
from click.testing import CliRunner

from gitrepo import BASE_FILES, REIMPL, GitRepo, isolated_git
from sarif_schema import assert_valid_sarif
from test_ra001 import CASES, load_case, make_patch, write_tree

from reuse_audit.app.cli import cli, main
from reuse_audit.source.change import change_from_patch
from reuse_audit.api import run
from reuse_audit.fix.plan import FixPlan
from reuse_audit.fix.fixes import Edit, Fix, NoFix, ParamInfo, ReplaceBody, apply_edits, edits_between, map_arguments, merge_fixes, plan_fixes, propose_fix, split_lines, suggest_fix
from reuse_audit.fix.importedits import with_import
from reuse_audit.index import build_index
from reuse_audit.lint.model import Finding, Report
from reuse_audit.rules.copies import replace_with_call
from reuse_audit.rules.ra001_reimplemented_function import ReimplementedFunction
from reuse_audit.report import RenderContext, render
from reuse_audit.api import load_settings
from reuse_audit.settings import Settings
from reuse_audit.source.tree import MemoryTree

ROOT = Path(__file__).resolve().parent.parent


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def finding_for(index, n: str, t: str, rule: str = "RA001") -> Finding:
    violation = ReimplementedFunction(
        target=t, local_name=index.functions[n].fact.local_name, status="added", calls=0, total=0, shared=(), missing=(), ratio=0.0,
    )
    return Finding(rule=rule, location=index.functions[n].location, function=n, violation=violation,
                   target_location=index.functions[t].location)


def planned(change, result, settings: Settings, **options) -> FixPlan:
    """``plan_fixes`` as the CLI calls it: verified by the same check again (its settings, its
    rules; one job, no cache)."""
    check_again = functools.partial(run, settings=settings, cache=None, jobs=1, rules=result.rules)
    return plan_fixes(change, result, check_again, **options)


def propose(finding: Finding, tree, index) -> Fix:
    """``propose_fix`` of the fix ``finding``'s rule asks for (``Rule.fix``)."""
    return propose_fix(replace_with_call(finding), tree, index, finding.stable_key)


def fix_of(files: dict[str, str], n: str, t: str) -> Fix:
    """The fix making N (a qualified name) call T, in the repository ``files`` (raises NoFix)."""
    tree = MemoryTree({path: dedent(text).encode("utf-8") for path, text in files.items()})
    index = build_index(tree, Settings(), None, 1)
    fix = propose(finding_for(index, n, t), tree, index)
    assert apply_edits(fix.original, fix.edits) == fix.fixed, "the edits do not give the fixed text"
    cst.parse_module(fix.fixed)  # it parses
    return fix


UTIL = """
    def load(path, encoding="utf-8"):
        with open(path, encoding=encoding) as handle:
            return handle.read()
"""


# ---------------------------------------------------------------------------
# the transformers, alone


def test_noop_transformers_leave_the_code_unchanged():
    code = dedent('''
        """A module."""

        import os


        def f(x):
            # comment
            return os.path.join(x, "y")
    ''')
    module = cst.parse_module(code)
    other = cst.parse_module("def f(x):\n    return x\n").body[0]
    assert isinstance(other, cst.FunctionDef)
    assert module.visit(ReplaceBody(other, [cst.parse_statement("return 1\n")])).code == code
    assert with_import(module, CodemodContext(), "os", "path").code != code
    assert with_import(cst.parse_module(code.replace("import os", "from os import path")), CodemodContext(), "os", "path").code == code.replace("import os", "from os import path")
    assert edits_between(code, code) == ()
    assert merge_fixes([]) == ({}, [], [])


def test_noop_fix_when_n_already_calls_t():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": UTIL,
        "pkg/new.py": """
            from pkg.util import load


            def read(path, encoding="utf-8"):
                return load(path, encoding)
        """,
    }
    with pytest.raises(NoFix, match="already is a call"):
        fix_of(files, "pkg.new.read", "pkg.util.load")


def test_add_import_after_docstring_and_at_top():
    # a blank line between the module docstring and the new import (libcst's AddImportsVisitor
    # alone puts it right under the docstring); at the top of a bare module, one blank line
    # before the first statement
    doc = cst.parse_module('"""Doc."""\n\n\ndef f():\n    pass\n')
    assert with_import(doc, CodemodContext(), "a", "b").code == '"""Doc."""\n\nfrom a import b\n\n\ndef f():\n    pass\n'
    kept = cst.parse_module('"""Doc."""\n\nimport os\n\n\ndef f():\n    pass\n')
    assert with_import(kept, CodemodContext(), "a", "b").code == '"""Doc."""\n\nimport os\nfrom a import b\n\n\ndef f():\n    pass\n'
    bare = cst.parse_module("def f():\n    pass\n")
    assert with_import(bare, CodemodContext(), "a", "b").code == "from a import b\n\ndef f():\n    pass\n"


# ---------------------------------------------------------------------------
# before/after pairs


def test_free_function_in_another_module_gets_an_import():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": UTIL,
            "pkg/new.py": '''
                """New code."""

                import os


                def read_text(name, encoding="utf-8"):
                    """Read a file."""
                    # the file is small
                    with open(os.fspath(name), encoding=encoding) as fh:
                        return fh.read()
            ''',
        },
        "pkg.new.read_text",
        "pkg.util.load",
    )
    assert fix.path == "pkg/new.py"
    assert fix.fixed == dedent('''
        """New code."""

        from pkg.util import load


        def read_text(name, encoding="utf-8"):
            """Read a file."""
            # the file is small
            return load(name, encoding)
    ''')
    assert "pkg.util.load" in fix.description and "from pkg.util import load" in fix.description


def test_existing_from_import_of_the_module_is_extended():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": dedent(UTIL) + "\n\ndef other():\n    return 1\n",
            "pkg/new.py": """
                from pkg.util import other


                def read_text(name, encoding="utf-8"):
                    with open(name, encoding=encoding) as fh:
                        return fh.read()
            """,
        },
        "pkg.new.read_text",
        "pkg.util.load",
    )
    # libcst's AddImportsVisitor puts the names it adds first (sorted among themselves)
    assert fix.fixed.splitlines()[0] == "from pkg.util import load, other"
    assert fix.fixed.endswith("def read_text(name, encoding=\"utf-8\"):\n    return load(name, encoding)\n")


def test_same_module_calls_the_target_directly():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": dedent(UTIL)
            + dedent("""

                def read_all(p, encoding="utf-8"):  # reuse-audit: keep this comment
                    with open(p, encoding=encoding) as handle:
                        return handle.read()
            """),
        },
        "pkg.util.read_all",
        "pkg.util.load",
    )
    assert "import" not in fix.fixed
    assert fix.fixed.endswith(
        'def read_all(p, encoding="utf-8"):  # reuse-audit: keep this comment\n    return load(p, encoding)\n'
    )
    assert len(fix.edits) == 1


@pytest.mark.parametrize(
    "imports, call",
    [
        ("from pkg.util import load as ld", "ld(name)"),
        ("import pkg.util as u", "u.load(name)"),
        ("from pkg import util", "util.load(name)"),
        ("import pkg.util", "pkg.util.load(name)"),
        ("from .util import load as reader", "reader(name)"),
    ],
)
def test_an_existing_import_or_alias_is_reused(imports: str, call: str):
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": UTIL,
            "pkg/new.py": f"""
                {imports}


                def read_text(name):
                    with open(name) as fh:
                        return fh.read()
            """,
        },
        "pkg.new.read_text",
        "pkg.util.load",
    )
    assert fix.fixed == f"{imports}\n\n\ndef read_text(name):\n    return {call}\n"


def test_name_collision_imports_under_an_alias():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": UTIL,
            "pkg/new.py": """
                import json


                def load(text):
                    return json.loads(text)


                def read_text(name):
                    with open(name) as fh:
                        return fh.read()
            """,
        },
        "pkg.new.read_text",
        "pkg.util.load",
    )
    assert "from pkg.util import load as _load_reuse\n" in fix.fixed
    assert fix.fixed.endswith("def read_text(name):\n    return _load_reuse(name)\n")
    assert "def load(text):\n    return json.loads(text)\n" in fix.fixed  # the other load is untouched


def test_a_method_or_keyword_of_the_same_name_is_no_collision():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": UTIL,
            "pkg/new.py": """
                import json


                def read_text(name):
                    with open(name) as fh:
                        return json.load(fh, load=None)
            """,
        },
        "pkg.new.read_text",
        "pkg.util.load",
    )
    assert "from pkg.util import load\n" in fix.fixed
    assert fix.fixed.endswith("    return load(name)\n")


def test_keyword_only_parameters_are_passed_by_keyword():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/text.py": """
                def wrap(text, width=70, *, indent="", strip=True):
                    return text
            """,
            "pkg/new.py": """
                def fold(s, w, *, strip, indent="  "):
                    return s
            """,
        },
        "pkg.new.fold",
        "pkg.text.wrap",
    )
    assert "    return wrap(s, w, strip=strip, indent=indent)\n" in fix.fixed


def test_differing_defaults_keep_n_defaults_by_passing_its_parameters():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": """
                def fmt(amount, currency="EUR", places=2):
                    return f"{amount:.{places}f} {currency}"
            """,
            "pkg/new.py": """
                def money(amount, currency="USD"):
                    return f"{amount:.2f} {currency}"
            """,
        },
        "pkg.new.money",
        "pkg.util.fmt",
    )
    # N's default (USD) still applies to N's callers: its parameter is passed through;
    # T's `places` has a default and N passes nothing for it
    assert fix.fixed == 'from pkg.util import fmt\n\ndef money(amount, currency="USD"):\n    return fmt(amount, currency)\n'


def test_method_target_through_the_annotated_first_parameter():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/doc.py": """
                class Document:
                    def render(self, currency="EUR"):
                        return self.title + currency
            """,
            "pkg/printing.py": """
                from pkg.doc import Document


                def as_text(doc: Document, currency="EUR"):
                    return doc.title + currency
            """,
        },
        "pkg.printing.as_text",
        "pkg.doc.Document.render",
    )
    assert fix.fixed.endswith('def as_text(doc: Document, currency="EUR"):\n    return doc.render(currency)\n')
    assert fix.fixed.count("import") == 1


def test_method_of_the_same_class_is_called_on_self():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/doc.py": """
                class Document:
                    def render(self, currency="EUR"):
                        return self.title + currency

                    def as_text(self, currency="EUR"):
                        return self.title + currency
            """,
        },
        "pkg.doc.Document.as_text",
        "pkg.doc.Document.render",
    )
    assert '    def as_text(self, currency="EUR"):\n        return self.render(currency)\n' in fix.fixed


@pytest.mark.parametrize("decorator, call", [("staticmethod", "Tools.load(path)"), ("classmethod", "Tools.load(path)")])
def test_staticmethod_and_classmethod_targets_are_called_on_the_class(decorator: str, call: str):
    first = "cls, " if decorator == "classmethod" else ""
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/tools.py": f"""
                class Tools:
                    @{decorator}
                    def load({first}path):
                        return open(path).read()
            """,
            "pkg/new.py": """
                def read(path):
                    return open(path).read()
            """,
        },
        "pkg.new.read",
        "pkg.tools.Tools.load",
    )
    assert fix.fixed == f"from pkg.tools import Tools\n\ndef read(path):\n    return {call}\n"


def test_async_target_is_awaited():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/net.py": """
                async def fetch(url, timeout=10):
                    return url
            """,
            "pkg/new.py": '''
                async def get(address, timeout=5):
                    """Fetch."""
                    return address
            ''',
        },
        "pkg.new.get",
        "pkg.net.fetch",
    )
    assert fix.fixed.endswith('async def get(address, timeout=5):\n    """Fetch."""\n    return await fetch(address, timeout)\n')


def test_varargs_go_to_varargs_and_generators_yield_from():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/it.py": """
                def chain(first, *rest, **options):
                    yield first
                    for r in rest:
                        yield r
            """,
            "pkg/new.py": """
                def join(a, *others, **kw):
                    yield a
                    yield from others
            """,
        },
        "pkg.new.join",
        "pkg.it.chain",
    )
    assert fix.fixed.endswith("def join(a, *others, **kw):\n    yield from chain(a, *others, **kw)\n")


def test_circular_import_goes_inside_the_function():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/a.py": """
                import pkg.b


                def total(xs):
                    return sum(xs)
            """,
            "pkg/b.py": """
                def add_up(xs):
                    return sum(xs)
            """,
        },
        "pkg.b.add_up",
        "pkg.a.total",
    )
    assert fix.fixed == "def add_up(xs):\n    from pkg.a import total\n    return total(xs)\n"


def test_crlf_and_a_one_line_body():
    files = {
        "pkg/__init__.py": "",
        "pkg/util.py": UTIL,
        "pkg/new.py": "import io\r\n\r\ndef read(p): return io.open(p).read()\r\n",
    }
    tree = MemoryTree({k: (v.encode() if "\r" in v else dedent(v).encode()) for k, v in files.items()})
    index = build_index(tree, Settings(), None, 1)
    fix = propose(finding_for(index, "pkg.new.read", "pkg.util.load"), tree, index)
    # `import io` only served the old body: the fix removes it
    assert fix.fixed == "from pkg.util import load\r\n\r\ndef read(p): return load(p)\r\n"
    assert apply_edits(fix.original, fix.edits) == fix.fixed


# ---------------------------------------------------------------------------
# no fix


INCOMPATIBLE = [
        ("def n(a, b, c):\n    return a\n", "def t(a, b):\n    return a\n", "takes 3 positional parameters"),
        ("def n(*args):\n    return args\n", "def t(a=0, b=1):\n    return a\n", "takes no \\*args"),
        ("def n(*args):\n    return args\n", "def t(a, b):\n    return a\n", "required parameter 'a'"),
        ("def n(a):\n    return a\n", "def t(a, b):\n    return a\n", "required parameter 'b'"),
        ("def n(a):\n    return a\n", "def t(a, *, key):\n    return a\n", "required keyword-only parameter 'key'"),
        ("def n(a, *, key=1):\n    return a\n", "def t(a, *, other=1):\n    return a\n", "keyword-only parameter 'key'"),
        ("def n(a, **kw):\n    return a\n", "def t(a):\n    return a\n", "takes no \\*\\*kwargs"),
        ("def n(a, *rest):\n    return a\n", "def t(a, b=1, *rest):\n    return a\n", "would fill"),
        ("async def n(a):\n    return a\n", "def t(a):\n    return a\n", "is async"),
        ("def n(a):\n    return a\n", "async def t(a):\n    return a\n", "is async"),
        ("def n(a):\n    print(a)\n", "def t(a):\n    return a\n", "returns a value"),
        ("def n(a):\n    yield a\n", "def t(a):\n    return a\n", "generator"),
        ("def n(b, a):\n    return a\n", "def t(a, /, b):\n    return a\n", "positional-only"),
]


@pytest.mark.parametrize("n_source, t_source, reason", INCOMPATIBLE)
def test_incompatible_signatures_give_no_fix(n_source: str, t_source: str, reason: str):
    files = {"pkg/__init__.py": "", "pkg/old.py": t_source, "pkg/new.py": n_source}
    with pytest.raises(NoFix, match=reason):
        fix_of(files, "pkg.new.n", "pkg.old.t")


@pytest.mark.parametrize("n_source, t_source, reason", INCOMPATIBLE)
def test_no_fix_messages_quote_each_name_once(n_source: str, t_source: str, reason: str):
    # it read "'rich.fit.iter_with_bar''s parameter": a quoted name with 's glued on
    files = {"pkg/__init__.py": "", "pkg/old.py": t_source, "pkg/new.py": n_source}
    with pytest.raises(NoFix) as info:
        fix_of(files, "pkg.new.n", "pkg.old.t")
    message = str(info.value)
    assert "''" not in message and "'s " not in message.replace("'s'", ""), message


@pytest.mark.parametrize(
    "t_source, reason",
    [
        ("class C:\n    @property\n    def t(self):\n        return 1\n", "decorated with @property"),
        ("import functools\n\n@functools.wraps(len)\ndef t(a):\n    return a\n", "decorated with @functools.wraps"),
        ("class C:\n    def t(self, a):\n        return a\n", "not annotated"),
    ],
)
def test_unsure_targets_give_no_fix(t_source: str, reason: str):
    files = {"pkg/__init__.py": "", "pkg/old.py": t_source, "pkg/new.py": "def n(a):\n    return a\n"}
    tree = MemoryTree({k: v.encode() for k, v in files.items()})
    index = build_index(tree, Settings(), None, 1)
    target = next(q for q in index.functions if q.startswith("pkg.old.") and q.endswith("t"))
    finding = finding_for(index, "pkg.new.n", target)
    with pytest.raises(NoFix, match=reason):
        propose(finding, tree, index)
    assert suggest_fix(replace_with_call(finding), tree, index, finding.stable_key) is None


def test_map_arguments_directly():
    def p(name: str, kind: str = "positional", default: bool = False) -> ParamInfo:
        return ParamInfo(name, kind, default)

    assert map_arguments([p("x"), p("y", default=True)], [p("a"), p("b", default=True), p("c", default=True)]) == ["x", "y"]
    assert map_arguments([p("x", "positional_only")], [p("a")]) == ["x"]
    assert map_arguments([p("k", "keyword_only")], [p("k", "keyword_only")]) == ["k=k"]
    with pytest.raises(NoFix):
        map_arguments([p("k", "keyword_only")], [p("k")])  # keyword-only only to keyword-only


# ---------------------------------------------------------------------------
# edits


def test_edits_reproduce_the_fixed_text_and_never_delete_without_replacing():
    original = "a\nb\nc\nd\ne\n"
    for fixed in ("a\nX\ne\n", "a\nb\n", "a\nb\nc\nd\ne\nf\n", "Z\na\nb\nc\nd\ne\n", "a\nc\ne", "b\n"):
        edits = edits_between(original, fixed)
        assert apply_edits(original, edits) == fixed
        for e in edits:
            assert e.replacement != ""
            assert 1 <= e.start_line <= len(split_lines(original))


def test_merge_fixes_applies_non_overlapping_edits_and_counts_one_import_once():
    original = "import x\n\ndef f():\n    return 1\n\ndef g():\n    return 2\n"
    imp = Edit(2, 1, "from m import t\n")
    one = Fix("p.py", original, "", "", (imp, Edit(4, 4, "    return t()\n")), "k1")
    two = Fix("p.py", original, "", "", (imp, Edit(7, 7, "    return t(2)\n")), "k2")
    clash = Fix("p.py", original, "", "", (Edit(3, 4, "def f(): pass\n"),), "k3")
    texts, applied, left = merge_fixes([one, two, clash])
    assert texts["p.py"] == "import x\nfrom m import t\n\ndef f():\n    return t()\n\ndef g():\n    return t(2)\n"
    assert [f.key for f in applied] == ["k1", "k2"] and [f.key for f in left] == ["k3"]


# ---------------------------------------------------------------------------
# end to end: the RA001 fixtures

# positive cases and whether their signatures allow a fix
FIXABLE = {
    "include_tests_checks_tests_against_tests": False,  # test_total takes nothing, sample_total takes data
    "extracted_block_duplicates_existing": True,
    "modified_creates_overlap": True,
    "moved_and_copied": True,
    "copied_function_named_before_its_original": True,
    "stdlib_only_helper_copy": True,
    "original_beside_its_helpers": True,
    "alias_import": True,
    "method_sibling_via_self": True,
    "method_target_via_annotation": False,  # print_document returns nothing, Document.render returns the text
    "partial_rewrite_4_of_5": True,
    "renamed_variables": True,
    "reordered_statements": True,
    "split_into_helpers": True,
    "two_targets_strongest_first": False,  # three parameters, the target takes two
    "unknown_receiver_matches_method": False,  # `doc` is not annotated: the target's class is unsure
    "verbatim_copy": True,
}


def _positive(case: str) -> bool:
    return bool((ROOT / "tests" / "fixtures" / "ra001" / case / "expected.txt").read_text().strip()) and not case.startswith("suppressed_")


def test_fixable_table_lists_every_positive_case():
    assert sorted(FIXABLE) == sorted(c for c in CASES if _positive(c))


def _module_of(path: str) -> str:
    return path[: -len(".py")].replace("/", ".").removesuffix(".__init__")


def check_fixed_tree(tmp_path: Path, before: dict[str, str], fixed: dict[str, str], fixed_paths, target: str) -> None:
    """The fixed modules import, call ``target`` (RA002 with it declared is silent) and check clean."""
    tree = tmp_path / "fixed"
    write_tree(tree, fixed)
    for path in fixed_paths:
        done = subprocess.run(
            [sys.executable, "-c", f"import {_module_of(path)}"],
            cwd=str(tmp_path), env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True,
        )
        assert done.returncode == 0, f"{path} does not import:\n{done.stderr}"
    repo = tmp_path / "checked"
    write_tree(repo, before)
    patch = tmp_path / "fixed.patch"
    patch.write_text(make_patch(before, fixed), encoding="utf-8")
    targets = tmp_path / "targets.txt"
    targets.write_text(target + "\n", encoding="utf-8")
    runner = CliRunner()
    for extra in ([], ["--targets", str(targets)]):
        result = runner.invoke(cli, ["check", str(patch), "--repo", str(repo), "--no-cache", *extra], catch_exceptions=False)
        assert result.exit_code == 0, f"{extra}\n{result.stdout}\n{result.stderr}"
        assert result.stdout.startswith("No findings"), result.stdout


@pytest.mark.parametrize("case", sorted(FIXABLE))
def test_ra001_fixture_fix_end_to_end(case: str, tmp_path: Path):
    before, after = load_case(case)
    repo = tmp_path / "repo"
    write_tree(repo, before)
    change = change_from_patch(repo, make_patch(before, after), "change.patch")
    settings = load_settings(repo)  # the case's pyproject.toml (include-tests)
    result = run(change, settings, None, 1)
    (finding,) = [f for f in result.report.findings if not f.suppressed]
    plan = planned(change, result, settings)
    assert plan.notes == (), plan.notes  # no fix was dropped by the verification
    if not FIXABLE[case]:
        assert plan.fixes == {} and finding.stable_key in plan.reasons, plan
        return
    fix = plan.fixes[finding.stable_key]
    assert fix.path == finding.location.path
    assert fix.original == after[fix.path]
    assert f"{finding.target.rsplit('.', 1)[-1]}(" in fix.fixed
    fixed = dict(after)
    fixed.update({path: new for path, (old, new) in plan.files.items()})
    check_fixed_tree(tmp_path, before, fixed, plan.files, finding.target)


def test_verification_drops_a_fix_that_leaves_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A fix whose result still has the finding is not offered, and a note says why."""
    import reuse_audit.fix.fixes as fixes_module

    before, after = load_case("verbatim_copy")
    repo = tmp_path / "repo"
    write_tree(repo, before)
    change = change_from_patch(repo, make_patch(before, after), "change.patch")
    result = run(change, Settings(), None, 1)
    real = fixes_module.propose_fix

    def useless(edit, tree, index, key):  # a "fix" that only adds a comment
        fix = real(edit, tree, index, key)
        text = "# touched\n" + fix.original
        return Fix(fix.path, fix.original, text, fix.description, edits_between(fix.original, text), fix.key)

    monkeypatch.setattr(fixes_module, "propose_fix", useless)
    plan = planned(change, result, Settings())
    assert plan.fixes == {} and plan.files == {}
    (note,) = plan.notes
    assert note.path == "invoicing/reports.py" and "still has the finding" in note.message


# ---------------------------------------------------------------------------
# end to end: RA003 near clones (when the rule exists)

RA003 = ROOT / "rules" / "ra003_near_clone.py"

NEAR_CLONE_BASE = {
    "stats/__init__.py": "",
    "stats/scores.py": '''
        """Scores."""


        def normalise_scores(scores, floor=0.0):
            total = 0.0
            count = 0
            for score in scores:
                if score is None:
                    continue
                value = max(float(score), floor)
                total += value
                count += 1
            if count == 0:
                return []
            mean = total / count
            return [round(max(float(s), floor) / mean, 3) for s in scores if s is not None]
    ''',
}

NEAR_CLONE_NEW = {
    "stats/report.py": '''
        """Report."""


        def relative_marks(marks, minimum=0.0):
            acc = 0.0
            n = 0
            for mark in marks:
                if mark is None:
                    continue
                v = max(float(mark), minimum)
                acc += v
                n += 1
            if n == 0:
                return []
            avg = acc / n
            return [round(max(float(m), minimum) / avg, 3) for m in marks if m is not None]
    ''',
}


def _ra003_registered() -> bool:
    from reuse_audit.api import all_rules

    return RA003.is_file() and "RA003" in all_rules()


@pytest.mark.skipif(not _ra003_registered(), reason="rules/ra003_near_clone.py does not exist yet, or is not in the rule registry")
def test_ra003_near_clone_fix_end_to_end(tmp_path: Path):
    before = {k: dedent(v) for k, v in NEAR_CLONE_BASE.items()}
    after = dict(before)
    after.update({k: dedent(v) for k, v in NEAR_CLONE_NEW.items()})
    repo = tmp_path / "repo"
    write_tree(repo, before)
    change = change_from_patch(repo, make_patch(before, after), "change.patch")
    settings = Settings()
    result = run(change, settings, None, 1)
    clones = [f for f in result.report.findings if f.rule == "RA003" and not f.suppressed]
    assert clones, f"RA003 does not report the near clone: {result.report.findings}"
    plan = planned(change, result, settings)
    assert plan.notes == (), plan.notes
    fix = plan.fixes[clones[0].stable_key]
    assert fix.fixed.endswith("    return normalise_scores(marks, minimum)\n")
    fixed = dict(after)
    fixed.update({path: new for path, (old, new) in plan.files.items()})
    check_fixed_tree(tmp_path, before, fixed, plan.files, clones[0].target)


# ---------------------------------------------------------------------------
# the command line


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", BASE_FILES)
    repo.write({"pkg/new.py": REIMPL})
    return repo


def check(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["check", "--no-cache", "--jobs", "1", *args])
    out, err = capsys.readouterr()
    return exc.value.code, out, err


def test_diff_applies_with_git_apply(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--diff", "--repo", str(git_repo.path))
    assert code == 1, err  # exit status as usual: there is a finding
    assert out.startswith("diff --git a/pkg/new.py b/pkg/new.py\n"), out
    assert "+    return process(path)\n" in out
    assert "Would fix 1 finding (0 remaining)." in err
    (git_repo.path / "fixes.patch").write_text(out, encoding="utf-8")
    git_repo.git("apply", "--check", "fixes.patch")
    git_repo.git("apply", "fixes.patch")
    (git_repo.path / "fixes.patch").unlink()
    code, out, err = check(capsys, "--repo", str(git_repo.path))
    assert code == 0 and out.startswith("No findings"), out + err


def test_fix_edits_the_working_tree(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    new = git_repo.path / "pkg" / "new.py"
    os.chmod(new, 0o640)
    code, out, err = check(capsys, "--fix", "--repo", str(git_repo.path))
    assert code == 0, out + err
    assert "Fixed 1 finding (0 remaining)." in err
    assert out.startswith("No findings"), out
    text = new.read_text(encoding="utf-8")
    assert "from pkg.core import process\n" in text
    assert "pkg.util" not in text, text  # the imports only the old body used are gone
    assert text.endswith("def handle(path):\n    return process(path)\n")
    assert oct(os.stat(new).st_mode & 0o777) == oct(0o640)  # the mode is kept
    assert [p.name for p in new.parent.iterdir() if p.name.startswith(".reuse-audit")] == []
    code, out, err = check(capsys, "--fix", "--repo", str(git_repo.path))
    assert code == 0 and "Fixed 0 findings (0 remaining)." in err


def plain_tree(root: Path, more: str = "") -> Path:
    """The package and pkg/new.py (a renamed copy of pkg.core.process, and ``more``), no git:
    what ``check PATH`` reads."""
    for name, text in dict(BASE_FILES, **{"pkg/new.py": dedent(REIMPL) + dedent(more)}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(dedent(text), encoding="utf-8")
    return root


def test_check_paths_fix_checks_the_fixed_code_as_check_paths_does(tmp_path: Path, capsys, monkeypatch):
    # check PATH checks existing code (Change.existing); the verification of its fixes, whose
    # check --fix reports, checked the fixed file as a change's: "1 changed function"
    monkeypatch.chdir(plain_tree(tmp_path / "plain"))
    code, out, err = check(capsys, "pkg/new.py", "--fix")
    assert code == 0 and "Fixed 1 finding (0 remaining)." in err, out + err
    assert out == "No findings: 1 function checked against 4 files.\n", out
    code, again, err = check(capsys, "pkg/new.py")
    assert code == 0 and again == out, again + err


# two more functions of pkg/new.py: show, and display, its copy (which no fix can call: one parameter more)
SHOW_AND_DISPLAY = """


    def show(path):
        text = clean(load(path))
        check(text)
        return emit(text[:10])


    def display(path, width):
        text = clean(load(path))
        check(text)
        return emit(text[:width])
"""


def test_check_paths_fix_verifies_with_the_semantics_it_checked_with(tmp_path: Path, capsys, monkeypatch):
    # checked as a change's new code, the fixed file had a finding check PATH does not give
    # (show re-implements pkg.core.process: no longer "existing", show may not be a target),
    # so the fix of handle was dropped as "the fixed code has a new finding"
    monkeypatch.chdir(plain_tree(tmp_path / "plain", SHOW_AND_DISPLAY))
    code, out, err = check(capsys, "pkg/new.py")
    assert code == 1 and "Found 2 findings in 1 file.\n[*] 1 fixable with --fix.\n" in out, out + err
    code, out, err = check(capsys, "pkg/new.py", "--fix")
    assert code == 1 and "Fixed 1 finding (1 remaining)." in err, out + err
    assert "return process(path)" in (tmp_path / "plain" / "pkg" / "new.py").read_text(encoding="utf-8")
    code, again, _ = check(capsys, "pkg/new.py")
    assert again == out and "RA001 'display' re-implements 'pkg.new.show'" in out, again


def test_the_verification_checks_the_change_as_it_was_checked(tmp_path: Path):
    from reuse_audit.source.change import change_from_paths

    root = plain_tree(tmp_path / "plain")
    change = change_from_paths(root, ["pkg/new.py"], Settings())
    assert change.existing
    result = run(change, Settings(), None, 1)
    seen = []

    def check_again(fixed, *, previous):
        seen.append(fixed)
        return run(fixed, Settings(), None, 1, previous=previous)

    plan = plan_fixes(change, result, check_again)
    assert list(plan.fixes) == [f.stable_key for f in result.report.findings] and seen
    for fixed in seen:  # only the after-tree differs
        assert (fixed.existing, fixed.before, fixed.files, fixed.notes) == (True, change.before, change.files, change.notes)
        assert b"return process(path)" in fixed.after.read("pkg/new.py")


def test_fixes_import_neither_the_engine_nor_the_rules():
    """fix/ verifies with the check its caller gives it, and fixes the findings of the rules
    its caller names (the rules that ran): it imports neither (issue 28)."""
    from test_import_graph import _imports, _modules

    modules = _modules()
    for name, path in modules.items():
        if name == "reuse_audit.fix" or name.startswith("reuse_audit.fix."):
            top, inner = _imports(name, path, modules)
            wrong = {m for m in top | inner if m == "reuse_audit.lint.engine" or m.split(".")[:2] == ["reuse_audit", "rules"]}
            assert wrong == set(), name


def test_fix_reports_the_remaining_findings_at_their_new_lines(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    new = git_repo.path / "pkg" / "new.py"
    two_params = textwrap.dedent(REIMPL).lstrip("\n").replace("def handle(path):", "def handle(path):") + (
        "\n\ndef handle_twice(path, times):\n"
        "    raw = load(path)\n    tidy = clean(raw)\n    check(tidy)\n    return emit(tidy * times)\n"
    )
    new.write_text(two_params, encoding="utf-8")
    code, out, err = check(capsys, "--fix", "--repo", str(git_repo.path))
    assert code == 1, out + err
    assert "Fixed 1 finding (1 remaining)." in err
    assert "no fix for RA001 'pkg.new.handle_twice'" in err and "takes 2 positional parameters" in err
    lines = new.read_text(encoding="utf-8").splitlines()
    line = lines.index("def handle_twice(path, times):") + 1
    assert f"pkg/new.py:{line}:1: RA001 'handle_twice' re-implements" in out, out


# handle() does one thing more than pkg.core.process: calling process drops it
UNSAFE_REIMPL = REIMPL.replace("tidy = clean(raw)\n", "tidy = clean(raw)\n        tidy = tidy.replace('\\t', ' ')\n")


def test_a_renamed_copy_is_a_safe_fix_and_anything_more_is_not(tmp_path: Path):
    from reuse_audit.fix.fixes import renamed_copy
    from reuse_audit.source.tree import MemoryTree

    assert "\n    tidy = tidy.replace" in textwrap.dedent(UNSAFE_REIMPL)  # inside handle()
    for new, safe in [
        (REIMPL, True),  # variables renamed, docstring gone: the same code
        (UNSAFE_REIMPL, False),  # a statement more
        (REIMPL.replace("return emit(tidy)", "return emit(tidy, 2)"), False),  # a literal more
        (REIMPL.replace("check(tidy)\n", ""), False),  # a call less
    ]:
        files = {k: textwrap.dedent(v).lstrip("\n") for k, v in dict(BASE_FILES, **{"pkg/new.py": new}).items()}
        tree = MemoryTree({k: v.encode() for k, v in files.items()})
        index = build_index(tree, Settings(), None, jobs=1)
        n, t = index.functions["pkg.new.handle"], index.functions["pkg.core.process"]
        assert renamed_copy(tree, n.location, t.location) is safe, new


def test_fix_leaves_unsafe_fixes_out_unless_asked(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    new = git_repo.path / "pkg" / "new.py"
    text = textwrap.dedent(UNSAFE_REIMPL).lstrip("\n")
    new.write_text(text, encoding="utf-8")
    code, out, err = check(capsys, "--diff", "--repo", str(git_repo.path))
    assert code == 1 and out == "", out
    assert "Would fix 0 findings (1 remaining). 1 unsafe fix left out: --unsafe-fixes takes it." in err
    assert "no fix for RA001 'pkg.new.handle': the fix is unsafe" in err
    code, out, err = check(capsys, "--fix", "--repo", str(git_repo.path))
    assert code == 1 and new.read_text(encoding="utf-8") == text
    assert "Fixed 0 findings (1 remaining). 1 unsafe fix left out" in err
    code, out, err = check(capsys, "--diff", "--unsafe-fixes", "--repo", str(git_repo.path))
    assert code == 1 and "+    return process(path)\n" in out
    assert "Would fix 1 finding (0 remaining)." in err and "unsafe fix left out" not in err
    code, out, err = check(capsys, "--fix", "--unsafe-fixes", "--repo", str(git_repo.path))
    assert code == 0 and "Fixed 1 finding (0 remaining)." in err
    assert new.read_text(encoding="utf-8").endswith("def handle(path):\n    return process(path)\n")


def test_sarif_carries_unsafe_fixes_too(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    (git_repo.path / "pkg" / "new.py").write_text(textwrap.dedent(UNSAFE_REIMPL).lstrip("\n"), encoding="utf-8")
    code, out, err = check(capsys, "--format", "sarif", "--repo", str(git_repo.path))
    assert code == 1
    [result] = json.loads(out)["runs"][0]["results"]
    assert len(result["fixes"]) == 1


def test_unsafe_fixes_goes_with_diff_or_fix(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--unsafe-fixes", "--repo", str(git_repo.path))
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert "--unsafe-fixes: goes with --diff or --fix" in line


def test_line_map_moves_lines_below_an_edit():
    from reuse_audit.fix.fixes import line_map

    original = "a\nb\nc\nd\ne\nf\n"
    fixed = "a\nimport x\nb\nC\nf\n"  # one line in after a, c-e become C
    m = line_map(original, fixed)
    assert [m(1), m(2), m(6)] == [1, 3, 5]


def test_fix_staged_edits_the_working_tree_when_it_matches_the_index(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    git_repo.git("add", "pkg/new.py")
    code, out, err = check(capsys, "--fix", "--staged", "--repo", str(git_repo.path))
    assert code == 0, out + err
    assert (git_repo.path / "pkg" / "new.py").read_text().endswith("    return process(path)\n")


def test_fix_staged_leaves_a_file_with_unstaged_edits_alone(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    git_repo.git("add", "pkg/new.py")
    new = git_repo.path / "pkg" / "new.py"
    edited = new.read_text() + "\n# an unstaged edit\n"
    new.write_text(edited)
    code, out, err = check(capsys, "--fix", "--staged", "--repo", str(git_repo.path))
    assert code == 1, out + err
    assert new.read_text() == edited
    assert "pkg/new.py: not fixed: the file on disk differs" in err
    assert "Fixed 0 findings (1 remaining)." in err


@pytest.mark.parametrize(
    "args, needle",
    [
        (["PATCH"], "not from a patch file"),
        (["--base", "HEAD"], "not from --base/--head"),
        (["--diff"], "--diff and --fix exclude each other"),
    ],
)
def test_fix_refuses_changes_not_read_from_the_working_tree(
    git_repo: GitRepo, capsys: pytest.CaptureFixture, tmp_path: Path, args: list[str], needle: str
):
    patch = tmp_path / "change.patch"
    patch.write_text(git_repo.git("diff"), encoding="utf-8")
    before = (git_repo.path / "pkg" / "new.py").read_text()
    args = [str(patch) if a == "PATCH" else a for a in args]
    code, out, err = check(capsys, "--fix", "--repo", str(git_repo.path), *args)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("reuse-audit: error: ") and needle in line, line
    assert (git_repo.path / "pkg" / "new.py").read_text() == before


def test_diff_refuses_another_format(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--diff", "--format", "json", "--repo", str(git_repo.path))
    assert code == 2 and "--diff prints the fixes as a unified diff" in err


def _apply_sarif_fix(text: str, fix: dict) -> str:
    """Apply SARIF replacements (1-based lines, 1-based UTF-16 columns) to ``text``."""
    lines = split_lines(text)

    def offset(line: int, column: int) -> int:
        start = sum(len(x) for x in lines[: line - 1])
        if line > len(lines):
            return start
        units = 0
        for i, ch in enumerate(lines[line - 1]):
            if units >= column - 1:
                return start + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return start + len(lines[line - 1])

    (change,) = fix["artifactChanges"]
    spans = []
    for r in change["replacements"]:
        region = r["deletedRegion"]
        a = offset(region["startLine"], region["startColumn"])
        b = offset(region["endLine"], region["endColumn"])
        spans.append((a, b, r["insertedContent"]["text"]))
    for a, b, new in sorted(spans, reverse=True):
        text = text[:a] + new + text[b:]
    return text


def test_sarif_carries_fixes_that_validate_and_reproduce_the_fixed_file(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    code, out, err = check(capsys, "--format", "sarif", "--repo", str(git_repo.path))
    assert code == 1, err
    log = assert_valid_sarif(out)
    (result,) = log["runs"][0]["results"]
    (fix,) = result["fixes"]
    (change,) = fix["artifactChanges"]
    assert change["artifactLocation"] == {"uri": "pkg/new.py", "uriBaseId": "%SRCROOT%"}
    assert "pkg.core.process" in fix["description"]["text"]
    original = (git_repo.path / "pkg" / "new.py").read_text()
    fixed = _apply_sarif_fix(original, fix)
    assert fixed.endswith("def handle(path):\n    return process(path)\n")
    assert "from pkg.core import process\n" in fixed


def test_sarif_fix_regions_with_crlf_non_ascii_and_no_final_newline():
    files = {
        "pkg/__init__.py": b"",
        "pkg/util.py": dedent(UTIL).encode(),
        "pkg/new.py": '"""Lecture \U0001F4D6 café."""\r\nimport io\r\n\r\ndef read(p):\r\n    return io.open(p).read()  # \u00e9\u00e9'.encode(),
    }
    tree = MemoryTree(files)
    index = build_index(tree, Settings(), None, 1)
    finding = finding_for(index, "pkg.new.read", "pkg.util.load")
    fix = propose(finding, tree, index)
    assert fix.fixed.endswith("def read(p):\r\n    return load(p)")
    ctx = RenderContext(rules=(), version="0", source=lambda p: files.get(p), fixes={finding.stable_key: fix})
    log = assert_valid_sarif(render("sarif", Report(findings=(finding,)), ctx))
    (sarif_fix,) = log["runs"][0]["results"][0]["fixes"]
    assert _apply_sarif_fix(fix.original, sarif_fix) == fix.fixed


def test_render_context_defaults_to_no_fixes(git_repo: GitRepo, capsys: pytest.CaptureFixture):
    ctx = RenderContext(rules=(), version="0", source=lambda p: None)
    assert dict(ctx.fixes) == {}
    code, out, err = check(capsys, "--format", "json", "--repo", str(git_repo.path))
    assert "fixes" not in json.loads(out)["findings"][0]


# ---------------------------------------------------------------------------
# arguments by name (issue 17: a fix must never pass an argument to the wrong parameter)

# the shape of rich's JSON.from_data: its fourth parameter is skip_keys, sort_keys comes last
RICH_LIKE = """
    import json


    class JSON:
        def __init__(self, text, highlight=True):
            self.text = text
            self.highlight = highlight

        @classmethod
        def from_data(cls, data, indent=2, highlight=True, skip_keys=False, ensure_ascii=False,
                      check_circular=True, allow_nan=True, default=None, sort_keys=False):
            text = json.dumps(data, indent=indent, skipkeys=skip_keys, ensure_ascii=ensure_ascii,
                              check_circular=check_circular, allow_nan=allow_nan, default=default,
                              sort_keys=sort_keys)
            return cls(text, highlight=highlight)
"""


def json_view_files(first: str) -> dict[str, str]:
    return {
        "pkg/__init__.py": "",
        "pkg/render.py": RICH_LIKE,
        "pkg/new.py": f"""
            import json

            from pkg.render import JSON


            def json_view({first}, indent=2, highlight=True, sort_keys=False):
                return JSON(json.dumps({first}, indent=indent, sort_keys=sort_keys), highlight=highlight)
        """,
    }


def test_a_parameter_whose_place_differs_from_the_targets_is_passed_by_keyword():
    fix = fix_of(json_view_files("data"), "pkg.new.json_view", "pkg.render.JSON.from_data")
    assert not fix.safe
    # not JSON.from_data(data, indent, highlight, sort_keys): that passes sort_keys as skip_keys
    assert "    return JSON.from_data(data, indent, highlight, sort_keys=sort_keys)\n" in fix.fixed, fix.fixed


def test_rich_json_from_data_case_passes_sort_keys_by_keyword():
    # the signature of rich's case: obj goes to data by place (renamed), sort_keys by name
    fix = fix_of(json_view_files("obj"), "pkg.new.json_view", "pkg.render.JSON.from_data")
    assert "    return JSON.from_data(obj, indent, highlight, sort_keys=sort_keys)\n" in fix.fixed, fix.fixed


def test_a_renamed_parameter_annotated_with_another_type_gives_no_fix():
    files = {
        "pkg/__init__.py": "",
        "pkg/old.py": "def total(lines: list, rate: str = 'standard'):\n    return sum(lines)\n",
        "pkg/new.py": "def order_due(order: dict):\n    return sum(order['lines'])\n",
    }
    with pytest.raises(NoFix, match="'order' of .* has no parameter of that name .* another type"):
        fix_of(files, "pkg.new.order_due", "pkg.old.total")


def test_map_arguments_by_name():
    def p(name: str, kind: str = "positional", default: bool = False) -> ParamInfo:
        return ParamInfo(name, kind, default)

    t = [p("data"), p("indent", default=True), p("skip_keys", default=True), p("sort_keys", default=True)]
    # by name, by keyword once the places disagree
    assert map_arguments([p("data"), p("indent"), p("sort_keys")], t, by_name=True) == ["data", "indent", "sort_keys=sort_keys"]
    # a renamed parameter by place, unless both are annotated and differ
    assert map_arguments([p("obj"), p("sort_keys")], t, by_name=True) == ["obj", "sort_keys=sort_keys"]
    with pytest.raises(NoFix, match="another type"):
        map_arguments(
            [ParamInfo("obj", "positional", False, cst.parse_expression("dict"))],
            [ParamInfo("data", "positional", False, cst.parse_expression("list"))],
            by_name=True,
        )
    # the same names in another order: every one by keyword
    assert map_arguments([p("b"), p("a")], [p("a"), p("b")], by_name=True) == ["b=b", "a=a"]
    # a keyword-only parameter of N to T's parameter of that name
    assert map_arguments([p("a"), p("sort_keys", "keyword_only")], t, by_name=True) == ["a", "sort_keys=sort_keys"]
    # by place, as a renamed copy is mapped, the same call would pass b to a
    assert map_arguments([p("b"), p("a")], [p("a"), p("b")]) == ["b", "a"]


@pytest.mark.parametrize(
    "n_params, t_params, reason",
    [
        # x has no namesake in T, and T's parameter at its place is N's a: a guess either way
        ([("x", "positional"), ("a", "positional")], [("a", "positional"), ("b", "positional")], "not certain"),
        # T's positional-only parameter cannot be reached by keyword
        ([("b", "positional"), ("a", "positional")], [("a", "positional_only"), ("b", "positional")], "positional-only"),
        # a name T does not have, past T's positional parameters
        ([("a", "positional"), ("c", "positional")], [("a", "positional")], "no parameter of that name or place"),
        ([("a", "positional"), ("k", "keyword_only")], [("a", "positional")], "keyword-only parameter 'k'"),
        ([("a", "positional")], [("a", "positional"), ("b", "positional")], "required parameter 'b'"),
    ],
)
def test_map_arguments_by_name_refuses_what_is_not_certain(n_params, t_params, reason):
    with pytest.raises(NoFix, match=reason):
        map_arguments(
            [ParamInfo(n, k, False) for n, k in n_params], [ParamInfo(n, k, False) for n, k in t_params], by_name=True
        )


def test_a_copy_with_its_names_swapped_is_not_a_safe_fix():
    from reuse_audit.fix.fixes import renamed_copy

    files = {
        "pkg/__init__.py": "",
        "pkg/old.py": "from pkg.util import size\n\n\ndef gap(a, b):\n    return size(a) - size(b)\n",
        "pkg/util.py": "def size(x):\n    return len(x)\n",
    }
    for new, safe in [
        ("from pkg.util import size\n\n\ndef span(x, y):\n    return size(x) - size(y)\n", True),
        # the same tokens once every variable is abstracted, but it computes b - a
        ("from pkg.util import size\n\n\ndef span(x, y):\n    return size(y) - size(x)\n", False),
    ]:
        tree = MemoryTree({k: v.encode() for k, v in dict(files, **{"pkg/new.py": new}).items()})
        index = build_index(tree, Settings(), None, jobs=1)
        n, t = index.functions["pkg.new.span"], index.functions["pkg.old.gap"]
        assert renamed_copy(tree, n.location, t.location) is safe, new


# ---------------------------------------------------------------------------
# imports the fix makes unused (issue 17: ruff found F401s after our fixes)


def test_an_import_group_the_fix_empties_leaves_no_gap():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": UTIL,
            "pkg/new.py": """
                import io

                # local
                from pkg import util


                def read(name, encoding="utf-8"):
                    with io.open(name, encoding=encoding) as fh:
                        return fh.read()
            """,
        },
        "pkg.new.read",
        "pkg.util.load",
    )
    assert fix.fixed.startswith("# local\nfrom pkg import util\n\n\ndef read("), fix.fixed
    assert "return util.load(name, encoding)" in fix.fixed


def test_the_fix_removes_the_imports_it_made_unused_and_only_those():
    fix = fix_of(
        {
            "pkg/__init__.py": "",
            "pkg/util.py": UTIL,
            "pkg/new.py": '''
                """New code."""

                # the helpers
                import os
                import sys
                from os.path import (
                    basename,
                    exists,
                    join,
                )

                __all__ = ["read", "join"]


                def read(name, encoding="utf-8"):
                    if not exists(os.fspath(join(name))):
                        raise FileNotFoundError(name)
                    with open(name, encoding=encoding) as fh:
                        return fh.read()


                def other(path):
                    return basename(path)
            ''',
        },
        "pkg.new.read",
        "pkg.util.load",
    )
    # os and exists served only the old body: gone; sys was unused before (not the fix's
    # to remove), basename is used by other(), join is named in __all__
    assert fix.fixed == dedent('''
        """New code."""

        # the helpers
        import sys
        from os.path import (
            basename,
            join,
        )
        from pkg.util import load

        __all__ = ["read", "join"]


        def read(name, encoding="utf-8"):
            return load(name, encoding)


        def other(path):
            return basename(path)
    '''), fix.fixed
    assert "removes the imports it leaves unused (exists, os)" in fix.description


def test_imports_under_if_try_or_def_stay_and_the_statements_around_them_too():
    # libcst's import visitors see the top level, each def, class, if or try a stand-in: what
    # they hold comes back as it was, and an import inside one is never the fix's to remove
    module = """
        import io
        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from os import PathLike

        try:
            import json
        except ImportError:  # no json
            json = None


        class Reader:
            def close(self):
                import gc
                return gc.collect()


        def read_text(name: "PathLike", encoding="utf-8"):
            with io.open(name, encoding=encoding) as fh:
                return json.loads(fh.read())
    """
    fix = fix_of({"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/new.py": module}, "pkg.new.read_text", "pkg.util.load")
    expected = dedent(module).replace("import io\nfrom typing import TYPE_CHECKING\n", "from typing import TYPE_CHECKING\nfrom pkg.util import load\n")
    expected = expected.replace(
        "    with io.open(name, encoding=encoding) as fh:\n        return json.loads(fh.read())\n", "    return load(name, encoding)\n"
    )
    assert fix.fixed == expected, fix.fixed
    assert fix.description.endswith("; removes the import it leaves unused (io)"), fix.description


# ---------------------------------------------------------------------------
# fixes of one file in one run (issue 17: "run --fix again")

TWO_TARGETS_CORE = '''
    """The pipeline."""

    from pkg.util import check, clean, emit, load

    LIMIT = 10


    def process(path):
        text = load(path)
        text = clean(text)
        check(text)
        return emit(text)


    def render(path, width=LIMIT):
        text = clean(load(path))
        return emit(text[:width])
'''

TWO_COPIES = '''
    from pkg.core import LIMIT
    from pkg.util import check, clean, emit, load


    def handle(source):
        raw = load(source)
        raw = clean(raw)
        check(raw)
        return emit(raw)


    def show(source, width=LIMIT):
        raw = clean(load(source))
        return emit(raw[:width])
'''


def test_fixes_whose_edits_overlap_are_applied_in_one_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", dict(BASE_FILES, **{"pkg/core.py": TWO_TARGETS_CORE}))
    repo.write({"pkg/new.py": TWO_COPIES})
    code, out, err = check(capsys, "--diff", "--repo", str(repo.path))
    assert "Would fix 2 findings (0 remaining)." in err, out + err
    # both fixes extend `from pkg.core import LIMIT`: the second used to wait for another --fix
    code, out, err = check(capsys, "--fix", "--repo", str(repo.path))
    assert "Fixed 2 findings (0 remaining)." in err, out + err
    assert code == 0 and out.startswith("No findings"), out + err
    text = (repo.path / "pkg" / "new.py").read_text(encoding="utf-8")
    # (each round's libcst AddImportsVisitor puts the name it adds first: render came second)
    assert "from pkg.core import render, process, LIMIT\n" in text, text
    assert "pkg.util" not in text, text  # unused once both bodies are calls
    assert "return process(source)" in text and "return render(source, width)" in text, text


def test_edits_of_one_fix_never_touch_one_line():
    original = "import json\n\nfrom a import B\nfrom c import d, e\n\n\ndef f(x):\n    y = d(x)\n    return B(e(y))\n"
    fixed = "from a import B\n\n\ndef f(x):\n    return B.make(x)\n"
    edits = edits_between(original, fixed)
    assert apply_edits(original, edits) == fixed
    for a, b in zip(edits, edits[1:]):
        assert a.end_line < b.start_line, edits
    assert merge_fixes([Fix("m.py", original, fixed, "", edits, "k")])[1], "the fix overlaps itself"


def test_rich_like_case_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    """--diff --unsafe-fixes on rich's JSON.from_data case: sort_keys by keyword (it was passed as skip_keys)."""
    isolated_git(tmp_path, monkeypatch)
    repo = GitRepo(tmp_path / "repo")
    util = "def normalise(data):\n    return data\n\n\ndef wrap(text):\n    return text.rstrip()\n"
    render = dedent(RICH_LIKE).replace("import json\n", "import json\n\nfrom pkg.util import normalise, wrap\n", 1)
    render = render.replace("json.dumps(data,", "json.dumps(normalise(data),").replace("cls(text,", "cls(wrap(text),")
    repo.commit("base", {"pkg/__init__.py": "", "pkg/util.py": util, "pkg/render.py": render})
    repo.write({"pkg/view.py": """
        import json

        from pkg.render import JSON
        from pkg.util import normalise, wrap


        def json_view(obj, indent=2, highlight=True, sort_keys=False):
            text = json.dumps(normalise(obj), indent=indent, sort_keys=sort_keys)
            return JSON(wrap(text), highlight=highlight)
    """})
    code, out, err = check(capsys, "--diff", "--unsafe-fixes", "--repo", str(repo.path))
    assert "Would fix 1 finding (0 remaining)." in err, out + err
    assert "+    return JSON.from_data(obj, indent, highlight, sort_keys=sort_keys)\n" in out, out
    assert "-import json\n" in out and "-from pkg.util import normalise, wrap\n" in out, out


def test_finding_a_def_by_its_names_agrees_with_its_position():
    """``_find_by_name`` (no PositionProvider) finds the def FunctionFinder finds at the line,
    or leaves it to FunctionFinder: on every def of real modules, and on redefinitions."""
    import ast
    import email.message
    import inspect as inspect_module
    import textwrap

    from reuse_audit.fix.fixes import FunctionFinder, _find_by_name
    from reuse_audit.fix.parsed import ParsedModule
    from libcst.metadata import MetadataWrapper

    redefined = textwrap.dedent('''\
        import sys
        if sys.version_info > (3,):
            def f(x):
                return x
        else:
            def f(x):
                return -x
        class C:
            try:
                def m(self):
                    pass
            except Exception:
                pass
            class D:
                async def m(self):
                    pass
        def g():
            def inner():
                pass
    ''')
    sources = [redefined, inspect_module.getsource(email.message)]
    quick_found = 0
    for text in sources:
        wrapper = MetadataWrapper(cst.parse_module(text), unsafe_skip_copy=True)
        mod = ParsedModule("m.py", "m", False, text, False, wrapper)
        defs: list[tuple[str, int]] = []

        def walk(node, prefix):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defs.append((prefix + child.name, child.lineno))
                    walk(child, prefix + child.name + ".<locals>.")
                elif isinstance(child, ast.ClassDef):
                    walk(child, prefix + child.name + ".")
                else:
                    walk(child, prefix)

        walk(ast.parse(text), "")
        for local, line in defs:
            finder = FunctionFinder(line, local.rsplit(".", 1)[-1])
            wrapper.visit(finder)
            slow = [f for f in finder.found if f.local_name == local]
            quick = _find_by_name(mod, local, line)
            if quick is not None:
                quick_found += 1
                assert len(slow) == 1 and slow[0].node is quick.node, (local, line)
                assert (quick.local_name, quick.class_path, quick.nested) == (slow[0].local_name, slow[0].class_path, slow[0].nested)
        # a redefined name is left to the positions; a wrong line finds nothing
        if text == redefined:
            assert _find_by_name(mod, "f", 3) is None and _find_by_name(mod, "C.m", 10) is not None
            assert _find_by_name(mod, "C.m", 11) is None and _find_by_name(mod, "g.<locals>.inner", 18) is None
            assert _find_by_name(mod, "C.D.m", 15).class_path == "C.D"
    assert quick_found > 50


# ---------------------------------------------------------------------------
# libcst.codemod (0.2 s to import) only for a fix that changes an import


@pytest.mark.parametrize(
    "module",
    [
        "import os\n\ndef f(p):\n    return os.fspath(p)\n",  # an import only the old body uses
        "import os\n\ndef f(p):\n    return os.fspath(p)\n\ndef g():\n    return os.sep\n",  # used elsewhere too
        "from typing import cast\nfrom pkg import Thing\n\ndef f(p):\n    return cast('Thing', p)\n",  # in a string
        "import os.path as osp, json\n\ndef f(p):\n    return json.dumps(osp.basename(p))\n",
        "from .sibling import helper\n\ndef f(p):\n    return helper(p)\n",
        "from pkg import *\n\ndef f(p):\n    return thing(p)\n",
        "import os\n\ndef f(p):\n    return len(p)\n",  # none the body uses
        "import sys\nif sys.version_info > (3,):\n    import json\n\ndef f(p):\n    return json.dumps(p)\n",
    ],
)
def test_the_import_pre_check_names_every_import_the_visitors_remove(module: str):
    from libcst.metadata import MetadataWrapper

    from reuse_audit.fix.fixes import _imports_left_unused_by
    from reuse_audit.fix.importedits import fix_imports
    from reuse_audit.fix.parsed import ParsedModule

    wrapper = MetadataWrapper(cst.parse_module(module))
    mod = ParsedModule("pkg/m.py", "pkg.m", False, module, False, wrapper)
    old = next(s for s in mod.tree.body if isinstance(s, cst.FunctionDef) and s.name.value == "f")
    after = mod.tree.visit(ReplaceBody(old, [cst.parse_statement("return None\n")]))
    fixed, removed = fix_imports(mod, old, after, None)
    names = _imports_left_unused_by(mod, old, after)
    again, removed_again = fix_imports(mod, old, after, None, names)
    assert (again.code, removed_again) == (fixed.code, removed)  # the same, from the names
    if removed:
        assert names is None or set(removed) <= names
    if "len(p)" in module or "os.sep" in module:
        assert names == frozenset()


def test_a_fix_that_changes_no_import_does_not_load_the_codemod_visitors(tmp_path: Path):
    """A copy of a function of its own module: its fix (the report's [*] mark) adds no import and
    leaves none unused, and libcst.codemod is never imported."""
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    original = dedent('''
        import json
        import os


        def _clean(text):
            return text.strip()


        def load_config(path):
            with open(os.fspath(path), encoding="utf-8") as handle:
                data = json.load(handle)
            return {_clean(k): v for k, v in data.items()}
    ''').lstrip()
    (root / "pkg" / "m.py").write_text(original)
    copy = ["", "", "def read_settings(location):", "    with open(os.fspath(location), encoding=\"utf-8\") as fh:",
            "        loaded = json.load(fh)", "    return {_clean(key): value for key, value in loaded.items()}"]
    lines = len(original.splitlines())
    patch = tmp_path / "copy.patch"
    patch.write_text(
        "diff --git a/pkg/m.py b/pkg/m.py\n--- a/pkg/m.py\n+++ b/pkg/m.py\n"
        f"@@ -{lines},0 +{lines + 1},{len(copy)} @@\n" + "".join(f"+{line}\n" for line in copy)
    )
    code = (
        "import sys\n"
        "from reuse_audit.app.cli import main\n"
        "try:\n"
        f"    main(['check', {str(patch)!r}, '--repo', {str(root)!r}, '--no-cache'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('codemod' if 'libcst.codemod' in sys.modules else 'no codemod')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "RA001 [*]" in out.stdout or "RA003 [*]" in out.stdout, out.stdout + out.stderr
    assert out.stdout.strip().endswith("no codemod"), out.stdout + out.stderr
