"""Where the chains of a run execute: here (the default thread pool of ``runner.py``), or
as Ray tasks (``--executor ray``).

:class:`RayExecutor` runs each chain as one Ray task, a streaming generator that yields
each turn's record as the turn is committed, with the file the turn carries forward.  The
driver appends the record to the run's one journal (a worker never writes the journal: a
cluster worker's disk is not the driver's) and keeps the file.  The task works in the run
folder at the driver's path on its own node: the workspace and the turn folders (prompt,
diff, logs, ``timing.json``) are on the disk of the node that ran the turn, so only with a
filesystem the nodes share does the driver's run folder hold them all.  The chain files
must be at the same path on every node (the shipped suites are, with the same install).

Semantics are those of ``bench run``:

* ``max_retries=0``: Ray never reruns a task by itself (a rerun of a finished turn
  would score it twice).  When a worker or its node is lost, the driver resubmits the
  chain with the turns its journal holds and the files they carried forward; the task
  skips those turns (on a node that never saw the chain it commits their files again,
  to the journaled commits) and restarts the unfinished turn from its pre-turn commit,
  as a resumed run does.  A chain is resubmitted at most ``restarts`` times.  (A driver
  restarted later keeps no files: its chains resume on nodes that hold their
  workspaces, or on a shared filesystem.)
* cancelling (Ctrl-C on the driver) cancels every task: Ray raises
  KeyboardInterrupt in the task, whose agent process tree is killed
  (``agents/process.py``); a task still running after ``cancel_grace`` seconds is
  force-killed (its worker process ends; a sandboxed agent dies with it:
  bubblewrap's ``--die-with-parent``).
* each task declares ``num_cpus`` (``cpus``) and ``memory`` (bytes: by default the
  run's ``memory_limit``, what the turn's sandbox lets the agent use), so Ray packs
  chains on the nodes the way the sandbox limits them.

Under Ray a turn is guarded as with ``--jobs`` above 1 (other chains' folders are not
watched), and the journal-tampering check of ``runner.py`` does not run in the task (the
journal is the driver's; the turn's sandbox hides the run folder from the agent anyway).

``ray`` is imported only when a :class:`RayExecutor` starts.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Optional

from reuse_audit.errors import UsageError

RAY_HINT = "pip install 'reuse-audit[ray]'"
# Ray probes cloud metadata and pings its usage-stats endpoint even with stats off
# (measured with ray 2.60.0): a local instance started here turns both off.
HERMETIC_ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_USAGE_STATS_REPORT_URL": "http://127.0.0.1:9/"}
# a local instance listens on the loopback address only; its token authentication (which writes
# ~/.ray/auth_token) is off: nothing but this machine can reach it
LOCAL_ENV = {"RAY_AUTH_MODE": "disabled"}


class Cancelled(Exception):
    """The run's tasks were cancelled before its chains finished."""


def chain_records(chain, config, done: dict, carried: Optional[dict] = None):
    """Run ``chain`` as ``runner.run_chain`` does, yielding ``(record, carry)`` for each new turn:
    its record (a dict) and the file it carries forward (``(mode, bytes)`` of the submitted file,
    or None).  ``done``: the records already journaled, by turn number: those turns are skipped.
    ``carried``: their carries, by turn number: on a node whose disk never saw the chain (the
    workspace lacks the turns' commits) they are committed again, to the same commits."""
    from reuse_audit.benchmark.runner import open_chain, run_turn

    carried = carried or {}
    workspace, chain_guard, agent = open_chain(chain, config)
    pre = workspace.baseline
    duplicated = False
    rebuilt = False
    for turn in chain.turns:
        record = done.get(turn.number)
        if record is not None:
            pre = record["extra"]["next_commit"]
            duplicated = duplicated or bool(record["reimplemented"])
            continue
        if not rebuilt and not _has_commit(workspace, pre):
            pre = _rebuild(chain, workspace, done, carried, turn.number)
        rebuilt = True
        record = run_turn(chain, turn, config, workspace, agent, pre, duplicated, None, chain_guard).to_json()
        carry = carry_of(workspace, record["extra"]["next_commit"], turn.path) if record["extra"].get("submitted_file") else None
        yield record, carry
        pre = record["extra"]["next_commit"]
        duplicated = bool(record["duplicated"])


