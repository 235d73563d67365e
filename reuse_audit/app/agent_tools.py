"""What a coding agent asks before and after it writes: the tools of ``reuse-audit mcp``.

Three questions about the repository the server started in, each answered by
the one check every surface makes (:func:`reuse_audit.app.check.check_change`: the kept
answer of the same check, else :func:`reuse_audit.lint.engine.run`, with the rules the
repository's settings select from reuse-audit's own, as ``check`` chooses them), so that a
finding means here what it means to ``reuse-audit check``:

* :meth:`RepoTools.check_changes`: the working tree against ``HEAD`` (the
  change ``reuse-audit check`` reads with no argument), or a unified diff
  (``reuse-audit check PATCH``): the findings, each with the function to call
  instead, its signature and where it is;
* :meth:`RepoTools.find_existing`: before anything is written, the existing
  functions the given source would re-implement: the source is added in memory
  (to the file at ``path``, or to a scratch module), never written; or, for a
  function already in a file, that function checked as ``reuse-audit check
  PATH`` checks it, against the rest of the repository;
* :meth:`RepoTools.explain`: a rule's documentation (what ``reuse-audit rule
  CODE`` prints), or that of a finding an earlier answer gave, by its id.

Read-only: changes are applied to an :class:`~reuse_audit.source.tree.OverlayTree`
in memory; nothing in the repository is written or run (the engine parses,
it never imports).  The facts cache lives in the user cache folder, as for
``check``.  Bad input raises :class:`~reuse_audit.errors.UsageError` (a
:class:`~reuse_audit.errors.PatchError` is one): one line saying what to give.

Each answer is an :class:`Answer`: the text an agent reads (the text report of
``reuse-audit check``, then the signature of each function to call instead)
and the same as data: the JSON report of ``--format json`` (docs/json-output.md),
each target with its ``signature``.
"""

from __future__ import annotations

import dataclasses
import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from reuse_audit.app.check import CheckRequest, check_change
from reuse_audit.errors import PatchError, UsageError
from reuse_audit.facts.cache import default_cache_dir
from reuse_audit.facts.parse import function_header, parse_source
from reuse_audit.index import background
from reuse_audit.lint.config import load_settings
from reuse_audit.lint.model import Finding, Report
from reuse_audit.report import render_plain
from reuse_audit.rules import RULES
from reuse_audit.settings import Settings
from reuse_audit.source.change import Change, change_from_files, change_from_patch, change_from_paths
from reuse_audit.source.patch import check_path
from reuse_audit.source.tree import FsTree, SourceTree, bytes_reader

#: the module a function's source is checked in when no path says where it goes
SCRATCH_MODULE = "reuse_audit_scratch"


@dataclass(frozen=True)
class Answer:
    """A tool's answer: the text an agent reads, and the same as JSON data."""

    text: str
    data: dict = field(default_factory=dict)


