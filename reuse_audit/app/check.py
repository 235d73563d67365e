"""The check orchestration: what ``reuse-audit check`` and ``reuse-audit mcp``'s tools do around
the engine, made once.

:func:`check_change` checks a change (:class:`CheckRequest`): the kept answer of the same check,
else the engine (:func:`reuse_audit.app.answers.check`); the declared targets' check; the
baseline; the fix plan the report needs (:class:`FixMode`), kept with the answer; the fixes
written (``--fix``); the agent's trajectory; and returns a :class:`CheckOutcome` (the report, the
plan, the tree the findings are in, the summary line of the fixes, the exit status), whose
:meth:`CheckOutcome.start_build` starts the background build of the full index after a lazy
answer.

:func:`check_sources` checks what the command line names (:class:`SourcesRequest`: a patch, files
and folders, or a git source) in the repository holding it, with the repository's settings,
and adds SARIF's provenance.

Bad input raises :class:`~reuse_audit.errors.UsageError`; the caller prints and decides what
exits how.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
import gc
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Optional

from reuse_audit.app.cli_options import selected_codes
from reuse_audit.errors import UsageError, read_input_text
from reuse_audit.facts.cache import FactsCache, default_cache_dir
from reuse_audit.facts.rows import LOCALS
from reuse_audit.index import background
from reuse_audit.lint.config import load_settings
from reuse_audit.lint.model import Finding, Report, TargetStatus, target_verdicts
from reuse_audit.rules import RULES
from reuse_audit.settings import Settings
from reuse_audit.source.note import Note
from reuse_audit.source.patch import decode_patch
from reuse_audit.source.tree import OverlayTree

if TYPE_CHECKING:
    from git import Repo

    from reuse_audit.app.answers import Answers
    from reuse_audit.fix.plan import FixPlan
    from reuse_audit.lint.engine import Result
    from reuse_audit.source.change import Change, Provenance
    from reuse_audit.source.git import GitSource
    from reuse_audit.source.tree import SourceTree

#: a check's exit status (bad input is the caller's: ``reuse-audit check`` exits with 2)
EXIT_CLEAN, EXIT_FINDINGS = 0, 1
#: the formats for people, which mark a finding with a safe fix [*] and may be coloured
TERMINAL_FORMATS = ("text", "concise", "full")
#: --fix and --diff: rounds of fixes at most (each plans what the one before left)
FIX_ROUNDS = 5
#: the text, concise and full formats: engine runs at most to verify the safe fixes their [*] marks show
MARK_CHECKS = 2


class FixMode(enum.Enum):
    """The fixes a check plans (each verified by running the engine again)."""

    NONE = "none"  # none
    MARKS = "marks"  # the safe ones, in a few checks, to mark the findings they remove (as ruff's [*])
    EVERY = "every"  # every fix, unsafe ones too, each a suggestion (SARIF)
    DIFF = "diff"  # round after round, to show as a diff (--diff)
    WRITE = "write"  # round after round, written into the working tree (--fix)


@dataclass(frozen=True)
class CheckRequest:
    """A change to check, and what to make of the check."""

    change: "Change"
    settings: Settings
    root: Path  # the work tree: --fix writes there, the background build reads it
    cache_dir: Optional[Path] = None  # the facts cache (None: none)
    jobs: int = 0  # parser processes (0: one per core)
    fixes: FixMode = FixMode.NONE
    unsafe_fixes: bool = False  # --diff, --fix: also the fixes that change what the new function does
    writable: bool = False  # the change is the working tree's (or the index's): --fix can write its fixes
    baseline: Optional[frozenset[str]] = None  # the stable keys of the findings not to report
    targets_file: Optional[str] = None  # the declared targets' file: a name the repository does not define is an error
    reads: Optional[tuple] = None  # the agent's trajectory: each finding says whether its target was read


@dataclass(frozen=True)
class CheckOutcome:
    """What a check made: the report, the fix plan, the tree the findings are in (after --fix:
    as written), SARIF's provenance, and the line that sums up the fixes (written or shown)."""

    request: CheckRequest
    report: Report
    after: "SourceTree"
    plan: Optional["FixPlan"] = None
    provenance: Optional["Provenance"] = None
    fixed_line: Optional[str] = None  # "Fixed 2 findings (1 remaining)." (--fix), "Would fix ..." (--diff)
    applied: tuple[str, ...] = ()  # --fix: the fixes written, file by file
    result: Optional["Result"] = field(default=None, repr=False)  # the engine's run (None: the kept answer)
    cache: Optional[FactsCache] = field(default=None, repr=False)  # the facts cache the check used (closed: the build's folder)

    @property
    def status(self) -> int:
        """EXIT_FINDINGS when a finding is reported or a changed file is not Python (it fails the
        check as a finding does, as a syntax error does for ruff), else EXIT_CLEAN."""
        failed = any(not f.suppressed for f in self.report.findings) or self.report.errors
        return EXIT_FINDINGS if failed else EXIT_CLEAN

    def start_build(self, jobs: Optional[int] = None) -> list[str]:
        """When the check answered lazily (and so left no snapshot): start the background build
        of the full index for the next check, with ``jobs`` parser processes (default: the
        check's); its notes."""
        notes: list[str] = []
        if self.cache is not None and self.result is not None:
            request = self.request
            build_jobs = request.jobs if jobs is None else jobs
            background.start_after(request.root, self.cache, request.settings, build_jobs, self.result, request.change, notes)
        return notes


