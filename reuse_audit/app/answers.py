"""The answers of whole checks, kept in the cache: the same check again is read, not run.

A check's answer is its report and, when the report marks or offers fixes, the
plan of verified fixes (``fixes.plan_fixes``: up to two more runs of the
engine).  Both depend only on:

* the tool: the source of every module of ``reuse_audit`` and of its rules,
  the engine key of ``cache.py`` (Python, marshal and parser binaries) and the
  versions of the libraries that shape an answer (libcst, rapidfuzz);
* the settings (every field, sets in sorted order);
* the change: the files it touches, its notes, whether the functions already
  exist; the notes of the changed files the check skips (``source.change.skipped_notes``);
* the trees before and after: the root folder, every path listed with the
  sha256 of its bytes (from the stat cache of ``index.digest_files``: a file
  whose size, times or inode changed is read and hashed again), the files that
  could not be read, and the trees' own notes;
* for a plan, the findings to fix and the options of the plan (unsafe fixes,
  rounds, the cap on verifications).

:func:`check_key` is the sha256 of all of these, so an answer read back is the
answer the engine would give now; any change of an input is another key (a
miss: the check runs).  Only trees on disk (a folder, or a folder with a
patch applied in memory) have a key: a tree read from git is not hashed (it
would cost a read of every blob), and its checks always run.

Answers live in the cache database (``answers`` table, ``cache.py``), the
newest :data:`~reuse_audit.facts.cache.KEEP_ANSWERS` kept, under the same guards as
the rest of the cache (a folder of ours, 0700, no link followed).  They are
stored as marshal data of plain tuples, checked field by field on load: a
damaged or foreign entry is a miss, never an answer.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import time
from dataclasses import fields, is_dataclass
from enum import Enum
from types import UnionType
from typing import TYPE_CHECKING, Any, Iterable, Optional, Union, get_args, get_origin, get_type_hints

import reuse_audit
from reuse_audit.facts.cache import RACY_SECONDS, FactsCache, engine_key
from reuse_audit.facts.model import Location
from reuse_audit.fix.plan import Edit, Fix, FixPlan
from reuse_audit.index import digest_files
from reuse_audit.source.change import skipped_notes
from reuse_audit.lint.model import Candidate, Finding, Report, SourceError, Violation
from reuse_audit.settings import Settings
from reuse_audit.source.note import Note
from reuse_audit.source.tree import FsTree, OverlayTree, stat_key_of

if TYPE_CHECKING:  # pragma: no cover
    from reuse_audit.lint.engine import Result
    from reuse_audit.lint.rule import Rule
    from reuse_audit.source.change import Change
    from reuse_audit.source.tree import SourceTree

__all__ = [
    "Answers", "change_prefix", "check", "check_key", "code_key", "dump_report", "load_report", "dump_plan", "load_plan",
]

# what an answer's shape is: bumped when the stored tuples change
FORMAT = 3  # 2: a finding's target status is its own field; 3: a finding holds its rule's typed violation
# the libraries whose versions can change an answer (libcst makes the fixes, rapidfuzz
# scores RA003's similarity); tree-sitter's binaries are in the engine key
LIBRARIES = ("libcst", "rapidfuzz", "tree-sitter", "tree-sitter-python")

_CODE_KEY: Optional[str] = None


def code_key() -> str:
    """A digest of the tool: every ``.py`` file of ``reuse_audit`` and of its rules (by
    path, and by size, times and inode: :func:`_file_key`), the engine key and the versions of :data:`LIBRARIES`.  The benchmark
    is left out: no check imports it (tests/test_import_graph.py), and installed it sits inside
    ``reuse_audit/`` with its suites, about 1,100 files that every check answered from the
    cache would read (80 ms)."""
    global _CODE_KEY
    if _CODE_KEY is None:
        from reuse_audit import rules

        h = hashlib.sha256(f"answers {FORMAT}\0{engine_key()}\0".encode())
        here = os.path.dirname(os.path.abspath(reuse_audit.__file__))
        folders = [("reuse_audit", here)] + [("rules", os.path.abspath(p)) for p in rules.__path__]
        settled = time.time_ns() - int(RACY_SECONDS * 1e9)
        for label, folder in folders:
            for dirpath, dirnames, filenames in os.walk(folder):
                skip = {"__pycache__", "benchmark"} if dirpath == folder and label == "reuse_audit" else {"__pycache__"}
                dirnames[:] = sorted(d for d in dirnames if d not in skip and not d.startswith("."))
                for name in sorted(filenames):
                    if not name.endswith(".py"):
                        continue
                    path = os.path.join(dirpath, name)
                    h.update(f"{label}\0{os.path.relpath(path, folder)}\0".encode())
                    h.update(_file_key(path, settled))
        versions = library_versions(LIBRARIES)
        for library in LIBRARIES:
            h.update(f"{library}\0{versions[library]}\0".encode())
        _CODE_KEY = h.hexdigest()
    return _CODE_KEY


def _file_key(path: str, settled: int) -> bytes:
    """What the answers' key holds of one file of the tool: its size, times and inode, as the
    facts cache's stat table trusts a user's file (a write changes the change time, which no
    tool sets back), unless it changed after ``settled`` (ns): then its content's digest, since
    a second write within one tick of the clock would leave the times as they are.  Reading
    and hashing every file took 5 ms of every check."""
    try:
        key = stat_key_of(os.stat(path))  # (size, mtime ns, inode, ctime ns)
        if key[1] < settled and key[3] < settled:
            return ("stat\0" + "\0".join(map(str, key))).encode()
        with open(path, "rb") as handle:
            return b"content\0" + hashlib.sha256(handle.read()).digest()
    except OSError:
        return b"?"


def library_versions(names: Iterable[str]) -> dict[str, str]:
    """Each distribution's version, ``-`` when it is not installed: what ``importlib.metadata``
    says, read from the names of the ``NAME-VERSION.dist-info`` folders on ``sys.path`` (the
    first one wins, as for ``importlib.metadata``).  Importing ``importlib.metadata`` takes
    about 30 ms, most of a check answered from the cache; it is asked only for a distribution
    whose folder is not found (an egg, a zip)."""
    wanted = {_dist_key(n): n for n in names}
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            listing = os.listdir(entry or ".")
        except OSError:
            continue
        for item in listing:
            if not item.endswith(".dist-info"):
                continue
            name, _, version = item[: -len(".dist-info")].partition("-")
            library = wanted.get(_dist_key(name))
            if library is not None and library not in found and version:
                found[library] = version
    missing = [n for n in wanted.values() if n not in found]
    if missing:
        from importlib import metadata

        for library in missing:
            try:
                found[library] = metadata.version(library)
            except metadata.PackageNotFoundError:
                found[library] = "-"
    return found


def _dist_key(name: str) -> str:
    """A distribution's name as packaging normalises it (``tree-sitter``, ``tree_sitter``: one)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _canonical(value: object) -> object:
    """``value`` with every set sorted and every dataclass a tuple of its fields, so that
    its ``repr`` is the same in every process (string hashing is randomised)."""
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple((f.name, _canonical(getattr(value, f.name))) for f in fields(value))
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted((_canonical(v) for v in value), key=repr))
    if isinstance(value, (tuple, list)):
        return tuple(_canonical(v) for v in value)
    if isinstance(value, dict):
        return ("dict",) + tuple(sorted(((_canonical(k), _canonical(v)) for k, v in value.items()), key=repr))
    return value


