"""reuse_audit.api: what the benchmark and the CLI use of the engine."""

from textwrap import dedent

import pytest

from reuse_audit import api
from reuse_audit.lint.rule import TARGET_STATUSES

from test_ra002 import MONEY, REIMPLEMENTS_PARSE_AMOUNT  # shop/money.py: parse_amount, normalise, to_cents

# two more targets: spelled (3 callees), shown (none)
MORE = dedent(
    """
    def spelled(text):
        cleaned = normalise(text)
        return re.split(r"[.]", cleaned), Decimal(cleaned)

    def shown(cents):
        return f"{cents / 100:.2f}"
    """
)
BEFORE = {"shop/__init__.py": b"", "shop/money.py": (MONEY + MORE).encode()}

# total() re-implements parse_amount (calls its 4 callees, not it), calls normalise and
# to_cents, bypasses spelled (calls 2 of its 3 callees) and never calls shown (no callee:
# too few to judge)
NEW = REIMPLEMENTS_PARSE_AMOUNT.lstrip("\n")


def new_file_diff(path: str, text: str) -> str:
    lines = text.splitlines(keepends=True)
    return f"--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,{len(lines)} @@\n" + "".join("+" + line for line in lines)


def test_target_verdicts_say_what_became_of_each_declared_target():
    targets = ("shop.money.parse_amount", "shop.money.to_cents", "shop.money.spelled", "shop.money.shown", "shop.money.nowhere")
    result = api.check_diff(api.MemoryTree(BEFORE), new_file_diff("shop/orders.py", NEW), "turn 1", api.Settings(targets=targets))
    assert api.target_verdicts(result.report) == {
        "shop.money.nowhere": api.UNKNOWN,
        "shop.money.parse_amount": api.REIMPLEMENTED,
        "shop.money.shown": api.UNJUDGED,
        "shop.money.spelled": api.BYPASSED,
    }
    assert set(api.target_verdicts(result.report).values()) <= set(TARGET_STATUSES)
    declared = api.declared_targets(result)
    assert sorted(declared) == sorted(targets) and declared["shop.money.parse_amount"].kind == "function"
    assert [name for name, target in declared.items() if not target.known] == ["shop.money.nowhere"]


def test_target_verdicts_of_a_check_without_targets_are_empty():
    result = api.check_diff(api.MemoryTree(BEFORE), new_file_diff("shop/orders.py", NEW), "turn 1")
    assert api.target_verdicts(result.report) == {} and api.declared_targets(result) == {}


def test_resolve_targets_finds_where_each_is_defined():
    declared = api.resolve_targets(api.MemoryTree(BEFORE), ["shop.money.parse_amount", "shop.money.nowhere"])
    assert declared["shop.money.parse_amount"].known and declared["shop.money.parse_amount"].location.path == "shop/money.py"
    assert not declared["shop.money.nowhere"].known


def test_patched_files_are_what_the_sections_write():
    files = {"a.py": b"one\ntwo\n", "b.py": b"gone\n"}
    diff = (
        "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n"
        "diff --git a/b.py b/c.py\nsimilarity index 100%\nrename from b.py\nrename to c.py\n"
        "diff --git a/d.txt b/d.txt\nnew file mode 100644\n--- /dev/null\n+++ b/d.txt\n@@ -0,0 +1 @@\n+new\n"
    )
    assert api.patched_files(diff, files.get, "t.diff") == {"a.py": b"one\n2\n", "b.py": None, "c.py": b"gone\n", "d.txt": b"new\n"}
    assert api.patched_files("  \n", files.get) == {}


def test_patched_files_refuse_what_has_no_file_content():
    diff = "diff --git a/link b/link\nnew file mode 120000\n--- /dev/null\n+++ b/link\n@@ -0,0 +1 @@\n+target\n\\ No newline at end of file\n"
    with pytest.raises(api.PatchError, match="t.diff:1: link is a symlink"):
        api.patched_files(diff, {}.get, "t.diff")
    renamed_onto = "diff --git a/a.py b/b.py\nsimilarity index 100%\nrename from a.py\nrename to b.py\n"
    with pytest.raises(api.PatchError, match="patch creates 'b.py', but a file of that name already exists"):
        api.patched_files(renamed_onto, {"a.py": b"x\n", "b.py": b"y\n"}.get, "t.diff")
    with pytest.raises(api.PatchError):
        api.patched_files("--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-not there\n+x\n", {"a.py": b"other\n"}.get)


def test_the_api_names_what_it_offers():
    assert sorted(api.__all__) == sorted(set(api.__all__))
    for name in api.__all__:
        value = getattr(api, name)
        if callable(value) and getattr(value, "__module__", "") == "reuse_audit.api":
            assert value.__doc__, name
