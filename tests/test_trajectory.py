"""``check --trajectory``: each finding says whether the agent read its target ("read, not reused") or not ("never read")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import make_patch, write_tree
from reuse_audit.app.cli import main

UTIL = """\
def load(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def clean(text):
    return text.strip().lower()


def check(text):
    if not text:
        raise ValueError("empty")


def emit(text):
    print(text)
    return text
"""

CORE = """\
from pkg.util import check, clean, emit, load


def process(path):
    text = load(path)
    text = clean(text)
    check(text)
    return emit(text)
"""

# (the path helpers are the repository's own: a copy of stdlib calls alone is not judged, issue 13)
PATHS = """\
import os


def base_of(path):
    return os.path.basename(path)


def folder_of(path):
    return os.path.dirname(path)


def split_ext(name):
    return os.path.splitext(name)


def join_in(folder, name):
    return os.path.join(folder, name)
"""

NAMES = """\
from pkg.paths import base_of, folder_of, join_in, split_ext


def normalize(path):
    stem, ext = split_ext(base_of(path))
    folder = folder_of(path)
    return join_in(folder, stem.lower() + ext)
"""

NEW = """\
from pkg.paths import base_of, folder_of, join_in, split_ext
from pkg.util import check, clean, emit, load


def handle(path):
    raw = load(path)
    tidy = clean(raw)
    check(tidy)
    return emit(tidy)


def tidy_name(p):
    s, e = split_ext(base_of(p))
    return join_in(folder_of(p), s.lower() + e)
"""

BEFORE = {"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/core.py": CORE, "pkg/paths.py": PATHS, "pkg/names.py": NAMES}


@pytest.fixture
def turn(tmp_path: Path) -> tuple[Path, Path]:
    """A benchmark turn: the workspace before, and the turn's diff.patch."""
    workspace = write_tree(tmp_path / "workspace", BEFORE)
    patch = tmp_path / "diff.patch"
    patch.write_bytes(make_patch(BEFORE, {**BEFORE, "pkg/new.py": NEW}))
    return workspace, patch


def check(capsys, workspace: Path, patch: Path, trajectory: Path, fmt: str = "json") -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["check", str(patch), "--repo", str(workspace), "--no-cache", "-j", "1", "--format", fmt, "--trajectory", str(trajectory)])
    out, err = capsys.readouterr()
    return exc.value.code, out, err


def verdicts(out: str) -> dict[str, str]:
    return {f["target"]["name"]: f["details"]["trajectory"] for f in json.loads(out)["findings"] if f["code"] == "RA001"}


def test_reads_jsonl_of_a_benchmark_turn(tmp_path: Path, turn, capsys) -> None:
    workspace, patch = turn
    reads = tmp_path / "reads.jsonl"
    # as `bench run` writes it: the agent saw process (lines 4-8 of pkg/core.py), and one line of normalize
    reads.write_text(json.dumps({"path": "pkg/core.py", "start": 1, "end": 8}) + "\n" + json.dumps({"path": "pkg/names.py", "start": 1, "end": 4}) + "\n")
    code, out, err = check(capsys, workspace, patch, reads)
    assert code == 1, err
    assert verdicts(out) == {"pkg.core.process": "read, not reused", "pkg.names.normalize": "never read"}
    messages = {f["target"]["name"]: f["message"] for f in json.loads(out)["findings"]}
    assert messages["pkg.core.process"].endswith("Trajectory: read, not reused (the author was shown 5 of its 5 lines before this change).")
    assert messages["pkg.names.normalize"].endswith("Trajectory: never read (the author was shown only 1 of its 4 lines).")
    # every format says it: the text, and SARIF's message and properties
    _, text, _ = check(capsys, workspace, patch, reads, "text")
    assert "read, not reused" in text and "never read" in text
    _, sarif, _ = check(capsys, workspace, patch, reads, "sarif")
    results = json.loads(sarif)["runs"][0]["results"]
    by_target = {r["properties"]["target"]: r for r in results if r["ruleId"] == "RA001"}
    assert by_target["pkg.core.process"]["properties"]["trajectory"] == "read, not reused"
    assert by_target["pkg.names.normalize"]["properties"]["trajectory"] == "never read"
    assert "Trajectory: never read" in by_target["pkg.names.normalize"]["message"]["text"]
    _, github, _ = check(capsys, workspace, patch, reads, "github")
    assert "read, not reused" in github


