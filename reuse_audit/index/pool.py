"""Work in forked processes: the full build's parser processes, and the tokenizer's.

Parser processes are forked with the sources already in memory, so a request
names files by number.  Each process keeps the facts of the files it parsed
and answers with their skeletons only; once every file is parsed, each one
resolves its own files among the skeletons of the others and sends back the
rows of the function table.  Facts never travel, nor trees.  Everything crosses
the pipes as marshal data: plain tuples, never a tuple subclass.
"""

from __future__ import annotations

import gc
import marshal
import os
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sized, TypeVar

from reuse_audit.facts.cache import MARSHALLED, dump_facts, seal
from reuse_audit.facts.rows import Marshal, TableRow
from reuse_audit.index.resolve import skeleton_of
from reuse_audit.index.tables import (
    inverse_deps,
    note_info,
    plain_rows,
    resolve_files,
    rows_of,
)

# Files below this are parsed (or tokenized) in this process.  Forked processes start in
# milliseconds; a lazy check's candidate files come 40 to 60 at a time (sympy: the 55 and
# 43 files of a rare-name copy took 0.45 and 0.39 s here; at 16, its whole check went
# from 2.42 to 2.08 s: docs/performance.md).
PARALLEL_THRESHOLD = 16

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

K = TypeVar("K")


def _worker_main(conn, sources: list, inherited: list) -> None:
    """A parser process: answer requests until told to stop, then exit without cleaning up."""
    code = 0
    for other in inherited:  # this process's copies of the parent's ends: EOF must reach us when it dies
        try:
            other.close()
        except OSError:
            pass
    try:
        gc.disable()  # a short life of many small tuples, and no cycles: collections would only walk them
        from reuse_audit.facts.parse import parse_compact, parse_for_resolution

        kept: dict[str, tuple] = {}
        reply: tuple[str, Marshal]  # ("ok", the answer) or ("error", why)
        while True:
            try:
                op, arg = marshal.loads(conn.recv_bytes())
            except EOFError:
                break
            try:
                if op == "parse":
                    keep, blobs, numbers = arg
                    out: list[tuple] = []
                    for n in numbers:
                        path, data = sources[n]
                        if keep:  # for resolution here: the skeleton is all that leaves
                            facts = parse_for_resolution(data)
                            kept[path] = facts
                            out.append((path, skeleton_of(facts), note_info(facts), None))
                        else:
                            out.append((path, parse_compact(data)))
                    reply = ("ok", out)
                elif op == "resolve":
                    rows, deps = _resolve_kept(kept, *arg)
                    reply = ("ok", (plain_rows(rows), deps))
                elif op == "resolve+tokens":
                    rows, deps = _resolve_kept(kept, *arg)
                    reply = ("ok", (plain_rows(rows), deps, _token_entries(rows, arg[0], dict(sources))))
                elif op == "facts":
                    reply = ("ok", {p: kept[p] for p in arg if p in kept})
                else:
                    break
            except Exception as exc:  # answered, never a dead pipe
                reply = ("error", f"{type(exc).__name__}: {exc}")
            conn.send_bytes(marshal.dumps(reply))
    except BaseException:
        code = 1
    finally:
        os._exit(code)  # no teardown: the parent's cache connection is not ours to close


def _token_entries(rows: list[tuple[str, TableRow]], paths: tuple, sources: dict[str, bytes]) -> dict[str, tuple]:
    """In a parser process: the RA003 token entries of the files whose table rows
    it made, each file's functions spanned in the order the index lists them
    (by line, then qualified name: what ``clones._spans`` gives)."""
    from reuse_audit.index.tokens import (
        file_entries,  # (here, and below: its expressions compile when first needed, not at start-up)
    )

    spans: dict[int, list] = {}
    for _, row in rows:
        spans.setdefault(row.path, []).append((row.line, row.local_name, row.col, row.end_line))
    out = {}
    for path_index, found in spans.items():
        found.sort()
        path = paths[path_index]
        out[path] = file_entries(sources[path], [(local, line, col, end) for line, local, col, end in found])
    return out


def _resolve_kept(kept: dict[str, tuple], paths: tuple, assign: tuple, skeletons: dict) -> tuple[list[tuple[str, TableRow]], dict]:
    """In a parser process: the (qualname, row) pairs and the tokens of the files it parsed."""
    table: dict[str, Optional[tuple]] = {}  # path -> (module name, is package, loose, facts or skeleton)
    for path, info in zip(paths, assign):
        if info is None:
            table[path] = None
        else:
            table[path] = tuple(info) + ((kept[path] if path in kept else skeletons[path]),)
    mine = [p for p in paths if p in kept and table[p] is not None]
    own, deps = resolve_files(kept, mine, table)
    position = {p: i for i, p in enumerate(paths)}
    pool: dict[str, str] = {}
    rows: list[tuple[str, TableRow]] = []
    for path in mine:
        entry = table[path]
        assert entry is not None  # mine: the paths with a module only
        rows.extend(rows_of(entry[0], position[path], own[path], pool).items())
    return rows, inverse_deps(deps, position)


