"""Infrastructure errors (issue 25): a turn whose harness never reached its model is not the
agent's failure.  The run stops after it with one line and exit status 2, nothing of it is
scored or journaled, and the same command run again after the fix runs it.

Fast and hermetic: the ``command`` adapter over tests/fixtures/bench/click-mini, the
classification of mini-swe-agent's worker and of OpenCode's error events on recorded
exceptions and events.  The real mini-swe-agent against a scripted endpoint is in
tests/test_bench_endpoint.py.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from reuse_audit.benchmark.agents.mini import MiniSweAgent, _cause
from reuse_audit.benchmark.agents.opencode import OpenCodeAgent, infra_kind as opencode_kind, parse_opencode_events
from reuse_audit.benchmark.chain import load_chain
from reuse_audit.benchmark.runner import InfrastructureError, RunConfig, _check_run_file, run_benchmark
from reuse_audit.errors import UsageError

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "bench" / "click-mini"
REUSE_AUDIT = Path(sys.executable).with_name("reuse-audit")
WORKER = Path(__file__).resolve().parents[1] / "benchmark" / "agents" / "_mini_worker.py"

# a program that writes the reference solution, unless its "endpoint" is down (ENDPOINT_OK is
# not 1): then it says so and exits 75, as a harness would that cannot reach its model.  Self-
# contained: in the turn's sandbox /tmp is private and the chain's folder hidden.
AGENT = """
import json, os, pathlib, sys, time
if os.environ.get("ENDPOINT_OK") != "1":
    print("connecting to http://127.0.0.1:9/v1")
    print("Connection refused: start the model server")
    sys.exit(75)
