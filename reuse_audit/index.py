"""The repository index: every function with its canonical callees.

Built from a SourceTree: hash each ``.py`` file, resolve every call of every
function (``resolve.py``), and invert the callee sets so that the functions
sharing a callee are found without comparing every pair.

Three ways to the same index (tests/test_incremental.py checks they agree):

* **full**: parse every file (or take its facts from the cache) and resolve
  every module; with many files, in parser processes that each resolve the
  files they parsed (see "parsing and resolving in parallel" below);
* **snapshot**: a stored resolved index of the same tree (``cache.py``), read
  as it is;
* **incremental**: a stored index of a similar tree; only the modules whose
  file changed, or whose resolution read something a changed file changed
  (the dependency tokens of ``resolve.py``), are parsed and resolved again.

Only the changed functions need their full ``FunctionFact``: every other
``Function`` is made on first lookup, and its ``fact`` read when first used.
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import os
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional

from .cache import MARSHALLED, FactsCache, Snapshot, dump_facts, load_facts, seal
from .errors import UsageError
from .index_protocol import Answers
from .model import FileFacts, Function, FunctionFact, Location, Note
from .resolve import (
    PREFIX,
    TOP,
    Module,
    Resolver,
    assign_modules,
    method_name,
    module_tokens,
    prefixes_of,
    skeleton_of,
)
from .settings import Settings
from .tree import SourceTree

PARALLEL_THRESHOLD = 64  # uncached files below this are parsed in-process

LOCALS = ".<locals>."

# A stored index is reused when at least this share of the files is unchanged,
# and written again after an incremental run that re-resolved more than this
# share of the modules (otherwise the next run starts from the same one).
REUSE_SHARE = 0.5
REWRITE_SHARE = 0.05

def new_stats(mode: str) -> dict[str, object]:
    """How an index was built (``RepoIndex.build``): "mode" is "full", "snapshot",
    "incremental" or "lazy"; "resolved" counts modules resolved (functions, lazily),
    "parsed" files parsed; a lazy index adds "searched" and "tokenized"."""
    return {"mode": mode, "resolved": 0, "parsed": 0}


def tally(stats: Optional[dict], key: str, n: int) -> None:
    if stats is not None:
        stats[key] = int(stats.get(key, 0)) + n  # type: ignore[call-overload]


# --------------------------------------------------------------------------
# the index
# --------------------------------------------------------------------------


class LazyFunction(Function):
    """A Function whose ``fact`` is made when first read."""

    def __init__(
        self,
        qualname: str,
        module: str,
        location: Location,
        fact: Optional[FunctionFact] = None,
        callees: frozenset[str] = frozenset(),
        is_method: bool = False,
        load: Optional[Callable[[], FunctionFact]] = None,
    ):
        d = self.__dict__
        d["qualname"] = qualname
        d["module"] = module
        d["location"] = location
        d["callees"] = callees
        d["is_method"] = is_method
        d["_fact"] = fact
        d["_load"] = load

    @property  # type: ignore[override]
    def fact(self) -> FunctionFact:
        d = self.__dict__
        fact = d["_fact"]
        if fact is None:
            fact = d["_fact"] = d["_load"]()
            d["_load"] = None
        return fact


# a row of the function table: (path index, local name, line, col, end line, is method, callees)
_R_PATH, _R_LOCAL, _R_LINE, _R_IS_METHOD, _R_CALLEES = 0, 1, 2, 5, 6


class FunctionTable(Mapping):
    """qualname -> Function, in qualname order; a Function is made when first looked up."""

    def __init__(
        self,
        rows: dict[str, tuple],
        paths: tuple[str, ...],
        modules: list,
        ignore: frozenset[str],
        fact_of: Callable[[str, str], FunctionFact],
    ):
        self._rows = rows
        self._paths = paths
        self._modules = modules
        self._ignore = ignore
        self._made: dict[str, Function] = {}
        self._fact_of = fact_of

    def __getitem__(self, qualname: str) -> Function:
        fn = self._made.get(qualname)
        if fn is None:
            i, local, line, col, end_line, is_method, callees = self._rows[qualname]
            path = self._paths[i]
            ignore = self._ignore
            fact_of = self._fact_of
            fn = self._made[qualname] = LazyFunction(
                qualname,
                self._modules[i],
                Location(path, line, col, end_line),
                None,
                frozenset(c for c in callees if c not in ignore) if ignore else frozenset(callees),
                is_method,
                lambda: fact_of(path, local),
            )
        return fn

    def get(self, qualname: str, default=None):
        return self[qualname] if qualname in self._rows else default

    def __contains__(self, qualname: object) -> bool:
        return qualname in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def is_method(self, qualname: str) -> bool:
        row = self._rows.get(qualname)
        return row is not None and row[_R_IS_METHOD]

    def __repr__(self) -> str:
        return f"FunctionTable({len(self._rows)} functions)"


class LazyDict(Mapping):
    """A read-only mapping built by ``build`` when first used."""

    def __init__(self, build: Callable[[], dict]):
        self._build: Optional[Callable[[], dict]] = build
        self._data: Optional[dict] = None

    @property
    def data(self) -> dict:
        if self._data is None:
            self._data = self._build()  # type: ignore[misc]
            self._build = None
        return self._data

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def keys(self):
        return self.data.keys()

    def items(self):
        return self.data.items()

    def values(self):
        return self.data.values()

    def __repr__(self) -> str:
        return f"LazyDict({self.data!r})"


@dataclass(frozen=True)
class RepoIndex(Answers):  # answers every capability of index_protocol.py
    functions: Mapping[str, Function]  # qualname -> function
    callers: Mapping[str, tuple[str, ...]]  # callee -> qualnames of the functions calling it
    method_callers: Mapping[str, tuple[str, ...]]  # method name -> functions calling a method of that name
    by_path: Mapping[str, tuple[str, ...]]  # path -> qualnames defined in that file, in source order
    module_of_path: dict[str, str]
    notes: tuple[Note, ...]
    files: int
    clones: Optional[Any] = None  # the clone index (clones.CloneIndex), built only when RA003 runs
    # how it was built (``new_stats``): the figures of this build, for tests and scripts
    build: Mapping[str, object] = field(default_factory=dict)
    # path -> (sha256 of the bytes, RA003 token entries (clones.file_entries)) that
    # the parser processes made on the way, when asked: build_clone_index takes
    # them instead of reading and tokenizing those files again
    token_entries: Optional[Mapping[str, tuple]] = None
    # path -> the notes on that file's own facts (decoding, syntax errors); the
    # engine reports them for the files a check rests on (see engine._check)
    file_notes: Optional[Callable[[str], tuple[Note, ...]]] = None
    # (table, key, at_least) -> the functions of callers[key] / method_callers[key] with at least
    # at_least callees: made once a key, so that a change of N functions all calling one helper
    # costs N lookups, not N x N (see candidates)
    _wide: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    # declared reuse target name -> targets.DeclaredTarget, resolved over the
    # tree by the engine when targets are declared (RA002 reads it)
    declared: Optional[Mapping[str, Any]] = None

    def is_method(self, callee: str) -> bool:
        functions = self.functions
        if isinstance(functions, FunctionTable):
            return functions.is_method(callee)
        fn = functions.get(callee)
        return fn is not None and fn.is_method

    def candidates(self, callees: Iterable[str], at_least: int = 1) -> set[str]:
        """Functions that share at least one callee (by name, or by method name).

        ``at_least``: the caller only wants those sharing that many; a superset
        is fine (the lazy index, ``lazy.py``, uses it to search less).
        """
        found: set[str] = set()
        for callee in callees:
            found.update(self._callers_with(self.callers, "c", callee, at_least))
            if callee.startswith(".") or self.is_method(callee):
                found.update(self._callers_with(self.method_callers, "m", method_name(callee), at_least))
        return found

    def _callers_with(self, table: Mapping[str, tuple[str, ...]], kind: str, key: str, at_least: int) -> tuple[str, ...]:
        """``table[key]`` without the functions of fewer than ``at_least`` callees (they cannot share that many)."""
        callers = table.get(key, ())
        if at_least <= 1 or not callers:
            return callers
        wide = self._wide.get((kind, key, at_least))
        if wide is None:
            functions = self.functions
            kept = []
            for q in callers:
                fn = functions.get(q)
                if fn is None or len(fn.callees) >= at_least:
                    kept.append(q)
            wide = self._wide[(kind, key, at_least)] = tuple(kept)
        return wide


# --------------------------------------------------------------------------
# per-tree tables: everything about a tree that does not depend on settings
# --------------------------------------------------------------------------


@dataclass
class Tables:
    paths: tuple[str, ...]  # sorted
    digests: tuple[str, ...]
    assign: tuple  # per path: (module name, is package, loose), or None when it has no module
    notes: tuple  # per path: (decode note, syntax error lines), or None
    rows: dict[str, tuple]  # qualname -> (path index, local name, line, col, end line, is method, callees), in qualname order
    collisions: bool  # two modules define one qualname: no incremental update
    skeletons: Optional[tuple] = None  # per path, for the snapshot
    deps: Optional[dict] = None  # token -> indexes of the paths whose module read it (None: unknown)
    inverted: Optional[Callable[[], object]] = None  # the stored (callers, method callers), if any
    token_entries: Optional[dict] = None  # path -> (digest, RA003 token entries), when the build made them

    def stored(self) -> tuple:
        """The ``tables`` column of a snapshot."""
        return (self.assign, self.notes, tuple(self.rows.items()), self.collisions)

    @classmethod
    def from_stored(cls, paths: tuple, digests: tuple, value: object) -> Optional["Tables"]:
        """Tables from a snapshot's ``tables`` column (whose blob zlib has checked), None if malformed."""
        try:
            assign, notes, rows, collisions = value  # type: ignore[misc]
            if len(assign) != len(paths) or len(notes) != len(paths) or not isinstance(collisions, bool):
                return None
            table = dict(rows)
            for row in (rows[0][1], rows[-1][1]) if rows else ():
                if len(row) != 7 or not 0 <= row[0] < len(paths):
                    return None
        except (TypeError, ValueError, IndexError):
            return None
        return cls(paths, digests, assign, notes, table, collisions)


