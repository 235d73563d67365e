"""Runaway agents and tests in the benchmark: none of them stops the chain or
the run, and the journal stays one consistent record per turn.

Agents are the ``command`` adapter running one small script whose behaviour
per turn comes from the environment (``HOSTILE="1:hang,2:submit"``).  The
chain is tests/fixtures/bench/click-mini cut to the turns a test needs.  The
script submits the reference solutions from a copy of them named on its
command line (in the sandbox, the chain's own folder is hidden).

Tests of the unsandboxed fallback (process groups, guards) run with
``sandbox="none"``; the reproductions of issue 15 run both ways where the
machine has a sandbox.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import sys
import time
from pathlib import Path

import click
import pytest

from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.report import render_text, summarise
from reuse_audit.benchmark.runner import RunConfig, run_benchmark

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="process groups and /proc")

AGENT = r'''
import json, os, pathlib, shutil, subprocess, sys, time

turn = json.loads((pathlib.Path(sys.argv[-1]) / "turn.json").read_text())
answers = pathlib.Path(sys.argv[1])
ws = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"])
turn_dir = pathlib.Path(os.environ["REUSE_AUDIT_TURN_DIR"])
run_dir = turn_dir.parent.parent
chain = pathlib.Path(os.environ["CHAIN_DIR"])
plan = dict(item.split(":") for item in os.environ["HOSTILE"].split(","))
what = plan.get(str(turn["turn"]), "submit")


def submit():
    target = ws / turn["path"]
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(answers / f"turn{turn['turn']}" / "solution.py", target)


if what == "hang":
    sleeper = [sys.executable, "-c", "import time; time.sleep(300)"]
    kids = [subprocess.Popen(sleeper), subprocess.Popen(sleeper, start_new_session=True)]
    # a grandchild, through a shell that stays
    kids.append(subprocess.Popen(["/bin/sh", "-c", f"{sys.executable} -c 'import time; time.sleep(300)' & wait"]))
    time.sleep(0.5)
    pathlib.Path(os.environ["PIDS"]).write_text(json.dumps([k.pid for k in kids] + [os.getpid()]))
    time.sleep(300)
elif what == "fill-slow":  # 1 MB every 20 ms, 200 MB at most: stopped long before
    with open(ws / "junk.bin", "wb") as out:
        for _ in range(200):
            out.write(b"\0" * 1048576)
            out.flush()
            time.sleep(0.02)
    submit()
elif what == "fill-fast":  # 20 MB at once, then a normal exit: seen after the turn
    (ws / "junk.bin").write_bytes(b"\1" * (20 * 1048576))
    submit()
elif what == "outside-run":
    (run_dir / "evil.txt").write_text("x")
    (ws.parent / "evil.txt").write_text("x")
    submit()
elif what == "outside-source":
    with open(chain / "click-src" / "click" / "utils.py", "a") as handle:
        handle.write("\n# agent was here\n")
    submit()
elif what == "outside-tests":  # make a later turn's tests pass whatever is submitted
    (chain / "turn2" / "test_turn2.py").write_text("def test_config_path_joins():\n    assert True\n")
    submit()
elif what == "journal":
    journal = run_dir / "journal.jsonl"
    first = json.loads(journal.read_text().splitlines()[0])
    first["resolved"] = not first["resolved"]
    first["turn"] = 3
    with open(journal, "a") as handle:
        handle.write(json.dumps(first) + "\n")
    (turn_dir.parent / "turn-1" / "diff.patch").write_text("forged\n")
    submit()
elif what == "git-hooks":  # the runner's own git commands must not run these
    marker = os.environ["HOOK_MARKER"]
    hooks = ws / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    for name in ("post-commit", "pre-commit", "post-index-change", "reference-transaction", "pre-auto-gc"):
        (hooks / name).write_text(f"#!/bin/sh\ntouch {marker}-{name}\n")
        (hooks / name).chmod(0o755)
    subprocess.run(["git", "config", "core.fsmonitor", f"touch {marker}-fsmonitor; true"], cwd=ws, check=True)
    submit()
elif what == "rig-tests":  # a wrong solution, and a sitecustomize.py that strips failures from junit.xml
    target = ws / turn["path"]
    target.parent.mkdir(parents=True, exist_ok=True)
    import ast
    names = [n.name for n in ast.parse((answers / f"turn{turn['turn']}" / "solution.py").read_text()).body
             if isinstance(n, ast.FunctionDef)]
    target.write_text("".join(f"def {name}(*args, **kwargs):\n    return None\n\n" for name in names))
    hook = (
        "import atexit, pathlib, re, sys\n"
        "def _rig():\n"
        "    for arg in sys.argv:\n"
        "        if arg.startswith('--junitxml='):\n"
        "            p = pathlib.Path(arg.split('=', 1)[1])\n"
        "            if p.exists():\n"
        "                p.write_text(re.sub(r'<(failure|error)\\b.*?</(failure|error)>', '', p.read_text(), flags=re.S))\n"
        "atexit.register(_rig)\n"
    )
    (ws / "sitecustomize.py").write_text(hook)
    (ws / "usercustomize.py").write_text(hook)
elif what == "git-filter":  # a clean filter for every path, declared in the workspace's git
    marker = os.environ["HOOK_MARKER"]
    (ws / ".gitattributes").write_text("* filter=evil\n")
    (ws / ".git" / "info").mkdir(exist_ok=True)
    (ws / ".git" / "info" / "attributes").write_text("* filter=evil\n")
    for key, value in (("filter.evil.clean", f"touch {marker}-clean; sleep 20; cat"),
                       ("filter.evil.smudge", f"touch {marker}-smudge; cat"),
                       ("filter.evil.required", "true")):
        subprocess.run(["git", "config", key, value], cwd=ws, check=True)
    submit()
elif what == "worktree":  # the workspace's git pointed at a folder outside
    subprocess.run(["git", "config", "core.worktree", os.environ["OUTSIDE"]], cwd=ws, check=True)
    submit()
elif what == "symlink":  # the submitted path as a link to the reference solution
    target = ws / turn["path"]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(chain / f"turn{turn['turn']}" / "solution.py")
elif what == "peek":  # look for the reference solutions, and copy one if found
    import reuse_audit.benchmark as bench_pkg
    seen = {}
    for label, folder in (("chain", chain), ("suites", pathlib.Path(bench_pkg.__file__).parent / "suites"),
                          ("run", run_dir)):
        try:
            seen[label] = sorted(p.name for p in folder.iterdir())
        except OSError as exc:
            seen[label] = type(exc).__name__
    (turn_dir / "observed.json").write_text(json.dumps(seen))
    target = ws / turn["path"]
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(chain / f"turn{turn['turn']}" / "solution.py", target)
elif what == "daemon":  # a setsid double fork that outlives the agent
    marker = os.environ["DAEMON_MARKER"]
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(300)", marker])
        os._exit(0)
    os.wait()
    time.sleep(0.3)
    submit()
elif what == "memory":  # 3 GB, written to
    submit()
    block = b"\1" * (3 * 1024 ** 3)
    print(len(block))
elif what == "escape":  # writes outside the workspace, and the network
    import socket
    seen = {}
    for label, path in (("tmp", pathlib.Path(os.environ["ESCAPE_TMP"])),
                        ("package", pathlib.Path(json.__file__).parent / "reuse-audit-escape.txt")):
        try:
            path.write_text("x")
            seen[label] = "written"
        except OSError as exc:
            seen[label] = type(exc).__name__
    try:
        socket.create_connection(("192.0.2.1", 9), timeout=2).close()
        seen["network"] = "connected"
    except OSError as exc:
        seen["network"] = f"{type(exc).__name__}:{exc.errno}"
    (turn_dir / "observed.json").write_text(json.dumps(seen))
    submit()
elif what == "daemon-in-tests":  # the submission starts a daemon when the tests import it
    submit()
    target = ws / turn["path"]
    marker = os.environ["DAEMON_MARKER"]
    target.write_text(target.read_text() + (
        "\nimport os as _os, sys as _sys\n"
        "if _os.fork() == 0:\n"
        "    _os.setsid()\n"
        "    if _os.fork() == 0:\n"
        f"        _os.execv(_sys.executable, [_sys.executable, '-c', 'import time; time.sleep(300)', {marker!r}])\n"
        "    _os._exit(0)\n"
    ))
elif what == "processes":  # 64 processes at once
    kids, refused = [], 0
    for _ in range(64):
        try:
            kids.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]))
        except OSError:
            refused += 1
    for kid in kids:
        kid.kill()
        kid.wait()
    (turn_dir / "observed.json").write_text(json.dumps({"started": len(kids), "refused": refused}))
    submit()
else:
    submit()
'''


def _sandbox_available() -> bool:
    from reuse_audit.benchmark.sandbox import probe

    return probe("auto").sandboxed


def _cgroups() -> bool:
    from reuse_audit.benchmark.sandbox import probe

    return probe("auto").limits.startswith("cgroup")


needs_sandbox = pytest.mark.skipif(not _sandbox_available(), reason="no bubblewrap sandbox on this machine")
BOTH = pytest.mark.parametrize("sandbox", ["none", pytest.param("bwrap", marks=needs_sandbox)])


@pytest.fixture
def chain_dir(tmp_path):
    folder = tmp_path / "chains" / "click-mini"
    shutil.copytree(FIXTURE, folder)
    shutil.copytree(Path(click.__file__).parent, folder / "click-src" / "click", ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def run(chain_dir: Path, tmp_path: Path, monkeypatch, plan: str, turns: int = 2, **config) -> tuple[Path, list[dict]]:
    script = tmp_path / "agent.py"
    script.write_text(AGENT, encoding="utf-8")
    answers = tmp_path / "answers"
    for solution in chain_dir.glob("turn*/solution.py"):
        (answers / solution.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(solution, answers / solution.parent.name / "solution.py")
    monkeypatch.setenv("HOSTILE", plan)
    monkeypatch.setenv("CHAIN_DIR", str(chain_dir))
    monkeypatch.setenv("PIDS", str(tmp_path / "pids.json"))
    chain = load_chain(chain_dir)
    chain = dataclasses.replace(chain, turns=chain.turns[:turns])
    run_dir = tmp_path / "runs" / "hostile"
    settings = dict(time_limit=60, test_timeout=60, sandbox="none")
    settings.update(config)
    cmd = [sys.executable, str(script), str(answers)]
    run_benchmark([chain], RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": cmd}, **settings))
    return run_dir, journal(run_dir)


def journal(run_dir: Path) -> list[dict]:
    """The journal, checked for consistency: whole JSON lines, one per turn, in order."""
    text = (run_dir / "journal.jsonl").read_text(encoding="utf-8")
    assert text.endswith("\n")
    records = [json.loads(line) for line in text.splitlines()]
    keys = [(r["chain"], r["turn"]) for r in records]
    assert len(keys) == len(set(keys)), keys
    return records


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in (b"Z", b"X")


def test_a_hanging_agent_is_killed_with_its_whole_tree_and_the_chain_goes_on(chain_dir, tmp_path, monkeypatch):
    started = time.monotonic()
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:hang", time_limit=4)
    assert time.monotonic() - started < 90
    assert [r["turn"] for r in records] == [1, 2]
    first, second = records
    assert first["status"] == "timeout" and first["tests_passed"] == 0, first
    assert "killed after 4 s" in first["notes"][0]
    pids = json.loads((tmp_path / "pids.json").read_text())
    assert len(pids) == 4
    assert not [pid for pid in pids if alive(pid)], "processes of the killed agent are still running"
    # the chain went on: turn 2 ran and was scored (its self target was never written: not resolved)
    assert second["status"] == "submitted" and second["tests_total"] > 0
    assert not first["extra"].get("invalid") and not second["extra"].get("invalid")


def test_an_agent_filling_the_disk_is_stopped_at_the_workspace_limit(chain_dir, tmp_path, monkeypatch):
    """Turn 1 writes 1 MB every 20 ms (200 MB at most): killed within a second or so of
    passing 5 MB.  Turn 2 writes 20 MB at once and exits: found after the turn.  Both
    are invalid, their files discarded; the chain and the run go on."""
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:fill-slow,2:fill-fast", workspace_limit=5 * 1048576)
    first, second = records
    timing = json.loads((run_dir / "click-mini" / "turn-1" / "timing.json").read_text())
    assert timing["agent_seconds"] < 3.5, timing  # 200 MB at this pace takes more than 4 s
    for record in (first, second):
        assert record["status"] == "limit", record
        assert record["extra"]["invalid"] is True
        assert "over the 5 MB limit of a turn" in record["extra"]["invalid_reason"]
        assert any(n.startswith("invalid: the workspace grew by") for n in record["notes"])
        assert not record["extra"]["submitted_file"]  # discarded with the junk
    workspace = run_dir / "workspaces" / "click-mini"
    assert not (workspace / "junk.bin").exists()
    from reuse_audit.benchmark.workspace import Workspace

    ws = Workspace.open(workspace)
    assert "junk.bin" not in ws.changed_files(ws.baseline, second["extra"]["commit"])
    summary = summarise(run_dir)
    assert summary.invalid == 2 and summary.turns == 0


def test_writes_into_the_run_folder_and_the_workspaces_folder_make_the_turn_invalid(chain_dir, tmp_path, monkeypatch):
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:outside-run")
    first, second = records
    reason = first["extra"]["invalid_reason"]
    assert reason.startswith("the agent wrote outside its workspace: ")
    assert f"created {run_dir.resolve() / 'evil.txt'}" in reason or f"created {run_dir / 'evil.txt'}" in reason
    assert "workspaces/evil.txt" in reason
    assert first["status"] == "submitted" and first["resolved"]  # scored all the same
    assert not second["extra"].get("invalid"), second  # the guard is per turn: turn 2 is clean
    summary = summarise(run_dir)
    assert (summary.invalid, summary.turns) == (1, 1)
    assert summary.overall["resolved"] == 100.0  # turn 2 alone
    assert "1 invalid" in render_text([summary])  # the narrow report's run line
    text = render_text([summary], wide=True)
    assert "Invalid" in text.splitlines()[1]  # (issue 14: each table of the report has a title line)


@pytest.mark.parametrize("plan, needle", [
    ("1:outside-source", "click-src/click/utils.py"),
    ("1:outside-tests", "turn2/test_turn2.py"),
])
def test_writes_into_the_chain_or_its_source_invalidate_every_later_turn(chain_dir, tmp_path, monkeypatch, plan, needle):
    """The chain's tests and its pinned source are compared with their state when the
    chain started: a tampered test stays visible in every later turn."""
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, plan)
    for record in records:
        assert record["extra"]["invalid"] is True, record
        assert f"modified {chain_dir / needle}" in record["extra"]["invalid_reason"], record["extra"]
    assert summarise(run_dir).invalid == 2


def test_a_forged_journal_line_is_detected_and_repaired(chain_dir, tmp_path, monkeypatch):
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "2:journal", turns=3)
    # consistent: one record per turn, the runner's own
    assert [r["turn"] for r in records] == [1, 2, 3]
    first, second, third = records
    assert not first["extra"].get("invalid")
    reason = second["extra"]["invalid_reason"]
    assert "the journal was modified" in reason and "turn-1/diff.patch" in reason, reason
    assert not third["extra"].get("invalid"), third["extra"]
    assert third["status"] == "submitted"


def test_tests_that_hang_are_killed_at_the_timeout_and_count_as_failed(chain_dir, tmp_path, monkeypatch):
    """The turn's tests start a process in a session of their own and hang: all of it is
    killed at the test timeout, every test counts as failed, and turn 2 still runs."""
    tests = chain_dir / "turn1" / "test_turn1.py"
    pid_file = tmp_path / "test-pids.json"
    tests.write_text(
        "import json, os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'], start_new_session=True)\n"
        f"open({str(pid_file)!r}, 'w').write(json.dumps([child.pid, os.getpid()]))\n"
        "time.sleep(300)\n\n\n" + tests.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    started = time.monotonic()
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:submit", test_timeout=12)
    assert time.monotonic() - started < 90
    first, second = records
    assert first["tests_passed"] == 0 and first["tests_total"] >= 5 and not first["resolved"]
    assert "tests timed out" in first["notes"]
    pids = json.loads(pid_file.read_text())
    assert not [pid for pid in pids if alive(pid)], "processes of the hanging tests are still running"
    assert second["turn"] == 2 and second["tests_total"] > 0  # the chain went on


def test_git_hooks_and_config_the_agent_plants_are_not_run_by_the_runner(chain_dir, tmp_path, monkeypatch):
    """The agent writes .git/hooks and a core.fsmonitor command into its workspace: the
    runner's commits, diffs and resets (outside the agent's time limit) run none of them."""
    marker = tmp_path / "hook-ran"
    monkeypatch.setenv("HOOK_MARKER", str(marker))
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:git-hooks", turns=1)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("hook-ran")) == []
    # and the control for the guard: an agent that keeps to its workspace is valid
    assert records[0]["resolved"] and not records[0]["extra"].get("invalid"), records[0]
    assert summarise(run_dir).invalid == 0


@BOTH
def test_a_sitecustomize_left_in_the_workspace_does_not_rig_the_tests(chain_dir, tmp_path, monkeypatch, sandbox):
    """A wrong solution, and a sitecustomize.py that strips <failure> from junit.xml at exit:
    before, the tests ran with the workspace on PYTHONPATH and the turn was scored resolved.
    Now they run on a fresh checkout of the submission with an isolated interpreter."""
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:rig-tests", turns=1, sandbox=sandbox)
    first = records[0]
    assert first["tests_total"] >= 5 and first["tests_passed"] == 0 and not first["resolved"], first
    junit = (run_dir / "click-mini" / "turn-1" / "junit.xml").read_text()
    assert "<failure" in junit
    assert not (run_dir / "click-mini" / "turn-1" / "tree").exists()  # the scored copy is removed


@BOTH
def test_a_git_filter_the_agent_declares_is_never_run_by_the_runner(chain_dir, tmp_path, monkeypatch, sandbox):
    """.gitattributes and .git/info/attributes name a clean filter declared in the workspace's
    .git/config (it sleeps 20 s): the runner's commits, diffs, exports and resets never run it."""
    marker = tmp_path / "filter-ran"
    monkeypatch.setenv("HOOK_MARKER", str(marker))
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:git-filter", turns=2, sandbox=sandbox)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("filter-ran")) == []
    first, second = records
    assert first["resolved"] and second["turn"] == 2 and not first["extra"].get("invalid"), first
    timing = json.loads((run_dir / "click-mini" / "turn-1" / "timing.json").read_text())
    assert timing["overhead_seconds"] < 20, timing  # the 20 s filter did not run inside the runner


