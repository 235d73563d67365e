"""The repository index: every function with its canonical callees.

Built from a SourceTree: read each ``.py`` file, take its FileFacts from the
cache or parse it (in parallel when there are many), resolve every call, and
invert the callee sets so that the functions sharing a callee are found without
comparing every pair.
"""

from __future__ import annotations

import hashlib
import os
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Optional

from .cache import FactsCache
from .errors import UsageError
from .model import FileFacts, Function, Location, Note
from .parse import parse_source
from .resolve import Resolver, iter_functions, method_name
from .settings import Settings
from .tree import SourceTree

PARALLEL_THRESHOLD = 64  # uncached files below this are parsed in-process

LOCALS = ".<locals>."


@dataclass(frozen=True)
class RepoIndex:
    functions: dict[str, Function]  # qualname -> function
    callers: dict[str, tuple[str, ...]]  # callee -> qualnames of the functions calling it
    method_callers: dict[str, tuple[str, ...]]  # method name -> functions calling a method of that name
    by_path: dict[str, tuple[str, ...]]  # path -> qualnames defined in that file, in source order
    module_of_path: dict[str, str]
    notes: tuple[Note, ...]
    files: int

    def is_method(self, callee: str) -> bool:
        fn = self.functions.get(callee)
        return fn is not None and fn.is_method

    def candidates(self, callees: Iterable[str]) -> set[str]:
        """Functions that share at least one callee (by name, or by method name)."""
        found: set[str] = set()
        for callee in callees:
            found.update(self.callers.get(callee, ()))
            if callee.startswith(".") or self.is_method(callee):
                found.update(self.method_callers.get(method_name(callee), ()))
        return found


def read_facts(
    tree: SourceTree,
    paths: Iterable[str],
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
) -> tuple[dict[str, FileFacts], list[Note]]:
    """FileFacts for each readable path; unreadable files become notes."""
    notes: list[Note] = []
    contents: dict[str, bytes] = {}
    digests: dict[str, str] = {}
    for path in paths:
        try:
            data = tree.read(path)
        except (OSError, KeyError, UsageError) as exc:
            notes.append(Note(path, f"skipped: cannot read file ({_reason(exc)})"))
            continue
        contents[path] = data
        digests[path] = hashlib.sha256(data).hexdigest()
    cached = cache.get_many(digests.values()) if cache is not None else {}
    facts: dict[str, FileFacts] = {}
    missing: dict[str, bytes] = {}
    for path, digest in digests.items():
        hit = cached.get(digest)
        if hit is not None:
            facts[path] = hit
        else:
            missing[path] = contents[path]
    contents.clear()
    if missing:
        parsed = _parse_many(missing, jobs)
        facts.update(parsed)
        if cache is not None:
            unique = {f.digest: f for f in parsed.values()}
            cache.put_many(unique[d] for d in sorted(unique))
    if cache is not None and cache.disabled_reason:
        notes.append(Note("", cache.disabled_reason))
    return facts, notes


def _parse_many(sources: dict[str, bytes], jobs: int) -> dict[str, FileFacts]:
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    if workers <= 1 or len(sources) < PARALLEL_THRESHOLD:
        return {path: parse_source(data) for path, data in sources.items()}
    paths = sorted(sources, key=lambda p: -len(sources[p]))  # big files first balance the pool
    try:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            chunk = max(1, len(paths) // (workers * 8))
            results = pool.map(parse_source, (sources[p] for p in paths), chunksize=chunk)
            return dict(zip(paths, results))
    except (OSError, RuntimeError):  # no processes here (sandbox, frozen app): parse in-process
        return {path: parse_source(sources[path]) for path in paths}


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, UsageError):
        return str(exc)
    return type(exc).__name__


def facts_notes(path: str, facts: FileFacts) -> list[Note]:
    notes = []
    if facts.decode_note:
        notes.append(Note(path, facts.decode_note))
    if facts.syntax_errors:
        lines = ", ".join(str(n) for n in facts.syntax_errors[:5])
        more = "..." if len(facts.syntax_errors) > 5 else ""
        notes.append(Note(path, f"syntax error near line {lines}{more}; analysed the functions that parse"))
    return notes


def build_index(
    tree: SourceTree,
    settings: Settings = Settings(),
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
) -> RepoIndex:
    paths = [p for p in tree.paths() if not settings.excluded(p)]
    facts, notes = read_facts(tree, paths, cache, jobs)
    for path in sorted(facts):
        notes.extend(facts_notes(path, facts[path]))
    return index_from_facts(facts, notes, settings)


def index_from_facts(facts: dict[str, FileFacts], notes: Iterable[Note] = (), settings: Settings = Settings()) -> RepoIndex:
    resolver = Resolver(facts)
    own: dict[str, set[str]] = {}
    info: dict[str, tuple] = {}
    for module, fn in iter_functions(resolver):
        qualname = f"{module.name}.{fn.local_name}"
        own[qualname] = resolver.callees(module, fn)
        info[qualname] = (module, fn)
    # A function's code includes the functions nested in it: merge their callees upward.
    merged: dict[str, set[str]] = {q: set(c) for q, c in own.items()}
    for qualname, callees in own.items():
        start = 0
        while True:
            at = qualname.find(LOCALS, start)
            if at < 0:
                break
            ancestor = qualname[:at]
            if ancestor in merged:
                merged[ancestor].update(callees)
            start = at + 1
    ignore = settings.ignore_callees
    functions: dict[str, Function] = {}
    callers: dict[str, list[str]] = defaultdict(list)
    method_callers: dict[str, list[str]] = defaultdict(list)
    by_path: dict[str, list[str]] = defaultdict(list)
    for qualname in sorted(merged):
        module, fn = info[qualname]
        inner = qualname + LOCALS
        callees = frozenset(
            c for c in merged[qualname] if c != qualname and not c.startswith(inner) and c not in ignore
        )
        functions[qualname] = Function(
            qualname=qualname,
            module=module.name,
            location=Location(module.path, fn.line, fn.col, fn.end_line),
            fact=fn,
            callees=callees,
            is_method=fn.class_name is not None,
        )
        by_path[module.path].append(qualname)
    methods = {q for q, f in functions.items() if f.is_method}
    for qualname, fn in functions.items():
        names = set()
        for callee in fn.callees:
            callers[callee].append(qualname)
            if callee.startswith(".") or callee in methods:
                names.add(method_name(callee))
        for name in names:
            method_callers[name].append(qualname)
    for path in by_path:
        by_path[path].sort(key=lambda q: functions[q].location.line)
    return RepoIndex(
        functions=functions,
        callers={k: tuple(v) for k, v in callers.items()},
        method_callers={k: tuple(v) for k, v in method_callers.items()},
        by_path={k: tuple(v) for k, v in by_path.items()},
        module_of_path=dict(resolver.module_of_path),
        notes=tuple(sorted(set(notes), key=lambda n: (n.path, n.message))),
        files=len(facts),
    )