def note_info(facts: tuple) -> Optional[tuple]:
    """(decode note, syntax error lines) of a file's compact facts, None when it has neither."""
    return (facts[6], facts[5]) if facts[6] or facts[5] else None


_note_info = note_info


def _intern(value: str, pool: dict) -> str:
    return pool.setdefault(value, value)


def resolve_files(
    files: dict[str, tuple], paths: Iterable[str], assign: dict, stats: Optional[dict] = None
) -> tuple[dict[str, list], dict[str, frozenset]]:
    """Resolve the modules of ``paths`` (full facts in ``files``, the others' skeletons in ``assign``).

    ``assign`` maps every path of the tree to (module name, is package,
    loose, facts or skeleton).  Returns, per resolved path, its functions as
    (local name, own callees) and the tokens its module read.
    """
    modules = []
    wanted = set(paths)
    for path, info in assign.items():
        if info is None:
            continue
        name, is_package, loose, data = info
        if path in wanted:
            modules.append(Module(name, path, is_package, loose, facts=files[path]))
        else:
            modules.append(Module(name, path, is_package, loose, skeleton=data))
    resolver = Resolver(modules)
    tally(stats, "resolved", len(wanted))
    own: dict[str, list] = {}
    deps: dict[str, frozenset] = {}
    for module in modules:
        if module.facts is None:
            continue
        callees, tokens = resolver.resolve_module(module)
        own[module.path] = [(fn, callees[fn[0]]) for fn in module.own_functions()]
        deps[module.path] = frozenset(tokens)
    return own, deps


