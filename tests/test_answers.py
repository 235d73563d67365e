"""The answers of whole checks kept in the cache (``answers.py``): the same check again is
read, not run; any change of what an answer depends on runs it again."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

import pytest

from cli_support import IMPORTS, make_case, run_cli
from reuse_audit.app import answers
from reuse_audit.app.answers import Answers, check_key, dump_plan, dump_report, load_plan, load_report
from reuse_audit.facts.cache import KEEP_ANSWERS, FactsCache
from reuse_audit.source.change import change_from_patch
from reuse_audit.api import run
from reuse_audit.fix.fixes import plan_fixes
from reuse_audit.source.note import Note
from reuse_audit.settings import Settings
from reuse_audit.source.tree import MemoryTree


@pytest.fixture(autouse=True)
def no_racy_margin(monkeypatch):
    """The trees of these tests are written just before they are checked: answers are kept
    for files written up to the start of the check (the margin has a test of its own)."""
    monkeypatch.setattr(answers, "RACY_SECONDS", 0.0)


@pytest.fixture
def counted(monkeypatch):
    """How many times the engine ran and fixes were planned (through the CLI)."""
    import reuse_audit.lint.engine
    import reuse_audit.fix.fixes

    calls = {"run": 0, "plan": 0}
    real_run, real_plan = reuse_audit.lint.engine.run, reuse_audit.fix.fixes.plan_fixes

    def counting_run(*args, **kwargs):
        import sys

        # the check (answers.check, or app.check before planning fixes), not a fix's verification
        if sys._getframe(1).f_globals["__name__"] in ("reuse_audit.app.check", "reuse_audit.app.answers"):
            calls["run"] += 1
        return real_run(*args, **kwargs)

    def counting_plan(*args, **kwargs):
        calls["plan"] += 1
        return real_plan(*args, **kwargs)

    monkeypatch.setattr(reuse_audit.lint.engine, "run", counting_run)  # the CLI's, not the API's (its import is heavier)
    monkeypatch.setattr(reuse_audit.fix.fixes, "plan_fixes", counting_plan)
    return calls


# a renamed copy of price_label: its fix is safe, so the text report marks it [*] (verified)
SAFE_COPY = (
    '"""Reports."""\n\n' + IMPORTS + "\n\ndef label_for(raw, where):\n    amount = parse_price(raw)\n"
    "    rate = lookup_rate(where)\n    taxed = apply_tax(amount, rate)\n"
    '    return format_price(round_cents(taxed), "EUR")\n'
)


def safe_case(tmp_path: Path):
    return make_case(tmp_path, {"shop/report.py": SAFE_COPY})


def check(case, cache: Path, *extra: str):
    return run_cli(["check", str(case.patch), "--repo", str(case.repo), "--cache-dir", str(cache), *extra], in_process=True)


def _age(path: Path) -> None:
    """Move a file's times back, as if it had been written minutes ago (the stat cache trusts it)."""
    old = time.time() - 600
    os.utime(path, (old, old))


def test_the_same_check_again_is_read_from_the_cache(tmp_path, counted):
    case = safe_case(tmp_path)
    first = check(case, tmp_path / "cache")
    assert first.returncode == 1 and "[*]" in first.stdout, first
    assert counted == {"run": 1, "plan": 1}  # the check, and the verification of its fix
    again = check(case, tmp_path / "cache")
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr)
    assert counted == {"run": 1, "plan": 1}  # nothing ran
    # every format reads the same kept report; SARIF and --diff plan their own fixes once
    for args in (("--format", "json"), ("--format", "sarif"), ("--diff",)):
        runs = counted["run"]
        one = check(case, tmp_path / "cache", *args)
        two = check(case, tmp_path / "cache", *args)
        assert one.stdout == two.stdout and one.returncode == two.returncode
        assert counted["run"] - runs <= 2
    assert check(case, tmp_path / "cache", "--no-cache").stdout == first.stdout