class RepoTools:
    """The tools over the repository holding ``folder``: its git work tree, or the folder itself
    outside git.  ``cache_dir``: the facts cache (default: the user cache folder; None with
    ``use_cache`` false: no cache).  ``jobs``: parser processes of a check (1: in this process,
    as a server whose tools run in threads should)."""

    def __init__(self, folder: Path, cache_dir: Optional[Path] = None, use_cache: bool = True, jobs: int = 1) -> None:
        folder = Path(folder)
        if not folder.is_dir():
            raise UsageError(f"--repo {folder}: {'not a directory' if folder.exists() else 'no such directory'}")
        from reuse_audit.source import git as gitsource

        repo = gitsource.find_repository(folder)
        self.git = repo is not None
        self.root = gitsource.work_tree(repo).resolve() if repo is not None else folder.resolve()
        if repo is not None:
            repo.close()
        self.cache_dir = (Path(cache_dir) if cache_dir else default_cache_dir()) if use_cache else None
        self.jobs = jobs
        self._seen: dict[str, tuple[Finding, str]] = {}  # finding id -> (finding, its text block), for explain
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ the index

    def warm(self, notes: Optional[list] = None) -> None:
        """Start the background build of the repository's full index (``background.py``), so that
        the checks after it start from its snapshot: the warm index."""
        if self.cache_dir is None:
            return

        settings = load_settings(self.root, rules=RULES)
        clones = any(rule.needs_clones for rule in RULES.select(settings))
        background.start(self.root, self.cache_dir, settings, 0, clones, None, notes)

    def _check(self, change: Change, settings: Settings) -> tuple[Report, SourceTree]:
        """The check of ``change`` as ``reuse-audit check`` makes it (:func:`~reuse_audit.app.check.check_change`:
        the kept answer, else the engine, then the background build after a lazy answer), and the
        tree it was made on."""
        outcome = check_change(CheckRequest(change, settings, self.root, self.cache_dir, self.jobs))
        outcome.start_build(jobs=0)
        return outcome.report, outcome.after

    # ------------------------------------------------------------------ the tools

    def check_changes(self, diff: Optional[str] = None) -> Answer:
        """The findings of the working tree against ``HEAD`` (untracked ``.py`` files as added), or
        of ``diff``, a unified diff (``git diff`` output) against the working tree: one that the
        tree already holds is checked against the tree before it, as ``check`` does."""
        settings = load_settings(self.root, rules=RULES)
        if diff is not None and diff.strip():
            change = change_from_patch(self.root, diff, "diff", settings)
        elif diff is not None:
            raise UsageError("diff is empty: give a unified diff (git diff output), or leave diff out to check the working tree against HEAD")
        elif not self.git:
            raise UsageError(f"{self.root} is not in a git repository: give the change as a diff (git diff output)")
        else:
            from reuse_audit.source import git as gitsource

            repo = gitsource.open_repository(self.root, gitsource.GitSource("worktree"))
            if repo is None:  # (the folder left its repository since the server started)
                raise UsageError(f"{self.root} is not in a git repository: give the change as a diff (git diff output)")
            try:
                change = gitsource.change_from_git(repo, gitsource.GitSource("worktree"), settings)
            finally:
                repo.close()
        report, tree = self._check(change, settings)
        return self._answer(report, tree, what="the change")

    def find_existing(self, source: Optional[str] = None, path: Optional[str] = None, function: Optional[str] = None) -> Answer:
        """The existing functions that ``source`` (one or more functions, with the imports they
        use) would re-implement, added in memory to the file at ``path`` (a new file there when
        there is none; without ``path``, a scratch module at the root); or, without ``source``,
        those that the function ``function`` of the file ``path`` already re-implements."""
        settings = load_settings(self.root, rules=RULES)
        rel = self._relative(path) if path is not None and path.strip() else None
        if source is not None and source.strip():
            if function is not None and function.strip():
                raise UsageError("give source (the code to check) or path and function (a function in a file), not both")
            return self._find_for_source(source, rel, settings)
        if rel is None or function is None or not function.strip():
            raise UsageError(
                "give source (the functions you are about to write, with the imports they use; path: the file they go in), "
                "or path and function (a function already in a file)"
            )
        return self._find_for_function(rel, function.strip(), settings)

    def explain(self, code: str) -> Answer:
        """A rule's documentation by its code (``RA001``) or name, or a finding's, by the id an
        earlier answer gave it (the finding, then its rule's documentation)."""
        key = (code or "").strip()
        if not key:
            raise UsageError("give a rule code (RA001), a rule name or the id of a finding")
        rule = RULES.find(key)
        if rule is not None:
            return Answer(rule.markdown(), {"rule": rule.code, "name": rule.name, "summary": rule.summary, "doc": rule.markdown()})
        with self._lock:
            seen = self._seen.get(key.lower())
        if seen is None:
            raise UsageError(
                f"'{key}' is neither a rule ({', '.join(sorted(RULES))}) nor the id of a finding this server "
                "reported (ids come with the findings of check_changes and find_existing)"
            )
        finding, block = seen
        rule = RULES[finding.rule]
        text = f"{block}\n\n{rule.markdown()}"
        return Answer(text, {"id": key.lower(), "finding": block, "rule": rule.code, "name": rule.name, "doc": rule.markdown()})

    # ------------------------------------------------------------------ find_existing

    def _find_for_source(self, source: str, rel: Optional[str], settings: Settings) -> Answer:
        facts = parse_source(source.encode("utf-8", "surrogateescape"))
        defined = [f.local_name for f in facts.functions if f.parent_function is None]
        if not defined:
            raise UsageError("source holds no function definition (give the def of each function you are about to write)")
        before = FsTree(self.root, exclude=settings.exclude)
        where = rel or self._scratch_path(before)
        old = b""
        if before.exists(where):
            try:
                old = before.read(where)
            except (KeyError, OSError):
                raise UsageError(f"path {where}: not a Python file of the repository that can be read") from None
        head = old + (b"" if not old or old.endswith(b"\n") else b"\n") + (b"\n\n" if old.strip() else b"")
        data = head + source.encode("utf-8", "surrogateescape")
        if not data.endswith(b"\n"):
            data += b"\n"
        change = change_from_files(before, {where: data})
        report, tree = self._check(change, settings)
        offset = head.count(b"\n")
        for error in report.errors:
            if error.location.path == where and error.location.line > offset:
                raise UsageError(f"source: {error.message.split(';')[0]} (line {error.location.line - offset} of source)")
        return self._answer(report, tree, what=", ".join(defined), checked=where, scratch=rel is None)

    def _find_for_function(self, rel: str, function: str, settings: Settings) -> Answer:
        tree = FsTree(self.root, exclude=settings.exclude)
        try:
            data = tree.read(rel)
        except (KeyError, OSError):
            raise UsageError(f"path {rel}: no Python file there in {self.root} (a path relative to the repository root)") from None
        functions = parse_source(data).functions
        if function not in {f.local_name for f in functions}:
            known = ", ".join(f.local_name for f in functions if f.parent_function is None) or "none"
            raise UsageError(f"function {function}: not defined in {rel} (its functions: {known})")
        change = change_from_paths(self.root, [rel], settings)
        report, after = self._check(change, settings)
        mine = tuple(
            f for f in report.findings
            if f.location.path == rel and (f.function == function or f.function.endswith("." + function))
        )

        return self._answer(dataclasses.replace(report, findings=mine), after, what=function, checked=rel)

    def _scratch_path(self, tree: SourceTree) -> str:
        name, n = f"{SCRATCH_MODULE}.py", 1
        while tree.exists(name):
            n += 1
            name = f"{SCRATCH_MODULE}_{n}.py"
        return name

    def _relative(self, path: str) -> str:
        """``path`` (relative to the repository root, or absolute inside it) as a POSIX relative path."""
        given = path.strip()
        candidate = Path(given)
        if candidate.is_absolute():
            try:
                given = candidate.resolve().relative_to(self.root).as_posix()
            except ValueError:
                raise UsageError(f"path {path}: outside the repository {self.root}") from None
        given = given.replace("\\", "/")
        while given.startswith("./"):
            given = given[2:]
        try:
            check_path(given)
        except PatchError as exc:
            raise UsageError(f"{exc} (give a file path relative to the repository root {self.root})") from None
        if not given.endswith((".py", ".pyi")):
            raise UsageError(f"path {path}: not a Python file (.py)")
        return given

    # ------------------------------------------------------------------ answers

    def _answer(self, report: Report, tree: SourceTree, what: str, checked: Optional[str] = None, scratch: bool = False) -> Answer:
        source, rules = bytes_reader(tree), RULES.of(report.rules)
        text = render_plain("text", report, rules, source).rstrip("\n")
        data = json.loads(render_plain("json", report, rules, source))
        shown = [f for f in sorted(report.findings, key=lambda f: f.sort_key) if not f.suppressed]
        headers: dict[str, Optional[str]] = {}
        for f in shown:
            if f.target not in headers:
                headers[f.target] = _header(tree, f.target_location.path, f.target_location.line)
        ids = []
        for f, item in zip(shown, (d for d in data["findings"] if not d["suppressed"])):
            item["id"] = f.stable_key
            item["target"]["signature"] = headers.get(f.target)
            block = render_plain("text", _one(report, f), rules, source).rstrip("\n").split("\n")
            with self._lock:
                self._seen[f.stable_key] = (f, "\n".join(block[:-1]))
            ids.append(f.stable_key)
        lines = [text]
        if shown:
            lines += ["", "The functions to call instead:"]
            for target, header in headers.items():
                loc = next(f.target_location for f in shown if f.target == target)
                lines.append(f"  {target} ({loc.path}:{loc.line}): {header or '(signature not found)'}")
            lines += ["", "Finding ids (explain ID gives the finding and its rule's documentation):"]
            lines += [f"  {i} {f.rule} {f.function} -> {f.target}" for i, f in zip(ids, shown)]
        elif checked is not None:
            lines += ["", f"No existing function found that {what} would re-implement."]
        for note in report.notes:
            lines.append(f"note: {note.path}: {note.message}" if note.path else f"note: {note.message}")
        if scratch and checked:
            lines.append(f"note: checked as a new module {checked} (not written); give path, the file it goes in, "
                         "to check it with that module's imports")
        data["checked"] = checked
        return Answer("\n".join(lines) + "\n", data)


def _one(report: Report, finding: Finding) -> Report:
    return dataclasses.replace(report, findings=(finding,), errors=(), baselined=0)


def _header(tree: SourceTree, path: str, line: int) -> Optional[str]:
    data = bytes_reader(tree)(path)
    return function_header(data, line) if data is not None else None