# --------------------------------------------------------------------------
# a change


# While a check runs, the collector's full collections (generation 2) wait for this many times
# the young ones they wait for by default. A full collection walks every object the process
# holds, the index's millions of rows among them: on a new change to sympy 1.14.0 with a fix to
# verify, one came in each check (during libcst's codemod) and cost 85 ms; collections in
# generations 0 and 1 still run, and the threshold is the process's own again after the check.
FULL_COLLECTIONS_DEFERRED = 100
_deferring = threading.Lock()
_deferred = {"checks": 0, "full": 0}  # the checks running now; generation 2's threshold before the first


@contextlib.contextmanager
def full_collections_deferred() -> Iterator[None]:
    """Defer the collector's full collections while a check runs (FULL_COLLECTIONS_DEFERRED);
    of checks running at once in threads, the last to end puts the process's threshold back."""
    with _deferring:
        if _deferred["checks"] == 0:
            young, middle, full = gc.get_threshold()
            _deferred["full"] = full
            gc.set_threshold(young, middle, full * FULL_COLLECTIONS_DEFERRED)
        _deferred["checks"] += 1
    try:
        yield
    finally:
        with _deferring:
            _deferred["checks"] -= 1
            if _deferred["checks"] == 0:
                young, middle, _ = gc.get_threshold()
                gc.set_threshold(young, middle, _deferred["full"])


def check_change(request: CheckRequest) -> CheckOutcome:
    """Check ``request.change``: the report, with the fix plan it asks for (the fixes written
    with FixMode.WRITE) and the trajectory's reads."""
    with full_collections_deferred():
        return _check_change(request)


def _check_change(request: CheckRequest) -> CheckOutcome:
    from reuse_audit.app.answers import check as answered_check

    change, settings = request.change, request.settings
    cache = FactsCache(request.cache_dir) if request.cache_dir is not None else None
    try:
        # the same check again (same tool, settings, change and files) is read from the cache
        report, result, answers = answered_check(change, settings, cache, request.jobs, rules=RULES.select(settings))
        if request.targets_file:
            _check_targets_defined(request.targets_file, report)
        if request.baseline is not None:
            report = _without_baseline(report, request.baseline)
        plan, result = _plan_fixes(request, report, result, answers, cache)
        if plan is not None and request.fixes in (FixMode.EVERY, FixMode.DIFF, FixMode.WRITE):
            report = _with_fix_notes(report, plan, request.fixes is not FixMode.EVERY)
        if answers is not None:
            answers.keep()
    finally:
        if cache is not None:
            cache.close()
    outcome = CheckOutcome(request, report, change.after, plan, result=result, cache=cache)
    if request.fixes is FixMode.WRITE and plan is not None:
        outcome = _apply_fixes(outcome, plan)
    if request.reads is not None:
        from reuse_audit.app.trajectory import annotate

        outcome = dataclasses.replace(outcome, report=annotate(outcome.report, request.reads))
    return dataclasses.replace(outcome, fixed_line=_fixed_line(outcome))