class WorkerError(Exception):
    pass


class Workers:
    """Parser processes, forked with the numbered sources in memory."""

    def __init__(self, count: int, sources: list):
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.conns: list[Connection] = []
        self.procs: list[BaseProcess] = []
        try:
            for _ in range(count):
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=_worker_main, args=(child, sources, self.conns + [parent]))
                proc.start()
                child.close()
                self.conns.append(parent)
                self.procs.append(proc)
        except BaseException:
            self.close()
            raise

    def send(self, i: int, op: str, arg: Marshal) -> None:
        try:
            self.conns[i].send_bytes(marshal.dumps((op, arg)))
        except (OSError, ValueError) as exc:
            raise WorkerError(f"parser process {i} stopped: {exc}") from None

    def receive(self, i: int) -> Any:  # (what marshal read: its reader knows its shape)
        try:
            status, value = marshal.loads(self.conns[i].recv_bytes())
        except (OSError, EOFError, ValueError) as exc:
            raise WorkerError(f"parser process {i} stopped: {exc}") from None
        if status != "ok":
            raise WorkerError(str(value))
        return value

    def ask(self, i: int, op: str, arg: Marshal) -> Any:
        self.send(i, op, arg)
        return self.receive(i)

    def close(self) -> None:
        for conn in self.conns:
            try:
                conn.send_bytes(marshal.dumps(("exit", None)))
            except (OSError, ValueError):
                pass
            try:
                conn.close()
            except OSError:
                pass
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)
        self.conns, self.procs = [], []


def share(sources: dict[str, bytes], jobs: int, keep: bool, blobs: bool, take: Callable[[tuple], None]):
    """Parse ``sources`` in ``jobs`` processes, biggest files first; ``take`` gets each reply item.

    Returns (Workers, {path: worker number}); the caller closes the workers.
    This process only hands out requests (file numbers) and reads replies:
    parsing here too would hold the GIL through long parser calls while the
    processes wait for their next request.
    """
    from multiprocessing.connection import wait

    names = sorted(sources)
    number = {p: i for i, p in enumerate(names)}
    chunks = _chunks(sources, jobs * 12)
    workers = Workers(jobs, [(p, sources[p]) for p in names])
    owner: dict[str, int] = {}
    try:
        queue = list(reversed(chunks))  # pop() takes the biggest first
        outstanding: dict[int, list] = {i: [] for i in range(jobs)}
        conn_of = {id(conn): i for i, conn in enumerate(workers.conns)}
        while queue or any(outstanding.values()):
            for i in range(jobs):
                while queue and len(outstanding[i]) < 2:
                    chunk = queue.pop()
                    workers.send(i, "parse", (keep, blobs, [number[p] for p in chunk]))
                    outstanding[i].append(chunk)
            busy = [workers.conns[i] for i in range(jobs) if outstanding[i]]
            for conn in wait(busy):
                i = conn_of[id(conn)]
                chunk = outstanding[i].pop(0)
                for item in workers.receive(i):
                    owner[item[0]] = i
                    take(item)
    except BaseException:
        workers.close()
        raise
    return workers, owner


def parse_many(sources: dict[str, bytes], jobs: int = 0, with_blobs: bool = False) -> dict[str, tuple[tuple, Optional[bytes]]]:
    """path -> (compact facts, cache blob or None) for each source, parsed in ``jobs`` processes."""
    from reuse_audit.facts.parse import parse_compact

    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    out: dict[str, tuple[tuple, Optional[bytes]]] = {}
    if workers > 1 and len(sources) >= PARALLEL_THRESHOLD:

        def take(item: tuple) -> None:
            path, facts = item
            out[path] = (facts, seal(MARSHALLED, marshal.dumps(facts)) if with_blobs else None)

        try:
            pool, _ = share(sources, workers, False, False, take)
            pool.close()
        except (OSError, RuntimeError, ImportError, AssertionError, WorkerError):
            pass  # no processes here (sandbox, frozen app, a daemon), or one died: parse the rest in this one
    for path, data in sources.items():
        if path not in out:
            facts = parse_compact(data)
            out[path] = (facts, dump_facts(facts) if with_blobs else None)
    return out


