"""Runs one mini-swe-agent turn; started by ``mini.py`` as ``python _mini_worker.py SPEC.json``.

A standalone script (it imports nothing from reuse-audit), so that it runs in
its own process and session and the adapter can kill its whole tree at the
turn's wall-time limit.  The spec holds the task, the config specs and
overrides, the workspace, the environment of the agent's commands and the
output paths.  It writes the trajectory (``agent.save`` after every step,
atomically) and a small result JSON (exit status, or the exception).

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
from typing import Any


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


def main(spec_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    os.environ.setdefault("MSWEA_SILENT_STARTUP", "1")
    os.environ.setdefault("MSWEA_CONFIGURED", "1")

    from minisweagent.agents.default import DefaultAgent
    from minisweagent.config import get_config_from_spec
    from minisweagent.environments.local import LocalEnvironment
    from minisweagent.models import get_model
    from minisweagent.utils.serialize import recursive_merge

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

    configs = [get_config_from_spec(s) for s in spec["config_specs"]]
    configs.append(spec["overrides"])
    config = recursive_merge(*configs)
    result: dict[str, Any] = {}
    try:
        model = get_model(config=dict(config.get("model", {})))
        env_config = dict(config.get("environment", {}))
        env_config.pop("environment_class", None)
        env = SessionLocalEnvironment(**env_config)
        agent_config = dict(config.get("agent", {}))
        for key in ("agent_class", "mode", "confirm_exit", "whitelist_actions"):
            agent_config.pop(key, None)
        agent_config["output_path"] = Path(spec["output_path"])
        agent = AtomicSaveAgent(model, env, **agent_config)
        info = agent.run(spec["task"])
        result = {"exit_status": info.get("exit_status", ""), "cost": agent.cost, "steps": agent.n_calls}
    except Exception as exc:  # noqa: BLE001 - reported to the adapter
        result = {
            "exit_status": type(exc).__name__,
            "exception": str(exc)[:2000],
            "traceback": traceback.format_exc()[-8000:],
        }
    Path(spec["result_path"]).write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