def ancestors(qualname: str) -> Iterator[str]:
    """The functions a nested function sits in: ``f.<locals>.g.<locals>.h`` -> ``f``, ``f.<locals>.g``.

    A function's row holds its nested functions' callees too (see ``_rows_of``).
    """
    at = qualname.find(LOCALS)
    while at >= 0:
        yield qualname[:at]
        at = qualname.find(LOCALS, at + 1)


def row_callees(qualname: str, callees: Iterable[str]) -> Iterator[str]:
    """The callees a function's row keeps: not itself, nor the functions nested in it."""
    inner = qualname + LOCALS
    return (c for c in callees if c != qualname and not c.startswith(inner))


def _rows_of(module: str, index: int, own: list, pool: dict) -> dict[str, tuple]:
    """The table rows of one module's functions, nested callees merged up, itself and its nested defs left out."""
    by_name = {f"{module}.{fn[0]}": (fn, callees) for fn, callees in own}
    extra: dict[str, set] = {}
    for qualname, (_, callees) in by_name.items():
        for ancestor in ancestors(qualname):
            if ancestor in by_name:
                extra.setdefault(ancestor, set()).update(callees)
    rows = {}
    for qualname, (fn, callees) in by_name.items():
        more = extra.get(qualname)
        if more:
            callees = callees | more
        kept = tuple(sorted(_intern(c, pool) for c in row_callees(qualname, callees)))
        rows[qualname] = (index, fn[0], fn[2], fn[3], fn[4], fn[7] is not None, kept)
    return rows


def full_tables(paths: tuple[str, ...], digests: tuple[str, ...], files: dict[str, tuple], stats: Optional[dict] = None) -> Tables:
    """Resolve a whole tree from the compact facts of every path."""
    assigned = assign_modules(paths)
    assign = {p: (info + (files[p],) if info is not None else None) for p, info in assigned.items()}
    own, deps = resolve_files(files, [p for p in paths if assigned[p] is not None], assign, stats)
    position = {p: i for i, p in enumerate(paths)}
    pool: dict[str, str] = {}
    # In module name order, as resolution always went: of two modules that
    # define one qualname, the later one's function is kept.
    rows: dict[str, tuple] = {}
    count = 0
    by_module = sorted((info[0], p) for p, info in assigned.items() if info is not None)
    for name, path in by_module:
        module_rows = _rows_of(name, position[path], own[path], pool)
        count += len(module_rows)
        rows.update(module_rows)
    collisions = count != len(rows)
    if collisions:
        rows = _colliding_rows(by_module, own, position, pool)
    return Tables(
        paths=paths,
        digests=digests,
        assign=tuple(assigned[p] for p in paths),
        notes=tuple(_note_info(files[p]) for p in paths),
        rows=dict(sorted(rows.items())),
        collisions=collisions,
        skeletons=tuple(skeleton_of(files[p]) for p in paths),
        deps=_inverse_deps(deps, position),
    )


def _inverse_deps(deps: dict[str, Iterable[str]], position: dict[str, int]) -> dict[str, list[int]]:
    """token -> indexes of the paths whose module read it."""
    inverse: dict[str, list[int]] = {}
    for path, tokens in deps.items():
        i = position[path]
        for token in tokens:
            found = inverse.get(token)
            if found is None:
                inverse[token] = [i]
            else:
                found.append(i)
    return inverse


def _colliding_rows(by_module: list, own: dict, position: dict, pool: dict) -> dict[str, tuple]:
    """Rows when two modules define one qualname: nested callees merge across modules, as one table."""
    table: dict[str, tuple] = {}
    for name, path in by_module:
        for fn, callees in own[path]:
            table[f"{name}.{fn[0]}"] = (position[path], fn, callees)
    merged: dict[str, set] = {q: set(c) for q, (_, _, c) in table.items()}
    for qualname, (_, _, callees) in table.items():
        for ancestor in ancestors(qualname):
            if ancestor in merged:
                merged[ancestor].update(callees)
    rows = {}
    for qualname, (index, fn, _) in table.items():
        kept = tuple(sorted(_intern(c, pool) for c in row_callees(qualname, merged[qualname])))
        rows[qualname] = (index, fn[0], fn[2], fn[3], fn[4], fn[7] is not None, kept)
    return rows


# --------------------------------------------------------------------------
# parsing and resolving in parallel
# --------------------------------------------------------------------------
#
# Parser processes are forked with the sources already in memory, so a request
# names files by number.  Each process keeps the facts of the files it parsed
# and answers with their skeletons only; once every file is parsed, each one
# resolves its own files among the skeletons of the others and sends back the
# rows of the function table.  Facts never travel, nor trees.


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
        from .parse import parse_compact, parse_for_resolution

        kept: dict[str, tuple] = {}
        while True:
            try:
                op, arg = marshal.loads(conn.recv_bytes())
            except EOFError:
                break
            try:
                if op == "parse":
                    keep, blobs, numbers = arg
                    out = []
                    for n in numbers:
                        path, data = sources[n]
                        if keep:  # for resolution here: the skeleton is all that leaves
                            facts = parse_for_resolution(data)
                            kept[path] = facts
                            out.append((path, skeleton_of(facts), _note_info(facts), None))
                        else:
                            out.append((path, parse_compact(data)))
                    reply = ("ok", out)
                elif op == "resolve":
                    reply = ("ok", _resolve_kept(kept, *arg))
                elif op == "resolve+tokens":
                    rows, deps = _resolve_kept(kept, *arg)
                    reply = ("ok", (rows, deps, _token_entries(rows, arg[0], dict(sources))))
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


