"""``mini-swe-agent``: the bash-only harness of the study (mini-swe-agent 2.4.6).

Each turn runs ``_mini_worker.py`` with the adapter's Python in a new
session: a :class:`minisweagent.agents.default.DefaultAgent` with the
text-based config ``mini_textbased.yaml`` (one ```` ```mswea_bash_command ````
block per answer; every command runs in a fresh subshell in the workspace)
and the turn's prompt as its task.  The turn ends when the agent submits
(a command whose first output line is ``COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT``),
at its step, cost or time budget, after 3 malformed answers in a row, or
when the adapter kills the worker's whole process tree at
``request.time_limit``.

Options
-------
``model_name``
    a litellm model name (``openai/gpt-4.1``, ``anthropic/claude-...``);
    ``"deterministic"`` with ``model_class: deterministic``.
``model_class``
    mini's model class: ``litellm_textbased`` (default), ``deterministic``
    (scripted, for tests: ``minisweagent.models.test_models.DeterministicModel``)
    or a dotted class path.
``outputs``
    for ``deterministic``: the scripted answers, each a ``make_output`` dict
    (``{"role": "assistant", "content": ..., "extra": {"actions": [{"command":
    ...}], "cost": 0.0}}``) or a bare command string.
``model_kwargs``
    passed to the model (litellm: ``api_base``, ``temperature``...).
``model_config``
    other keys of mini's model config (``cost_tracking: ignore_errors``...).
``config``
    mini config specs merged in order (default ``["mini_textbased.yaml"]``):
    file names, paths or ``key=value`` specs as ``mini -c`` takes them.
``step_limit``, ``cost_limit``, ``wall_time_limit_seconds``
    mini's budgets (``AgentConfig`` in 2.4.6); ``wall_time_limit_seconds``
    defaults to 95% of the turn's time limit so that the agent usually stops
    by itself, with a complete trajectory, before the hard kill.
``max_consecutive_format_errors``
    default 3, as in the study.
``command_timeout``
    seconds one command may run (mini's ``environment.timeout``, default 30).
``python``
    the interpreter that has ``minisweagent`` installed (default: this one).
``global_config_dir``
    mini's ``MSWEA_GLOBAL_CONFIG_DIR`` (its ``.env`` of keys and defaults);
    default a fresh folder in the turn directory, so that no user-level
    setting leaks in: give API keys through the environment.
``reuse_audit_check``
    ``true``: the agent may run ``reuse-audit check`` from bash, and is told so
    (``prompt.TOOL_NOTES["check"]`` after the task): the folder of the
    ``reuse-audit`` command this run uses comes first on its commands' ``PATH``.

The worker process gets ``os.environ`` (plus ``LITELLM_LOCAL_MODEL_COST_MAP=True``
unless set: litellm would otherwise fetch its cost map from the network at
import); the agent's commands get
``request.env`` on top (mini merges ``environment.env`` over
``os.environ``): the workspace's ``PYTHONPATH`` must not reach the worker,
whose own imports (``click`` for ``typer``...) would come from the workspace.

Files in the turn directory: ``trajectory.json`` (mini's format
``mini-swe-agent-1.1``: ``info``, ``messages``, ``trajectory_format``),
``mini-spec.json``, ``mini-result.json``, ``mini.log``.

Statuses: ``Submitted`` -> ``submitted``; ``LimitsExceeded`` -> ``limit``;
``TimeExceeded`` or the adapter's kill -> ``timeout``;
``RepeatedFormatError`` -> ``format_error``; anything else (an exception
from the model, the worker crashing) -> ``error``.

Infrastructure errors: when the worker says the harness, not the agent,
failed (``_mini_worker.infra_kind``: no or a refused API key, nothing
listening at ``api_base``, a model the endpoint or litellm does not know, a
model litellm cannot price without ``cost_tracking: ignore_errors``, a
configuration mini refuses, mini-swe-agent missing from ``python``), the
result carries ``infra_error``: the cause and its fix in one line, which
``bench run`` stops on (see ``runner.py``).

Reads come from the saved trajectory (read by the engine's
``reuse_audit/app/reads/mini.py``, as ``check --trajectory`` reads it): each
action's command and the output the model was shown, against the workspace
as it was when the turn started (see ``snapshot.py``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

from reuse_audit.api import Read, reads_from_mini_trajectory
from reuse_audit.errors import UsageError

from reuse_audit.benchmark.prompt import with_tool_note
from reuse_audit.benchmark.model import AgentResult, TurnRequest
from reuse_audit.benchmark.agents.base import check_options, import_roots, launch_failure
from reuse_audit.benchmark.agents.process import run_limited
from reuse_audit.benchmark.agents.snapshot import WorkspaceSnapshot

WORKER = Path(__file__).with_name("_mini_worker.py")
DEFAULT_CONFIG = ("mini_textbased.yaml",)
STATUS = {
    "Submitted": "submitted",
    "LimitsExceeded": "limit",
    "TimeExceeded": "timeout",
    "RepeatedFormatError": "format_error",
}
OPTIONS = (
    "model_name", "model_class", "outputs", "model_kwargs", "model_config", "config", "step_limit",
    "cost_limit", "wall_time_limit_seconds", "max_consecutive_format_errors", "command_timeout",
    "python", "global_config_dir", "reuse_audit_check",
)


def scripted_output(item: Any) -> dict:
    """A DeterministicModel answer from a ``make_output`` dict or a bare command."""
    if isinstance(item, dict):
        return item
    if isinstance(item, str):
        return {
            "role": "assistant",
            "content": f"THOUGHT: scripted.\n\n```mswea_bash_command\n{item}\n```",
            "extra": {"actions": [{"command": item}], "cost": 0.0},
        }
    raise UsageError(f"agent mini-swe-agent: an output must be a command string or a make_output dict, not {type(item).__name__}")


def trajectory_tokens(data: Optional[dict]) -> int:
    """Tokens of a mini trajectory: the ``usage`` litellm reported with each model response."""
    total = 0
    for message in (data or {}).get("messages", ()) if isinstance(data, dict) else ():
        extra = message.get("extra") if isinstance(message, dict) else None
        response = extra.get("response") if isinstance(extra, dict) else None
        usage = response.get("usage") if isinstance(response, dict) else None
        if not isinstance(usage, dict):
            continue
        try:
            total += int(usage.get("total_tokens") or (int(usage.get("prompt_tokens") or 0) + int(usage.get("completion_tokens") or 0)))
        except (TypeError, ValueError):
            continue
    return total


def reuse_audit_bin() -> Path:
    """The folder of the ``reuse-audit`` command of this installation (beside this Python, else on
    ``PATH``); UsageError when there is none."""
    beside = Path(sys.executable).with_name("reuse-audit")
    if beside.is_file():
        return beside.parent
    found = shutil.which("reuse-audit")
    if found is None:
        raise UsageError("agent mini-swe-agent: reuse_audit_check needs the reuse-audit command, beside this Python or on PATH")
    return Path(found).resolve().parent


class MiniSweAgent:
    name = "mini-swe-agent"

    def __init__(self, options: dict) -> None:
        check_options(self.name, options, OPTIONS)
        self.options = dict(options)
        self.model_class = options.get("model_class") or "litellm_textbased"
        self.model_name = options.get("model_name") or ("deterministic" if self.model_class == "deterministic" else None)
        if not self.model_name:
            raise UsageError("agent mini-swe-agent: missing option model_name (a litellm model name)")
        if self.model_class == "deterministic":
            outputs = options.get("outputs")
            if not isinstance(outputs, list) or not outputs:
                raise UsageError("agent mini-swe-agent: model_class deterministic needs a non-empty list of outputs")
            self.outputs = [scripted_output(item) for item in outputs]
        else:
            self.outputs = None
        config = options.get("config", list(DEFAULT_CONFIG))
        if isinstance(config, str):
            config = [config]
        if not isinstance(config, list) or not all(isinstance(c, str) for c in config):
            raise UsageError("agent mini-swe-agent: config must be a list of config specs")
        # a config file given relative to the folder the run started from (the worker runs elsewhere)
        self.config = [os.path.abspath(c) if "=" not in c and not os.path.isabs(c) and os.path.isfile(c) else c
                       for c in config]
        for key in ("step_limit", "max_consecutive_format_errors", "command_timeout"):
            if key in options and (not isinstance(options[key], int) or options[key] < 0):
                raise UsageError(f"agent mini-swe-agent: {key} must be a non-negative integer")
        for key in ("cost_limit", "wall_time_limit_seconds"):
            if key in options and (not isinstance(options[key], (int, float)) or options[key] < 0):
                raise UsageError(f"agent mini-swe-agent: {key} must be a non-negative number")
        python = str(options.get("python") or sys.executable)
        self.python = os.path.abspath(python) if os.sep in python and not os.path.isabs(python) else python
        # a real model is called from inside the turn's sandbox: the network stays on
        self.needs_network = self.model_class != "deterministic"
        check = options.get("reuse_audit_check", False)
        if not isinstance(check, bool):
            raise UsageError("agent mini-swe-agent: reuse_audit_check must be true or false")
        self.reuse_audit_bin = reuse_audit_bin() if check else None

    # ------------------------------------------------------------------

    def overrides(self, request: TurnRequest, env: dict) -> dict:
        o = self.options
        agent: dict[str, Any] = {
            "max_consecutive_format_errors": o.get("max_consecutive_format_errors", 3),
            "wall_time_limit_seconds": int(o.get("wall_time_limit_seconds", max(int(request.time_limit * 0.95), 1))),
        }
        for key in ("step_limit", "cost_limit"):
            if key in o:
                agent[key] = o[key]
        model: dict[str, Any] = dict(o.get("model_config") or {})
        model.update(model_class=self.model_class, model_name=self.model_name)
        if o.get("model_kwargs"):
            model["model_kwargs"] = dict(o["model_kwargs"])
        if self.outputs is not None:
            model["outputs"] = self.outputs
            model.setdefault("cost_per_call", 0.0)
        environment: dict[str, Any] = {"cwd": str(Path(request.workspace).resolve()), "env": env}
        if "command_timeout" in o:
            environment["timeout"] = int(o["command_timeout"])
        return {"agent": agent, "model": model, "environment": environment}

    def run_turn(self, request: TurnRequest) -> AgentResult:
        turn_dir = Path(request.turn_dir).resolve()
        turn_dir.mkdir(parents=True, exist_ok=True)
        workspace = Path(os.path.abspath(request.workspace))
        snapshot = WorkspaceSnapshot.take(workspace, turn_dir)
        trajectory = turn_dir / "trajectory.json"
        result_path = turn_dir / "mini-result.json"
        for stale in (trajectory, result_path):
            if stale.exists():
                stale.unlink()
        command_env = {"PAGER": "cat", "MANPAGER": "cat", "LESS": "-R", "PIP_PROGRESS_BAR": "off", "TQDM_DISABLE": "1"}
        command_env.update(dict(request.env))
        task = request.prompt
        if self.reuse_audit_bin is not None:
            task = with_tool_note(task, "check")
            command_env["PATH"] = os.pathsep.join([str(self.reuse_audit_bin), command_env.get("PATH") or os.environ.get("PATH", "")])
        spec = {
            "task": task,
            "config_specs": self.config,
            "overrides": self.overrides(request, command_env),
            "output_path": str(trajectory),
            "result_path": str(result_path),
        }
        spec_path = turn_dir / "mini-spec.json"
        spec_path.write_text(json.dumps(spec, indent=2), encoding="utf-8")
        global_dir = Path(os.path.abspath(self.options.get("global_config_dir") or (turn_dir / "mini-config")))
        global_dir.mkdir(parents=True, exist_ok=True)
        worker_env = dict(os.environ)
        # litellm fetches its model cost map from the network at import unless told not to
        worker_env.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        worker_env.update(
            MSWEA_SILENT_STARTUP="1",
            MSWEA_CONFIGURED="1",
            MSWEA_GLOBAL_CONFIG_DIR=str(global_dir),
            PYTHONDONTWRITEBYTECODE="1",
        )
        try:
            with open(turn_dir / "mini.log", "wb") as log:
                proc = run_limited(
                    [self.python, str(WORKER), str(spec_path)],
                    cwd=workspace,
                    env=worker_env,
                    time_limit=request.time_limit,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
        except OSError as exc:
            message = f"cannot run {self.python}: {exc.strerror or exc}"
            return AgentResult(status="error", message=message,
                               infra_error=f"mini-swe-agent: {message}: fix option python (an interpreter with mini-swe-agent)")

        data = load_trajectory(trajectory)
        outcome: dict = {}
        if result_path.is_file():
            try:
                outcome = json.loads(result_path.read_text(encoding="utf-8"))
            except ValueError:
                outcome = {}
        info = (data or {}).get("info", {})
        exit_status = str(outcome.get("exit_status") or info.get("exit_status") or "")
        cost = float(outcome.get("cost", info.get("model_stats", {}).get("instance_cost", 0.0)) or 0.0)
        steps = int(outcome.get("steps", info.get("model_stats", {}).get("api_calls", 0)) or 0)
        reads: tuple[Read, ...] = ()
        if data is not None:
            reads = reads_from_mini_trajectory(data, workspace, import_roots(request), snapshot.reader())
        if proc.timed_out:
            status, message = "timeout", f"killed after {request.time_limit:g} s"
        elif proc.stopped:
            status, message = "limit", f"killed: {proc.stopped}"
        elif exit_status in STATUS:
            status = STATUS[exit_status]
            message = exit_status
        else:
            status = "error"
            detail = outcome.get("exception") or (f"worker exit status {proc.returncode}" if proc.returncode else "no exit status")
            message = f"{exit_status or 'error'}: {str(detail).splitlines()[0] if str(detail) else ''}".strip()
        infra = ""
        if status == "error":
            infra = self.infra_error(outcome, turn_dir / "mini.log")
            launch = launch_failure(proc.returncode, turn_dir / "mini.log") if not outcome else ""
            if launch and not infra:
                infra = f"mini-swe-agent: {launch}: fix option python (an interpreter with mini-swe-agent the turn's sandbox sees)"
        return AgentResult(
            status=status,
            reads=reads,
            trajectory=trajectory.name if trajectory.is_file() else None,
            message=message,
            cost=cost,
            steps=steps,
            tokens=trajectory_tokens(data),
            infra_error=infra,
        )

    def infra_error(self, outcome: dict, log: Path) -> str:
        """The one-line cause and fix of a turn the harness failed (``outcome["infra"]``, from
        the worker), else ""."""
        kind = outcome.get("infra")
        if not kind and not outcome:  # the worker died before writing its result
            tail = _tail(log)
            if "No module named 'minisweagent" in tail or "No module named 'litellm" in tail:
                kind = "install"
        if not kind:
            return ""
        detail = _cause(f"{outcome.get('exit_status') or 'error'}: {outcome.get('exception') or ''}")
        kwargs = self.options.get("model_kwargs") or {}
        api_base = (kwargs.get("api_base") or kwargs.get("base_url")) if isinstance(kwargs, dict) else None
        where = f"model_kwargs.api_base {api_base}" if api_base else "the provider's default endpoint (no model_kwargs.api_base)"
        provider = self.model_name.split("/", 1)[0] if "/" in self.model_name else ""
        key = f"{provider.upper()}_API_KEY" if provider and provider.isidentifier() else "the provider's API key"
        cause, fix = {
            "auth": ("the endpoint was not given a valid API key",
                     f"export {key} in the shell that runs bench run (a local server that checks no key takes any "
                     f"value: {key}=dummy), or set model_kwargs.api_key"),
            "connection": (f"nothing answers at {where}",
                           "start the server, or fix model_kwargs.api_base in the agent config "
                           "(an OpenAI-compatible server: http://HOST:PORT/v1)"),
            "model": (f"the endpoint does not know model {self.model_name}",
                      "fix model_name (openai/NAME, NAME as the server lists it at /v1/models) or model_kwargs.api_base"),
            "provider": (f"litellm cannot tell the provider of model {self.model_name}",
                         f"name it PROVIDER/MODEL in model_name (openai/{self.model_name} for an OpenAI-compatible server)"),
            "cost": (f"litellm cannot price model {self.model_name}",
                     "add model_config: {cost_tracking: ignore_errors} to the agent config (the turns' cost is then 0)"),
            "quota": ("the endpoint kept refusing requests (rate limit or quota)", "wait, or raise the limit or quota"),
            "config": ("mini-swe-agent refused its configuration", "fix the agent config (--agent-config, -O)"),
            "install": (f"{self.python} cannot import mini-swe-agent",
                        "pip install 'reuse-audit[mini]' there, or give option python an interpreter that has it"),
        }.get(kind, (f"the harness failed ({kind})", "fix the agent config"))
        return f"mini-swe-agent: {cause} ({detail}): {fix}"


def _tail(path: Path) -> str:
    try:
        return path.read_bytes()[-8000:].decode("utf-8", "replace")
    except OSError:
        return ""


_LITELLM_PREFIX = re.compile(r"^(?:litellm\.)?\w+(?:Error|Exception)(?: - |: )")


def _cause(text: str, limit: int = 160) -> str:
    """The telling part of an exception's text, on one line: litellm's repeated class-name
    prefixes ("litellm.InternalServerError: InternalServerError: OpenAIException - ") dropped."""
    line = " ".join(text.split())
    name, _, rest = line.partition(": ")
    while True:
        stripped = _LITELLM_PREFIX.sub("", rest, count=1)
        if stripped == rest:
            break
        rest = stripped
    line = f"{name}: {rest}" if rest else name
    return line if len(line) <= limit else line[: limit - 3].rstrip() + "..."


def load_trajectory(path: Path) -> Optional[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
