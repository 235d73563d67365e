"""``command``: runs any program as the agent.

Option ``cmd``: the program and its arguments, as a list (no shell) or a
string split with :func:`shlex.split`.  For each turn the adapter writes
``<turn_dir>/input/``:

* ``prompt.md``: the whole prompt (requirement, delivery instructions and
  memory note), exactly as the runner built it;
* ``requirement.md``: the turn's requirement text alone;
* ``memory.md``: the memory note alone (empty under ``--memory none`` and at
  turn 1);
* ``turn.json``: ``chain``, ``turn``, ``path``, ``module``, ``signatures``,
  ``workspace``, ``memory``, ``time_limit``, ``reads``, ``revision`` (true in
  the turn's second session under ``--feedback lint``, whose ``prompt.md`` is
  reuse-audit's findings on the file the first session submitted, then the
  task);

then runs ``cmd + [<turn_dir>/input]`` in the workspace (an argument of
``cmd`` that names an existing file relative to the folder ``bench run`` was
started from, such as ``my_agent.py``, is made absolute first), with ``request.env``
on top of ``os.environ`` and

* ``REUSE_AUDIT_WORKSPACE``: the workspace folder (also the cwd);
* ``REUSE_AUDIT_TURN_DIR``: the turn folder, for the program's own logs;
* ``REUSE_AUDIT_READS``: ``<turn_dir>/trajectory.jsonl``, a file the program
  may write, one JSON object a line: ``{"path": "click/utils.py", "start":
  10, "end": 20}`` (a path relative to the workspace, or absolute), or
  ``{"command": "cat click/utils.py", "output": "..."}`` (a shell command it
  ran, with the output it saw if known; turned into reads by
  ``reuse_audit/app/reads/``).

Option ``network``: ``true`` when the program needs the network (a model
endpoint); in the turn's sandbox the network is otherwise off.

Its stdout and stderr go to ``<turn_dir>/command.log``.  Exit status 0 is
``submitted``, any other ``error``; at the wall-time limit its whole process
tree is killed: ``timeout``; past the runner's workspace limit, likewise:
``limit``.

Infrastructure errors (``bench run`` stops on them, scores nothing of the
turn and resumes it on a rerun: see ``runner.py``): the program cannot be
started (not found, not executable, not seen in the turn's sandbox), or it exits with status
:data:`INFRA_EXIT_STATUS` (75, ``EX_TEMPFAIL`` of sysexits.h), its way of
saying that its harness never reached its model (no key, no endpoint...);
the last line it printed is shown as the cause.  Any other failure is the
agent's.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

from reuse_audit.api import reads_from_jsonl
from reuse_audit.errors import UsageError

from reuse_audit.benchmark.prompt import memory_note
from reuse_audit.benchmark.model import AgentResult, TurnRequest
from reuse_audit.benchmark.agents.base import check_options, import_roots, launch_failure
from reuse_audit.benchmark.agents.process import merged_env, run_limited
from reuse_audit.benchmark.agents.snapshot import WorkspaceSnapshot


#: the exit status by which the program says its harness never reached its model (EX_TEMPFAIL)
INFRA_EXIT_STATUS = 75


def memory_note_of(request: TurnRequest) -> str:
    try:
        return memory_note(request.chain, request.turn, request.memory, Path(request.workspace))
    except Exception:  # noqa: BLE001 - a note we cannot rebuild is left empty
        return ""


def write_turn_input(request: TurnRequest, reads_path: Path) -> Path:
    """Write ``<turn_dir>/input/`` (see the module docstring); return it."""
    folder = Path(request.turn_dir) / "input"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "prompt.md").write_text(request.prompt, encoding="utf-8")
    (folder / "requirement.md").write_text(request.turn.requirement, encoding="utf-8")
    (folder / "memory.md").write_text(memory_note_of(request), encoding="utf-8")
    info = {
        "chain": request.chain.id,
        "turn": request.turn.number,
        "path": request.turn.path,
        "module": request.turn.module,
        "signatures": list(request.turn.signatures),
        "workspace": str(Path(request.workspace).resolve()),
        "memory": request.memory,
        "time_limit": request.time_limit,
        "reads": str(reads_path),
        "revision": request.revision,
    }
    (folder / "turn.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return folder


class CommandAgent:
    name = "command"

    def __init__(self, options: dict) -> None:
        check_options(self.name, options, ["cmd", "network"], required=["cmd"])
        network = options.get("network", False)
        if isinstance(network, str):
            if network.strip().lower() not in ("true", "false", "1", "0", "yes", "no", ""):
                raise UsageError(f"agent command: network must be true or false, not {network!r}")
            network = network.strip().lower() in ("true", "1", "yes")
        self.needs_network = bool(network)
        cmd = options["cmd"]
        if isinstance(cmd, str):
            try:
                cmd = shlex.split(cmd)
            except ValueError as exc:
                raise UsageError(f"agent command: cannot split cmd {options['cmd']!r}: {exc}") from None
        if not isinstance(cmd, (list, tuple)) or not cmd or not all(isinstance(a, str) for a in cmd):
            raise UsageError("agent command: cmd must be a non-empty list of strings or a command line")
        # it runs in the workspace: an argument naming a file relative to the folder
        # the run was started from (``python my_agent.py``) is made absolute
        self.cmd = [os.path.abspath(a) if not os.path.isabs(a) and not a.startswith("-") and os.path.isfile(a) else a
                    for a in cmd]

    def run_turn(self, request: TurnRequest) -> AgentResult:
        turn_dir = Path(request.turn_dir)
        turn_dir.mkdir(parents=True, exist_ok=True)
        workspace = Path(os.path.abspath(request.workspace))
        reads_path = turn_dir / "trajectory.jsonl"
        input_dir = write_turn_input(request, reads_path)
        snapshot = WorkspaceSnapshot.take(workspace, turn_dir)
        env = merged_env(request.env)
        env.update(
            PWD=str(workspace),  # not the folder bench run was started from
            REUSE_AUDIT_WORKSPACE=str(workspace),
            REUSE_AUDIT_TURN_DIR=str(turn_dir.resolve()),
            REUSE_AUDIT_READS=str(reads_path.resolve()),
        )
        log_path = turn_dir / "command.log"
        try:
            with open(log_path, "wb") as log:
                result = run_limited(
                    self.cmd + [str(input_dir.resolve())],
                    cwd=workspace,
                    env=env,
                    time_limit=request.time_limit,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
        except OSError as exc:
            message = f"cannot run {self.cmd[0]}: {exc.strerror or exc}"
            return AgentResult(status="error", message=message,
                               infra_error=f"command: {message}: fix option cmd (the program and its arguments)")
        reads: tuple = ()
        notes: list[str] = []
        if reads_path.is_file():
            reads, notes = reads_from_jsonl(reads_path, workspace, import_roots(request), snapshot.reader())
        if result.timed_out:
            status, message = "timeout", f"killed after {request.time_limit:g} s"
        elif result.stopped:
            status, message = "limit", f"killed: {result.stopped}"
        elif result.returncode == 0:
            status, message = "submitted", "exit status 0"
        else:
            status, message = "error", f"exit status {result.returncode}: {_last_line(log_path)}"
        infra = ""
        launch = launch_failure(result.returncode, log_path) if status == "error" else ""
        if launch:
            infra = (f"command: {launch}: fix option cmd (a program under /tmp is seen in the turn's sandbox only "
                     "when cmd names it by its absolute path)")
        elif status == "error" and result.returncode == INFRA_EXIT_STATUS:
            infra = (f"command: {self.cmd[0]} exited with status {INFRA_EXIT_STATUS} (its harness did not reach its model): "
                     f"{_last_line(log_path)} (see {log_path})")
        if notes:
            message += f"; {len(notes)} bad read line(s), first: {notes[0]}"
        return AgentResult(
            status=status,
            reads=reads,
            trajectory=reads_path.name if reads_path.is_file() else None,
            message=message,
            infra_error=infra,
        )


def _last_line(path: Path) -> str:
    try:
        data = path.read_bytes()[-4000:].decode("utf-8", "replace")
    except OSError:
        return "no output"
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no output"
