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
itself) escapes these; inside a :class:`..sandbox.TurnSandbox` (the runner
wraps each agent turn in one) the process runs in the sandbox and its
cgroup (see ``sandbox.py``), which nothing escapes.

**Workspace limits.**  Inside :func:`workspace_limits` (the runner wraps each
agent turn in it), :func:`run_limited` also measures the workspace every
:data:`POLL_SECONDS` while the process runs, and kills the whole tree as
soon as the workspace has grown by more than ``max_bytes`` (apparent file
sizes, ``.git`` included) or ``max_files`` entries since the turn started: an
agent that fills the disk is stopped there.  The reason is kept in
:attr:`TurnLimits.exceeded` and in :attr:`ProcessResult.stopped`.
"""

from __future__ import annotations

import os
import signal
import stat as stat_module
import subprocess
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterator, Mapping, Optional, Sequence, Union

__all__ = [
    "ProcessResult", "run_limited", "kill_tree", "session_members", "merged_env", "TurnLimits", "workspace_limits",
    "current_limits", "tree_size",
]

POLL_SECONDS = 0.5


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
    stopped: Optional[str] = None  # why it was killed before its time (a workspace limit), else None


def tree_size(root: Path) -> tuple[int, int]:
    """(apparent bytes of the files, number of entries) under ``root``; links are
    not followed, entries that vanish while walking are skipped."""
    total = entries = 0
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    entries += 1
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat_module.S_ISDIR(st.st_mode):
                        stack.append(entry.path)
                    else:
                        total += st.st_size
        except OSError:
            continue
    return total, entries


class TurnLimits:
    """How much one agent turn may grow its workspace; see :func:`workspace_limits`."""

    def __init__(self, workspace: Path, max_bytes: int, max_files: int) -> None:
        self.workspace = Path(workspace)
        self.max_bytes = max_bytes
        self.max_files = max_files
        self.start_bytes, self.start_files = tree_size(self.workspace)
        self.exceeded: Optional[str] = None

    def check(self) -> Optional[str]:
        """The reason the workspace is over its limits now, or None (also remembered in :attr:`exceeded`)."""
        size, files = tree_size(self.workspace)
        grown, added = size - self.start_bytes, files - self.start_files
        reason = None
        if grown > self.max_bytes:
            reason = f"the workspace grew by {grown / 1048576:.1f} MB, over the {self.max_bytes / 1048576:g} MB limit of a turn"
        elif added > self.max_files:
            reason = f"the workspace gained {added} files, over the limit of {self.max_files} a turn"
        if reason is not None and self.exceeded is None:
            self.exceeded = reason
        return reason


_local = threading.local()


def current_limits() -> Optional[TurnLimits]:
    """The limits of the turn running in this thread, if any."""
    return getattr(_local, "limits", None)


@contextmanager
def workspace_limits(workspace: Path, max_bytes: int, max_files: int = 200_000) -> Iterator[TurnLimits]:
    """Enforce ``max_bytes`` / ``max_files`` of workspace growth on every
    :func:`run_limited` process started in this thread inside the block."""
    limits = TurnLimits(workspace, max_bytes, max_files)
    previous = current_limits()
    _local.limits = limits
    try:
        yield limits
    finally:
        _local.limits = previous


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
    from reuse_audit.benchmark.sandbox import current_sandbox

    started = time.monotonic()
    limits = current_limits()
    sandbox = current_sandbox()
    launch = sandbox.launch(argv, Path(cwd), dict(env)) if sandbox is not None else None
    try:
        proc = subprocess.Popen(
            launch.argv if launch is not None else list(argv),
            cwd=str(cwd),
            env=dict(env),
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
            pass_fds=launch.pass_fds if launch is not None else (),
        )
    except BaseException:
        if launch is not None:
            sandbox.finished(launch, ended_by_itself=False)
        raise
    if launch is not None:
        for fd in launch.pass_fds:  # the child has its copy: the report arrives when it ends
            os.close(fd)
        launch.pass_fds = ()
    timed_out = False
    stopped: Optional[str] = None
    deadline = started + max(time_limit, 0.0)
    returncode: Optional[int] = None
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            try:
                returncode = proc.wait(timeout=min(remaining, POLL_SECONDS) if limits is not None else remaining)
                break
            except subprocess.TimeoutExpired:
                if limits is not None:
                    stopped = limits.check()
                    if stopped is not None:
                        break
        if returncode is None:
            kill_tree(proc.pid)  # still running (unreaped): its descendants are its own
            proc.wait()
    finally:
        if proc.poll() is None:  # an exception (KeyboardInterrupt...) while waiting
            kill_tree(proc.pid)
            proc.wait()
    # background leftovers of a process that ended by itself: its pid is reaped
    # (and could be reused), so only its process group and session are swept
    if sandbox is not None and returncode is not None and not sandbox.isolation.sandboxed:
        left = sandbox.leftovers(proc.pid)
        if left:
            sandbox.violate(f"left {len(left)} process(es) running")
    kill_tree(proc.pid, descendants=False)
    if launch is not None:
        sandbox.finished(launch, ended_by_itself=returncode is not None)
    return ProcessResult(returncode, timed_out, time.monotonic() - started, stopped)