def _token_entries(rows: list, paths: tuple, sources: dict[str, bytes]) -> dict[str, tuple]:
    """In a parser process: the RA003 token entries of the files whose table rows
    it made, each file's functions spanned in the order the index lists them
    (by line, then qualified name: what ``clones._spans`` gives)."""
    from .clones import file_entries

    spans: dict[int, list] = {}
    for _, row in rows:
        spans.setdefault(row[_R_PATH], []).append((row[_R_LINE], row[_R_LOCAL], row[3], row[4]))
    out = {}
    for path_index, found in spans.items():
        found.sort()
        path = paths[path_index]
        out[path] = file_entries(sources[path], [(local, line, col, end) for line, local, col, end in found])
    return out


def _resolve_kept(kept: dict[str, tuple], paths: tuple, assign: tuple, skeletons: dict) -> tuple[list, dict]:
    """In a parser process: the rows and tokens of the files it parsed."""
    table = {}
    for path, info in zip(paths, assign):
        if info is None:
            table[path] = None
        else:
            table[path] = tuple(info) + ((kept[path] if path in kept else skeletons[path]),)
    mine = [p for p in paths if p in kept and table[p] is not None]
    own, deps = resolve_files(kept, mine, table)
    position = {p: i for i, p in enumerate(paths)}
    pool: dict[str, str] = {}
    rows = []
    for path in mine:
        rows.extend(_rows_of(table[path][0], position[path], own[path], pool).items())
    return rows, _inverse_deps(deps, position)


class WorkerError(Exception):
    pass


class Workers:
    """Parser processes, forked with the numbered sources in memory."""

    def __init__(self, count: int, sources: list):
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.conns = []
        self.procs = []
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

    def send(self, i: int, op: str, arg: object) -> None:
        try:
            self.conns[i].send_bytes(marshal.dumps((op, arg)))
        except (OSError, ValueError) as exc:
            raise WorkerError(f"parser process {i} stopped: {exc}") from None

    def receive(self, i: int) -> object:
        try:
            status, value = marshal.loads(self.conns[i].recv_bytes())
        except (OSError, EOFError, ValueError) as exc:
            raise WorkerError(f"parser process {i} stopped: {exc}") from None
        if status != "ok":
            raise WorkerError(str(value))
        return value

    def ask(self, i: int, op: str, arg: object) -> object:
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


def _share(sources: dict[str, bytes], jobs: int, keep: bool, blobs: bool, take: Callable[[tuple], None]):
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
                for item in workers.receive(i):  # type: ignore[union-attr]
                    owner[item[0]] = i
                    take(item)
    except BaseException:
        workers.close()
        raise
    return workers, owner


def parse_many(sources: dict[str, bytes], jobs: int = 0, with_blobs: bool = False) -> dict[str, tuple[tuple, Optional[bytes]]]:
    """path -> (compact facts, cache blob or None) for each source, parsed in ``jobs`` processes."""
    from .parse import parse_compact

    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    out: dict[str, tuple[tuple, Optional[bytes]]] = {}
    if workers > 1 and len(sources) >= PARALLEL_THRESHOLD:

        def take(item: tuple) -> None:
            path, facts = item
            out[path] = (facts, seal(MARSHALLED, marshal.dumps(facts)) if with_blobs else None)

        try:
            pool, _ = _share(sources, workers, False, False, take)
            pool.close()
        except (OSError, RuntimeError, ImportError, AssertionError, WorkerError):
            pass  # no processes here (sandbox, frozen app, a daemon), or one died: parse the rest in this one
    for path, data in sources.items():
        if path not in out:
            facts = parse_compact(data)
            out[path] = (facts, dump_facts(facts) if with_blobs else None)
    return out


def _chunks(sources: dict[str, bytes], count: int) -> list[list[str]]:
    """Paths by decreasing size, cut into about ``count`` chunks of equal bytes."""
    paths = sorted(sources, key=lambda p: (-len(sources[p]), p))
    target = max(1, sum(len(sources[p]) for p in paths) // count)
    chunks: list[list[str]] = []
    chunk: list[str] = []
    size = 0
    for path in paths:
        chunk.append(path)
        size += len(sources[path])
        if size >= target:
            chunks.append(chunk)
            chunk, size = [], 0
    if chunk:
        chunks.append(chunk)
    return chunks


# --------------------------------------------------------------------------
# reading files
# --------------------------------------------------------------------------


class FactSource:
    """Compact facts of a tree's files, from memory, the cache, or the parser."""

    def __init__(
        self, tree: SourceTree, cache: Optional[FactsCache], jobs: int, digests: dict[str, str], contents: dict[str, bytes],
        stats: Optional[dict] = None,
    ):
        self.tree = tree
        self.stats: dict[str, object] = stats if stats is not None else {}  # the figures of the build it serves
        self.cache = cache
        self.jobs = jobs
        self.digests = digests
        self.contents = contents
        self.facts: dict[str, tuple] = {}  # path -> compact facts
        self.notes: list[Note] = []
        self._by_local: dict[str, dict[str, tuple]] = {}  # path -> local name -> compact function (the last def)

    def compact(self, paths: Iterable[str]) -> dict[str, tuple]:
        """Facts of the readable paths among ``paths``."""
        wanted = [p for p in paths if p not in self.facts and p in self.digests]
        if wanted:
            self._load(wanted)
        return {p: self.facts[p] for p in paths if p in self.facts}

    def _load(self, paths: list[str]) -> None:
        self.from_cache(paths)
        missing = [p for p in paths if p not in self.facts]
        if not missing:
            return
        sources = self.read(missing, keep=False)
        parsed = parse_many(sources, self.jobs, with_blobs=self.cache is not None)
        tally(self.stats, "parsed", len(parsed))
        rows = {}
        for path, (facts, blob) in parsed.items():
            self.facts[path] = facts
            if blob is not None:
                rows[facts[0]] = blob
        if self.cache is not None and rows:
            self.cache.put_blobs(sorted(rows.items()))

    def from_cache(self, paths: Iterable[str]) -> None:
        """Take the facts of ``paths`` that the cache holds."""
        cache = self.cache
        if cache is None:
            return
        wanted = [p for p in paths if p not in self.facts and p in self.digests]
        if not wanted:
            return
        blobs = cache.get_blobs(self.digests[p] for p in wanted)
        for path in wanted:
            digest = self.digests[path]
            blob = blobs.get(digest)
            facts = load_facts(blob, digest) if blob is not None else None
            if facts is not None:
                self.facts[path] = facts

    def read(self, paths: Iterable[str], keep: bool = True) -> dict[str, bytes]:
        """The bytes of the readable paths (kept for a later parse when ``keep``); the others are noted."""
        sources: dict[str, bytes] = {}
        for path in paths:
            data = self.contents.get(path) if keep else self.contents.pop(path, None)
            if data is None:
                try:
                    data = self.tree.read(path)
                except (OSError, KeyError, UsageError) as exc:
                    self.notes.append(Note(path, f"skipped: cannot read file ({_reason(exc)})"))
                    continue
                if keep:
                    self.contents[path] = data
            sources[path] = data
        return sources

    def fact(self, path: str, local_name: str) -> FunctionFact:
        """The FunctionFact of a function (of two defs of one name, the last)."""
        from .model import function_from_compact

        by_local = self._by_local.get(path)
        if by_local is None:
            facts = self.compact([path]).get(path)
            by_local = {fn[0]: fn for fn in facts[1]} if facts is not None else {}  # the last def wins
            if facts is not None:
                self._by_local[path] = by_local  # one pass a file, not one a function
        found = by_local.get(local_name)
        if found is None:
            raise KeyError(f"{path}: no function {local_name!r}")
        return function_from_compact(found)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, UsageError):
        return str(exc)
    return type(exc).__name__


