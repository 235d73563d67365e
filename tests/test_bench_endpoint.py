"""The real mini-swe-agent against an OpenAI-compatible server, as a new user runs it (issue 25).

A scripted server on 127.0.0.1 (``http.server``, /v1/chat/completions) answers
the way a model answers mini-swe-agent's text format: one bash command an
answer (``ls``, ``grep -n``, ``nl -ba FILE | sed -n A,Bp``, ``cat``, a heredoc
writing the module; at turn 3 also a scratch file, as real agents write
reproduction scripts), then ``echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT``.
The configuration is the guide's own ``mini-local.yaml`` (benchmark/README.md),
its URL pointed at the server, and the command is the guide's.

One run folder goes through what a newcomer meets, each step the same
command: no API key, then a wrong base URL, then a local model litellm cannot
price; each stops after its first turn with one line and exit status 2,
scoring nothing; then the fixed configuration resumes and runs the whole
``click-params`` chain of the shipped ``starter`` suite, whose resolved,
reads, recall, steps, tokens, reuse and Cdup are checked against values
worked out by hand below.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from reuse_audit.benchmark.chain import suite_dir

pytestmark = [
    pytest.mark.mini,
    pytest.mark.skipif(
        importlib.util.find_spec("minisweagent") is None or importlib.util.find_spec("litellm") is None,
        reason="mini-swe-agent (with litellm) is not installed (pip install -e '.[mini]')",
    ),
]

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "benchmark" / "README.md"
REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")
CHAIN = suite_dir("starter") / "click-params"
SUBMIT = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"
TOKENS = 15  # the usage the server reports with every answer


def heredoc(path: str, text: str, then: str = "") -> str:
    folder = os.path.dirname(path)
    make = f"mkdir -p {folder} && " if folder else ""
    return f"{make}cat <<'PYEOF' > {path}{then}\n{text.rstrip()}\nPYEOF"


def solution(turn: int, name: str = "solution") -> str:
    return (CHAIN / f"turn{turn}" / f"{name}.py").read_text(encoding="utf-8")


# A scratch file of turn 3 that calls the turn's repository target: only the file at the
# required path is scored, so it must change neither reuse nor Cdup.
SCRATCH = (
    "from click.types import IntRange, _NumberRangeBase\n\n\n"
    "def test_it():\n"
    "    print(_NumberRangeBase.convert(IntRange(0, 5), '3', None, None))\n"
)

# The target's lines in click 8.5.1 (the chain's pin), by hand from its source:
# click/types.py convert_type 1356-1397 (its overloads from 1346), Choice's class line 342,
# Choice.convert 454-476, _NumberRangeBase.convert 666-697, Path.convert 1161-1233;
# click/exceptions.py BadParameter.format_message 146-156, MissingParameter's 184-222,
# NoSuchOption's 262-265.
SCRIPT = {
    "click_params/scalars.py": [
        "ls",
        'grep -n "def convert_type" click/types.py',  # lines 1347, 1349, 1353, 1356
        "nl -ba click/types.py | sed -n 1345,1397p",
        heredoc("click_params/scalars.py", solution(1)),
        SUBMIT,
    ],
    "click_params/options.py": [
        'grep -n "^class Choice" click/types.py',
        "nl -ba click/types.py | sed -n 454,476p",
        "cat click_params/scalars.py",
        heredoc("click_params/options.py", solution(2)),
        SUBMIT,
    ],
    "click_params/numbers.py": [  # re-implements the range check, and leaves a scratch file
        "ls click_params",
        "nl -ba click/types.py | sed -n 666,697p",
        heredoc("click_params/numbers.py", solution(3, "reinvent")),
        heredoc("try_numbers.py", SCRATCH, " && python -c 'import try_numbers; try_numbers.test_it()'"),
        SUBMIT,
    ],
    "click_params/paths.py": [
        "sed -n '1161,1180p' click/types.py",  # 20 of Path.convert's 73 lines: not recalled
        "cat click_params/numbers.py",
        heredoc("click_params/paths.py", solution(4)),
        SUBMIT,
    ],
    "click_params/settings.py": [
        "nl -ba click/exceptions.py | sed -n 146,156p",
        "nl -ba click/exceptions.py | sed -n 262,265p",  # MissingParameter.format_message is not read
        heredoc("click_params/settings.py", solution(5)),
        SUBMIT,
    ],
}


class Model(BaseHTTPRequestHandler):
    """/v1/chat/completions: the turn is told by the module path in the task, the step by the
    answers already in the conversation."""

    requests: list = []

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):
        self.send_response(404)
        self.end_headers()

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        type(self).requests.append(body)
        messages = body.get("messages") or []
        task = next((str(m.get("content")) for m in messages if m.get("role") == "user"), "")
        turn = next((path for path in SCRIPT if f"at `{path}` (relative to the repository root)" in task), None)
        step = sum(1 for m in messages if m.get("role") == "assistant")
        command = SCRIPT[turn][min(step, len(SCRIPT[turn]) - 1)] if turn else SUBMIT
        content = f"THOUGHT: step {step + 1}.\n\n```mswea_bash_command\n{command}\n```"
        data = json.dumps({
            "id": f"chatcmpl-{len(type(self).requests)}", "object": "chat.completion", "created": 1,
            "model": body.get("model", "m"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": TOKENS},
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def guide_local_section() -> tuple[dict, list[str]]:
    """The guide's ``mini-local.yaml`` and its ``bench run`` command."""
    text = GUIDE.read_text(encoding="utf-8")
    block = re.search(r"^```yaml\n# mini-local\.yaml\n(.*?)^```", text, re.S | re.M)
    assert block, "benchmark/README.md has no mini-local.yaml block"
    command = next(line for line in text.splitlines()
                   if line.startswith("reuse-audit bench run") and "mini-local.yaml" in line)
    assert re.search(r"^export OPENAI_API_KEY=dummy$", text, re.M)
    return yaml.safe_load(block.group(1)), shlex.split(command)