def _has_commit(workspace, rev: str) -> bool:
    try:
        workspace._commit_sha(rev)
        return True
    except Exception:
        return False


def carry_of(workspace, commit: str, path: str):
    """``(mode, bytes)`` of ``path`` in ``commit`` (a regular file), else None."""
    from reuse_audit.benchmark.workspace import _git

    entry = _git(workspace.root, "ls-tree", "-z", commit, "--", path).decode("utf-8", "surrogateescape").strip("\0")
    if not entry:
        return None
    meta, _, _name = entry.partition("\t")
    mode, kind, blob = meta.split()
    if kind != "blob":
        return None
    return mode, _git(workspace.root, "cat-file", "blob", blob)


def _commit_carry(workspace, base: str, path: str, carry, number: int) -> str:
    """What ``Workspace.commit_with`` made of turn ``number``: ``base`` plus ``path`` as ``carry``."""
    from reuse_audit.benchmark.workspace import _git

    if carry is None:
        return base
    mode, data = carry
    blob = _git(workspace.root, "hash-object", "-w", "--stdin", input=data).decode().strip()
    return workspace.commit_blob(base, path, mode, blob, number)


def _rebuild(chain, workspace, done: dict, carried: dict, upto: int) -> str:
    """The pre-turn commit of turn ``upto``, committed again from the carries of the turns before."""
    pre = workspace.baseline
    for turn in chain.turns:
        if turn.number >= upto:
            break
        record = done[turn.number]
        want = record["extra"]["next_commit"]
        if want != pre and turn.number not in carried:
            raise UsageError(
                f"{chain.id}: the workspace at {workspace.root} lacks the commits of the turns already journaled "
                "and the driver holds no copy of their files: run on a filesystem the workers share"
            )
        pre = _commit_carry(workspace, pre, turn.path, carried.get(turn.number), turn.number)
        if pre != want:
            raise UsageError(f"{chain.id}: turn {turn.number} committed again is {pre[:12]}, not {want[:12]} as journaled")
    return pre


def _ray_chain_task(chain, config, done: dict, carried: dict):
    """The Ray task of one chain (a generator: one ``(record, carry)`` a committed turn)."""
    yield from chain_records(chain, config, done, carried)


