"""The agent adapters: oracle, replay, command, mini-swe-agent (end to end with
its scripted model), opencode (recorded data; a real run when installed)."""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from reuse_audit.app.reads import Read, file_reader, parse_opencode_export, reads_from_mini_trajectory, reads_from_tool_parts
from reuse_audit.app.reads.mini import mini_actions
from reuse_audit.benchmark.agents.base import AGENT_NAMES, Agent, import_roots, make_agent
from reuse_audit.benchmark.agents.mini import load_trajectory
from reuse_audit.benchmark.agents.opencode import parse_opencode_events
from reuse_audit.benchmark.agents.process import session_members
from reuse_audit.benchmark.agents.snapshot import WorkspaceSnapshot
from reuse_audit.benchmark.model import AgentResult, Chain, Source, Target, Turn, TurnRequest
from reuse_audit.errors import UsageError

UTILS = "\n".join(
    ["\"\"\"Small helpers.\"\"\"", ""]
    + [line for i in range(1, 11) for line in (f"def helper_{i}(value):", f"    return value * {i}", "")]
) + "\n"
TEXT = "\n".join(f"def text_{i}(s):\n    return s.strip() + {i!r}\n" for i in range(1, 16)) + "\n"
SOLUTION = "from toolkit.utils import helper_2\n\n\ndef double_all(values):\n    return [helper_2(v) for v in values]\n"
REINVENT = "def double_all(values):\n    return [v * 2 for v in values]\n"


def git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", *args],
        cwd=cwd, check=True, capture_output=True,
    )


@pytest.fixture
def bench(tmp_path):
    """A workspace (git repo with a small library), a chain of one turn and a request factory."""
    ws = tmp_path / "workspace"
    (ws / "toolkit").mkdir(parents=True)
    (ws / "toolkit" / "__init__.py").write_text("")
    (ws / "toolkit" / "utils.py").write_text(UTILS)
    (ws / "toolkit" / "text.py").write_text(TEXT)
    git(ws, "init", "-q")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "base")
    files = tmp_path / "chain"
    files.mkdir()
    (files / "solution.py").write_text(SOLUTION)
    (files / "reinvent.py").write_text(REINVENT)
    (files / "test_turn.py").write_text("def test_x():\n    pass\n")
    turn = Turn(
        number=1,
        requirement="Double every value.",
        path="reports/double.py",
        module="reports.double",
        signatures=("def double_all(values: list) -> list",),
        tests=files / "test_turn.py",
        solution=files / "solution.py",
        targets=(Target("toolkit.utils.helper_2", "repo"),),
        reinvent=files / "reinvent.py",
    )
    chain = Chain("toolkit-1", files / "chain.toml", Source("path", "toolkit", path=str(ws), import_name="toolkit"), (turn,))

    def request(time_limit: float = 60.0, name: str = "turn-1") -> TurnRequest:
        turn_dir = tmp_path / "run" / chain.id / name
        turn_dir.mkdir(parents=True, exist_ok=True)
        return TurnRequest(
            chain=chain,
            turn=turn,
            workspace=ws,
            prompt="# Task\n\nDouble every value.\n\n## Delivery\n- Create `reports/double.py`.\n",
            memory="interface",
            turn_dir=turn_dir,
            time_limit=time_limit,
            env=(("PYTHONPATH", str(ws)), ("PYTHONDONTWRITEBYTECODE", "1")),
        )

    return ws, chain, request


# ---------------------------------------------------------------------------
# registry
# ---------------------------------------------------------------------------


def test_registry_names_and_errors(tmp_path):
    assert AGENT_NAMES == ("oracle", "replay", "command", "mini-swe-agent", "opencode")
    assert isinstance(make_agent("oracle", {}), Agent)
    with pytest.raises(UsageError, match="unknown agent"):
        make_agent("gpt", {})
    with pytest.raises(UsageError, match="missing option"):
        make_agent("command", {})
    with pytest.raises(UsageError, match="unknown option"):
        make_agent("oracle", {"solution": "x"})
    with pytest.raises(UsageError, match="solution_attr"):
        make_agent("oracle", {"solution_attr": "other"})
    with pytest.raises(UsageError, match="not a folder"):
        make_agent("replay", {"dir": str(tmp_path / "nope")})
    with pytest.raises(UsageError, match="model_name"):
        make_agent("mini-swe-agent", {})
    with pytest.raises(UsageError, match="outputs"):
        make_agent("mini-swe-agent", {"model_class": "deterministic"})
    with pytest.raises(UsageError, match="base_url"):
        make_agent("opencode", {"model": "m"})


