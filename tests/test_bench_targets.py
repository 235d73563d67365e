"""Benchmark targets as users write them (issue 14): a public re-export, a class, a
method and a module-level callable instance; ``-O reinvent_turns``; recall of a
class; lines viewed clamped to the file."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import pytest

from reuse_audit.app.reads import Read
from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.report import summarise
from reuse_audit.benchmark.runner import RunConfig, run_benchmark
from reuse_audit.benchmark.scoring import recalled, viewed
from reuse_audit.benchmark.verify import render_table, verify
from reuse_audit.index.targets import resolve_targets
from reuse_audit.source.tree import FsTree

LIBRARY = {
    "cal/__init__.py": "from ._core import parse_day\nfrom .core2 import Calendar, holidays\n",
    "cal/_core.py": """
        import re


        def clean(text):
            return re.sub(r"\\s", "", text)


        def split_parts(text):
            return clean(text).split("-")


        def to_ints(parts):
            return [int(p) for p in parts]


        def parse_day(text):
            \"\"\"(year, month, day) of a date written YYYY-MM-DD.\"\"\"
            return tuple(to_ints(split_parts(clean(text))))
        """,
    "cal/core2.py": """
        from ._core import clean, split_parts, to_ints


        class Calendar:
            \"\"\"The numbers of a date, in order.\"\"\"

            def __init__(self, text):
                self.days = to_ints(split_parts(clean(text)))

            def first(self):
                return self.days[0]


        class _Holidays:
            def __call__(self, text):
                return list(reversed(to_ints(split_parts(clean(text)))))


        holidays = _Holidays()
        """,
}

TURN1_TEST = """
    from plan.days import summary


    def test_summary():
        assert summary(" 2024-03-05") == ((2024, 3, 5), 2024, [5, 3, 2024])


    def test_other_day():
        assert summary("1999-12-31") == ((1999, 12, 31), 1999, [31, 12, 1999])
    """
TURN1_SOLUTION = """
    from cal import Calendar, holidays, parse_day


    def summary(text):
        return parse_day(text), Calendar(text).first(), holidays(text)
    """
TURN1_REINVENT = """
    from cal._core import clean, split_parts, to_ints


    def summary(text):
        days = to_ints(split_parts(clean(text)))
        return tuple(days), days[0], list(reversed(days))
    """
TURN2_TEST = """
    from plan.report import report


    def test_report():
        assert report("2024-03-05") == "2024: 2024-3-5 (3 numbers)"
    """
TURN2_SOLUTION = """
    from cal import Calendar
    from plan.days import summary


    def report(text):
        day, year, _ = summary(text)
        count = len(Calendar(text).days)
        return f"{year}: {'-'.join(str(n) for n in day)} ({count} numbers)"
    """
TURN2_REINVENT = """
    from cal._core import clean, split_parts, to_ints


    def report(text):
        days = to_ints(split_parts(clean(text)))
        return f"{days[0]}: {'-'.join(str(n) for n in days)} ({len(days)} numbers)"
    """

CHAIN = """
    id: cal-forms
    level: smoke
    source: {kind: path, path: lib, package: cal, import_name: cal}
    turns:
      - requirement: Summarise a date.
        path: plan/days.py
        module: plan.days
        signatures: ["def summary(text: str) -> tuple"]
        tests: turn1/test_turn1.py
        solution: turn1/solution.py
        reinvent: turn1/reinvent.py
        targets: {repo: [cal.parse_day, cal.Calendar, cal.core2.Calendar.first, cal.holidays]}
      - requirement: Report a date.
        path: plan/report.py
        module: plan.report
        signatures: ["def report(text: str) -> str"]
        tests: turn2/test_turn2.py
        solution: turn2/solution.py
        reinvent: turn2/reinvent.py
        targets: {repo: [cal.Calendar], self: [plan.days.summary]}
    """


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dedent(text).lstrip(), encoding="utf-8")


@pytest.fixture
def chain_dir(tmp_path):
    folder = tmp_path / "cal-forms"
    write(folder, {f"lib/{k}": v for k, v in LIBRARY.items()})
    write(folder, {
        "chain.yaml": CHAIN,
        "turn1/test_turn1.py": TURN1_TEST, "turn1/solution.py": TURN1_SOLUTION, "turn1/reinvent.py": TURN1_REINVENT,
        "turn2/test_turn2.py": TURN2_TEST, "turn2/solution.py": TURN2_SOLUTION, "turn2/reinvent.py": TURN2_REINVENT,
    })
    return folder


def records(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "journal.jsonl").read_text(encoding="utf-8").splitlines()]


def test_every_target_form_verifies(chain_dir, tmp_path):
    checks = verify([load_chain(chain_dir)], tmp_path / "work")
    assert all(c.ok for c in checks), render_table(checks)
    assert checks[0].targets == "4/4"
    assert checks[0].unjudged == ("cal.core2.Calendar.first",)
    assert checks[0].reinvent.startswith("2/2 Cdup: cal.Calendar, cal.holidays, cal.parse_day")  # RA002: what bench run counts


def test_oracle_scores_full_reuse_on_every_form(chain_dir, tmp_path):
    run_benchmark([load_chain(chain_dir)], RunConfig(run_dir=tmp_path / "run", agent="oracle", time_limit=60, test_timeout=60))
    summary = summarise(tmp_path / "run")
    assert summary.overall["reuse_repo"] == 100.0 and summary.overall["reuse_self"] == 100.0
    assert summary.overall["resolved"] == 100.0 and summary.overall["cdup"] == 0.0


def test_reinventing_at_one_turn_gets_each_status_and_cdup_there_only(chain_dir, tmp_path):
    run_dir = tmp_path / "run"
    config = RunConfig(run_dir=run_dir, agent="oracle", agent_options={"reinvent_turns": "1"}, time_limit=60, test_timeout=60)
    run_benchmark([load_chain(chain_dir)], config)
    first, second = records(run_dir)
    statuses = {f["target"]: f["details"]["status"] for f in first["findings"] if f["code"] == "RA002"}
    assert statuses == {"cal.parse_day": "reimplemented", "cal.Calendar": "reimplemented",
                        "cal.holidays": "reimplemented", "cal.core2.Calendar.first": "unjudged"}
    assert first["reimplemented"] == ["cal.Calendar", "cal.holidays", "cal.parse_day"]
    assert first["unjudged"] == ["cal.core2.Calendar.first"] and first["repo_reused"] == []
    assert first["resolved"] and second["resolved"]
    # turn 2 is the reference, written on top of turn 1's variant: it reuses, and is not a new duplicate
    assert second["reimplemented"] == [] and second["repo_reused"] == ["cal.Calendar"]
    assert second["duplicated"]  # the duplicated-chain rate is cumulative


def test_reinvent_turns_option_is_checked():
    from reuse_audit.benchmark.agents.base import make_agent
    from reuse_audit.errors import UsageError

    assert make_agent("oracle", {"reinvent_turns": "3,5"}).reinvent_turns == {3, 5}
    assert make_agent("oracle", {"reinvent_turns": [2]}).reinvent_turns == {2}
    assert make_agent("oracle", {"reinvent_turns": 4}).reinvent_turns == {4}
    with pytest.raises(UsageError, match="reinvent_turns"):
        make_agent("oracle", {"reinvent_turns": "x"})
    with pytest.raises(UsageError, match="reinvent_turns"):
        make_agent("oracle", {"reinvent_turns": "0"})


def test_recall_of_a_class_is_reading_its_lines_and_of_an_instance_its_call(tmp_path):
    write(tmp_path, LIBRARY)
    tree = FsTree(tmp_path)
    names = ["cal.Calendar", "cal.holidays", "cal.parse_day"]
    declared = resolve_targets(tree, names)
    calendar = declared["cal.Calendar"].location
    assert (calendar.path, calendar.line, calendar.end_line) == ("cal/core2.py", 4, 11)
    reads = [Read("cal/core2.py", 4, 11)]
    assert recalled(names, reads, declared) == ("cal.Calendar",)
    call = declared["cal.holidays"].location
    assert recalled(names, [Read("cal/core2.py", call.line, call.end_line)], declared) == ("cal.holidays",)
    parse = declared["cal.parse_day"].location
    assert parse.path == "cal/_core.py"  # the re-export's definition
    assert recalled(names, [Read("cal/_core.py", 1, 400)], declared) == ("cal.parse_day",)


def test_lines_viewed_are_clamped_to_the_file():
    reads = [Read("a.py", 1, 200), Read("b.py", 5, 9)]
    counts = {"a.py": 47}
    assert viewed(reads, counts.get) == (2, 47 + 5)
    assert viewed(reads) == (2, 200 + 5)