@pytest.mark.parametrize("what", ["a file the patch does not touch", "the patch", "the settings", "the tool"])
def test_a_change_of_any_input_runs_the_check_again(tmp_path, counted, monkeypatch, what):
    case = make_case(tmp_path)
    for path in case.repo.rglob("*.py"):
        _age(path)
    first = check(case, tmp_path / "cache")
    assert "label_for" in first.stdout and counted["run"] == 1
    if what == "a file the patch does not touch":
        target = case.repo / "shop" / "util.py"
        text = target.read_text()
        assert "def round_cents" in text
        # the same size, the same times: only the content says it changed
        st = target.stat()
        target.write_text(text.replace("def round_cents", "def round_cent_"))
        os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
    elif what == "the patch":
        case.patch.write_text(case.patch.read_text().replace("label_for", "label_of"))
    elif what == "the settings":
        (case.repo / "pyproject.toml").write_text("[tool.reuse-audit]\nmin-callees = 9\n")
    else:
        monkeypatch.setattr(answers, "_CODE_KEY", "another version of the tool")
    again = check(case, tmp_path / "cache")
    assert counted["run"] > 1, what
    assert again.stdout == check(case, tmp_path / "cache", "--no-cache").stdout


def test_the_key_covers_every_file_and_setting(tmp_path):
    case = make_case(tmp_path)
    cache = FactsCache(tmp_path / "cache")
    change = change_from_patch(case.repo, case.patch.read_text(), "change.patch")
    key = check_key(change, Settings(), cache)
    assert key is not None and key == check_key(change_from_patch(case.repo, case.patch.read_text(), "p"), Settings(), cache)
    assert check_key(change, Settings(min_callees=4), cache) != key
    assert check_key(change, Settings(ignore_callees=frozenset({"x"})), cache) != key
    (case.repo / "shop" / "extra.py").write_text("def f():\n    pass\n")  # a new file in the tree
    assert check_key(change_from_patch(case.repo, case.patch.read_text(), "p"), Settings(), cache) != key
    cache.close()


def test_a_tree_not_on_disk_has_no_key(tmp_path):
    from reuse_audit.source.change import change_from_diff

    case = make_case(tmp_path)
    tree = MemoryTree({p: (v.encode() if isinstance(v, str) else v) for p, v in case.before.items()})
    change = change_from_diff(tree, case.patch.read_text(), "p")
    cache = FactsCache(tmp_path / "cache")
    assert check_key(change, Settings(), cache) is None
    kept = Answers(cache, change, Settings())
    assert kept.prefix is None and kept.report() is None
    cache.close()


def test_reports_and_plans_round_trip_and_damage_is_a_miss(tmp_path):
    case = make_case(tmp_path)
    change = change_from_patch(case.repo, case.patch.read_text(), "change.patch")
    result = run(change, Settings())
    report = result.report
    assert report.findings
    assert load_report(dump_report(report)) == report
    check_again = functools.partial(run, settings=Settings(), rules=result.rules)
    plan = plan_fixes(change, result, check_again, report.findings, unsafe=True)
    assert plan.fixes
    back = load_plan(dump_plan(plan))
    assert back is not None and back.result is None
    assert (back.fixes, back.files, back.reasons, back.notes, back.unsafe_left) == (
        plan.fixes, plan.files, plan.reasons, plan.notes, plan.unsafe_left
    )
    damaged = list(dump_report(report))
    damaged[2] = "many"
    for bad in (None, 7, (), tuple(damaged), (dump_report(report)[0], (("p", 3),), 1, 1, (), 0)):
        assert load_report(bad) is None
    assert load_plan(("x",)) is None


def test_a_damaged_entry_is_a_miss_and_is_replaced(tmp_path, counted):
    case = make_case(tmp_path)
    first = check(case, tmp_path / "cache")
    cache = FactsCache(tmp_path / "cache")
    db = cache._connect()
    assert db is not None
    with db:
        db.execute("UPDATE answers SET blob = ?", (b"Mxxxxnot marshal",))
    cache.close()
    runs = counted["run"]
    again = check(case, tmp_path / "cache")
    assert again.stdout == first.stdout and counted["run"] > runs
    runs = counted["run"]
    assert check(case, tmp_path / "cache").stdout == first.stdout and counted["run"] == runs


def test_only_the_newest_answers_are_kept(tmp_path):
    cache = FactsCache(tmp_path / "cache")
    for n in range(KEEP_ANSWERS + 5):
        cache.put_answer(f"k{n}", "prefix", (n,))
    assert cache.get_answer("k0") is None
    assert cache.get_answer(f"k{KEEP_ANSWERS + 4}") == (KEEP_ANSWERS + 4,)
    db = cache._connect()
    assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == KEEP_ANSWERS
    cache.close()