def digest_files(tree: SourceTree, paths: Iterable[str], cache: Optional[FactsCache]) -> tuple[dict[str, str], dict[str, bytes], list[Note]]:
    """sha256 of each readable path, the bytes read on the way, and notes on unreadable files.

    With a cache and a tree on disk, a file whose size, times and inode are
    those recorded with its digest is not read again.
    """
    notes: list[Note] = []
    digests: dict[str, str] = {}
    contents: dict[str, bytes] = {}
    paths = list(paths)
    disk = _on_disk(tree) if cache is not None else None
    if disk is None:
        for path in paths:
            try:
                data = tree.read(path)
            except (OSError, KeyError, UsageError) as exc:
                notes.append(Note(path, f"skipped: cannot read file ({_reason(exc)})"))
                continue
            contents[path] = data
            digests[path] = hashlib.sha256(data).hexdigest()
        return digests, contents, notes
    root, changes = disk
    known = cache.get_stats(root)
    fresh = []
    for path in paths:
        if path in changes:
            data = changes[path]
            if data is None:
                notes.append(Note(path, "skipped: cannot read file (KeyError)"))
                continue
        else:
            try:
                st = os.stat(os.path.join(root, *path.split("/")))
            except OSError:
                st = None
            if st is not None:
                seen = known.get(path)
                if seen is not None and seen[:4] == (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns):
                    digests[path] = seen[4]
                    continue
            try:
                data = tree.read(path)
            except (OSError, KeyError, UsageError) as exc:
                notes.append(Note(path, f"skipped: cannot read file ({_reason(exc)})"))
                continue
            if st is not None:
                fresh.append((path, st, hashlib.sha256(data).hexdigest()))
        contents[path] = data
        digests[path] = hashlib.sha256(data).hexdigest()
    if fresh:
        cache.put_stats(root, fresh)
    return digests, contents, notes


def _on_disk(tree: SourceTree) -> Optional[tuple[str, Mapping[str, Optional[bytes]]]]:
    """(real root, in-memory changes) of a directory tree, or of one overlaid in memory."""
    from .tree import FsTree, OverlayTree

    changes: Mapping[str, Optional[bytes]] = {}
    base = tree
    if type(tree) is OverlayTree:
        changes = tree.changes
        base = tree.base
    if type(base) is not FsTree:
        return None
    return os.path.realpath(base.root), changes


def read_facts(
    tree: SourceTree,
    paths: Iterable[str],
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
) -> tuple[dict[str, FileFacts], list[Note]]:
    """FileFacts for each readable path; unreadable files become notes."""
    from .model import facts_from_compact

    paths = list(paths)
    digests, contents, notes = digest_files(tree, paths, cache)
    source = FactSource(tree, cache, jobs, digests, contents)
    compact = source.compact(paths)
    notes.extend(source.notes)
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    return {p: facts_from_compact(f) for p, f in compact.items()}, notes


def facts_notes(path: str, facts: FileFacts) -> list[Note]:
    return _notes(path, facts.decode_note, facts.syntax_errors)


def notes_from_info(path: str, decode_note: Optional[str], syntax_errors: tuple[int, ...]) -> list[Note]:
    """The notes on one file's own facts: its decoding, and its syntax errors (``note_info``)."""
    notes = []
    if decode_note:
        notes.append(Note(path, decode_note))
    if syntax_errors:
        lines = ", ".join(str(n) for n in syntax_errors[:5])
        more = "..." if len(syntax_errors) > 5 else ""
        notes.append(Note(path, f"syntax error near line {lines}{more}; analysed the functions that parse"))
    return notes


_notes = notes_from_info


# --------------------------------------------------------------------------
# building
# --------------------------------------------------------------------------