@BOTH
def test_core_worktree_pointed_outside_leaves_that_folder_intact_across_a_resume(chain_dir, tmp_path, monkeypatch, sandbox):
    """Before, the runner's own `git add -A` / `reset --hard` / `clean -ffdx` obeyed the
    workspace's core.worktree: the run aborted, and its resume wiped the outside folder."""
    outside = tmp_path / "precious"
    (outside / "sub").mkdir(parents=True)
    (outside / "notes.txt").write_text("keep me\n")
    (outside / "sub" / "data.py").write_text("x = 1\n")
    before = {p.relative_to(outside).as_posix(): p.read_bytes() for p in outside.rglob("*") if p.is_file()}
    monkeypatch.setenv("OUTSIDE", str(outside))
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:worktree", turns=1, sandbox=sandbox)
    assert records[0]["resolved"], records[0]
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:worktree", turns=2, sandbox=sandbox)  # the resume
    assert [r["turn"] for r in records] == [1, 2]
    after = {p.relative_to(outside).as_posix(): p.read_bytes() for p in outside.rglob("*") if p.is_file()}
    assert after == before


@BOTH
def test_a_submitted_link_to_the_reference_solution_is_not_submitted(chain_dir, tmp_path, monkeypatch, sandbox):
    """The runner carries forward and tests the committed blob of the submitted path, never
    what a link on the disk points at (a link is not a submission)."""
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:symlink", turns=1, sandbox=sandbox)
    first = records[0]
    assert not first["extra"]["submitted_file"] and first["tests_passed"] == 0 and not first["resolved"], first