def _plan_fixes(
    request: CheckRequest, report: Report, result: Optional["Result"], answers: Optional["Answers"], cache: Optional[FactsCache],
) -> tuple[Optional["FixPlan"], Optional["Result"]]:
    """The fixes ``request.fixes`` asks for, verified by running the engine again (the kept plan
    of the same check when there is one); and the engine's run of the check, made when needed."""
    mode = request.fixes
    if mode is FixMode.NONE or (mode is FixMode.MARKS and not _fixable_findings(report)):
        return None, result
    # SARIF carries every verified fix (a suggestion, never applied by itself)
    unsafe = request.unsafe_fixes or mode is FixMode.EVERY
    # --fix and --diff apply the fixes of a file together, round after round, as ruff does
    rounds = FIX_ROUNDS if mode in (FixMode.DIFF, FixMode.WRITE) else 1
    # the marks verify the safe fixes only (the unsafe ones are counted), in a few checks
    max_checks = MARK_CHECKS if mode is FixMode.MARKS else None
    # --fix reads the check of the fixed code, which a kept plan does not hold
    kept = answers if mode is not FixMode.WRITE else None
    plan = kept.plan(report.findings, unsafe, rounds, max_checks) if kept is not None else None
    if plan is None:
        from reuse_audit.fix.fixes import plan_fixes
        from reuse_audit.lint.engine import run  # not .api: it imports the parser

        change, settings, jobs = request.change, request.settings, request.jobs
        if result is None:
            result = run(change, settings, cache=cache, jobs=jobs, rules=RULES.select(settings))
        # the fixes are verified by this check again: its settings, cache, jobs and rules
        check_again = functools.partial(run, settings=settings, cache=cache, jobs=jobs, rules=result.rules)
        plan = plan_fixes(change, result, check_again, report.findings, unsafe=unsafe, rounds=rounds, max_checks=max_checks)
        if kept is not None:
            kept.put_plan(report.findings, unsafe, rounds, max_checks, plan)
    return plan, result


def _fixable_findings(report: Report) -> bool:
    from reuse_audit.fix.plan import fixable_codes

    fixable = fixable_codes(RULES.of(report.rules))
    return any(f.rule in fixable and not f.suppressed for f in report.findings)


def _with_fix_notes(report: Report, plan: "FixPlan", why_not: bool) -> Report:
    """The report with the plan's notes (fixes dropped by the verification) and, when
    ``why_not``, a note for each finding without a fix saying why."""
    notes = set(report.notes) | set(plan.notes)
    if why_not:
        for f in report.findings:
            reason = plan.reasons.get(f.stable_key)
            if reason is not None and not f.suppressed:
                notes.add(Note(f.location.path, f"line {f.location.line}: no fix for {f.rule} '{f.function}': {reason}"))
    return dataclasses.replace(report, notes=tuple(sorted(notes, key=lambda n: (n.path, n.message))))


def _apply_fixes(outcome: CheckOutcome, plan: "FixPlan") -> CheckOutcome:
    """Write the plan's fixes under the root: the report of the fixed code (when a file could not
    be written: the report without the findings fixed, the others moved to their lines in the
    fixed files), the summary line, the fixes written, and the after-tree as written."""
    from reuse_audit.fix.fixes import relocate, write_fixes

    report, baseline = outcome.report, outcome.request.baseline
    before = {f.stable_key: f for f in report.findings}
    written, notes = write_fixes(outcome.request.root, plan)
    files = {path: texts for path, texts in plan.files.items() if path in written}
    fixed = {key for key, fix in plan.fixes.items() if fix.path in written}
    if plan.result is not None and written == set(plan.files):
        # the check of the code as written: what the fixes made go away is gone (an RA003
        # finding of the function an RA001 fix rewrote too), and every line is where it now is
        again = plan.result.report
        if baseline is not None:
            again = _without_baseline(again, baseline)
        kept = tuple(f for f in again.findings if f.stable_key not in fixed)
        fix_notes = [n for n in report.notes if n in plan.notes or "no fix for" in n.message]
        all_notes = sorted(set(again.notes) | set(notes) | set(fix_notes), key=lambda n: (n.path, n.message))
        report = dataclasses.replace(again, findings=kept, notes=tuple(all_notes))
    else:
        kept = relocate((f for f in report.findings if f.stable_key not in fixed), files)
        all_notes = sorted(set(report.notes) | set(notes), key=lambda n: (n.path, n.message))
        report = dataclasses.replace(report, findings=kept, notes=tuple(all_notes))
    remaining = sum(1 for f in kept if not f.suppressed)
    after = outcome.after
    if files:
        after = OverlayTree(after, {path: new.encode("utf-8") for path, (_, new) in files.items()})
    return dataclasses.replace(
        outcome, report=report, after=after, fixed_line=f"Fixed {_findings(len(fixed))} ({remaining} remaining).",
        applied=tuple(_fixes_applied(plan, before)),
    )