def test_import_roots_come_from_the_workspace_pythonpath(bench):
    ws, _, request = bench
    assert import_roots(request()) == [ws]


# ---------------------------------------------------------------------------
# oracle
# ---------------------------------------------------------------------------


def test_oracle_writes_the_solution(bench):
    ws, _, request = bench
    result = make_agent("oracle", {}).run_turn(request())
    assert isinstance(result, AgentResult)
    assert result.status == "submitted" and result.reads == ()
    assert (ws / "reports" / "double.py").read_text() == SOLUTION


def test_oracle_can_replay_the_reinventing_solution(bench):
    ws, _, request = bench
    result = make_agent("oracle", {"solution_attr": "reinvent"}).run_turn(request())
    assert result.status == "submitted"
    assert (ws / "reports" / "double.py").read_text() == REINVENT


# ---------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------

PATCH = """\
diff --git a/reports/double.py b/reports/double.py
new file mode 100644
--- /dev/null
+++ b/reports/double.py
@@ -0,0 +1,5 @@
+from toolkit.utils import helper_2
+
+
+def double_all(values):
+    return [helper_2(v) for v in values]
"""


def test_replay_applies_the_patch_and_returns_the_recorded_reads(bench, tmp_path):
    ws, chain, request = bench
    folder = tmp_path / "recorded" / chain.id / "turn-1"
    folder.mkdir(parents=True)
    (folder / "patch.diff").write_text(PATCH)
    (folder / "trajectory.jsonl").write_text(
        json.dumps({"path": "toolkit/utils.py", "start": 6, "end": 7}) + "\n"
        + json.dumps({"command": "sed -n '1,2p' toolkit/text.py"}) + "\n"
        + json.dumps({"path": str(ws / "toolkit" / "utils.py"), "start": 8}) + "\n"
    )
    result = make_agent("replay", {"dir": str(tmp_path / "recorded")}).run_turn(request())
    assert result.status == "submitted", result.message
    assert (ws / "reports" / "double.py").read_text() == SOLUTION
    assert result.reads == (Read("toolkit/text.py", 1, 2), Read("toolkit/utils.py", 6, 8))


def test_replay_reads_a_bench_run_folder(bench, tmp_path):
    """``bench run`` writes diff.patch and reads.jsonl: a run folder replays as it is."""
    ws, chain, request = bench
    folder = tmp_path / "runs" / "r1" / chain.id / "turn-1"
    folder.mkdir(parents=True)
    (folder / "diff.patch").write_text(PATCH)
    (folder / "reads.jsonl").write_text(json.dumps({"path": "toolkit/utils.py", "start": 1, "end": 3}) + "\n")
    result = make_agent("replay", {"dir": str(tmp_path / "runs" / "r1")}).run_turn(request())
    assert result.status == "submitted"
    assert result.reads == (Read("toolkit/utils.py", 1, 3),)
    assert (ws / "reports" / "double.py").is_file()


def test_replay_of_a_broken_patch_is_an_error_and_changes_nothing(bench, tmp_path):
    ws, chain, request = bench
    folder = tmp_path / "recorded" / chain.id / "turn-1"
    folder.mkdir(parents=True)
    broken = PATCH + textwrap.dedent(
        """\
        diff --git a/toolkit/utils.py b/toolkit/utils.py
        --- a/toolkit/utils.py
        +++ b/toolkit/utils.py
        @@ -1,2 +1,2 @@
        -this line is not there
        +replacement
         
        """
    )
    (folder / "patch.diff").write_text(broken)
    result = make_agent("replay", {"dir": str(tmp_path / "recorded")}).run_turn(request())
    assert result.status == "error"
    assert "does not apply" in result.message
    assert not (ws / "reports").exists()  # all or nothing
    assert (ws / "toolkit" / "utils.py").read_text() == UTILS

    (folder / "patch.diff").write_text("this is not a diff\n")
    result = make_agent("replay", {"dir": str(tmp_path / "recorded")}).run_turn(request())
    assert result.status == "error" and "not a unified diff" in result.message


def test_replay_without_a_recorded_turn_is_an_error(bench, tmp_path):
    _, _, request = bench
    (tmp_path / "empty").mkdir()
    result = make_agent("replay", {"dir": str(tmp_path / "empty")}).run_turn(request())
    assert result.status == "error" and "no recorded patch" in result.message