# ---------------------------------------------------------------------------
# the sandbox of an agent turn (bubblewrap, cgroups)


@needs_sandbox
def test_the_reference_solutions_tests_and_run_folder_are_not_visible_in_the_sandbox(chain_dir, tmp_path, monkeypatch):
    """Before, an agent that copied the shipped solutions scored 5/5 resolved."""
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:peek", turns=1, sandbox="bwrap")
    seen = json.loads((run_dir / "click-mini" / "turn-1" / "observed.json").read_text())
    assert seen["chain"] == [] and seen["suites"] == [], seen  # an empty folder in their place
    assert seen["run"] == ["click-mini", "workspaces"], seen  # only the way to its workspace and turn folder
    first = records[0]
    assert first["status"] == "error" and not first["resolved"] and first["tests_passed"] == 0, first
    assert json.loads((run_dir / "run.json").read_text())["isolation"]["sandbox"] == "bwrap"


@needs_sandbox
def test_writes_outside_the_workspace_and_the_network_are_refused_in_the_sandbox(chain_dir, tmp_path, monkeypatch):
    escape = tmp_path / "escaped.txt"
    monkeypatch.setenv("ESCAPE_TMP", str(escape))
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:escape", turns=1, sandbox="bwrap")
    seen = json.loads((run_dir / "click-mini" / "turn-1" / "observed.json").read_text())
    assert not escape.exists()  # the sandbox's /tmp is its own
    assert seen["package"] == "OSError", seen  # read-only file system
    assert not (Path(json.__file__).parent / "reuse-audit-escape.txt").exists()
    assert seen["network"] == "OSError:101", seen  # network unreachable: only a loopback
    assert records[0]["resolved"] and not records[0]["extra"].get("invalid"), records[0]