def build_index(
    tree: SourceTree,
    settings: Settings = Settings(),
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
    tokens: bool = False,
    file_notes: bool = True,
    digested: Optional[tuple[dict[str, str], dict[str, bytes], list[Note]]] = None,
) -> RepoIndex:
    """The index of ``tree``.  With ``tokens`` (RA003 will run), parser processes
    that parse the whole tree also make its files' token entries on the way
    (``RepoIndex.token_entries``), while the files are in their memory.
    ``file_notes``: put every file's own notes (decoding, syntax errors) in
    ``notes`` (they are always in ``RepoIndex.file_notes``).  ``digested``: what
    ``digest_files`` gave for this tree's paths earlier in the run (the lazy index's)."""
    paths = [p for p in tree.paths() if not settings.excluded(p)]
    stats = new_stats("full")
    digests, contents, notes = digested if digested is not None else digest_files(tree, paths, cache)
    notes = list(notes)
    source = FactSource(tree, cache, jobs, digests, contents, stats)
    gc_was = gc.isenabled()
    gc.disable()  # millions of small tuples, no cycles: collections would only walk them
    try:
        tables = tree_tables(source, [p for p in paths if p in digests], cache, tokens)
    finally:
        if gc_was:
            gc.enable()
    notes.extend(source.notes)
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    index = assemble(tables, settings, notes, source.fact, file_notes=file_notes)
    if tables.token_entries:
        index = replace(index, token_entries=tables.token_entries)
    return replace(index, build=stats)


def tree_tables(source: FactSource, paths: list[str], cache: Optional[FactsCache], tokens: bool = False) -> Tables:
    paths_t = tuple(sorted(paths))
    digests_t = tuple(source.digests[p] for p in paths_t)
    if cache is not None:
        try:
            tables = _from_snapshot(paths_t, digests_t, source, cache)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            tables = None  # a stored snapshot of an unexpected shape: build from scratch
        if tables is not None:
            return tables
    source.stats["mode"] = "full"
    jobs = source.jobs if source.jobs > 0 else (os.cpu_count() or 1)
    if jobs > 1:
        source.from_cache(paths_t)
        need = [p for p in paths_t if p not in source.facts]
        if len(need) >= PARALLEL_THRESHOLD:
            sources = source.read(need)
            try:
                tables = _parallel_tables(source, paths_t, sources, jobs, tokens)
            except (OSError, RuntimeError, ImportError, AssertionError, WorkerError):
                tables = None  # no processes here (sandbox, frozen app, a daemon), or one died: in this one
            if tables is not None:
                if cache is not None:
                    _store(tables, cache)
                return tables
    files = source.compact(paths_t)
    readable = tuple(p for p in paths_t if p in files)
    if len(readable) != len(paths_t):  # a file vanished between hashing and parsing
        paths_t = readable
        digests_t = tuple(source.digests[p] for p in paths_t)
    tables = full_tables(paths_t, digests_t, files, source.stats)
    if cache is not None:
        _store(tables, cache)
    return tables


def _parallel_tables(
    source: FactSource, paths: tuple[str, ...], sources: dict[str, bytes], jobs: int, tokens: bool = False
) -> Optional[Tables]:
    """The full build in ``jobs`` processes: each parses files, then resolves the files it parsed.

    This process holds the facts the cache had, and resolves those itself.
    None when the build must be done in this process after all (two modules
    define one qualname, which the table merges across modules).
    """
    readable = set(sources) | set(source.facts)
    paths = tuple(p for p in paths if p in readable)
    digests = tuple(source.digests[p] for p in paths)
    skeletons: dict[str, tuple] = {}
    notes: dict[str, Optional[tuple]] = {}

    def take(item: tuple) -> None:
        path, skeleton, note, _ = item
        skeletons[path] = skeleton
        notes[path] = note

    workers, owner = _share(sources, jobs, True, False, take)
    try:
        tally(source.stats, "parsed", len(owner))
        mine = {p: source.facts[p] for p in paths if p not in owner}
        for path, facts in mine.items():
            skeletons[path] = skeleton_of(facts)
            notes[path] = _note_info(facts)
        assigned = assign_modules(paths)
        assign = tuple(assigned[p] for p in paths)
        for i in range(jobs):
            others = {p: skeletons[p] for p in paths if owner.get(p) != i and assigned[p] is not None}
            workers.send(i, "resolve+tokens" if tokens else "resolve", (paths, assign, others))
        # while they resolve: resolve what the cache had
        table = {}
        for path, info in assigned.items():
            table[path] = None if info is None else info + ((mine[path] if path in mine else skeletons[path]),)
        resolved = [p for p in paths if p in mine and assigned[p] is not None]
        own, deps = resolve_files(mine, resolved, table, source.stats)
        tally(source.stats, "resolved", sum(1 for p in owner if assigned[p] is not None))
        position = {p: i for i, p in enumerate(paths)}
        pool: dict[str, str] = {}
        rows: dict[str, tuple] = {}
        count = 0
        for path in resolved:
            module_rows = _rows_of(assigned[path][0], position[path], own[path], pool)
            count += len(module_rows)
            rows.update(module_rows)
        inverse = _inverse_deps(deps, position)
        token_entries: dict[str, tuple] = {}
        for i in range(jobs):
            reply = workers.receive(i)
            if tokens:
                worker_rows, worker_deps, worker_tokens = reply  # type: ignore[misc]
                for path, entries in worker_tokens.items():
                    token_entries[path] = (source.digests[path], entries)
            else:
                worker_rows, worker_deps = reply  # type: ignore[misc]
            rows.update(worker_rows)  # each process interned its own callee names
            count += len(worker_rows)
            for token, indexes in worker_deps.items():
                found = inverse.get(token)
                if found is None:
                    inverse[token] = indexes
                else:
                    found.extend(indexes)
        if count != len(rows):
            return None
    finally:
        workers.close()
    return Tables(
        paths=paths,
        digests=digests,
        assign=assign,
        notes=tuple(notes[p] for p in paths),
        rows=dict(sorted(rows.items())),
        collisions=False,
        skeletons=tuple(skeletons[p] for p in paths),
        deps=inverse,
        token_entries=token_entries or None,
    )


