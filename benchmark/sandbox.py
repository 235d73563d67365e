"""A sandbox for each agent turn: Linux namespaces through bubblewrap, limits through cgroups.

The benchmark runs agents nobody has to trust.  Inside :class:`TurnSandbox`
(the runner wraps every agent turn in one), each process an adapter starts
with :func:`.agents.process.run_limited` runs under ``bwrap`` (bubblewrap,
the sandbox of Flatpak, packaged by every distribution; chosen over a
container runtime because it needs no daemon, no image and no root, starts
in a few milliseconds, and is a single small setuid-free program that a
distribution keeps patched):

* a new mount, PID, IPC, UTS, cgroup and user namespace, no capabilities;
* the whole file system read-only; the workspace and the turn's own folder
  (the agent's logs) the only writable places; a private, empty ``/tmp``
  (discarded at the end of the process); ``/dev`` and ``/proc`` of the
  sandbox;
* the run folder (journal, other turns, the runner's repository), the
  chain's folder (its tests and reference solutions) and the suites shipped
  with reuse-audit are hidden (an empty folder in their place); the objects
  of the runner's repository are visible read-only (the workspace's ``.git``
  borrows them);
* no network (a network namespace with only a loopback) unless the adapter
  needs a model endpoint (``needs_network``: ``opencode``, ``mini-swe-agent``
  with a real model, ``command`` with ``network=true``); then the host's
  network is shared as a whole: bubblewrap cannot restrict it to one address,
  and that is not enforced;
* every process of the turn dies when the process the adapter started ends
  (PID namespace: its init ends, the kernel kills the rest), or when the
  runner dies (``--die-with-parent``).  Processes found still running at
  that moment make the turn invalid ("left N process(es) running").

Limits, sandboxed or not: where this process can create a cgroup (v2, or
the v1 ``memory`` and ``pids`` hierarchies; root in a container, or a
delegated systemd slice), every process of the turn joins one with
``memory_limit`` bytes (memory and swap) and ``process_limit`` tasks; the
kernel's OOM killer stops a turn past its memory (the turn is invalid:
"exceeded the memory limit"), and ``fork`` fails past the process limit
(invalid: "hit the process limit").  At the end of the turn everything
still in the cgroup is killed.  Without a writable cgroup, the memory limit
is ``RLIMIT_AS`` of each process (allocations fail; not detected as a
violation) and there is no process limit.

Where namespaces are not available (no ``bwrap``, or unprivileged user
namespaces disabled), :func:`probe` says why, and the runner fails closed:
an agent other than the oracle is refused (``RunConfig.isolation``) unless
``--sandbox none`` is given.  What does run unsandboxed (the oracle, or any
agent with ``--sandbox none``) runs as before (a process group and session
of its own, see ``process.py``); the runner says so once per run and marks
the run ``unsandboxed`` in ``run.json`` and the report.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

__all__ = [
    "DEFAULT_MEMORY_LIMIT", "DEFAULT_PROCESS_LIMIT", "SANDBOX_MODES", "Isolation", "Launch", "TurnSandbox",
    "current_sandbox", "probe",
]

DEFAULT_MEMORY_LIMIT = 4 * 1024 ** 3  # bytes, a turn
DEFAULT_PROCESS_LIMIT = 1024  # tasks (processes and threads), a turn
SANDBOX_MODES = ("auto", "bwrap", "none")

_CGROUP_ROOT = Path("/sys/fs/cgroup")

# ``sh -c JOIN N FILE... PROGRAM ARG...``: write our pid into each cgroup.procs FILE, then exec
_JOIN = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done; exec "$@"'
# in the sandbox, ``python -I -S -c REPORT FD PROGRAM ARG...``: run the program (with FD
# closed: it cannot write a count of its own), then write to FD how many processes are still
# there (pid 1, this one and the leftovers); exit with the program's status
_REPORT = (
    "import os, sys\n"
    "fd = int(sys.argv[1])\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    os.close(fd)\n"
    "    try:\n"
    "        os.execvp(sys.argv[2], sys.argv[2:])\n"
    "    except OSError as exc:\n"
    "        os.write(2, f'cannot run {sys.argv[2]}: {exc.strerror}\\n'.encode())\n"
    "        os._exit(127)\n"
    "status = os.waitpid(pid, 0)[1]\n"
    "n = sum(1 for e in os.listdir('/proc') if e.isdigit())\n"
    "os.write(fd, b'%d\\n' % n)\n"
    "code = os.waitstatus_to_exitcode(status)\n"
    "os._exit(code if code >= 0 else 128 - code)\n"
)


@dataclass(frozen=True)
class Isolation:
    """How agent turns are isolated on this machine."""

    sandbox: str  # "bwrap" or "unsandboxed"
    detail: str  # the bwrap version, or why there is no sandbox
    limits: str  # "cgroup v2", "cgroup v1" or "rlimit"
    bwrap: Optional[str] = None  # the program

    @property
    def sandboxed(self) -> bool:
        return self.sandbox == "bwrap"

    def describe(self) -> dict:
        return {"sandbox": self.sandbox, "detail": self.detail, "limits": self.limits}


@functools.lru_cache(maxsize=None)
def probe(mode: str = "auto") -> Isolation:
    """What this machine allows: ``bwrap`` when ``mode`` is not ``none`` and a trial sandbox
    starts, else ``unsandboxed`` with the reason; the limits from :func:`_cgroup_kind`."""
    limits = _cgroup_kind() or "rlimit"
    if mode == "none":
        return Isolation("unsandboxed", "--sandbox none", limits)
    if not sys.platform.startswith("linux"):
        return Isolation("unsandboxed", f"no Linux namespaces on {sys.platform}", limits)
    program = shutil.which("bwrap")
    if program is None:
        return Isolation("unsandboxed", "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)", limits)
    trial = [program, *_BASE_OPTIONS, "--", "/bin/sh", "-c", "exit 0"]
    try:
        proc = subprocess.run(trial, capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Isolation("unsandboxed", f"bwrap does not start: {exc}", limits)
    if proc.returncode != 0:
        lines = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        why = lines[-1] if lines else f"exit status {proc.returncode}"
        return Isolation("unsandboxed", f"bwrap cannot create namespaces here: {why}", limits)
    version = subprocess.run([program, "--version"], capture_output=True, text=True).stdout.strip() or "bwrap"
    return Isolation("bwrap", version, limits, program)


_BASE_OPTIONS = (
    "--die-with-parent", "--unshare-all", "--cap-drop", "ALL", "--ro-bind", "/", "/",
    "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
)


# ---------------------------------------------------------------------------
# cgroups


def _own_cgroups() -> dict[str, str]:
    """controller ("" for v2) -> this process's cgroup path, from /proc/self/cgroup."""
    out: dict[str, str] = {}
    try:
        text = Path("/proc/self/cgroup").read_text()
    except OSError:
        return out
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        for controller in parts[1].split(",") if parts[1] else [""]:
            out[controller] = parts[2]
    return out