def run(argv: list[str], cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(REUSE_AUDIT), *argv[1:]], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def journal(run_dir: Path) -> list[dict]:
    path = run_dir / "journal.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


@pytest.fixture(scope="module")
def story(tmp_path_factory):
    """The four runs of one run folder: no key, a wrong URL, an unpriced model, fixed."""
    work = tmp_path_factory.mktemp("newcomer")
    config, argv = guide_local_section()
    assert config["model_config"] == {"cost_tracking": "ignore_errors"}
    Model.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Model)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "MSWEA_", "LITELLM_"))}
    config_file = work / argv[argv.index("--agent-config") + 1]
    run_dir = work / argv[argv.index("--out") + 1]
    steps = {}

    def attempt(name: str, options: dict, key: str | None) -> None:
        config_file.write_text(yaml.safe_dump(options), encoding="utf-8")
        here = dict(env, OPENAI_API_KEY=key) if key is not None else env
        started = time.monotonic()
        proc = run(argv, work, here)
        steps[name] = {
            "proc": proc, "seconds": time.monotonic() - started, "journal": journal(run_dir),
            "turns": sorted(p.name for p in (run_dir / "click-params").glob("turn-*")),
            "requests": len(Model.requests),
        }

    unpriced = {k: v for k, v in config.items() if k != "model_config"}
    try:
        attempt("no key", dict(unpriced, model_kwargs={"api_base": "http://127.0.0.1:9/v1"}), None)
        attempt("wrong url", dict(unpriced, model_kwargs={"api_base": "http://127.0.0.1:9/v1"}), "dummy")
        attempt("unpriced", dict(unpriced, model_kwargs={"api_base": url}), "dummy")
        attempt("fixed", dict(config, model_kwargs={"api_base": url}), "dummy")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    steps["run_dir"] = run_dir
    steps["work"] = work
    return steps


def error_lines(proc: subprocess.CompletedProcess) -> list[str]:
    return [line for line in proc.stderr.splitlines() if line.startswith("reuse-audit: error:")]


@pytest.mark.parametrize("step, cause, fix", [
    ("no key", "the endpoint was not given a valid API key", "export OPENAI_API_KEY"),
    ("wrong url", "nothing answers at model_kwargs.api_base http://127.0.0.1:9/v1", "fix model_kwargs.api_base"),
    ("unpriced", "litellm cannot price model openai/", "add model_config: {cost_tracking: ignore_errors}"),
])
def test_an_infrastructure_error_stops_the_run_after_its_first_turn_with_one_line(story, step, cause, fix):
    got = story[step]
    proc = got["proc"]
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = error_lines(proc)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("reuse-audit: error: click-params turn 1 not run (infrastructure error, nothing scored): ")
    assert cause in lines[0] and fix in lines[0] and lines[0].endswith("rerun the same command to resume")
    assert got["journal"] == []  # nothing scored, nothing journaled
    assert got["turns"] == ["turn-1"]  # no second turn was started
    assert got["seconds"] < 90  # not mini's retry loop (10 attempts, 4 to 60 s apart: over 6 minutes)