def test_without_trajectory_findings_say_nothing_of_reads(tmp_path: Path, turn, capsys) -> None:
    workspace, patch = turn
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["check", str(patch), "--repo", str(workspace), "--no-cache", "-j", "1", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert findings and all("trajectory" not in f["details"] and "Trajectory" not in f["message"] for f in findings)


def test_mini_swe_agent_trajectory(tmp_path: Path, turn, capsys) -> None:
    workspace, patch = turn
    traj = {
        "info": {"mini_version": "2.4.6"},
        "trajectory_format": "mini-swe-agent-1.1",
        "messages": [
            {"role": "system", "content": "You are a helpful assistant."},
            {"role": "user", "content": "Add handle and tidy_name."},
            {"role": "assistant", "content": "Let me look.", "extra": {"actions": [{"command": "cat pkg/names.py"}]}},
            {"role": "user", "content": NAMES, "extra": {"raw_output": NAMES, "returncode": 0}},
            {"role": "assistant", "content": "Done.", "extra": {"actions": [{"command": "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"}]}},
        ],
    }
    file = tmp_path / "turn.traj.json"
    file.write_text(json.dumps(traj))
    code, out, err = check(capsys, workspace, patch, file)
    assert verdicts(out) == {"pkg.core.process": "never read", "pkg.names.normalize": "read, not reused"}, err


def test_opencode_export(tmp_path: Path, turn, capsys) -> None:
    workspace, patch = turn
    part = {
        "type": "tool",
        "tool": "read",
        "state": {
            "status": "completed",
            "input": {"filePath": str(workspace / "pkg" / "core.py")},
            "output": "\n".join(f"{n}: {line}" for n, line in enumerate(CORE.splitlines(), 1)),
            "metadata": {},
        },
    }
    export = {"info": {"id": "ses_1"}, "messages": [{"info": {"role": "assistant"}, "parts": [{"type": "text", "text": "hi"}, part]}]}
    file = tmp_path / "session.json"
    file.write_text(json.dumps(export))
    code, out, err = check(capsys, workspace, patch, file)
    assert verdicts(out) == {"pkg.core.process": "read, not reused", "pkg.names.normalize": "never read"}, err


def test_reads_jsonl_of_commands(tmp_path: Path, turn, capsys) -> None:
    workspace, patch = turn
    reads = tmp_path / "trajectory.jsonl"
    reads.write_text(json.dumps({"command": "sed -n 1,8p pkg/names.py && head -8 pkg/core.py", "output": NAMES + CORE}) + "\n")
    _, out, err = check(capsys, workspace, patch, reads)
    assert set(verdicts(out).values()) == {"read, not reused"}, err


@pytest.mark.parametrize(
    "content, needle",
    [
        (None, "no such file"),
        ("[1, 2]", "a JSON list, not a trajectory"),
        ("not json\n", "no reads in it"),
        # json.loads raises a bare ValueError (no JSONDecodeError.msg) for a number too long to convert
        ("1" * 5000 + "\n", "no reads in it (t.json:1: not JSON (Exceeds the limit"),
    ],
)
def test_bad_trajectory_is_one_line_and_status_2(tmp_path: Path, turn, capsys, content, needle) -> None:
    workspace, patch = turn
    file = tmp_path / "t.json"
    if content is not None:
        file.write_text(content)
    code, out, err = check(capsys, workspace, patch, file)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1 and out == ""


def test_a_benchmark_turns_diff_and_reads(tmp_path: Path, capsys) -> None:
    """A real `bench run` (the replay agent, turns 1-2 of the click-mini chain): turn 2 re-implements
    click.utils.get_app_dir. With the reads.jsonl of turn 2 (it printed get_app_dir with sed -n) the
    finding says "read, not reused"; with those of turn 1 (which read format_filename) "never read"."""
    import dataclasses
    import inspect
    import shutil
    import subprocess
    import tarfile

    import click
    import click.utils

    from reuse_audit.benchmark.chain import load_chain
    from reuse_audit.benchmark.runner import RunConfig, run_benchmark

    fixture = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
    chain_dir = tmp_path / "chains" / "click-mini"
    shutil.copytree(fixture, chain_dir)
    shutil.copytree(Path(click.__file__).parent, chain_dir / "click-src" / "click", ignore=shutil.ignore_patterns("__pycache__"))
    recorded = tmp_path / "recorded" / "click-mini"
    targets = {1: click.utils.format_filename, 2: click.utils.get_app_dir}
    for turn, (source, path) in {1: ("turn1/solution.py", "click_tools/names.py"), 2: ("turn2/reinvent.py", "click_tools/config.py")}.items():
        folder = recorded / f"turn-{turn}"
        folder.mkdir(parents=True)
        text = (chain_dir / source).read_text(encoding="utf-8")
        body = "".join(f"+{line}\n" for line in text.splitlines())
        (folder / "patch.diff").write_text(
            f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,{len(text.splitlines())} @@\n{body}",
            encoding="utf-8",
        )
        lines, start = inspect.getsourcelines(targets[turn])
        command = f"sed -n '{start},{start + len(lines) - 1}p' click/utils.py"
        (folder / "trajectory.jsonl").write_text(json.dumps({"command": command, "output": "".join(lines)}) + "\n", encoding="utf-8")
    chain = load_chain(chain_dir)
    run_dir = tmp_path / "runs" / "replay"
    config = RunConfig(run_dir=run_dir, agent="replay", agent_options={"dir": str(tmp_path / "recorded")}, time_limit=60, test_timeout=60)
    run_benchmark([dataclasses.replace(chain, turns=chain.turns[:2])], config)
    turn2 = run_dir / "click-mini" / "turn-2"
    # the workspace as turn 2 found it: the commit of turn 1
    workspace = run_dir / "workspaces" / "click-mini"
    log = subprocess.run(["git", "log", "--format=%H %s"], cwd=workspace, capture_output=True, text=True, check=True).stdout
    turn1_sha = next(line.split()[0] for line in log.splitlines() if line.endswith(" turn 1"))
    archive = subprocess.run(["git", "archive", turn1_sha], cwd=workspace, capture_output=True, check=True).stdout
    before = tmp_path / "before"
    before.mkdir()
    with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
        tar.extractall(before, filter="data")
    targets_file = tmp_path / "targets.txt"
    targets_file.write_text("click.utils.get_app_dir\nclick_tools.names.display_name\n")

    def bypassed(reads: Path) -> dict[str, str]:
        capsys.readouterr()
        with pytest.raises(SystemExit):
            main(["check", str(turn2 / "diff.patch"), "--repo", str(before), "--no-cache", "-j", "1", "--format", "json",
                  "--targets", str(targets_file), "--trajectory", str(reads)])
        out = capsys.readouterr().out
        return {f["target"]["name"]: f["details"].get("trajectory") for f in json.loads(out)["findings"]}

    assert bypassed(turn2 / "reads.jsonl") == {"click.utils.get_app_dir": "read, not reused"}
    assert bypassed(run_dir / "click-mini" / "turn-1" / "reads.jsonl") == {"click.utils.get_app_dir": "never read"}