def test_diff_reads_a_kept_plan_and_fix_never_does(tmp_path, counted):
    from cli_support import write_tree

    case = make_case(tmp_path)
    write_tree(case.repo, {"shop/report.py": SAFE_COPY})  # checked as a PATH: --fix may write it
    args = ["check", "shop/report.py", "--repo", str(case.repo), "--cache-dir", str(tmp_path / "cache")]
    first = run_cli(args + ["--diff"], cwd=case.repo, in_process=True)
    assert "label_for" in first.stdout and counted["plan"] == 1, first
    again = run_cli(args + ["--diff"], cwd=case.repo, in_process=True)
    assert (again.stdout, again.stderr) == (first.stdout, first.stderr) and counted["plan"] == 1
    fixed = run_cli(args + ["--fix"], cwd=case.repo, in_process=True)
    assert counted["plan"] == 2, fixed  # made again: --fix reports the check of the fixed code
    assert "Fixed 1 finding" in fixed.stderr
    assert "label_for" not in run_cli(args, cwd=case.repo, in_process=True).stdout


def test_a_cache_refused_keeps_no_answers(tmp_path):
    case = make_case(tmp_path)
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    target = tmp_path / "elsewhere"
    target.write_text("")
    cache = FactsCache(folder)
    os.symlink(target, cache.path)
    change = change_from_patch(case.repo, case.patch.read_text(), "p")
    kept = Answers(cache, change, Settings())
    assert kept.report() is None
    kept.put_report(run(change, Settings()).report)
    kept.keep()
    assert target.read_text() == ""
    assert cache.disabled_reason and "symbolic link" in cache.disabled_reason


def test_a_cold_check_hashes_no_file_for_its_answers(tmp_path, monkeypatch):
    case = make_case(tmp_path)
    change = change_from_patch(case.repo, case.patch.read_text(), "p")
    cache = FactsCache(tmp_path / "cache")

    def refuse(*args, **kwargs):
        raise AssertionError("hashed before the check")

    real = answers.digest_files
    monkeypatch.setattr(answers, "digest_files", refuse)
    kept = Answers(cache, change, Settings())
    assert kept.report() is None and kept.plan([], False, 1, None) is None
    report = run(change, Settings(), cache=cache).report
    monkeypatch.setattr(answers, "digest_files", real)
    kept.put_report(report)
    kept.keep()
    assert Answers(cache, change_from_patch(case.repo, case.patch.read_text(), "p"), Settings()).report() == report
    cache.close()


def test_nothing_is_kept_when_a_file_changes_during_the_check(tmp_path, monkeypatch):
    case = make_case(tmp_path)
    change = change_from_patch(case.repo, case.patch.read_text(), "p")
    cache = FactsCache(tmp_path / "cache")
    kept = Answers(cache, change, Settings())
    report = run(change, Settings(), cache=cache).report
    util = case.repo / "shop" / "util.py"
    util.write_text(util.read_text() + "\n")  # written while the check ran: its answer may be stale
    kept.put_report(report)
    kept.keep()
    db = cache._connect()
    assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 0
    # nor within the margin before the check started (one tick of the clock hides a change)
    monkeypatch.setattr(answers, "RACY_SECONDS", 2.0)
    again = Answers(cache, change_from_patch(case.repo, case.patch.read_text(), "p"), Settings())
    again.put_report(report)
    again.keep()
    assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 0
    monkeypatch.setattr(answers, "RACY_SECONDS", 0.0)
    third = Answers(cache, change_from_patch(case.repo, case.patch.read_text(), "p"), Settings())
    third.put_report(report)
    third.keep()
    assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 1
    cache.close()


def test_notes_of_the_change_are_part_of_the_key(tmp_path):
    import dataclasses

    case = make_case(tmp_path)
    cache = FactsCache(tmp_path / "cache")
    change = change_from_patch(case.repo, case.patch.read_text(), "p")
    other = dataclasses.replace(change, notes=change.notes + (Note("x.py", "skipped"),))
    assert check_key(change, Settings(), cache) != check_key(other, Settings(), cache)
    cache.close()


def test_an_answer_moved_to_another_key_is_a_miss(tmp_path):
    cache = FactsCache(tmp_path / "cache")
    cache.put_answer("a", "p", ("answer of a",))
    cache.put_answer("b", "p", ("answer of b",))
    db = cache._connect()
    with db:
        (blob_a,) = db.execute("SELECT blob FROM answers WHERE key = 'a'").fetchone()
        (blob_b,) = db.execute("SELECT blob FROM answers WHERE key = 'b'").fetchone()
        db.execute("UPDATE answers SET blob = ? WHERE key = 'a'", (blob_b,))
        db.execute("UPDATE answers SET blob = ? WHERE key = 'b'", (blob_a,))
    assert cache.get_answer("a") is None and cache.get_answer("b") is None
    cache.close()