# ---------------------------------------------------------------------------
# command
# ---------------------------------------------------------------------------

AGENT_SCRIPT = """\
import json, os, pathlib, subprocess, sys
inp = pathlib.Path(sys.argv[1])
info = json.loads((inp / "turn.json").read_text())
ws = pathlib.Path(os.environ["REUSE_AUDIT_WORKSPACE"])
assert pathlib.Path.cwd() == ws, (pathlib.Path.cwd(), ws)
assert (inp / "prompt.md").read_text().startswith("# Task")
assert (inp / "requirement.md").read_text() == "Double every value."
assert os.environ["PYTHONPATH"] == str(ws)
cat = subprocess.run("cat toolkit/utils.py", shell=True, capture_output=True, text=True).stdout
target = ws / info["path"]
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text("from toolkit.utils import helper_2\\n\\ndef double_all(values):\\n    return [helper_2(v) for v in values]\\n")
with open(os.environ["REUSE_AUDIT_READS"], "w") as f:
    f.write(json.dumps({"command": "cat toolkit/utils.py", "output": cat}) + "\\n")
    f.write(json.dumps({"path": "toolkit/text.py", "start": 4, "end": 5}) + "\\n")
print("done", info["module"], os.environ["REUSE_AUDIT_TURN_DIR"])
"""


def test_command_runs_a_program_that_writes_the_module_and_its_reads(bench, tmp_path):
    ws, _, request = bench
    script = tmp_path / "agent.py"
    script.write_text(AGENT_SCRIPT)
    req = request()
    result = make_agent("command", {"cmd": [sys.executable, str(script)]}).run_turn(req)
    log = (req.turn_dir / "command.log").read_text()
    assert result.status == "submitted", log
    assert (ws / "reports" / "double.py").is_file()
    assert result.reads == (Read("toolkit/text.py", 4, 5), Read("toolkit/utils.py", 1, len(UTILS.splitlines())))
    assert result.trajectory == "trajectory.jsonl"
    turn = json.loads((req.turn_dir / "input" / "turn.json").read_text())
    assert turn["module"] == "reports.double" and turn["signatures"] == ["def double_all(values: list) -> list"]
    assert (req.turn_dir / "input" / "memory.md").read_text() == ""  # turn 1: no note
    assert "done reports.double" in log
    assert not any(p.name in ("trajectory.jsonl", "input") for p in ws.iterdir())  # nothing in the workspace


def test_command_string_is_split_and_a_failure_is_an_error(bench, tmp_path):
    _, _, request = bench
    script = tmp_path / "fail.py"
    script.write_text("import sys\nprint('something broke')\nsys.exit(3)\n")
    result = make_agent("command", {"cmd": f"{sys.executable} {script}"}).run_turn(request())
    assert result.status == "error"
    assert "exit status 3" in result.message and "something broke" in result.message


HANGING = """\
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
grandchild_group = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], process_group=0) if sys.version_info >= (3, 11) else child
with open(os.path.join(os.environ["REUSE_AUDIT_TURN_DIR"], "pids"), "w") as f:
    f.write(f"{os.getpid()} {child.pid} {grandchild_group.pid}")
time.sleep(120)
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_command_that_hangs_is_killed_at_the_limit_with_its_children(bench, tmp_path):
    _, _, request = bench
    script = tmp_path / "hang.py"
    script.write_text(HANGING)
    req = request(time_limit=2.0)
    started = time.monotonic()
    result = make_agent("command", {"cmd": [sys.executable, str(script)]}).run_turn(req)
    elapsed = time.monotonic() - started
    assert result.status == "timeout"
    assert elapsed < 15
    pids = [int(p) for p in (req.turn_dir / "pids").read_text().split()]
    deadline = time.monotonic() + 5
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in pids), "a process of the agent survived"
    assert session_members(pids[0]) == []


# ---------------------------------------------------------------------------
# mini-swe-agent, end to end with its scripted model
# ---------------------------------------------------------------------------

_skip_without_mini = pytest.mark.skipif(
    importlib.util.find_spec("minisweagent") is None, reason="mini-swe-agent is not installed (pip install -e '.[mini]')"
)


def needs_mini(test):
    return pytest.mark.mini(_skip_without_mini(test))

HEREDOC = """\
mkdir -p reports && cat <<'EOF' > reports/double.py
from toolkit.utils import helper_2


