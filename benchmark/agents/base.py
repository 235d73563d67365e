"""The agent interface, the registry of adapters, and what adapters share.

An adapter runs one turn: it gets a :class:`~..model.TurnRequest`, leaves
files in ``request.workspace`` and returns an :class:`~..model.AgentResult`
with the reads of its trajectory.  Every adapter

* starts a fresh session per turn (nothing is carried over between turns
  but the workspace);
* runs its process(es) with ``request.env`` on top of ``os.environ``, in the
  workspace, in a new session whose whole tree is killed at
  ``request.time_limit`` (status ``"timeout"``; see ``process.py``);
* never retries;
* keeps its trajectory and logs under ``request.turn_dir``, never in the
  workspace;
* returns an error as ``status="error"`` with a one-line ``message`` rather
  than raising (a bad option is a :class:`~reuse_audit.errors.UsageError`
  raised by :func:`make_agent`).

Statuses: ``submitted`` (the agent finished on its own), ``error`` (it
failed or crashed), ``timeout`` (killed at the wall-time limit, or its own
time budget ran out), ``limit`` (step or cost budget), ``format_error``
(too many malformed model answers in a row).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, Optional, Protocol, runtime_checkable

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.model import AgentResult, TurnRequest

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "check_options",
    "import_roots",
    "make_agent",
]


@runtime_checkable
class Agent(Protocol):
    name: str

    def run_turn(self, request: TurnRequest) -> AgentResult: ...


def _oracle(options: dict) -> Agent:
    from reuse_audit.benchmark.agents.oracle import OracleAgent

    return OracleAgent(options)


def _replay(options: dict) -> Agent:
    from reuse_audit.benchmark.agents.replay import ReplayAgent

    return ReplayAgent(options)


def _command(options: dict) -> Agent:
    from reuse_audit.benchmark.agents.command import CommandAgent

    return CommandAgent(options)


def _mini(options: dict) -> Agent:
    from reuse_audit.benchmark.agents.mini import MiniSweAgent

    return MiniSweAgent(options)


def _opencode(options: dict) -> Agent:
    from reuse_audit.benchmark.agents.opencode import OpenCodeAgent

    return OpenCodeAgent(options)


_REGISTRY: dict[str, Callable[[dict], Agent]] = {
    "oracle": _oracle,
    "replay": _replay,
    "command": _command,
    "mini-swe-agent": _mini,
    "opencode": _opencode,
}
AGENT_NAMES = tuple(_REGISTRY)

#: Per adapter, the options (dotted: ``model_kwargs.api_base``) that say where its model endpoint
#: is and how to reach it, not how the agent works: a run resumed after fixing one of them (an
#: infrastructure error: a wrong URL, a key, an unpriced local model) is the same run.
ENDPOINT_OPTIONS: dict[str, tuple[str, ...]] = {
    "mini-swe-agent": ("model_kwargs.api_base", "model_kwargs.base_url", "model_kwargs.api_key",
                       "model_config.cost_tracking", "model_config.litellm_model_registry", "global_config_dir"),
    "opencode": ("base_url", "api_key", "api_key_env"),
}


def make_agent(name: str, options: Optional[dict] = None) -> Agent:
    """The adapter called ``name`` configured with ``options``; UsageError for
    an unknown name, an unknown option or a missing/invalid one."""
    factory = _REGISTRY.get(name)
    if factory is None:
        raise UsageError(f"unknown agent {name!r}: expected one of {', '.join(AGENT_NAMES)}")
    return factory(dict(options or {}))


def launch_failure(returncode: Optional[int], log: Path) -> str:
    """The line by which the turn's sandbox said it could not start the adapter's program
    (exit status 127, ``cannot run PROGRAM: why``: not found, not executable, or under a folder
    the sandbox does not show, such as a private ``/tmp``), else ""."""
    if returncode != 127:
        return ""
    try:
        text = log.read_bytes()[-4000:].decode("utf-8", "replace")
    except OSError:
        return ""
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("cannot run ")]
    return lines[-1][:300] if lines else ""


def check_options(agent: str, options: dict, known: Iterable[str], required: Iterable[str] = ()) -> None:
    """UsageError for an option not in ``known`` or a missing ``required`` one."""
    known = set(known)
    unknown = sorted(set(options) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise UsageError(f"agent {agent}: unknown option(s) {', '.join(unknown)} (known: {allowed})")
    missing = [key for key in required if options.get(key) in (None, "", [], {})]
    if missing:
        raise UsageError(f"agent {agent}: missing option(s) {', '.join(missing)}")


def import_roots(request: TurnRequest) -> list[Path]:
    """Folders of the workspace that hold importable code: the workspace's
    ``PYTHONPATH`` entries inside it (the import root first), then the
    workspace root; else the folder holding ``chain.source.import_name``."""
    workspace = Path(os.path.abspath(request.workspace))
    roots: list[Path] = []
    env = dict(request.env)
    for entry in env.get("PYTHONPATH", "").split(os.pathsep):
        if not entry:
            continue
        path = Path(os.path.abspath(entry))
        if (path == workspace or workspace in path.parents) and path not in roots:
            roots.append(path)
    if not roots:
        name = request.chain.source.import_name or request.chain.source.package.replace("-", "_")
        for base in (workspace / "src", workspace / "lib", workspace):
            if (base / name).is_dir() or (base / f"{name}.py").is_file():
                roots.append(base)
                break
    if workspace not in roots:
        roots.append(workspace)
    return roots
