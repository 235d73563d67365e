"""Runs one mini-swe-agent turn; started by ``mini.py`` as ``python _mini_worker.py SPEC.json``.

A standalone script (it imports nothing from reuse-audit), so that it runs in
its own process and session and the adapter can kill its whole tree at the
turn's wall-time limit.  The spec holds the task, the config specs and
overrides, the workspace, the environment of the agent's commands and the
output paths.  It writes the trajectory (``agent.save`` after every step,
atomically) and a small result JSON (exit status, or the exception).

The result's ``infra`` names a failure of the harness or its endpoint, not of
the agent (see :func:`infra_kind`): ``config`` (the configuration, read before
the agent starts), ``auth``, ``connection``, ``model``, ``provider``, ``cost``
or ``quota``; the adapter turns it into an infrastructure error.  Before the
model has answered once in the turn, an ``auth``, ``connection``, ``model`` or
``provider`` failure ends the turn at once instead of going through mini's
retries (10 attempts, minutes): nothing the agent did can be lost, and a
retry would not help.  After a first answer, mini retries as usual.

Commands run through :class:`SessionLocalEnvironment`: mini-swe-agent's own
``LocalEnvironment`` puts each command in a new *session*, out of reach of
the adapter's session kill; this one puts it in a new process *group* of the
worker's session instead (its per-command timeout still kills the group).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any, Optional


def _run(command: str, cwd: str, env: dict, timeout: int) -> subprocess.CompletedProcess:
    kwargs: dict[str, Any] = {}
    if sys.version_info >= (3, 11):
        kwargs["process_group"] = 0
    else:  # pragma: no cover - Python 3.10
        kwargs["preexec_fn"] = os.setpgrp
    process = subprocess.Popen(
        command,
        shell=True,
        text=True,
        cwd=cwd,
        env=env,
        encoding="utf-8",
        errors="replace",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        **kwargs,
    )
    try:
        stdout, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()
        stdout, _ = process.communicate()
        raise subprocess.TimeoutExpired(command, timeout, output=stdout)
    return subprocess.CompletedProcess(command, process.returncode, stdout=stdout)


#: the text of an exception that says the harness never got an answer from the endpoint
_AUTH_TEXT = ("Missing credentials", "api_key client option must be set", "Incorrect API key", "invalid_api_key",
              "Invalid API Key", "No API key provided")
_CONNECTION_TEXT = ("Connection error", "Connection refused", "Failed to establish a new connection",
                    "Name or service not known", "nodename nor servname", "getaddrinfo failed",
                    "All connection attempts failed", "Temporary failure in name resolution")


def infra_kind(exc: BaseException, reached: bool) -> Optional[str]:
    """What failed when ``exc`` ended the agent's run, if it was not the agent: ``auth``
    (the key: litellm 1.x reports a missing one as an InternalServerError "Missing
    credentials"), ``connection`` (nothing answers at the endpoint; a timeout only
    before any answer), ``model`` (the endpoint does not know the model), ``provider``
    (litellm cannot tell the provider from the model name), ``cost`` (litellm cannot
    price the model), ``quota`` (rate limit or quota, after mini's retries); None for
    the agent's own failures (a context window exceeded, a server error...).
    ``reached``: the model answered at least once in this turn."""
    names = {c.__name__ for c in type(exc).__mro__}
    text = str(exc)
    if "ContextWindowExceededError" in names:
        return None
    if names & {"AuthenticationError", "PermissionDeniedError"} or any(t in text for t in _AUTH_TEXT):
        return "auth"
    if "LLM Provider NOT provided" in text:
        return "provider"
    if "NotFoundError" in names:
        return "model"
    if "Error calculating cost for model" in text:
        return "cost"
    if names & {"Timeout", "APITimeoutError"}:
        return None if reached else "connection"
    if "APIConnectionError" in names or any(t in text for t in _CONNECTION_TEXT):
        return "connection"
    if "RateLimitError" in names:
        return "quota"
    return None


class Unreachable(Exception):
    """The endpoint cannot answer (``kind``, as :func:`infra_kind`): mini aborts on it, no retries."""

    def __init__(self, kind: str, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.kind = kind
        self.cause = cause


def guard_model(model: Any) -> dict:
    """Make ``model`` (a litellm model of mini) fail at once, through :class:`Unreachable`, on
    an error that retrying cannot mend (a key, a model or a provider name) or, before its first
    answer, on a connection that fails.  Returns its state: ``reached`` once it answered."""
    state = {"reached": False}
    query = getattr(model, "_query", None)
    aborts = getattr(model, "abort_exceptions", None)
    if query is None or not isinstance(aborts, list):  # a scripted or foreign model class
        return state

    def _query(*args: Any, **kwargs: Any) -> Any:
        try:
            response = query(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - classified, then raised again
            kind = infra_kind(exc, state["reached"])
            if kind in ("auth", "model", "provider") or (kind == "connection" and not state["reached"]):
                raise Unreachable(kind, exc) from exc
            raise
        state["reached"] = True
        return response

    model._query = _query
    model.abort_exceptions = [*aborts, Unreachable]
    return state


def _failure(exc: BaseException, kind: Optional[str]) -> dict:
    cause = exc.cause if isinstance(exc, Unreachable) else exc
    return {
        "exit_status": type(cause).__name__,
        "exception": str(cause)[:2000],
        "traceback": traceback.format_exc()[-8000:],
        "infra": kind,
    }


def main(spec_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    os.environ.setdefault("MSWEA_SILENT_STARTUP", "1")
    os.environ.setdefault("MSWEA_CONFIGURED", "1")

    try:
        from minisweagent.agents.default import DefaultAgent
        from minisweagent.config import get_config_from_spec
        from minisweagent.environments.local import LocalEnvironment
        from minisweagent.models import get_model
        from minisweagent.utils.serialize import recursive_merge
    except ImportError as exc:  # this interpreter has no (or a broken) mini-swe-agent
        _write(spec["result_path"], _failure(exc, "install"))
        return 0

    class SessionLocalEnvironment(LocalEnvironment):
        def execute(self, action: dict, cwd: str = "", *, timeout: int | None = None) -> dict:
            command = action.get("command", "")
            cwd = cwd or self.config.cwd or os.getcwd()
            try:
                result = _run(command, cwd, os.environ | self.config.env, timeout or self.config.timeout)
                output = {"output": result.stdout, "returncode": result.returncode, "exception_info": ""}
            except Exception as e:  # noqa: BLE001 - as LocalEnvironment.execute
                raw = getattr(e, "output", None)
                raw = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else (raw or "")
                output = {
                    "output": raw,
                    "returncode": -1,
                    "exception_info": f"An error occurred while executing the command: {e}",
                    "extra": {"exception_type": type(e).__name__, "exception": str(e)},
                }
            self._check_finished(output)
            return output

    class AtomicSaveAgent(DefaultAgent):
        def save(self, path, *extra_dicts):  # type: ignore[override]
            data = self.serialize(*extra_dicts)
            if path:
                path = Path(path)
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(path.name + ".tmp")
                tmp.write_text(json.dumps(data, indent=2))
                os.replace(tmp, path)
            return data

    result: dict[str, Any] = {}
    try:  # the configuration: whatever fails here is the configuration's (a file, a key, a value)
        configs = [get_config_from_spec(s) for s in spec["config_specs"]]
        configs.append(spec["overrides"])
        config = recursive_merge(*configs)
        model = get_model(config=dict(config.get("model", {})))
        state = guard_model(model)
        env_config = dict(config.get("environment", {}))
        env_config.pop("environment_class", None)
        env = SessionLocalEnvironment(**env_config)
        agent_config = dict(config.get("agent", {}))
        for key in ("agent_class", "mode", "confirm_exit", "whitelist_actions"):
            agent_config.pop(key, None)
        agent_config["output_path"] = Path(spec["output_path"])
        agent = AtomicSaveAgent(model, env, **agent_config)
    except Exception as exc:  # noqa: BLE001 - reported to the adapter
        result = _failure(exc, "config")
    else:
        try:
            info = agent.run(spec["task"])
            result = {"exit_status": info.get("exit_status", ""), "cost": agent.cost, "steps": agent.n_calls}
        except Exception as exc:  # noqa: BLE001 - reported to the adapter
            kind = exc.kind if isinstance(exc, Unreachable) else infra_kind(exc, state["reached"])
            result = dict(_failure(exc, kind), cost=agent.cost, steps=agent.n_calls)
    _write(spec["result_path"], result)
    return 0


def _write(path: str, result: dict) -> None:
    Path(path).write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