def _v1_dirs() -> Optional[dict[str, Path]]:
    own = _own_cgroups()
    dirs = {}
    for controller in ("memory", "pids"):
        mount = _CGROUP_ROOT / controller
        if controller not in own or not (mount / "cgroup.procs").is_file():
            return None
        dirs[controller] = mount / own[controller].lstrip("/")
    return dirs


def _v2_dir() -> Optional[Path]:
    own = _own_cgroups()
    if set(own) != {""} or not (_CGROUP_ROOT / "cgroup.controllers").is_file():
        return None
    return _CGROUP_ROOT / own[""].lstrip("/")


@functools.lru_cache(maxsize=None)
def _cgroup_kind() -> Optional[str]:
    """"cgroup v1" / "cgroup v2" when a turn cgroup with memory and pids limits can be made here."""
    group = _Cgroup.create("probe", 256 * 1024 ** 2, 64)
    if group is None:
        return None
    group.remove()
    return group.kind


def _sweep_stale(parents: list[Path]) -> None:
    """Turn cgroups left by a runner that was killed (its pid, in the name, is gone): their
    processes are killed and the cgroups removed."""
    for parent in parents:
        try:
            entries = list(parent.glob("reuse-audit-*"))
        except OSError:
            continue
        for folder in entries:
            parts = folder.name.rsplit("-", 2)
            if len(parts) != 3 or not parts[1].isdigit() or Path(f"/proc/{parts[1]}").exists():
                continue
            group = _Cgroup("stale", {"memory": folder})
            group.kill_all()
            group.remove()