def _store(tables: Tables, cache: FactsCache) -> None:
    inverted = invert(tables.rows)
    tables.inverted = lambda: inverted
    cache.put_snapshot(tables.paths, tables.digests, tables.stored(), tables.skeletons, tables.deps or {}, inverted)


def closest_snapshot(paths: tuple[str, ...], digests: tuple[str, ...], snapshots: Iterable[Snapshot]) -> Optional[Snapshot]:
    """The stored snapshot to start the tree's index from: the same tree, else the one with the
    most files the same, if at least ``REUSE_SHARE`` of the tree's files are (None: none is)."""
    current = dict(zip(paths, digests))
    best: Optional[Snapshot] = None
    best_same = -1
    for snap in snapshots:
        if snap.paths == paths and snap.digests == digests:
            best, best_same = snap, len(paths)
            break
        same = sum(1 for p, d in zip(snap.paths, snap.digests) if current.get(p) == d)
        if same > best_same:
            best, best_same = snap, same
    if best is None or best_same < REUSE_SHARE * len(paths) or not paths:
        return None
    return best


def _from_snapshot(paths: tuple[str, ...], digests: tuple[str, ...], source: FactSource, cache: FactsCache) -> Optional[Tables]:
    """The tables of the tree from a stored snapshot of it, or of a tree close to it."""
    snapshots = cache.snapshots()
    best = closest_snapshot(paths, digests, snapshots)
    if best is None:
        return None
    old = Tables.from_stored(best.paths, best.digests, best.part("tables"))
    if old is None:
        return None
    if best.paths == paths and best.digests == digests:
        if best is not snapshots[0]:
            cache.touch_snapshot(best.id)
        old.inverted = lambda: best.part("inverted")
        source.stats["mode"] = "snapshot"
        return old
    if old.collisions:
        return None
    return _incremental(old, best, paths, digests, source, cache)


def _incremental(old: Tables, snap: Snapshot, paths: tuple[str, ...], digests: tuple[str, ...], source: FactSource, cache: FactsCache) -> Optional[Tables]:
    """Update the tables of a similar tree: re-resolve what the changed files can affect."""
    current = dict(zip(paths, digests))
    old_index = {p: i for i, p in enumerate(old.paths)}
    assigned = assign_modules(paths)
    for path, info in assigned.items():
        i = old_index.get(path)
        if i is not None and old.assign[i] != info:
            return None  # module names moved (an __init__.py came or went): start over
    changed = [p for p in paths if old_index.get(p) is None or old.digests[old_index[p]] != current[p]]
    removed = [p for p in old.paths if p not in current]
    skeletons = snap.part("skeletons")
    deps = snap.part("deps")
    if not isinstance(skeletons, tuple) or len(skeletons) != len(old.paths) or not isinstance(deps, dict):
        return None
    files = source.compact(changed)
    if len(files) != len(changed):
        return None  # unreadable after all: let the full build note it
    # what the changed files change, as tokens
    tokens: set[str] = set()
    before: dict[str, tuple] = {}
    after: dict[str, tuple] = {}
    for path in changed + removed:
        i = old_index.get(path)
        if i is not None and old.assign[i] is not None:
            name, is_package, loose = old.assign[i]
            before[name] = (path, is_package, loose, skeletons[i])
    for path in changed:
        info = assigned[path]
        if info is not None:
            name, is_package, loose = info
            after[name] = (path, is_package, loose, skeleton_of(files[path]))
    for name in before.keys() | after.keys():
        was, now = before.get(name), after.get(name)
        if was is None or now is None or was[:3] != now[:3]:
            tokens.add(name)
        else:
            tokens |= module_tokens(name, was[3], now[3])
    old_names = {info[0] for info in old.assign if info is not None}
    new_names = {info[0] for info in assigned.values() if info is not None}
    if old_names != new_names:
        old_tops = {n.partition(".")[0] for n in old_names}
        new_tops = {n.partition(".")[0] for n in new_names}
        tokens.update(TOP + t for t in old_tops ^ new_tops)
        tokens.update(PREFIX + p for p in prefixes_of(old_names) ^ prefixes_of(new_names))
    dirty = set(changed)
    for token in tokens:
        for i in deps.get(token, ()):
            path = old.paths[i]
            if path in current:
                dirty.add(path)
    dirty = {p for p in dirty if assigned[p] is not None}
    more = source.compact(sorted(dirty - files.keys()))
    files.update(more)
    if not dirty <= files.keys():
        return None
    # resolve the dirty modules among the skeletons of the others
    assign = {}
    for path, info in assigned.items():
        if info is None:
            assign[path] = None
        elif path in files:
            assign[path] = info + (files[path],)
        else:
            assign[path] = info + (skeletons[old_index[path]],)
    own, new_deps = resolve_files(files, sorted(dirty), assign, source.stats)
    source.stats["mode"] = "incremental"
    position = {p: i for i, p in enumerate(paths)}
    pool: dict[str, str] = {}
    rows: dict[str, tuple] = {}
    gone = dirty | set(removed) | set(changed)
    for qualname, row in old.rows.items():
        path = old.paths[row[0]]
        if path not in gone:
            rows[qualname] = (position[path],) + row[1:]
    for path in sorted(dirty):
        module_rows = _rows_of(assigned[path][0], position[path], own[path], pool)
        if any(q in rows for q in module_rows):
            return None  # a qualname now defined twice: the full build merges those
        rows.update(module_rows)
    notes = []
    skeleton_list = []
    for path in paths:
        if path in files:
            notes.append(_note_info(files[path]))
            skeleton_list.append(skeleton_of(files[path]))
        else:
            i = old_index[path]
            notes.append(old.notes[i])
            skeleton_list.append(skeletons[i])
    tables = Tables(
        paths=paths,
        digests=digests,
        assign=tuple(assigned[p] for p in paths),
        notes=tuple(notes),
        rows=dict(sorted(rows.items())),
        collisions=False,
        skeletons=tuple(skeleton_list),
    )
    if len(dirty) > REWRITE_SHARE * len(paths):
        # a new snapshot for the next run: the dependency tokens of every module
        inverse: dict[str, list[int]] = {}
        for token, indexes in deps.items():
            for i in indexes:
                path = old.paths[i]
                if path in current and path not in dirty:
                    inverse.setdefault(token, []).append(position[path])
        for path, found in new_deps.items():
            for token in found:
                inverse.setdefault(token, []).append(position[path])
        inverted = invert(tables.rows)
        tables.inverted = lambda: inverted
        cache.put_snapshot(
            paths, digests, tables.stored(), tables.skeletons, {k: tuple(sorted(v)) for k, v in inverse.items()}, inverted
        )
    else:
        cache.touch_snapshot(snap.id)
    return tables


