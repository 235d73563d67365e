"""Running an agent's process under the turn's wall-time limit.

Every adapter starts its process with ``start_new_session=True``: the process
leads a new session and process group.  At the limit (and after the process
ends, for anything it left running in the background) the adapter kills

* the process group (``os.killpg(pgid, SIGKILL)``),
* every process of the session (Linux: ``/proc/*/stat`` field 6), which
  catches commands that an agent ran in their own process group
  (mini-swe-agent's per-command timeout needs one), and
* at the limit, every descendant found by parent pid, which catches
  children that started their own session (OpenCode's bash tool spawns its
  commands ``detached``).

A process that left the session and was re-parented away from the tree
(a daemon, or a detached command left running after the agent exited by
itself) escapes; nothing an agent normally runs does that.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Mapping, Optional, Sequence, Union

__all__ = ["ProcessResult", "run_limited", "kill_tree", "session_members", "merged_env"]


def merged_env(extra: Union[Mapping[str, str], Sequence[tuple[str, str]]] = (), base: Optional[Mapping[str, str]] = None) -> dict[str, str]:
    """``os.environ`` (or ``base``) with ``extra`` on top."""
    env = dict(os.environ if base is None else base)
    env.update(dict(extra))
    return env


@dataclass(frozen=True)
class ProcessResult:
    returncode: Optional[int]  # None when killed at the limit
    timed_out: bool
    seconds: float


def _proc_stat(pid: int) -> Optional[tuple[int, int, int]]:
    """(ppid, pgid, sid) of ``pid`` from /proc, or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read().decode("utf-8", "replace")
    except OSError:
        return None
    # the command name is in parentheses and may hold spaces
    fields = data[data.rfind(")") + 2 :].split()
    try:
        return int(fields[1]), int(fields[2]), int(fields[3])
    except (IndexError, ValueError):
        return None


def _all_pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []


def session_members(sid: int) -> list[int]:
    """Live (not zombie) processes whose session id is ``sid`` (Linux; empty
    elsewhere)."""
    out = []
    for pid in _all_pids():
        stat = _proc_stat(pid)
        if stat is not None and stat[2] == sid and _alive(pid):
            out.append(pid)
    return out


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for pid in _all_pids():
        stat = _proc_stat(pid)
        if stat is not None:
            children.setdefault(stat[0], []).append(pid)
    out: list[int] = []
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            out.append(child)
            stack.append(child)
    return out


def kill_tree(pid: int, sid: Optional[int] = None, descendants: bool = True) -> None:
    """SIGKILL ``pid``'s process group, its session ``sid`` (default: ``pid``)
    and (while ``pid`` runs) its descendants; repeat until none is left
    (bounded)."""
    sid = pid if sid is None else sid
    me = os.getpid()
    for _ in range(20):
        targets = set(session_members(sid))
        if descendants:
            targets |= set(_descendants(pid))
        targets.discard(me)
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        for target in targets:
            try:
                os.kill(target, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        # a killed process stays a zombie until its parent reaps it: only live ones count
        alive = [p for p in targets if _alive(p)]
        if not alive:
            return
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read().decode("utf-8", "replace")
    except OSError:
        return False
    state = data[data.rfind(")") + 2 :].split()[:1]
    return bool(state) and state[0] not in ("Z", "X")


def run_limited(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    time_limit: float,
    stdout: Union[IO, int, None] = subprocess.DEVNULL,
    stderr: Union[IO, int, None] = subprocess.STDOUT,
    stdin: Union[IO, int, None] = subprocess.DEVNULL,
) -> ProcessResult:
    """Run ``argv`` in a new session; kill its whole tree at ``time_limit``
    seconds (then ``returncode`` is None) and, after it ends, whatever it
    left running.  Raises OSError when the program cannot be started."""
    started = time.monotonic()
    proc = subprocess.Popen(
        list(argv),
        cwd=str(cwd),
        env=dict(env),
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        start_new_session=True,
    )
    timed_out = False
    try:
        returncode: Optional[int] = proc.wait(timeout=max(time_limit, 0.0))
    except subprocess.TimeoutExpired:
        timed_out = True
        kill_tree(proc.pid)  # still running (unreaped): its descendants are its own
        proc.wait()
        returncode = None
    finally:
        if proc.poll() is None:  # an exception (KeyboardInterrupt...) while waiting
            kill_tree(proc.pid)
            proc.wait()
    # background leftovers of a process that ended by itself: its pid is reaped
    # (and could be reused), so only its process group and session are swept
    kill_tree(proc.pid, descendants=False)
    return ProcessResult(returncode, timed_out, time.monotonic() - started)