class RayExecutor:
    """Each chain of a run as a Ray task; see the module docstring.  Several runs may use one
    executor at once (``bench matrix`` submits every cell's chains together)."""

    concurrent_cells = True

    def __init__(self, address: Optional[str] = None, cpus: float = 1.0, memory: Optional[int] = None,
                 restarts: int = 3, cancel_grace: float = 10.0, init_options: Optional[dict] = None) -> None:
        self.address = address
        self.cpus = cpus
        self.memory = memory
        self.restarts = restarts
        self.cancel_grace = cancel_grace
        self.init_options = dict(init_options or {})
        self.started_here = False
        self.restarted: list[tuple[str, int]] = []  # (chain, attempt) of every resubmission
        self._ray = None
        self._generators: dict[tuple, object] = {}  # (run folder, chain id) -> its running task
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._connecting = threading.Lock()

    def _connect(self):
        with self._connecting:  # runs started side by side (bench matrix's cells) connect once
            return self._connect_once()

    def _connect_once(self):
        if self._ray is not None:
            return self._ray
        try:
            import ray
        except ImportError:
            raise UsageError(f"--executor ray needs Ray: {RAY_HINT}") from None
        if not ray.is_initialized():
            options = dict(self.init_options)
            if self.address is None:
                for key, value in {**HERMETIC_ENV, **LOCAL_ENV}.items():
                    os.environ.setdefault(key, value)
                options.setdefault("_node_ip_address", "127.0.0.1")
            options.setdefault("include_dashboard", False)
            options.setdefault("log_to_driver", False)
            try:
                ray.init(address=self.address, **options)
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise UsageError(f"--executor ray: cannot reach the Ray cluster {self.address or '(local)'}: {exc}") from None
            self.started_here = True
        self._ray = ray
        return ray

    def close(self) -> None:
        self._stop.clear()
        if self._ray is not None and self.started_here:
            self._ray.shutdown()
        self._ray = None
        self.started_here = False

    def run(self, chains, config, journal, progress=None) -> None:
        from dataclasses import replace

        ray = self._connect()
        from ray import exceptions as rex

        if len(chains) > 1:  # the chains run side by side: each turn's guard leaves the others' folders alone
            config = replace(config, jobs=max(config.jobs, 2))

        lost = tuple(getattr(rex, name) for name in (
            "WorkerCrashedError", "NodeDiedError", "ObjectLostError", "OwnerDiedError", "LocalRayletDiedError",
            "ActorDiedError", "RaySystemError",
        ) if hasattr(rex, name))
        memory = self.memory if self.memory is not None else config.memory_limit
        task = ray.remote(_ray_chain_task).options(
            num_cpus=self.cpus, memory=memory or None, max_retries=0, retry_exceptions=False,
            num_returns="streaming", name="reuse-audit-chain",
        )
        generators, lock, stop = self._generators, self._lock, self._stop
        failures: list[BaseException] = []

        def done_of(chain) -> dict:
            return {t.number: journal.get(chain.id, t.number) for t in chain.turns if journal.get(chain.id, t.number) is not None}

        def drive(chain) -> None:
            key = (str(config.run_dir), chain.id)
            done = done_of(chain)
            carried: dict = {}  # the files the chain's turns carried forward, for a node that lacks them
            if progress:
                for number in sorted(done):
                    progress(chain.id, number, len(chain.turns), done[number])
            attempt = 0
            while not stop.is_set():
                if len(done) == len(chain.turns):
                    return
                gen = task.remote(chain, config, done, carried)
                with lock:
                    generators[key] = gen
                try:
                    for ref in gen:
                        record, carry = ray.get(ref)
                        if carry is not None:
                            carried[int(record["turn"])] = carry
                        journal.append(record)
                        done[int(record["turn"])] = record
                        if progress:
                            progress(chain.id, int(record["turn"]), len(chain.turns), record)
                    return
                except rex.TaskCancelledError:
                    return
                except rex.RayTaskError as exc:  # the task's own exception: no retry
                    cause = exc.as_instanceof_cause() if hasattr(exc, "as_instanceof_cause") else exc
                    failures.append(getattr(exc, "cause", None) or cause)
                    return
                except lost:
                    attempt += 1
                    if attempt > self.restarts or stop.is_set():
                        failures.append(RuntimeError(f"{chain.id}: its Ray worker was lost {attempt} time(s)"))
                        return
                    self.restarted.append((chain.id, attempt))
                    done = done_of(chain)  # from its last committed turn
                finally:
                    with lock:
                        generators.pop(key, None)

        threads = [threading.Thread(target=drive, args=(c,), name=f"ray-{c.id}", daemon=True) for c in chains]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.2)
        except BaseException:
            self.cancel()
            raise
        if stop.is_set():
            raise Cancelled("the run was cancelled: rerun the same command to resume it")
        if failures:
            raise failures[0]

    def cancel(self) -> None:
        """Cancel every running task (from any thread; Ctrl-C does it): KeyboardInterrupt in it
        first (its agent's process tree is killed), then, after ``cancel_grace`` seconds, its
        worker.  :meth:`run` then raises :class:`Cancelled`."""
        ray, generators, lock = self._ray, self._generators, self._lock
        self._stop.set()
        if ray is None:
            return
        with lock:
            running = list(generators.values())
        for gen in running:
            try:
                ray.cancel(gen, force=False)
            except Exception:
                pass
        deadline = time.monotonic() + self.cancel_grace
        while time.monotonic() < deadline:
            with lock:
                if not generators:
                    return
            time.sleep(0.2)
        with lock:
            running = list(generators.values())
        for gen in running:
            try:
                ray.cancel(gen, force=True)
            except Exception:
                pass