def _fixed_line(outcome: CheckOutcome) -> Optional[str]:
    """The line that sums up the fixes: written (--fix) or that --diff shows, and the unsafe
    fixes left out."""
    line, plan = outcome.fixed_line, outcome.plan
    if outcome.request.fixes is FixMode.DIFF and plan is not None:
        unsuppressed = [f for f in outcome.report.findings if not f.suppressed]
        fixable = sum(1 for f in unsuppressed if f.stable_key in plan.fixes)
        line = f"Would fix {_findings(fixable)} ({len(unsuppressed) - fixable} remaining)."
    if line is not None and plan is not None and plan.unsafe_left:
        n = plan.unsafe_left
        line += f" {n} unsafe fix{'' if n == 1 else 'es'} left out: --unsafe-fixes takes {'it' if n == 1 else 'them'}."
    return line


def _fixes_applied(plan: "FixPlan", before: Mapping[str, Finding]) -> list[str]:
    """--fix --show-fixes: the fixes written, file by file (as ruff --show-fixes lists them)."""
    by_file: dict[str, dict[str, int]] = {}
    for key, fix in plan.fixes.items():
        finding = before.get(key)
        if finding is None:
            continue
        by_file.setdefault(fix.path, {}).setdefault(finding.rule, 0)
        by_file[fix.path][finding.rule] += 1
    if not by_file:
        return []
    lines = [f"Fixed {_findings(sum(sum(c.values()) for c in by_file.values()))}:"]
    for path in sorted(by_file):
        lines.append(f"- {path}:")
        for code, n in sorted(by_file[path].items()):
            name = RULES[code].name if code in RULES else code
            lines.append(f"    {n} × {code} ({name})")
    return lines


def _findings(n: int) -> str:
    return f"{n} finding{'' if n == 1 else 's'}"


def _check_targets_defined(path: str, report: Report) -> None:
    """A declared target the repository does not define is a mistake in the targets file, not a finding."""
    undefined = [name for name, status in target_verdicts(report).items() if status is TargetStatus.UNKNOWN]
    if not undefined:
        return
    name = undefined[0]
    number = next(
        (i for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1) if line.split("#", 1)[0].strip() == name),
        None,
    )
    more = f" (and {len(undefined) - 1} more)" if len(undefined) > 1 else ""
    where = f"{path}:{number}" if number is not None else path
    raise UsageError(
        f"--targets {where}: '{name}' is not a function, method, class or callable instance of the repository{more}; "
        f"write its qualified name as pkg.module.function, pkg.module.Class.method or a public re-export of one"
    )


def _without_baseline(report: Report, baseline: frozenset[str]) -> Report:
    """The report without the unsuppressed findings whose stable key is in the baseline (counted in ``baselined``)."""
    kept = tuple(f for f in report.findings if f.suppressed or f.stable_key not in baseline)
    return dataclasses.replace(report, findings=kept, baselined=len(report.findings) - len(kept))


# --------------------------------------------------------------------------
# what the command line names


@dataclass(frozen=True)
class SourcesRequest:
    """What ``reuse-audit check`` names: a patch (PATCH, - for standard input), files and folders
    (PATHS), or the git source of the repository holding ``repo`` (the working tree against
    HEAD, ``staged``, or ``base``...``head``); and its options, checked in the order the
    command always checked them (so that of two mistakes, the same one is named)."""

    repo: str = "."
    patch: Optional[str] = None
    paths: tuple[str, ...] = ()
    staged: bool = False
    base: Optional[str] = None
    head: Optional[str] = None
    fmt: str = "text"  # the report's format: SARIF carries every fix and the provenance, the terminal ones mark safe fixes
    diff: bool = False  # --diff: the fixes shown
    fix: bool = False  # --fix: the fixes written
    unsafe_fixes: bool = False
    statistics: bool = False  # --statistics: a table of counts (a terminal format's)
    select: Optional[str] = None  # --select and --ignore: comma-separated codes
    ignore: Optional[str] = None
    config_file: Optional[str] = None  # the settings' file (default: the repository's pyproject.toml)
    overrides: Mapping[str, Any] = field(default_factory=dict)  # the rules' thresholds the command line gives (None: not given)
    targets_file: Optional[str] = None
    baseline_file: Optional[str] = None
    trajectory_file: Optional[str] = None
    cache_dir: Optional[str] = None  # (default: the user cache directory)
    use_cache: bool = True
    jobs: int = 0