def test_the_endpoint_is_asked_only_when_it_can_answer(story):
    # no key: litellm refuses before sending; a wrong URL: nothing there; unpriced: one answer
    assert [story[s]["requests"] for s in ("no key", "wrong url", "unpriced")] == [0, 0, 1]


def test_after_the_fixes_the_same_command_resumes_and_runs_the_whole_chain(story):
    proc = story["fixed"]["proc"]
    assert proc.returncode == 0, (proc.stdout[-3000:], proc.stderr[-3000:])
    assert not error_lines(proc) and "Traceback" not in proc.stderr
    records = story["fixed"]["journal"]
    assert [r["turn"] for r in records] == [1, 2, 3, 4, 5]
    assert [r["status"] for r in records] == ["submitted"] * 5
    assert [r["resolved"] for r in records] == [True] * 5
    assert [r["steps"] for r in records] == [5, 5, 5, 4, 4]
    assert [r["tokens"] for r in records] == [TOKENS * n for n in (5, 5, 5, 4, 4)]
    run_json = json.loads((story["run_dir"] / "run.json").read_text(encoding="utf-8"))
    assert run_json["agent_options"]["model_config"] == {"cost_tracking": "ignore_errors"}  # the fixed options


def test_reads_and_recall_come_from_the_real_trajectory(story):
    run_dir = story["run_dir"]
    reads = {}
    for turn in range(1, 6):
        lines = (run_dir / "click-params" / f"turn-{turn}" / "reads.jsonl").read_text(encoding="utf-8").splitlines()
        reads[turn] = [tuple(json.loads(line).values()) for line in lines]
    scalars = len(solution(1).splitlines())
    numbers = len(solution(3, "reinvent").splitlines())
    assert reads == {
        1: [("click/types.py", 1345, 1397)],  # ls reads nothing; grep's four lines are inside the range
        2: [("click/types.py", 342, 342), ("click/types.py", 454, 476), ("click_params/scalars.py", 1, scalars)],
        3: [("click/types.py", 666, 697)],  # the module it wrote and the scratch file are not reads
        4: [("click/types.py", 1161, 1180), ("click_params/numbers.py", 1, numbers)],
        5: [("click/exceptions.py", 146, 156), ("click/exceptions.py", 262, 265)],
    }
    records = story["fixed"]["journal"]
    assert [r["files_viewed"] for r in records] == [1, 2, 1, 2, 1]
    assert [r["lines_viewed"] for r in records] == [53, 1 + 23 + scalars, 32, 20 + numbers, 11 + 4]
    assert [r["repo_recalled"] for r in records] == [
        ["click.types.convert_type"],
        ["click.types.Choice.convert"],
        ["click.types._NumberRangeBase.convert"],
        [],  # 20 of 73 lines, under half
        ["click.exceptions.BadParameter.format_message", "click.exceptions.NoSuchOption.format_message"],
    ]
    assert [r["self_recalled"] for r in records] == [
        [], ["click_params.scalars.coerce"], [], ["click_params.numbers.parse_number"], [],
    ]


def test_reuse_and_cdup_judge_the_submitted_file_only(story):
    """Turn 3 re-implements the range check in the submitted file; its scratch file calls the
    target, and must not count (the study scores "the file left at the required path", §A.1).

    Needs the scoring of the submitted file alone (issue 25's first point): where the whole
    diff is scored, the scratch file's call makes turn 3 reuse the target and Cdup 0."""
    records = story["fixed"]["journal"]
    repo_targets = [r["repo_targets"] for r in records]
    reused = [r["repo_targets"] if t != 3 else [] for t, r in enumerate(records, 1)]
    assert [r["repo_reused"] for r in records] == reused
    assert repo_targets[2] == ["click.types._NumberRangeBase.convert"]
    assert [r["self_reused"] for r in records] == [r["self_targets"] for r in records]
    assert [r["reimplemented"] for r in records] == [[], [], ["click.types._NumberRangeBase.convert"], [], []]
    assert [r["duplicated"] for r in records] == [False, False, True, True, True]
    report = subprocess.run([str(REUSE_AUDIT), "bench", "report", str(story["run_dir"]), "--format", "json",
                             "--bootstrap", "0"], capture_output=True, text=True, timeout=300)
    assert report.returncode == 0, report.stderr
    per_turn = json.loads(report.stdout)["runs"][0]["per_turn"]
    assert [per_turn[str(t)]["cdup"] for t in range(1, 6)] == [0.0, 0.0, 100.0, 100.0, 100.0]  # cumulative