class _Cgroup:
    def __init__(self, kind: str, dirs: dict[str, Path]) -> None:
        self.kind = kind
        self.dirs = dirs  # controller -> folder (v2: one folder for both)

    @classmethod
    def create(cls, name: str, memory: int, tasks: int) -> Optional["_Cgroup"]:
        leaf = f"reuse-audit-{name}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        v2 = _v2_dir()
        _sweep_stale([v2] if v2 is not None else list((_v1_dirs() or {}).values()))
        if v2 is not None:
            folder = v2 / leaf
            try:
                try:
                    (v2 / "cgroup.subtree_control").write_text("+memory +pids")
                except OSError:
                    pass
                folder.mkdir()
            except OSError:
                return None
            group = cls("cgroup v2", {"memory": folder, "pids": folder})
            try:
                (folder / "memory.max").write_text(str(memory))
                if (folder / "memory.swap.max").exists():
                    (folder / "memory.swap.max").write_text("0")
                (folder / "pids.max").write_text(str(tasks))
            except OSError:
                group.remove()
                return None
            return group
        dirs = _v1_dirs()
        if dirs is None:
            return None
        made: dict[str, Path] = {}
        group = cls("cgroup v1", made)
        try:
            for controller, parent in dirs.items():
                folder = parent / leaf
                folder.mkdir()
                made[controller] = folder
            (made["memory"] / "memory.limit_in_bytes").write_text(str(memory))
            swap = made["memory"] / "memory.memsw.limit_in_bytes"
            if swap.exists():
                try:
                    swap.write_text(str(memory))
                except OSError:
                    pass
            (made["pids"] / "pids.max").write_text(str(tasks))
        except OSError:
            group.remove()
            return None
        return group

    def procs_files(self) -> list[str]:
        return sorted({str(folder / "cgroup.procs") for folder in self.dirs.values()})

    def members(self) -> set[int]:
        out: set[int] = set()
        for folder in set(self.dirs.values()):
            try:
                out.update(int(x) for x in (folder / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                continue
        return out

    def kill_all(self) -> None:
        for _ in range(50):
            pids = self.members()
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.02)

    def _counter(self, controller: str, file: str, key: str) -> int:
        try:
            text = (self.dirs[controller] / file).read_text()
        except (OSError, KeyError):
            return 0
        for line in text.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] == key:
                try:
                    return int(parts[1])
                except ValueError:
                    return 0
        return 0

    def oom_kills(self) -> int:
        if self.kind == "cgroup v2":
            return self._counter("memory", "memory.events", "oom_kill")
        return self._counter("memory", "memory.oom_control", "oom_kill")

    def pids_refused(self) -> int:
        return self._counter("pids", "pids.events", "max")

    def remove(self) -> None:
        for folder in set(self.dirs.values()):
            for _ in range(50):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


# ---------------------------------------------------------------------------
# the turn's sandbox


@dataclass
class Launch:
    """How :func:`.agents.process.run_limited` starts one process in the sandbox."""

    argv: list[str]
    pass_fds: tuple[int, ...] = ()
    status_fd: Optional[int] = None  # read end: the sandbox's count of processes left


_local = threading.local()


def current_sandbox() -> Optional["TurnSandbox"]:
    """The sandbox of the agent turn running in this thread, if any."""
    return getattr(_local, "sandbox", None)


def _mb(n: int) -> str:
    return f"{n / 1024 ** 2:g} MB"