def double_all(values):
    return [helper_2(v) for v in values]
EOF"""


def scripted(*commands: str) -> list[dict]:
    # importing minisweagent prints a banner and creates its global config folder unless told otherwise
    os.environ.setdefault("MSWEA_SILENT_STARTUP", "1")
    if "MSWEA_GLOBAL_CONFIG_DIR" not in os.environ:  # (one folder a process, removed at its exit)
        folder = tempfile.mkdtemp(prefix="mswea-test-")
        atexit.register(shutil.rmtree, folder, True)
        os.environ["MSWEA_GLOBAL_CONFIG_DIR"] = folder
    from minisweagent.models.test_models import make_output

    return [
        make_output(f"THOUGHT: step {i}.\n\n```mswea_bash_command\n{c}\n```", [{"command": c}], cost=0.0)
        for i, c in enumerate(commands)
    ]


@needs_mini
def test_mini_swe_agent_end_to_end(bench):
    ws, _, request = bench
    outputs = scripted(
        "cat toolkit/utils.py",
        "sed -n '10,20p' toolkit/text.py",
        HEREDOC,
        'python -c "import reports.double as d; print(d.double_all([1, 2]))"',
        "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT",
    )
    req = request()
    agent = make_agent("mini-swe-agent", {"model_class": "deterministic", "outputs": outputs})
    result = agent.run_turn(req)
    assert result.status == "submitted", (result.message, (req.turn_dir / "mini.log").read_text()[-2000:])
    assert (ws / "reports" / "double.py").read_text() == SOLUTION
    assert result.steps == 5 and result.trajectory == "trajectory.jsonl".replace("jsonl", "json")
    expected = (Read("toolkit/text.py", 10, 20), Read("toolkit/utils.py", 1, len(UTILS.splitlines())))
    assert result.reads == expected

    # the reads come out of mini's real trajectory file
    data = load_trajectory(req.turn_dir / "trajectory.json")
    assert data["trajectory_format"] == "mini-swe-agent-1.1"
    assert data["info"]["exit_status"] == "Submitted"
    actions = mini_actions(data)
    assert [c for c, _ in actions][:2] == ["cat toolkit/utils.py", "sed -n '10,20p' toolkit/text.py"]
    assert actions[3][1] == "[2, 4]\n"
    assert reads_from_mini_trajectory(data, ws, [ws], file_reader()) == expected
    assert not (ws / "trajectory.json").exists()


@needs_mini
def test_mini_swe_agent_truncated_output_counts_only_shown_lines(bench):
    ws, _, request = bench
    long_lines = [f"row_{i:04d} = make_row({i}, 'padding padding padding padding')" for i in range(1, 501)]
    (ws / "toolkit" / "table.py").write_text("\n".join(long_lines) + "\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "table")
    outputs = scripted("cat toolkit/table.py", "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")
    result = make_agent("mini-swe-agent", {"model_class": "deterministic", "outputs": outputs}).run_turn(request())
    assert result.status == "submitted"
    raw = "\n".join(long_lines) + "\n"
    first = raw[:5000].count("\n")
    last = raw[-5000:].count("\n") - 1
    assert result.reads == (Read("toolkit/table.py", 1, first), Read("toolkit/table.py", 501 - last, 500))


@needs_mini
def test_mini_swe_agent_reads_use_the_start_of_turn_content(bench):
    """The agent rewrites a file and then greps it: line numbers are those of the
    file as it was when the turn started (documented approximation)."""
    ws, _, request = bench
    outputs = scripted(
        "grep -n 'def text_3' toolkit/text.py",
        "printf 'x = 1\\n' > toolkit/text.py",
        "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT",
    )
    result = make_agent("mini-swe-agent", {"model_class": "deterministic", "outputs": outputs}).run_turn(request())
    assert result.status == "submitted"
    assert result.reads == (Read("toolkit/text.py", 7, 7),)


@needs_mini
def test_mini_swe_agent_step_limit(bench):
    _, _, request = bench
    outputs = scripted("ls", "ls", "ls", "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")
    agent = make_agent("mini-swe-agent", {"model_class": "deterministic", "outputs": outputs, "step_limit": 2})
    result = agent.run_turn(request())
    assert result.status == "limit" and result.steps == 2


@needs_mini
def test_mini_swe_agent_scripted_model_running_out_is_an_error(bench):
    _, _, request = bench
    result = make_agent("mini-swe-agent", {"model_class": "deterministic", "outputs": ["ls"]}).run_turn(request())
    assert result.status == "error"
    assert "IndexError" in result.message


@needs_mini
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_mini_swe_agent_is_killed_at_the_time_limit_with_its_commands(bench):
    _, _, request = bench
    req = request(time_limit=4.0)
    marker = f"reuse-audit-test-sleep-{os.getpid()}-{time.monotonic_ns()}"
    outputs = scripted(f"bash -c 'exec -a {marker} sleep 60'", "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")
    agent = make_agent(
        "mini-swe-agent",
        {"model_class": "deterministic", "outputs": outputs, "command_timeout": 120, "wall_time_limit_seconds": 0},
    )
    started = time.monotonic()
    result = agent.run_turn(req)
    assert result.status == "timeout"
    assert time.monotonic() - started < 30
    time.sleep(0.2)
    leftovers = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmdline and alive(int(name)):
                leftovers.append(name)
    assert leftovers == []


# ---------------------------------------------------------------------------
# OpenCode: recorded data
# ---------------------------------------------------------------------------


def tool_part(tool: str, input: dict, output: str, metadata: dict | None = None, status: str = "completed", n: int = 0):
    state = {"status": status, "input": input, "time": {"start": 1, "end": 2}}
    if status == "completed":
        state.update(output=output, title=tool, metadata=metadata or {})
    else:
        state.update(error=output)
    return {
        "id": f"prt_{tool}_{n}", "sessionID": "ses_1", "messageID": f"msg_{n}", "type": "tool",
        "callID": f"call_{n}", "tool": tool, "state": state,
    }


def read_output(path: Path, lines: list[str], start: int, total: int) -> str:
    body = "\n".join(f"{start + i}: {line}" for i, line in enumerate(lines))
    end = start + len(lines) - 1
    more = f"(Showing lines {start}-{end} of {total}. Use offset={end + 1} to continue.)" if end < total else f"(End of file - total {total} lines)"
    return f"<path>{path}</path>\n<type>file</type>\n<content>\n{body}\n\n{more}\n</content>"


def recorded_session(ws: Path) -> dict:
    utils = UTILS.splitlines()
    text = TEXT.splitlines()
    parts = [
        tool_part("read", {"filePath": str(ws / "toolkit" / "utils.py")}, read_output(ws / "toolkit/utils.py", utils, 1, len(utils)), n=1),
        tool_part(
            "read", {"filePath": str(ws / "toolkit" / "text.py"), "offset": 4, "limit": 3},
            read_output(ws / "toolkit/text.py", text[3:6], 4, len(text)), n=2,
        ),
        tool_part(
            "read", {"filePath": "toolkit/text.py", "offset": 20, "limit": 5}, "<path>x</path>\n<content>\n...",
            metadata={"display": {"lineStart": 20, "lineEnd": 24}}, n=3,
        ),
        tool_part(
            "grep", {"pattern": "def helper_7"},
            f"Found 1 matches\n{ws / 'toolkit' / 'utils.py'}:\n  Line 21: def helper_7(value):", n=4,
        ),
        tool_part("glob", {"pattern": "**/*.py"}, f"{ws / 'toolkit' / 'text.py'}\n{ws / 'toolkit' / 'utils.py'}", n=5),
        tool_part("bash", {"command": "sed -n '28,30p' toolkit/text.py", "description": "show"}, "\n".join(text[27:30]) + "\n", n=6),
        tool_part("read", {"filePath": str(ws / "toolkit" / "missing.py")}, "File not found", status="error", n=7),
        tool_part("write", {"filePath": str(ws / "reports" / "double.py"), "content": SOLUTION}, "Wrote file", n=8),
    ]
    return {
        "info": {"id": "ses_1", "title": "turn", "directory": str(ws)},
        "messages": [
            {"info": {"id": "msg_0", "role": "user", "sessionID": "ses_1"}, "parts": [{"type": "text", "text": "Double"}]},
            {"info": {"id": "msg_1", "role": "assistant", "sessionID": "ses_1"}, "parts": [{"type": "step-start"}] + parts},
        ],
        "todos": [],
    }


EXPECTED_OPENCODE = (
    Read("toolkit/text.py", 4, 6),
    Read("toolkit/text.py", 20, 24),
    Read("toolkit/text.py", 28, 30),
    Read("toolkit/utils.py", 1, len(UTILS.splitlines())),
)


def test_parse_opencode_export(bench):
    ws, _, _ = bench
    reads = parse_opencode_export(recorded_session(ws), ws, [ws], file_reader())
    assert tuple(reads) == EXPECTED_OPENCODE


def test_parse_opencode_events_and_their_reads(bench):
    ws, _, _ = bench
    parts = recorded_session(ws)["messages"][1]["parts"][1:]
    lines = [json.dumps({"type": "step_start", "timestamp": 1, "sessionID": "ses_1", "part": {"type": "step-start"}})]
    for part in parts:
        lines.append(json.dumps({"type": "tool_use", "timestamp": 2, "sessionID": "ses_1", "part": part}))
    lines.append(json.dumps({"type": "step_finish", "timestamp": 3, "sessionID": "ses_1", "part": {"type": "step-finish", "cost": 0.25}}))
    lines.append("not json")
    lines.append(json.dumps({"type": "done", "timestamp": 4, "sessionID": "ses_1", "reason": "idle"}))
    events = parse_opencode_events(lines)
    assert events.session_id == "ses_1" and events.steps == 1 and events.cost == 0.25
    assert events.done and events.bad_lines == 1 and events.errors == []
    assert len(events.tool_parts) == len(parts)
    assert tuple(reads_from_tool_parts(events.tool_parts, ws, [ws], file_reader())) == EXPECTED_OPENCODE
    error = parse_opencode_events([json.dumps({"type": "error", "sessionID": "s", "error": {"name": "APIError", "data": {"message": "boom"}}})])
    assert error.errors == ["boom"]


def test_opencode_old_read_format_and_offset_fallback(bench):
    ws, _, _ = bench
    old = "<file>\n" + "\n".join(f"{i:05d}| line" for i in range(3, 8)) + "\n\n(File has more lines)\n</file>"
    parts = [
        tool_part("read", {"filePath": str(ws / "toolkit/text.py"), "offset": 2, "limit": 5}, old, n=1),
        tool_part("read", {"filePath": str(ws / "toolkit/utils.py"), "offset": 25, "limit": 100}, "some other format", n=2),
    ]
    got = reads_from_tool_parts(parts, ws, [ws], file_reader())
    assert got == [Read("toolkit/text.py", 3, 7), Read("toolkit/utils.py", 25, len(UTILS.splitlines()))]


# ---------------------------------------------------------------------------
# OpenCode: the real thing, against a scripted OpenAI-compatible server
# ---------------------------------------------------------------------------


class ScriptedModel(BaseHTTPRequestHandler):
    """/v1/chat/completions: tool calls in turn (read, then bash writing the module), then a final text.
    Requests without tools (titles, summaries) get a short text."""

    script: list = []
    calls: list = []
    scripted: list = []  # the requests that followed the script
    every_request = False  # mini-swe-agent sends no tools: every request follows the script

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):
        self.send_response(404)
        self.end_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        type(self).calls.append(body)
        if body.get("tools") or type(self).every_request:
            type(self).scripted.append(body)
            step = len(type(self).scripted) - 1
            reply = type(self).script[min(step, len(type(self).script) - 1)]
        else:
            reply = {"text": "Doubling values"}
        chunks = []
        base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": body.get("model", "m")}
        if "tool" in reply:
            call = {"index": 0, "id": f"call_{len(type(self).calls)}", "type": "function",
                    "function": {"name": reply["tool"], "arguments": json.dumps(reply["args"])}}
            chunks.append({**base, "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [call]}, "finish_reason": None}]})
            finish = "tool_calls"
        else:
            chunks.append({**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": reply["text"]}, "finish_reason": None}]})
            finish = "stop"
        chunks.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
                       "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
        if body.get("stream"):
            data = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
        else:
            message = {"role": "assistant", "content": reply.get("text")}
            if "tool" in reply:
                message["tool_calls"] = [dict(chunks[0]["choices"][0]["delta"]["tool_calls"][0])]
                message["tool_calls"][0].pop("index")
            data = json.dumps({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": body.get("model", "m"),
                               "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                               "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
        encoded = data.encode()
        self.send_header("Content-Length", str(len(encoded)))
        self.end_headers()
        self.wfile.write(encoded)


@pytest.mark.skipif(
    shutil.which("opencode") is None or shutil.which("rg") is None,
    reason="needs opencode (npm opencode-ai) and rg (its grep/glob tools run ripgrep)",
)
def test_opencode_real_run_against_a_scripted_server(bench):
    ws, _, request = bench
    server, thread = serve(
        [
            {"tool": "read", "args": {"filePath": str(ws / "toolkit" / "utils.py"), "offset": 1, "limit": 10}},
            {"tool": "bash", "args": {"command": HEREDOC, "description": "Write the module"}},
            {"text": "Done."},
        ],
        every_request=False,
    )
    try:
        agent = make_agent(
            "opencode",
            {"model": "bench/scripted", "base_url": f"http://127.0.0.1:{server.server_address[1]}/v1", "api_key": "x"},
        )
        result = agent.run_turn(request(time_limit=180.0))
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    assert len(ScriptedModel.calls) < 50  # bounded
    assert result.status == "submitted", result.message
    assert (ws / "reports" / "double.py").read_text() == SOLUTION
    assert Read("toolkit/utils.py", 1, 10) in result.reads


# ---------------------------------------------------------------------------
# mini-swe-agent with a real (litellm) model class, against the scripted server
# ---------------------------------------------------------------------------


def serve(script: list, every_request: bool = True):
    ScriptedModel.calls = []
    ScriptedModel.scripted = []
    ScriptedModel.every_request = every_request
    ScriptedModel.script = script
    server = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedModel)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def litellm_options(server, **extra) -> dict:
    return {
        "model_name": "openai/scripted",
        "model_kwargs": {"api_base": f"http://127.0.0.1:{server.server_address[1]}/v1", "api_key": "x", "num_retries": 0},
        "model_config": {"cost_tracking": "ignore_errors"},
        **extra,
    }


def answer(command: str) -> dict:
    return {"text": f"THOUGHT: go.\n\n```mswea_bash_command\n{command}\n```"}


_skip_without_litellm = pytest.mark.skipif(
    importlib.util.find_spec("minisweagent") is None or importlib.util.find_spec("litellm") is None,
    reason="mini-swe-agent (with litellm) is not installed (pip install -e '.[mini]')",
)


def needs_litellm(test):
    return pytest.mark.mini(_skip_without_litellm(test))


@needs_litellm
def test_mini_swe_agent_with_litellm_against_a_local_server(bench):
    ws, _, request = bench
    server, thread = serve([answer("sed -n '4,5p' toolkit/utils.py"), answer(HEREDOC), answer("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")])
    try:
        result = make_agent("mini-swe-agent", litellm_options(server)).run_turn(request())
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    assert result.status == "submitted", result.message
    assert (ws / "reports" / "double.py").read_text() == SOLUTION
    assert result.reads == (Read("toolkit/utils.py", 4, 5),)
    assert len(ScriptedModel.scripted) == 3


@needs_litellm
def test_mini_swe_agent_three_malformed_answers_are_a_format_error(bench):
    _, _, request = bench
    server, thread = serve([{"text": "I will just think about it."}])
    try:
        result = make_agent("mini-swe-agent", litellm_options(server)).run_turn(request())
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    assert result.status == "format_error", result.message
    assert len(ScriptedModel.calls) == 3


# ---------------------------------------------------------------------------
# snapshot
# ---------------------------------------------------------------------------


def test_snapshot_keeps_the_start_of_turn_content(bench, tmp_path):
    ws, _, _ = bench
    (ws / "scratch.py").write_text("untracked = 1\n")  # a dirty workspace: temporary index
    snap = WorkspaceSnapshot.take(ws, tmp_path / "scratch")
    assert snap.tree
    (ws / "toolkit" / "utils.py").write_text("changed\n")
    (ws / "scratch.py").write_text("changed\n")
    (ws / "brand_new.py").write_text("new = 1\n")
    reader = snap.reader()
    assert reader(ws / "toolkit" / "utils.py") == UTILS
    assert reader(ws / "scratch.py") == "untracked = 1\n"
    assert reader(ws / "brand_new.py") == "new = 1\n"  # created during the turn: the disk
    assert reader(ws / "nope.py") is None
    status = subprocess.run(["git", "status", "--porcelain"], cwd=ws, capture_output=True, text=True).stdout
    assert "scratch.py" in status  # the workspace's own index was not touched
    assert not list((tmp_path / "scratch").glob(".snapshot-index*"))