def _chunks(sources: Mapping[K, Sized | int], count: int) -> list[list[K]]:
    """Keys by decreasing size (of the value, or the value itself), cut into about ``count`` chunks of equal size."""
    sizes = {k: v if isinstance(v, int) else len(v) for k, v in sources.items()}
    paths = sorted(sizes, key=lambda p: (-sizes[p], p))
    target = max(1, sum(sizes.values()) // count)
    chunks: list[list[K]] = []
    chunk: list[K] = []
    size = 0
    for path in paths:
        chunk.append(path)
        size += sizes[path]
        if size >= target:
            chunks.append(chunk)
            chunk, size = [], 0
    if chunk:
        chunks.append(chunk)
    return chunks


_WORK: list[tuple] = []  # the work the forked processes read: set while they are forked
_WORK_FN: list = []  # and the function they apply


def _work_chunk(numbers: list[int]) -> bytes:
    fn = _WORK_FN[0]
    return marshal.dumps([(_WORK[i][0], fn(*_WORK[i][1:])) for i in numbers])


def compute_entries(work: list[tuple[str, bytes, list]], jobs: int = 0) -> dict[str, tuple]:
    """digest -> entries of each (digest, bytes, spans), in ``jobs`` forked processes when there are many."""
    from reuse_audit.index.tokens import file_entries

    return in_processes(work, file_entries, jobs)


def raw_files(work: list[tuple[str, bytes]], jobs: int = 0) -> "Begun":
    """key -> ``raw_symbols`` of the whole of each (key, bytes), begun in forked processes
    beside this one's work when there are many (``Begun.result`` collects them)."""
    from reuse_audit.index.tokens import raw_symbols

    return Begun([(key, data, 0, len(data)) for key, data in work], raw_symbols, jobs)


class Begun:
    """key -> ``fn(*rest)`` of each (key, bytes, *rest) of ``work``, begun at once in forked
    processes (the biggest first) while this process goes on with its own work, one core
    left to it (``jobs`` - 1 processes); :meth:`result` collects them, making here, from the
    smallest up, the chunks no process has begun by then.  With one core, little work, or
    when the processes fail, everything is made here, at :meth:`result`."""

    def __init__(self, work: list[tuple], fn, jobs: int = 0):
        self.work, self.fn = work, fn
        self._pool: Optional[ProcessPoolExecutor] = None
        self._begun: list[tuple[Future[bytes], list[int]]] = []  # (future, numbers), biggest first
        processes = (jobs if jobs > 0 else (os.cpu_count() or 1)) - 1
        if processes < 1 or len(work) < PARALLEL_THRESHOLD:
            return
        global _WORK, _WORK_FN
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        sizes = {i: len(work[i][1]) for i in range(len(work))}
        chunks = _chunks(sizes, (processes + 1) * 8)
        _WORK, _WORK_FN = work, [fn]
        try:
            # every process is forked at the first submit, with the work in memory
            self._pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"))
            self._begun = [(self._pool.submit(_work_chunk, chunk), chunk) for chunk in chunks]
        except (OSError, ValueError, RuntimeError, ImportError):
            self.close()
        finally:
            _WORK, _WORK_FN = [], []

    def result(self) -> dict:
        from concurrent.futures.process import BrokenProcessPool

        out: dict = {}
        try:
            for future, numbers in reversed(self._begun):
                if future.cancel():  # not begun: made here, while the processes go on
                    out.update((self.work[i][0], self.fn(*self.work[i][1:])) for i in numbers)
            for future, _ in self._begun:
                if not future.cancelled():
                    out.update(marshal.loads(future.result()))
        except (OSError, ValueError, RuntimeError, BrokenProcessPool):
            pass  # a process died: the rest is made here
        finally:
            self.close()
        for key, *rest in self.work:
            if key not in out:
                out[key] = self.fn(*rest)
        return out

    def close(self) -> None:
        """Stop the processes (a chunk one has begun is finished first); nothing is collected."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def in_processes(work: list[tuple], fn, jobs: int = 0) -> dict:
    """key -> ``fn(*rest)`` of each (key, bytes, *rest), in ``jobs`` forked processes when there are many
    (the biggest first), else, or when the processes fail, in this one."""
    global _WORK, _WORK_FN
    out: dict = {}
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    if workers > 1 and len(work) >= PARALLEL_THRESHOLD:
        import multiprocessing

        order = sorted(range(len(work)), key=lambda i: -len(work[i][1]))  # biggest first
        chunks = [order[i :: workers * 4] for i in range(workers * 4)]
        _WORK, _WORK_FN = work, [fn]
        # An executor, not multiprocessing.Pool: a Pool whose worker dies
        # (killed, or failing at start-up) waits forever; the executor
        # reports a broken pool and the work is done here instead.
        from concurrent.futures import ProcessPoolExecutor, as_completed
        from concurrent.futures.process import BrokenProcessPool

        try:
            ctx = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
                for future in as_completed([pool.submit(_work_chunk, c) for c in chunks]):
                    out.update(marshal.loads(future.result()))
        except (OSError, ValueError, RuntimeError, ImportError, BrokenProcessPool):
            out = {}  # no processes here (sandbox, no fork, a worker died): in this one
        finally:
            _WORK, _WORK_FN = [], []
    for key, *rest in work:
        if key not in out:
            out[key] = fn(*rest)
    return out