def check_sources(request: SourcesRequest, note: Callable[[str], None]) -> CheckOutcome:
    """Check what ``request`` names; ``note`` is told the problems of the trajectory as it is read."""
    from reuse_audit.lint.baseline import load_baseline

    baseline = load_baseline(request.baseline_file) if request.baseline_file is not None else None
    git_source = _git_source(request)
    fixes = _fix_mode(request, git_source)
    repo_path = _repo_path(request)
    select_codes, ignore_codes = selected_codes(request.select, request.ignore)
    git_repo, root = _repository(request, repo_path, git_source)
    if request.statistics and request.fmt not in TERMINAL_FORMATS:
        raise UsageError(f"--statistics prints a table of counts: it takes no --format {request.fmt}")
    settings = load_settings(root, Path(request.config_file) if request.config_file is not None else None, rules=RULES)
    settings = settings.with_overrides(
        **request.overrides, select=select_codes, ignore=ignore_codes,
        targets=read_targets(request.targets_file) if request.targets_file else None,
    )
    change = _read_change(request, repo_path, git_source, git_repo, settings)
    reads = _trajectory_reads(request.trajectory_file, root, note) if request.trajectory_file is not None else None
    cache_dir = (Path(request.cache_dir) if request.cache_dir else default_cache_dir()) if request.use_cache else None
    outcome = check_change(CheckRequest(
        change, settings, root, cache_dir=cache_dir, jobs=request.jobs, fixes=fixes, unsafe_fixes=request.unsafe_fixes,
        writable=bool(request.paths) or (git_source is not None and git_source.mode != "range"),
        baseline=baseline, targets_file=request.targets_file, reads=reads,
    ))
    return dataclasses.replace(outcome, provenance=_provenance(request, repo_path, git_source, git_repo))


def _git_source(request: SourcesRequest) -> Optional["GitSource"]:
    """The git source ``request`` names; None for PATH... or a PATCH alone (git has nothing to say)."""
    if request.paths:
        if request.staged or request.base is not None or request.head is not None:
            raise UsageError("PATH... checks files as they are: it takes no --staged, --base or --head")
        return None
    if request.patch is None or request.staged or request.base is not None or request.head is not None or request.fmt == "sarif":
        # GitPython costs ~0.1 s to import: only when git is asked for
        from reuse_audit.source import git as gitsource

        return gitsource.select_source(request.patch, request.staged, request.base, request.head)
    return None


def _fix_mode(request: SourcesRequest, git_source: Optional["GitSource"]) -> FixMode:
    """The fixes the options ask for: --diff shows them, --fix writes them (only into a working
    tree the change was read from); the report's format may carry them."""
    diff, fix = request.diff, request.fix
    if request.unsafe_fixes and not (diff or fix):
        raise UsageError("--unsafe-fixes: goes with --diff or --fix (SARIF output carries every fix)")
    if diff and fix:
        raise UsageError("--diff and --fix exclude each other (--diff shows the fixes, --fix applies them)")
    if diff and request.fmt != "text":
        raise UsageError(f"--diff prints the fixes as a unified diff: it takes no --format {request.fmt}")
    if fix and not request.paths and (git_source is None or git_source.mode == "range"):
        source = "a patch file" if git_source is None else "/".join(git_source.options)
        raise UsageError(
            f"--fix writes into the working tree, so the change must come from it (no PATCH) or from the index "
            f"(--staged), not from {source}; use --diff to see the fixes"
        )
    if fix:
        return FixMode.WRITE
    if diff:
        return FixMode.DIFF
    if request.fmt == "sarif":  # SARIF carries every verified fix
        return FixMode.EVERY
    # the formats for people mark the findings a safe fix would remove, as ruff does
    return FixMode.MARKS if request.fmt in TERMINAL_FORMATS else FixMode.NONE


