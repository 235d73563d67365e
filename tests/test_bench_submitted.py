"""Reuse, recall, Cdup and near-clones are judged on the submitted file alone.

The study scores "the file left at the required path" (§A.1): the blob the
runner carries forward to the next turn.  Whatever else the agent leaves (a
scratch script, a reproduction test calling the target) is listed in the turn's
record and the report, and never scored.  Hermetic: the click-mini chain over
a copy of the installed click, replayed from recorded patches.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import click
import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.report import render_text, summarise, write_report
from reuse_audit.benchmark.runner import RunConfig, run_benchmark

PATHS = {1: "click_tools/names.py", 2: "click_tools/config.py", 3: "click_tools/report.py"}

# what mini's own instructions tell agents to write: a script that reproduces the task,
# here one calling the very target the submission re-implements
SCRATCH = (
    "from click.utils import format_filename\n"
    "from click_tools.names import display_name\n"
    "\n"
    "\n"
    "def test_it():\n"
    "    assert display_name('a/b.txt') == format_filename('a/b.txt')\n"
    "\n"
    "\n"
    "def compare(path):\n"
    "    return format_filename(path, shorten=True), display_name(path, shorten=True)\n"
)


def new_file_patch(path: str, text: str) -> str:
    lines = text.splitlines()
    body = "".join(f"+{line}\n" for line in lines)
    return (
        f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n"
        f"@@ -0,0 +1,{len(lines)} @@\n{body}"
    )


def record_turns(chain_dir: Path, folder: Path, sources: dict, extra: dict) -> Path:
    """Recorded turns for the replay agent: the submission of each turn, plus ``extra[turn]``
    ({path: text}) beside it."""
    for turn, source in sources.items():
        turn_dir = folder / "click-mini" / f"turn-{turn}"
        turn_dir.mkdir(parents=True)
        text = (chain_dir / source).read_text(encoding="utf-8")
        patch = new_file_patch(PATHS[turn], text)
        for path, other in sorted(extra.get(turn, {}).items()):
            patch += new_file_patch(path, other)
        (turn_dir / "patch.diff").write_text(patch, encoding="utf-8")
    return folder


def replay(chain_dir: Path, recorded: Path, run_dir: Path) -> list[dict]:
    config = RunConfig(run_dir=run_dir, agent="replay", agent_options={"dir": str(recorded)},
                       time_limit=60, test_timeout=60)
    run_benchmark([load_chain(chain_dir)], config)
    return [json.loads(line) for line in (run_dir / "journal.jsonl").read_text(encoding="utf-8").splitlines()]


SCORED = ("repo_reused", "self_reused", "reimplemented", "unjudged", "duplicated", "findings",
          "repo_recalled", "self_recalled", "resolved", "tests_passed")


def test_a_scratch_file_calling_the_target_does_not_change_reuse_or_cdup(chain_dir, tmp_path):
    sources = {1: "turn1/reinvent.py", 2: "turn2/solution.py", 3: "turn3/solution.py"}
    plain = replay(chain_dir, record_turns(chain_dir, tmp_path / "rec-plain", sources, {}), tmp_path / "runs" / "plain")
    scratch = replay(chain_dir, record_turns(chain_dir, tmp_path / "rec-scratch", sources, {1: {"try_x.py": SCRATCH}}),
                     tmp_path / "runs" / "scratch")
    # the run without the scratch file: turn 1 re-implements format_filename
    assert plain[0]["reimplemented"] == ["click.utils.format_filename"] and plain[0]["repo_reused"] == []
    assert [r["duplicated"] for r in plain] == [True, True, True]
    # with the scratch file, every scored field is the same, turn by turn
    for a, b in zip(plain, scratch):
        assert {k: a[k] for k in SCORED} == {k: b[k] for k in SCORED}, a["turn"]
    for key in ("reuse_repo", "reuse_self", "cdup", "cdup_last", "near_clone"):
        assert summarise(tmp_path / "runs" / "plain").overall[key] == summarise(tmp_path / "runs" / "scratch").overall[key], key
        assert summarise(tmp_path / "runs" / "plain").pooled[key] == summarise(tmp_path / "runs" / "scratch").pooled[key], key
    # the scratch file is in the turn's record, with the functions it adds, and nothing else is
    assert scratch[0]["extra"]["other_files"] == [{"path": "try_x.py", "functions": ["compare", "test_it"]}]
    assert [r["extra"]["other_files"] for r in scratch[1:]] == [[], []]
    assert all(r["extra"]["other_files"] == [] for r in plain)
    # the whole change is still kept (what the agent did), the scratch file is not carried forward
    diff = (tmp_path / "runs" / "scratch" / "click-mini" / "turn-1" / "diff.patch").read_text(encoding="utf-8")
    assert "try_x.py" in diff


def test_the_report_lists_the_files_left_beside_the_submission(chain_dir, tmp_path):
    sources = {1: "turn1/solution.py", 2: "turn2/solution.py", 3: "turn3/solution.py"}
    extra = {2: {"try_x.py": SCRATCH, "notes/README.txt": "scratch notes\n"}}
    run_dir = tmp_path / "runs" / "r"
    records = replay(chain_dir, record_turns(chain_dir, tmp_path / "rec", sources, extra), run_dir)
    assert records[1]["extra"]["other_files"] == [
        {"path": "notes/README.txt", "functions": []},
        {"path": "try_x.py", "functions": ["compare", "test_it"]},
    ]
    text = render_text([summarise(run_dir)])
    assert "not scored" in text
    assert "click-mini turn 2: try_x.py (adds compare, test_it)" in text
    assert "click-mini turn 2: notes/README.txt" in text
    _, summaries = write_report([run_dir], tmp_path / "report")
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert data["runs"][0]["other_files"] == [
        {"chain": "click-mini", "turn": 2, "path": "notes/README.txt", "functions": []},
        {"chain": "click-mini", "turn": 2, "path": "try_x.py", "functions": ["compare", "test_it"]},
    ]
    assert "try_x.py" in (tmp_path / "report" / "report.md").read_text(encoding="utf-8")


def test_a_scratch_copy_of_existing_code_is_no_near_clone_of_the_turn(chain_dir, tmp_path):
    """RA003 (near-clones) reads the submitted file only: a copy of click's code left in a
    scratch file is listed, not counted."""
    import inspect

    import click.formatting

    # a function that calls little but builtins: RA003's, not RA001's (checked below on its own)
    copied = inspect.getsource(click.formatting.join_options).replace("def join_options", "def my_join_options")
    sources = {1: "turn1/solution.py", 2: "turn2/solution.py", 3: "turn3/solution.py"}
    run_dir = tmp_path / "runs" / "clone"
    records = replay(chain_dir, record_turns(chain_dir, tmp_path / "rec", sources, {1: {"scratch/copy.py": copied}}),
                     run_dir)
    assert not any(f["code"] == "RA003" for r in records for f in r["findings"])
    assert records[0]["extra"]["other_files"] == [{"path": "scratch/copy.py", "functions": ["my_join_options"]}]
    assert summarise(run_dir).overall["near_clone"] == 0.0
    # the same copy, submitted at the required path, is a near-clone of the turn
    sub = tmp_path / "rec-sub" / "click-mini" / "turn-1"
    sub.mkdir(parents=True)
    solution = (chain_dir / "turn1" / "solution.py").read_text(encoding="utf-8")
    (sub / "patch.diff").write_text(new_file_patch(PATHS[1], solution + "\n\n" + copied), encoding="utf-8")
    for turn in (2, 3):
        shutil.copytree(tmp_path / "rec" / "click-mini" / f"turn-{turn}", tmp_path / "rec-sub" / "click-mini" / f"turn-{turn}")
    submitted = replay(chain_dir, tmp_path / "rec-sub", tmp_path / "runs" / "clone-submitted")
    assert [f["function"] for f in submitted[0]["findings"] if f["code"] == "RA003"] == ["click_tools.names.my_join_options"]
    assert summarise(tmp_path / "runs" / "clone-submitted").overall["near_clone"] == 100.0