@dataclass
class TurnSandbox:
    """The isolation of one agent turn; use as a context manager around the adapter's
    ``run_turn`` (see the module docstring)."""

    isolation: Isolation
    writable: Sequence[Path] = ()
    hidden: Sequence[Path] = ()
    visible: Sequence[Path] = ()  # read-only, even under a hidden folder
    network: bool = False
    memory_limit: int = DEFAULT_MEMORY_LIMIT
    process_limit: int = DEFAULT_PROCESS_LIMIT
    name: str = "turn"
    violations: list[str] = field(default_factory=list)
    _cgroup: Optional[_Cgroup] = None
    _previous: Optional["TurnSandbox"] = None

    def __enter__(self) -> "TurnSandbox":
        if self.isolation.limits.startswith("cgroup"):
            self._cgroup = _Cgroup.create(self.name, self.memory_limit, self.process_limit)
        self._previous = current_sandbox()
        _local.sandbox = self
        return self

    def __exit__(self, *exc) -> None:
        _local.sandbox = self._previous
        group = self._cgroup
        if group is None:
            return
        left = group.members()
        already = any(v.startswith("left ") for v in self.violations)
        if left and not already and not self.isolation.sandboxed:  # in the sandbox, its PID namespace counted them
            self.violate(f"left {len(left)} process(es) running")
        group.kill_all()
        if group.oom_kills():
            self.violate(f"exceeded the memory limit of {_mb(self.memory_limit)} (the kernel killed {group.oom_kills()} process(es))")
        if group.pids_refused():
            self.violate(f"hit the process limit of {self.process_limit}")
        group.remove()
        self._cgroup = None

    def leftovers(self, session: int) -> list[int]:
        """Unsandboxed, once a process of session ``session`` ended by itself: the processes
        still running -- every one in the turn's cgroup when there is one, else those of the
        session (a daemon that left it is not seen then)."""
        me = os.getpid()
        if self._cgroup is not None:
            return sorted(pid for pid in self._cgroup.members() if pid != me)
        from reuse_audit.benchmark.agents.process import session_members

        return [pid for pid in session_members(session) if pid != me]

    def violate(self, reason: str) -> None:
        if reason not in self.violations:
            self.violations.append(reason)

    # ---- one process ------------------------------------------------------

    def launch(self, argv: Sequence[str], cwd: Path, env: Optional[dict] = None) -> Launch:
        """The command line that runs ``argv`` in ``cwd`` in this sandbox.  FileNotFoundError
        when the program does not exist (as ``subprocess.Popen`` would raise)."""
        argv = list(argv)
        program = argv[0] if argv else ""
        if os.sep in program:
            found = os.path.isfile(os.path.join(str(cwd), program)) and os.access(os.path.join(str(cwd), program), os.X_OK)
        else:
            found = shutil.which(program, path=(env or os.environ).get("PATH")) is not None
        if not found:
            raise FileNotFoundError(2, "No such file or directory", program)
        pass_fds: tuple[int, ...] = ()
        status_fd = None
        if self.isolation.sandboxed:
            read, write = os.pipe()
            os.set_inheritable(write, True)
            pass_fds, status_fd = (write,), read
            argv = [self.isolation.bwrap or "bwrap", *self._bwrap_options(argv, cwd), "--",
                    sys.executable, "-I", "-S", "-c", _REPORT, str(write), *argv]
        prefix: list[str] = []
        if self._cgroup is not None:
            files = self._cgroup.procs_files()
            prefix = ["/bin/sh", "-c", _JOIN, "sh", str(len(files)), *files]
        elif self.memory_limit:
            prefix = ["/bin/sh", "-c", f"ulimit -v {max(self.memory_limit // 1024, 1)} || exit 125; exec \"$@\"", "sh"]
        return Launch(prefix + argv, pass_fds, status_fd)

    def finished(self, launch: Launch, ended_by_itself: bool) -> None:
        """After the process of ``launch`` ended: leftovers make the turn invalid."""
        for fd in launch.pass_fds:
            try:
                os.close(fd)
            except OSError:
                pass
        if launch.status_fd is None:
            return
        try:
            data = b""
            os.set_blocking(launch.status_fd, False)
            try:
                data = os.read(launch.status_fd, 64)
            except (BlockingIOError, OSError):
                pass
        finally:
            os.close(launch.status_fd)
        last = data.strip().splitlines()[-1:] if data.strip() else []
        if ended_by_itself and last and last[0].isdigit():
            left = int(last[0]) - 2  # pid 1 and the reporting shell
            if left > 0:
                self.violate(f"left {left} process(es) running")

    def _bwrap_options(self, argv: Sequence[str], cwd: Path) -> list[str]:
        ops: list[tuple[int, int, str, str]] = []  # (depth, order, option, path)

        def add(path: Path, order: int, option: str) -> None:
            path = Path(os.path.abspath(path))
            if path.exists():
                ops.append((len(path.parts), order, option, str(path)))

        def under(path: Path, folders: Iterable[Path]) -> bool:
            return any(path == f or f in path.parents for f in folders)

        hidden = [Path(os.path.abspath(p)) for p in self.hidden]
        for path in hidden:
            if not any(h in path.parents for h in hidden):  # one empty folder, no mount point inside
                add(path, 0, "--tmpfs")
        for path in self.visible:
            add(Path(path), 1, "--ro-bind")
        # files named on the command line (the agent's program), the interpreter and
        # reuse-audit's own code (an editable install's source folders) stay visible when
        # they live under /tmp -- never when under a hidden folder.  A path under another
        # one kept is not bound again: bwrap cannot make a mount point inside a read-only bind.
        named = [Path(os.path.abspath(a)) for a in argv if os.path.isabs(a) and os.path.exists(a)]
        kept = [
            path
            for path in named + [Path(sys.prefix), Path(sys.base_prefix), *_own_code()]
            if under(path, [Path("/tmp")]) and not under(path, hidden)
        ]
        for path in kept:
            if not any(other != path and other in path.parents for other in kept):
                add(path, 1, "--ro-bind")
        for path in self.writable:
            add(Path(path), 2, "--bind")
        options = list(_BASE_OPTIONS)
        if self.network:
            options.append("--share-net")
        for _, _, option, path in sorted(ops):
            options += [option, path] if option == "--tmpfs" else [option, path, path]
        options += ["--chdir", str(Path(os.path.abspath(cwd)))]
        return options


def _own_code() -> list[Path]:
    """The folders reuse-audit's packages are imported from (an editable install maps
    reuse_audit.rules and reuse_audit.benchmark to folders of the checkout)."""
    # found, not imported: where the packages are is all the sandbox needs
    specs = [importlib.util.find_spec(name) for name in ("reuse_audit", "reuse_audit.rules")]
    return [Path(os.path.abspath(Path(spec.origin).parent)) for spec in specs if spec is not None and spec.origin] + [
        Path(os.path.abspath(Path(__file__).parent))
    ]


def suites_folder() -> Path:
    """The suites shipped with reuse-audit (their reference solutions must stay hidden)."""
    return Path(__file__).resolve().parent / "suites"