def _processes_with(marker: str) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmdline.split(b"\0") and alive(int(entry)):
                out.append(int(entry))
    return out


@pytest.mark.parametrize("sandbox", [pytest.param("none", marks=pytest.mark.skipif(not _cgroups(), reason="no cgroup")),
                                     pytest.param("bwrap", marks=needs_sandbox)])
def test_a_daemon_dies_with_its_turn_and_makes_it_invalid(chain_dir, tmp_path, monkeypatch, sandbox):
    """Before, a setsid double fork outlived the turn and the run.  In the sandbox its PID
    namespace ends with the agent; unsandboxed, the turn's cgroup holds it."""
    marker = f"reuse-audit-daemon-{os.getpid()}-{time.monotonic_ns()}"
    monkeypatch.setenv("DAEMON_MARKER", marker)
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:daemon", turns=1, sandbox=sandbox)
    assert _processes_with(marker) == []
    first = records[0]
    assert first["extra"]["invalid"] and "left 1 process(es) running" in first["extra"]["invalid_reason"], first



@pytest.mark.skipif(not _cgroups(), reason="no cgroup can be made here: memory is limited per process only")
@BOTH
def test_3_gb_are_stopped_at_the_memory_limit(chain_dir, tmp_path, monkeypatch, sandbox):
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:memory", turns=1, sandbox=sandbox,
                           memory_limit=512 * 1024 ** 2)
    first = records[0]
    assert first["status"] == "error", first
    assert "exceeded the memory limit of 512 MB" in first["extra"]["invalid_reason"], first["extra"]
    assert summarise(run_dir).invalid == 1