time.sleep(float(os.environ.get("AGENT_SLEEP", "0")))
turn = json.loads((pathlib.Path(sys.argv[1]) / "turn.json").read_text())
target = pathlib.Path(turn["workspace"]) / turn["path"]
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(SOLUTIONS[turn["turn"]])
"""


@pytest.fixture
def chains(tmp_path):
    root = tmp_path / "chains"
    folder = root / "click-mini"
    shutil.copytree(FIXTURE, folder)
    shutil.copytree(Path(click.__file__).parent, folder / "click-src" / "click",
                    ignore=shutil.ignore_patterns("__pycache__"))
    solutions = {n: (folder / f"turn{n}" / "solution.py").read_text(encoding="utf-8") for n in (1, 2, 3)}
    (tmp_path / "agent.py").write_text(f"SOLUTIONS = {solutions!r}\n" + AGENT, encoding="utf-8")
    return root


def journal(run_dir: Path) -> list[dict]:
    path = run_dir / "journal.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def config(run_dir: Path, agent_py: Path, **options) -> RunConfig:
    return RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": [sys.executable, str(agent_py)], **options},
                     time_limit=60, test_timeout=60)


# --------------------------------------------------------------------------- the run


def test_bench_run_stops_at_the_first_infrastructure_error_and_resumes_after_the_fix(chains, tmp_path):
    run_dir = tmp_path / "run"
    argv = [str(REUSE_AUDIT), "bench", "run", "--suite", str(chains / "click-mini"), "--agent", "command",
            "-O", "cmd=" + json.dumps([sys.executable, str(tmp_path / "agent.py")]), "--out", str(run_dir), "--time-limit", "60"]
    env = {k: v for k, v in os.environ.items() if k != "ENDPOINT_OK"}
    proc = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("reuse-audit: error:")]
    assert errors == [
        "reuse-audit: error: click-mini turn 1 not run (infrastructure error, nothing scored): command: "
        f"{sys.executable} exited with status 75 (its harness did not reach its model): Connection refused: "
        f"start the model server (see {run_dir / 'click-mini' / 'turn-1' / 'command.log'}); "
        "then rerun the same command to resume"
    ]
    assert journal(run_dir) == []
    assert sorted(p.name for p in (run_dir / "click-mini").iterdir()) == ["turn-1"]
    workspace = run_dir / "workspaces" / "click-mini"
    status = subprocess.run(["git", "status", "--porcelain"], cwd=workspace, capture_output=True, text=True).stdout
    assert status == ""  # the workspace is back at the turn's start

    env["ENDPOINT_OK"] = "1"  # the fix: the environment, not the command
    proc = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    records = journal(run_dir)
    assert [r["turn"] for r in records] == [1, 2, 3]
    assert all(r["resolved"] and r["status"] == "submitted" for r in records)


def test_an_agent_that_ran_and_failed_is_still_the_agents_failure(chains, tmp_path):
    from reuse_audit.benchmark.agents.base import make_agent
    from reuse_audit.benchmark.model import TurnRequest

    chain = load_chain(chains / "click-mini")
    workspace = tmp_path / "ws"
    workspace.mkdir()

    def turn(program: str):
        script = tmp_path / "program.py"
        script.write_text(program, encoding="utf-8")
        turn_dir = tmp_path / "turn"
        shutil.rmtree(turn_dir, ignore_errors=True)
        request = TurnRequest(chain=chain, turn=chain.turns[0], workspace=workspace, prompt="p", memory="interface",
                              turn_dir=turn_dir, time_limit=30)
        return make_agent("command", {"cmd": [sys.executable, str(script)]}).run_turn(request)

    failed = turn("import sys\nprint('I give up')\nsys.exit(1)\n")
    assert (failed.status, failed.infra_error) == ("error", "")
    assert failed.message == "exit status 1: I give up"
    hidden = turn("import sys\nsys.stderr.write('cannot run /tmp/x/agent: No such file or directory\\n')\nsys.exit(127)\n")
    assert hidden.infra_error.startswith("command: cannot run /tmp/x/agent: No such file or directory: fix option cmd")
    unreachable = turn("import sys\nprint('no key for the model')\nsys.exit(75)\n")
    assert unreachable.status == "error"
    assert unreachable.infra_error.startswith(f"command: {sys.executable} exited with status 75 (its harness did not "
                                              "reach its model): no key for the model (see ")


def test_a_program_that_cannot_be_started_is_an_infrastructure_error(chains, tmp_path):
    run_dir = tmp_path / "run"
    cfg = RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": [str(tmp_path / "no-such-agent")]},
                    time_limit=60, test_timeout=60)
    with pytest.raises(InfrastructureError, match=r"click-mini turn 1 not run .*command: cannot run .*no-such-agent: "
                                                  r".*: fix option cmd"):
        run_benchmark([load_chain(chains / "click-mini")], cfg)
    assert journal(run_dir) == []


def test_with_jobs_the_other_chains_start_no_new_turn(chains, tmp_path):
    other = chains / "click-other"
    shutil.copytree(chains / "click-mini", other)
    chain_file = other / "chain.yaml"
    chain_file.write_text(chain_file.read_text(encoding="utf-8").replace("id: click-mini", "id: click-other"),
                          encoding="utf-8")
    # click-mini cannot reach its endpoint; click-other can, and takes its time
    agent = (tmp_path / "agent.py").read_text(encoding="utf-8")
    gate = tmp_path / "gate.py"
    gate.write_text(
        "import json, os, pathlib, sys\n"
        "turn = json.loads((pathlib.Path(sys.argv[1]) / 'turn.json').read_text())\n"
        "os.environ['ENDPOINT_OK'] = '1' if turn['chain'] == 'click-other' else ''\n"
        "os.environ['AGENT_SLEEP'] = '2'\n" + agent,
        encoding="utf-8",
    )
    run_dir = tmp_path / "run"
    cfg = RunConfig(run_dir=run_dir, agent="command", agent_options={"cmd": [sys.executable, str(gate)]},
                    time_limit=60, test_timeout=60, jobs=2)
    with pytest.raises(InfrastructureError, match="click-mini turn 1"):
        run_benchmark([load_chain(chains / "click-mini"), load_chain(other)], cfg)
    done = journal(run_dir)
    assert {r["chain"] for r in done} <= {"click-other"}
    assert len(done) < 3  # it ended the turn it was in, and started no other


# --------------------------------------------------------------------------- resuming after a fix


def test_a_fix_of_the_endpoint_options_resumes_the_run_any_other_change_is_refused(tmp_path):
    def described(**options) -> RunConfig:
        base = {"model_name": "openai/qwen", "step_limit": 40, "model_kwargs": {"api_base": "http://127.0.0.1:9/v1"}}
        return RunConfig(run_dir=tmp_path / "run", agent="mini-swe-agent", agent_options={**base, **options})

    (tmp_path / "run").mkdir()
    _check_run_file(described())
    _check_run_file(described(model_kwargs={"api_base": "http://127.0.0.1:8000/v1", "api_key": "dummy"},
                              model_config={"cost_tracking": "ignore_errors"}))
    recorded = json.loads((tmp_path / "run" / "run.json").read_text(encoding="utf-8"))
    assert recorded["agent_options"]["model_kwargs"]["api_base"] == "http://127.0.0.1:8000/v1"  # the fixed one
    with pytest.raises(UsageError, match=r"another configuration \(agent_options differ\)"):
        _check_run_file(described(step_limit=41))
    with pytest.raises(UsageError, match="another configuration"):
        _check_run_file(described(model_kwargs={"api_base": "http://127.0.0.1:8000/v1", "temperature": 0.5}))
    with pytest.raises(UsageError, match="another configuration"):
        _check_run_file(described(model_name="openai/llama"))


# --------------------------------------------------------------------------- mini-swe-agent's worker


def worker():
    spec = importlib.util.spec_from_file_location("mini_worker_under_test", WORKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # a standalone script: it imports minisweagent only in main()
    return module


def errors() -> dict:
    """Exceptions named and worded as litellm 1.x and mini-swe-agent 2.4 raise them."""
    def make(name: str, *bases: type) -> type:
        return type(name, bases or (Exception,), {})

    api_connection = make("APIConnectionError")
    bad_request = make("BadRequestError")
    return {
        "AuthenticationError": make("AuthenticationError"),
        "InternalServerError": make("InternalServerError"),
        "APIConnectionError": api_connection,
        "Timeout": make("Timeout", make("APITimeoutError", api_connection)),
        "BadRequestError": bad_request,
        "ContextWindowExceededError": make("ContextWindowExceededError", bad_request),
        "NotFoundError": make("NotFoundError"),
        "RateLimitError": make("RateLimitError"),
    }


def test_the_worker_tells_the_harness_failing_from_the_agent_failing():
    kind = worker().infra_kind
    e = errors()
    cases = [
        (e["AuthenticationError"]("Incorrect API key provided"), False, "auth"),
        (e["InternalServerError"]("litellm.InternalServerError: OpenAIException - Missing credentials. Please pass an `api_key`"),
         False, "auth"),
        (e["InternalServerError"]("litellm.InternalServerError: OpenAIException - Connection error."), False, "connection"),
        (e["InternalServerError"]("litellm.InternalServerError: OpenAIException - Connection error."), True, "connection"),
        (e["APIConnectionError"]("boom"), False, "connection"),
        (e["Timeout"]("Request timed out"), False, "connection"),  # never answered: nothing is there
        (e["Timeout"]("Request timed out"), True, None),  # a slow model, once it answered, is the agent's
        (e["BadRequestError"]("LLM Provider NOT provided. You passed model=qwen"), False, "provider"),
        (e["ContextWindowExceededError"]("context window exceeded: Connection error."), True, None),
        (e["NotFoundError"]("The model `qwen` does not exist"), False, "model"),
        (RuntimeError("Error calculating cost for model openai/qwen: ..., perhaps it's not registered?"), True, "cost"),
        (e["RateLimitError"]("quota exceeded"), True, "quota"),
        (e["InternalServerError"]("500: the server had an error"), True, None),
        (ValueError("an agent's bug"), True, None),
    ]
    assert [kind(exc, reached) for exc, reached, _ in cases] == [want for _, _, want in cases]


def test_the_worker_fails_at_once_before_the_model_answered_and_retries_after():
    w = worker()
    e = errors()
    refused = e["InternalServerError"]("OpenAIException - Connection error.")

    class Model:
        abort_exceptions = [KeyError]

        def __init__(self, answers):
            self.answers = list(answers)

        def _query(self, *args, **kwargs):
            answer = self.answers.pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer

    model = Model([refused])
    state = w.guard_model(model)
    assert w.Unreachable in model.abort_exceptions and KeyError in model.abort_exceptions
    with pytest.raises(w.Unreachable) as caught:
        model._query([])
    assert caught.value.kind == "connection" and caught.value.cause is refused and not state["reached"]
    model = Model(["an answer", refused, e["AuthenticationError"]("key revoked")])
    state = w.guard_model(model)
    assert model._query([]) == "an answer" and state["reached"]
    with pytest.raises(type(refused)):  # mini's own retries apply: the server may come back
        model._query([])
    with pytest.raises(w.Unreachable):  # a key never comes back by retrying
        model._query([])
    scripted = object()
    assert w.guard_model(scripted) == {"reached": False}  # a model class without _query: left alone


def test_mini_infra_errors_name_the_cause_and_the_fix(tmp_path):
    agent = MiniSweAgent({"model_name": "openai/qwen", "model_kwargs": {"api_base": "http://127.0.0.1:9/v1"}})
    log = tmp_path / "mini.log"
    log.write_text("", encoding="utf-8")
    message = agent.infra_error({"infra": "cost", "exit_status": "RuntimeError",
                                 "exception": "Error calculating cost for model openai/qwen: not mapped"}, log)
    assert message == ("mini-swe-agent: litellm cannot price model openai/qwen (RuntimeError: Error calculating cost "
                       "for model openai/qwen: not mapped): add model_config: {cost_tracking: ignore_errors} to the "
                       "agent config (the turns' cost is then 0)")
    message = agent.infra_error({"infra": "auth", "exit_status": "InternalServerError", "exception":
                                 "litellm.InternalServerError: InternalServerError: OpenAIException - Missing credentials."}, log)
    assert "(InternalServerError: Missing credentials.)" in message and "OPENAI_API_KEY=dummy" in message
    assert "http://127.0.0.1:9/v1" in agent.infra_error({"infra": "connection", "exit_status": "InternalServerError",
                                                          "exception": "Connection error."}, log)
    assert agent.infra_error({"exit_status": "RepeatedFormatError"}, log) == ""  # the agent's
    log.write_text("Traceback...\nModuleNotFoundError: No module named 'minisweagent'\n", encoding="utf-8")
    assert "cannot import mini-swe-agent" in agent.infra_error({}, log)  # the worker died before its result
    assert len(_cause("x: " + "y" * 500)) == 160


def test_the_worker_reports_a_configuration_it_cannot_read_as_the_configurations(tmp_path):
    pytest.importorskip("minisweagent")
    spec = tmp_path / "spec.json"
    result = tmp_path / "result.json"
    spec.write_text(json.dumps({"task": "t", "config_specs": [str(tmp_path / "missing.yaml")], "overrides": {},
                                "output_path": str(tmp_path / "trajectory.json"), "result_path": str(result)}))
    env = {**os.environ, "MSWEA_GLOBAL_CONFIG_DIR": str(tmp_path / "g"), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    subprocess.run([sys.executable, str(WORKER), str(spec)], env=env, check=True, capture_output=True, timeout=120)
    outcome = json.loads(result.read_text())
    assert outcome["infra"] == "config" and outcome["exit_status"] == "FileNotFoundError"


# --------------------------------------------------------------------------- OpenCode's error events


def event(error: dict) -> str:
    return json.dumps({"type": "error", "timestamp": 1, "sessionID": "ses_1", "error": error})


def test_opencode_error_events_of_the_endpoint_are_infrastructure_errors():
    # as OpenCode 1.18 writes them (recorded against 127.0.0.1:9 and a server answering 401 / 404)
    refused = {"name": "APIError", "data": {"message": "Cannot connect to API: Unable to connect. Is the computer able "
                                            "to access the url?", "isRetryable": True}}
    key = {"name": "APIError", "data": {"message": "Incorrect API key provided", "statusCode": 401, "isRetryable": False}}
    model = {"name": "APIError", "data": {"message": "The model `x` does not exist", "statusCode": 404}}
    crashed = {"name": "UnknownError", "data": {"message": "tool crashed"}}
    assert [opencode_kind(e) for e in (refused, key, model, crashed)] == ["connection", "auth", "model", None]
    assert opencode_kind({"name": "ProviderAuthError", "data": {"providerID": "bench", "message": "no key"}}) == "auth"
    assert opencode_kind({"name": "APIError", "data": {"message": "slow down", "statusCode": 429}}) == "quota"
    agent = OpenCodeAgent({"model": "local/qwen", "base_url": "http://127.0.0.1:9/v1"})
    message = agent.infra_error(parse_opencode_events([event(crashed), event(refused)]))
    assert message == ("opencode[local/qwen]: nothing answers at http://127.0.0.1:9/v1 (Cannot connect to API: Unable "
                       "to connect. Is the computer able to access the url?): start the server, or fix option base_url "
                       "(an OpenAI-compatible server: http://HOST:PORT/v1)")
    assert agent.infra_error(parse_opencode_events([event(crashed)])) == ""


def test_opencode_missing_is_an_infrastructure_error(chains, tmp_path):
    run_dir = tmp_path / "run"
    cfg = RunConfig(run_dir=run_dir, agent="opencode", time_limit=60, test_timeout=60,
                    agent_options={"model": "local/qwen", "base_url": "http://127.0.0.1:9/v1",
                                   "binary": str(tmp_path / "no-opencode")})
    with pytest.raises(InfrastructureError, match=r"opencode: .*no-opencode not found on PATH: npm i -g opencode-ai"):
        run_benchmark([load_chain(chains / "click-mini")], cfg)
    assert journal(run_dir) == []


def test_infrastructure_error_survives_pickling():
    """Ray carries a chain task's exception back to the driver by pickling it."""
    import pickle

    error = pickle.loads(pickle.dumps(InfrastructureError("click-mini turn 1 not run: x")))
    assert isinstance(error, InfrastructureError) and str(error) == "click-mini turn 1 not run: x"