def _repo_path(request: SourcesRequest) -> Path:
    """--repo, checked; for PATH..., the git work tree holding it."""
    repo_path = Path(request.repo)
    if not repo_path.is_dir():
        raise UsageError(f"--repo {request.repo}: {'not a directory' if repo_path.exists() else 'no such directory'}")
    return _work_tree_root(repo_path) if request.paths else repo_path


def _repository(request: SourcesRequest, repo_path: Path, git_source: Optional["GitSource"]) -> tuple[Optional["Repo"], Path]:
    """The git repository (for a git source, or SARIF's provenance; else None), and the root of the tree checked."""
    if git_source is None and request.fmt != "sarif":
        return None, repo_path
    from reuse_audit.source import git as gitsource

    git_repo = gitsource.open_repository(repo_path, git_source)
    if git_source is None:
        return git_repo, repo_path
    assert git_repo is not None  # open_repository raises for a git source outside a repository
    return git_repo, gitsource.work_tree(git_repo)


def _read_change(
    request: SourcesRequest, repo_path: Path, git_source: Optional["GitSource"], git_repo: Optional["Repo"], settings: Settings,
) -> "Change":
    from reuse_audit.source.change import change_from_patch, change_from_paths

    if request.paths:
        return change_from_paths(repo_path, _relative_paths(repo_path, request.paths), settings)
    if git_source is None:
        assert request.patch is not None  # select_source gives None (no git source) only for a PATCH
        text, source = _read_patch(request.patch)
        return change_from_patch(repo_path, text, source, settings)
    from reuse_audit.source import git as gitsource

    assert git_repo is not None
    return gitsource.change_from_git(git_repo, git_source, settings)


def _provenance(
    request: SourcesRequest, repo_path: Path, git_source: Optional["GitSource"], git_repo: Optional["Repo"],
) -> Optional["Provenance"]:
    """SARIF: where the code came from, when it came from git (or the folder checked is the repository's root)."""
    if request.fmt != "sarif" or git_repo is None:
        return None
    from reuse_audit.source import git as gitsource

    if git_source is None and not gitsource.is_root(git_repo, repo_path):
        return None
    return gitsource.provenance(git_repo, git_source.head if git_source is not None else None)


def _trajectory_reads(path: str, root: Path, note: Callable[[str], None]) -> tuple:
    """--trajectory: the reads of the agent's trajectory (its first bad lines told to ``note``)."""
    from reuse_audit.app.trajectory import load_reads

    reads, problems = load_reads(path, root)
    for problem in problems[:5]:
        note(f"--trajectory {problem}")
    return reads


def _work_tree_root(folder: Path) -> Path:
    """The git work tree holding ``folder`` (the folder with .git), else ``folder``: no GitPython needed."""
    here = folder.resolve()
    for candidate in (here, *here.parents):
        if (candidate / ".git").exists():
            return candidate
    return folder


def _relative_paths(root: Path, paths: tuple[str, ...]) -> list[str]:
    real_root = root.resolve()
    out = []
    for p in paths:
        real = Path(p).resolve()
        try:
            rel = real.relative_to(real_root)
        except ValueError:
            raise UsageError(f"{p}: not inside the repository {root} (give --repo the folder holding it)") from None
        out.append(rel.as_posix() if str(rel) != "." else "")
    return out


def read_targets(path: str) -> tuple[str, ...]:
    """One qualified name a line; blank lines and `#` comments are skipped."""
    text = read_input_text(path, f"--targets {path}")
    targets = []
    for number, line in enumerate(text.splitlines(), 1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        if not all(part.isidentifier() or part == LOCALS.strip(".") for part in name.split(".")):
            raise UsageError(f"--targets {path}:{number}: '{name}' is not a qualified name like pkg.mod.func")
        targets.append(name)
    return tuple(targets)


def _read_patch(patch: str) -> tuple[str, str]:
    """The patch PATCH names (- for standard input, read only then, as ruff and flake8 do)."""
    if patch == "-":
        data = sys.stdin.buffer.read()
        source = "<stdin>"
    else:
        path = Path(patch)
        if path.is_dir():
            raise UsageError(f"{patch}: is a directory, expected a patch file (git diff output)")
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise UsageError(f"{patch}: no such file") from None
        except OSError as exc:
            raise UsageError(f"{patch}: cannot read: {exc.strerror or exc}") from None
        source = patch
    # UTF-16 (PowerShell's `>`), a UTF-8 BOM, and bytes that are not UTF-8 are all kept exact
    return decode_patch(data), source