@pytest.mark.skipif(not (_sandbox_available() or _cgroups()), reason="neither a sandbox nor a cgroup here")
@pytest.mark.parametrize("sandbox", [pytest.param("none", marks=pytest.mark.skipif(not _cgroups(), reason="no cgroup")),
                                     pytest.param("bwrap", marks=needs_sandbox)])
def test_a_daemon_the_submission_starts_in_its_tests_dies_with_them(chain_dir, tmp_path, monkeypatch, sandbox):
    marker = f"reuse-audit-daemon-{os.getpid()}-{time.monotonic_ns()}"
    monkeypatch.setenv("DAEMON_MARKER", marker)
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:daemon-in-tests", turns=1, sandbox=sandbox)
    assert _processes_with(marker) == []
    first = records[0]
    assert first["resolved"], first  # the tests themselves pass
    assert any(n.startswith("tests: left") for n in first["notes"]), first["notes"]


@pytest.mark.skipif(not _cgroups(), reason="no cgroup can be made here: no process limit")
@BOTH
def test_processes_past_the_process_limit_are_refused_and_the_turn_is_invalid(chain_dir, tmp_path, monkeypatch, sandbox):
    run_dir, records = run(chain_dir, tmp_path, monkeypatch, "1:processes", turns=1, sandbox=sandbox, process_limit=24)
    seen = json.loads((run_dir / "click-mini" / "turn-1" / "observed.json").read_text())
    assert seen["refused"] > 0 and seen["started"] < 24, seen
    first = records[0]
    assert "hit the process limit of 24" in first["extra"]["invalid_reason"], first["extra"]