def assemble(
    tables: Tables,
    settings: Settings,
    notes: list[Note],
    fact_of: Callable[[str, str], FunctionFact],
    file_notes: bool = True,
) -> RepoIndex:
    """The RepoIndex of a tree's tables under some settings (with the files' own notes when ``file_notes``)."""
    paths = tables.paths
    ignore = settings.ignore_callees
    modules = [info[0] if info is not None else None for info in tables.assign]
    rows = tables.rows
    functions = FunctionTable(rows, paths, modules, ignore, fact_of)
    if file_notes:
        for path, info in zip(paths, tables.notes):
            if info is not None:
                notes.extend(_notes(path, info[0], info[1]))

    def inverted() -> tuple[dict, dict]:
        if not ignore and tables.inverted is not None:
            stored = tables.inverted()
            if _valid_inverted(stored):
                return stored  # type: ignore[return-value]
        return invert(rows, ignore)

    both = LazyDict(inverted)
    position = {p: i for i, p in enumerate(paths)}

    def notes_of(path: str) -> tuple[Note, ...]:
        i = position.get(path)
        info = tables.notes[i] if i is not None else None
        return tuple(_notes(path, info[0], info[1])) if info is not None else ()

    return RepoIndex(
        functions=functions,
        callers=LazyDict(lambda: both.data[0]),
        method_callers=LazyDict(lambda: both.data[1]),
        by_path=ByPath(rows, paths),
        module_of_path={p: m for p, m in zip(paths, modules) if m is not None},
        notes=tuple(sorted(set(notes), key=lambda n: (n.path, n.message))),
        files=len(paths),
        file_notes=notes_of,
    )


def _valid_inverted(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], dict) and isinstance(value[1], dict)


def invert(rows: dict[str, tuple], ignore: frozenset[str] = frozenset()) -> tuple[dict, dict]:
    """(callee -> callers, method name -> callers of a method of that name), callers in qualname order."""
    callers: dict[str, list[str]] = defaultdict(list)
    method_callers: dict[str, list[str]] = defaultdict(list)
    methods = {q for q, row in rows.items() if row[_R_IS_METHOD]}
    for qualname, row in rows.items():
        names = set()
        for callee in row[_R_CALLEES]:
            if ignore and callee in ignore:
                continue
            callers[callee].append(qualname)
            if callee[0] == "." or callee in methods:
                names.add(callee.rpartition(".")[2])
        for name in names:
            method_callers[name].append(qualname)
    return {k: tuple(v) for k, v in callers.items()}, {k: tuple(v) for k, v in method_callers.items()}


class PathTable(Mapping):
    """A Mapping whose ``__getitem__`` does the work (and raises KeyError): ``get`` and ``in`` go through it."""

    def get(self, path: str, default=None):
        try:
            return self[path]
        except KeyError:
            return default

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.get(path) is not None


class ByPath(PathTable):
    """path -> qualnames defined in that file, in source order; one file's tuple is made when asked for."""

    def __init__(self, rows: dict[str, tuple], paths: tuple[str, ...]):
        self._rows = rows
        self._paths = paths
        self._index = {p: i for i, p in enumerate(paths)}
        self._made: dict[str, tuple[str, ...]] = {}
        self._groups: Optional[dict[int, list[str]]] = None

    def __getitem__(self, path: str) -> tuple[str, ...]:
        found = self._made.get(path)
        if found is None:
            i = self._index.get(path)
            if i is None:
                raise KeyError(path)
            if self._groups is not None:
                names = self._groups.get(i, [])
            else:
                names = [q for q, row in self._rows.items() if row[_R_PATH] == i]
            if not names:
                raise KeyError(path)
            rows = self._rows
            found = self._made[path] = tuple(sorted(names, key=lambda q: rows[q][_R_LINE]))
        return found

    def _group(self) -> dict[int, list[str]]:
        if self._groups is None:
            groups: dict[int, list[str]] = defaultdict(list)
            for qualname, row in self._rows.items():
                groups[row[_R_PATH]].append(qualname)
            self._groups = groups
        return self._groups

    def __iter__(self) -> Iterator[str]:
        # in the order of each file's first function, as the table lists them
        return iter([self._paths[i] for i in self._group()])

    def __len__(self) -> int:
        return len(self._group())

    def __repr__(self) -> str:
        return f"ByPath({dict(self.items())!r})"


def index_from_facts(facts: dict[str, FileFacts], notes: Iterable[Note] = (), settings: Settings = Settings()) -> RepoIndex:
    """The index of parsed files (no cache, no tree)."""
    from .model import compact_from_facts

    paths = tuple(sorted(facts))
    files = {p: compact_from_facts(facts[p]) for p in paths}
    tables = full_tables(paths, tuple(facts[p].digest for p in paths), files)

    def fact_of(path: str, local_name: str) -> FunctionFact:
        found = None
        for fn in facts[path].functions:
            if fn.local_name == local_name:
                found = fn
        if found is None:
            raise KeyError(f"{path}: no function {local_name!r}")
        return found

    return assemble(tables, settings, list(notes), fact_of, file_notes=False)