def _on_disk_root(tree: "SourceTree") -> Optional[str]:
    """The real root of a folder tree, or of one overlaid in memory; None for any other tree."""
    base = tree.base if type(tree) is OverlayTree else tree
    return os.path.realpath(base.root) if type(base) is FsTree else None


def _tree_state(h: "hashlib._Hash", tree: "SourceTree", cache: FactsCache, times: bool) -> int:
    """Hash the tree's paths, digests and notes into ``h``; with ``times``, the newest change
    time (ns) of its files on disk (0 when none was found, or without ``times``)."""
    paths = tree.paths()
    digests, _, notes = digest_files(tree, paths, cache)
    root = _on_disk_root(tree)
    h.update(f"tree\0{root}\0{len(paths)}\0".encode())
    for path in paths:
        h.update(f"{path}\0{digests.get(path, '-')}\n".encode("utf-8", "surrogatepass"))
    h.update(repr(_canonical(notes)).encode("utf-8", "surrogatepass"))
    h.update(repr(sorted(tree.notes or ())).encode("utf-8", "surrogatepass"))
    changes = tree.changes if type(tree) is OverlayTree else {}
    newest = 0
    for path in paths if times else ():
        if root is None or path in changes:
            continue
        try:
            st = os.stat(os.path.join(root, *path.split("/")))
        except OSError:
            continue
        newest = max(newest, st.st_mtime_ns, st.st_ctime_ns)
    return newest


def change_prefix(change: "Change", settings: Settings) -> Optional[str]:
    """The part of the key that needs no file read: the tool, the settings, the change (its
    files, notes and in-memory contents) and the roots of its trees; None when a tree is
    not on disk (its answers are not kept)."""
    before, after = _on_disk_root(change.before), _on_disk_root(change.after)
    if before is None or after is None:
        return None
    h = hashlib.sha256(f"{code_key()}\0{before}\0{after}\0".encode("utf-8", "surrogatepass"))
    h.update(repr(_canonical(settings)).encode("utf-8", "surrogatepass"))
    h.update(repr((_canonical(change.files), _canonical(change.notes), change.existing)).encode("utf-8", "surrogatepass"))
    h.update(repr(_canonical(skipped_notes(change, settings))).encode("utf-8", "surrogatepass"))
    for tree in (change.before, change.after):
        changes = tree.changes if type(tree) is OverlayTree else {}
        for path, data in sorted(changes.items()):
            digest = "-" if data is None else hashlib.sha256(data).hexdigest()
            h.update(f"{path}\0{digest}\n".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _full_key(prefix: str, change: "Change", cache: FactsCache, times: bool = False) -> tuple[str, int]:
    """(the key, with ``times`` the newest change time of the trees' files on disk)."""
    h = hashlib.sha256(f"{prefix}\0".encode())
    newest = _tree_state(h, change.before, cache, times)
    if change.after is not change.before:
        newest = max(newest, _tree_state(h, change.after, cache, times))
    return h.hexdigest(), newest


def check_key(change: "Change", settings: Settings, cache: FactsCache) -> Optional[str]:
    """The key of the check of ``change`` under ``settings`` (see the module's docstring);
    None when a tree is not on disk (its answers are not kept)."""
    prefix = change_prefix(change, settings)
    return None if prefix is None else _full_key(prefix, change, cache)[0]


# --------------------------------------------------------------------------
# answers as plain tuples, and back (every field checked)


class _Bad(Exception):
    """Not an answer this version wrote."""


def _str(v: object) -> str:
    if not isinstance(v, str):
        raise _Bad
    return v


def _int(v: object) -> int:
    if type(v) is not int:
        raise _Bad
    return v


def _bool(v: object) -> bool:
    if type(v) is not bool:
        raise _Bad
    return v


def _float(v: object) -> float:
    if type(v) not in (int, float):
        raise _Bad
    return v  # type: ignore[return-value]


def _tuple(v: object, size: Optional[int] = None) -> tuple:
    if not isinstance(v, tuple) or (size is not None and len(v) != size):
        raise _Bad
    return v


def _strs(v: object) -> tuple[str, ...]:
    return tuple(_str(x) for x in _tuple(v))


def _dump_location(loc: Location) -> tuple:
    return (loc.path, loc.line, loc.col, loc.end_line)


def _load_location(t: object) -> Location:
    path, line, col, end = _tuple(t, 4)
    return Location(_str(path), _int(line), _int(col), _int(end))


def _dump_note(note: Note) -> tuple:
    return (note.path, note.message)


def _load_note(t: object) -> Note:
    path, message = _tuple(t, 2)
    return Note(_str(path), _str(message))


def _dump_candidate(c: Candidate) -> tuple:
    return (c.qualname, _dump_location(c.location), c.shared, c.total, c.ratio, c.added)


def _load_candidate(t: object) -> Candidate:
    qualname, loc, shared, total, ratio, added = _tuple(t, 6)
    return Candidate(_str(qualname), _load_location(loc), _int(shared), _int(total), _float(ratio), _bool(added))


def _dump_value(value: object) -> object:
    """A field of a violation as marshal data: a candidate or a location as its tuple, an enum as its value."""
    if isinstance(value, Candidate):
        return _dump_candidate(value)
    if isinstance(value, Location):
        return _dump_location(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return tuple(_dump_value(v) for v in value)
    if isinstance(value, Violation):
        return _dump_violation(value)
    return value


def _load_value(kind: Any, value: object) -> object:
    """The field of type ``kind`` :func:`_dump_value` gave ``value`` for."""
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, UnionType) and type(None) in args:  # Optional[X]
        return None if value is None else _load_value(next(a for a in args if a is not type(None)), value)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple(_load_value(args[0], v) for v in _tuple(value))
    loaders: dict[Any, Any] = {
        str: _str, int: _int, bool: _bool, float: _float, Candidate: _load_candidate, Location: _load_location,
        Violation: _load_violation,
    }
    if kind in loaders:
        return loaders[kind](value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    raise _Bad


def _dump_violation(v: Violation) -> tuple:
    """A rule's violation as (module, class name, field values): loaded back by :func:`_load_violation`."""
    kind = type(v)
    return (kind.__module__, kind.__qualname__, tuple(_dump_value(getattr(v, f.name)) for f in fields(v)))


def _load_violation(t: object) -> Violation:
    """The violation :func:`_dump_violation` gave ``t`` for, of a class of a module already imported
    (a rule that ran, or can run: nothing is imported by reading the cache)."""
    module, name, values = _tuple(t, 3)
    kind = getattr(sys.modules.get(_str(module)), _str(name), None)
    if not (isinstance(kind, type) and issubclass(kind, Violation) and is_dataclass(kind)):
        raise _Bad
    hints = get_type_hints(kind)
    fields_of = fields(kind)
    values = _tuple(values, len(fields_of))
    loaded: dict[str, Any] = {f.name: _load_value(hints[f.name], value) for f, value in zip(fields_of, values)}
    return kind(**loaded)


def _dump_finding(f: Finding) -> tuple:
    return (
        f.rule, _dump_location(f.location), f.function, _dump_violation(f.violation), _dump_location(f.target_location),
        f.suppressed,
    )


def _load_finding(t: object) -> Finding:
    rule, loc, function, violation, tloc, suppressed = _tuple(t, 6)
    return Finding(
        rule=_str(rule), location=_load_location(loc), function=_str(function), violation=_load_violation(violation),
        target_location=_load_location(tloc), suppressed=_bool(suppressed),
    )


def dump_report(report: Report) -> tuple:
    """``report`` as plain tuples (marshal data)."""
    return (
        tuple(_dump_finding(f) for f in report.findings), tuple(_dump_note(n) for n in report.notes),
        report.files_analysed, report.functions_checked, tuple(report.rules), report.baselined,
        tuple((_dump_location(e.location), e.message, e.kind) for e in report.errors),
        report.existing,
    )


def load_report(t: object) -> Optional[Report]:
    """The report :func:`dump_report` gave ``t`` for; None when ``t`` is not one."""
    try:
        findings, notes, files, functions, rules, baselined, errors, existing = _tuple(t, 8)
        return Report(
            findings=tuple(_load_finding(f) for f in _tuple(findings)), notes=tuple(_load_note(n) for n in _tuple(notes)),
            files_analysed=_int(files), functions_checked=_int(functions), rules=_strs(rules), baselined=_int(baselined),
            errors=tuple(
                SourceError(_load_location(loc), _str(message), _str(kind)) for loc, message, kind in (_tuple(e, 3) for e in _tuple(errors))
            ),
            existing=_bool(existing),
        )
    except (_Bad, ValueError, TypeError):
        return None


def _dump_fix(fix: Fix) -> tuple:
    edits = tuple((e.start_line, e.end_line, e.replacement) for e in fix.edits)
    return (fix.path, fix.original, fix.fixed, fix.description, edits, fix.key, fix.safe)


def _load_fix(t: object) -> Fix:
    path, original, fixed, description, edits, key, safe = _tuple(t, 7)
    return Fix(
        path=_str(path), original=_str(original), fixed=_str(fixed), description=_str(description),
        edits=tuple(Edit(_int(s), _int(e), _str(r)) for s, e, r in (_tuple(x, 3) for x in _tuple(edits))),
        key=_str(key), safe=_bool(safe),
    )


def dump_plan(plan: FixPlan) -> tuple:
    """``plan`` as plain tuples, less its ``result`` (the check of the fixed code, which only
    ``--fix`` reads: its plans are not kept)."""
    return (
        tuple((k, _dump_fix(f)) for k, f in sorted(plan.fixes.items())), plan.unsafe_left,
        tuple((p, old, new) for p, (old, new) in sorted(plan.files.items())),
        tuple(sorted(plan.reasons.items())), tuple(_dump_note(n) for n in plan.notes),
    )


def load_plan(t: object) -> Optional[FixPlan]:
    """The plan :func:`dump_plan` gave ``t`` for (with no ``result``); None when ``t`` is not one."""
    try:
        fixes, unsafe_left, files, reasons, notes = _tuple(t, 5)
        return FixPlan(
            fixes={_str(k): _load_fix(f) for k, f in (_tuple(x, 2) for x in _tuple(fixes))},
            unsafe_left=_int(unsafe_left),
            files={_str(p): (_str(old), _str(new)) for p, old, new in (_tuple(x, 3) for x in _tuple(files))},
            reasons={_str(k): _str(v) for k, v in (_tuple(x, 2) for x in _tuple(reasons))},
            notes=tuple(_load_note(n) for n in _tuple(notes)),
        )
    except (_Bad, ValueError, TypeError):
        return None


# --------------------------------------------------------------------------
# the store


class Answers:
    """The kept answers of one check: ``Answers(cache, change, settings)`` before the check
    runs; :meth:`report` and :meth:`plan` read them, :meth:`keep` stores what the check made.

    Reading costs one query when nothing is kept for the change (a cold check hashes no
    file for it); a kept answer is read only after every file is hashed (the stat cache
    spares the unchanged ones).  :meth:`keep` hashes the trees after the check and keeps
    nothing when a file changed since the check started (its answer may be of the old
    content): a file's change time moves forward with every write, whatever its mtime
    says.
    """

    def __init__(self, cache: FactsCache, change: "Change", settings: Settings):
        self.cache = cache
        self.change = change
        self.started = time.time_ns()
        self._key: Optional[str] = None
        self.prefix: Optional[str] = None
        if not cache.disabled_reason:
            try:
                self.prefix = change_prefix(change, settings)
            except (OSError, ValueError):
                self.prefix = None
        self._report: Optional[tuple] = None
        self._plans: dict[str, tuple] = {}

    def _lookup_key(self) -> Optional[str]:
        if self._key is None and self.prefix is not None and self.cache.has_answers(self.prefix):
            try:
                key = _full_key(self.prefix, self.change, self.cache)[0]
            except (OSError, ValueError):
                return None
            if not self.cache.disabled_reason:  # the stat cache failed on the way: nothing is read
                self._key = key
        return self._key

    @staticmethod
    def _plan_key(key: str, findings: Iterable[Finding], unsafe: bool, rounds: int, max_checks: Optional[int]) -> str:
        keys = sorted(f.stable_key for f in findings if not f.suppressed)
        raw = repr(("plan", key, keys, bool(unsafe), int(rounds), max_checks))
        return hashlib.sha256(raw.encode()).hexdigest()

    def report(self) -> Optional[Report]:
        """The report kept for this check, or None."""
        key = self._lookup_key()
        return None if key is None else load_report(self.cache.get_answer(key))

    def plan(self, findings: Iterable[Finding], unsafe: bool, rounds: int, max_checks: Optional[int]) -> Optional[FixPlan]:
        """The fix plan kept for these findings and options, or None."""
        key = self._lookup_key()
        if key is None:
            return None
        return load_plan(self.cache.get_answer(self._plan_key(key, findings, unsafe, rounds, max_checks)))

    def put_report(self, report: Report) -> None:
        """Keep ``report`` (at :meth:`keep`)."""
        self._report = dump_report(report)

    def put_plan(self, findings: Iterable[Finding], unsafe: bool, rounds: int, max_checks: Optional[int], plan: FixPlan) -> None:
        """Keep ``plan`` (at :meth:`keep`)."""
        self._plans[repr((sorted(f.stable_key for f in findings if not f.suppressed), unsafe, rounds, max_checks))] = (
            list(findings), unsafe, rounds, max_checks, dump_plan(plan),
        )

    def keep(self) -> None:
        """Store the answers put since the check started, under the key of the trees as they
        are now, unless a file changed since the check started (or within ``RACY_SECONDS``
        before: a change within one tick of the clock leaves no trace)."""
        if self.prefix is None or (self._report is None and not self._plans) or self.cache.disabled_reason:
            return
        try:
            key, newest = _full_key(self.prefix, self.change, self.cache, times=True)
        except (OSError, ValueError):
            return
        if self.cache.disabled_reason or newest >= self.started - int(RACY_SECONDS * 1e9):
            return
        if self._report is not None:
            self.cache.put_answer(key, self.prefix, self._report)
        for findings, unsafe, rounds, max_checks, plan in self._plans.values():
            self.cache.put_answer(self._plan_key(key, findings, unsafe, rounds, max_checks), self.prefix, plan)
        self._report, self._plans = None, {}


def check(
    change: "Change", settings: Settings, cache: Optional[FactsCache], jobs: int = 0, *, rules: Iterable["Rule"]
) -> tuple[Report, Optional["Result"], Optional[Answers]]:
    """The check of ``change`` with ``rules`` (the first step of :func:`reuse_audit.app.check.check_change`,
    which every surface calls): the report kept for the same check, or else the engine's run of it, put
    to be kept.  Returns the report, the engine's result (None when the report was read back) and
    the :class:`Answers` (None without a cache), whose :meth:`Answers.keep` the caller calls once
    it has put what else it makes of the check (a fix plan)."""
    from reuse_audit.lint.engine import run

    answers = Answers(cache, change, settings) if cache is not None else None
    report = answers.report() if answers is not None else None
    result = None
    if report is None:
        result = run(change, settings, cache=cache, jobs=jobs, rules=rules)
        report = result.report
        if answers is not None:
            answers.put_report(report)
    return report, result, answers
