"""Command line: ``reuse-audit check``, ``reuse-audit rules``, ``reuse-audit rule CODE``.

Only this module talks to the terminal and decides exit codes:
0 no findings, 1 findings, 2 bad input or internal error (one line on stderr,
never a traceback; set REUSE_AUDIT_DEBUG=1 to see one).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import sys
from pathlib import Path
from typing import Optional

import click

from reuse_audit import __version__
from reuse_audit.app.cli_options import emit, rule_options, selected_codes
from reuse_audit.errors import UsageError
from reuse_audit.escape import for_terminal
from reuse_audit.facts.cache import FactsCache, default_cache_dir
from reuse_audit.facts.rows import LOCALS
from reuse_audit.lint.config import load_settings
from reuse_audit.lint.model import Report
from reuse_audit.report import RenderContext, formats, render
from reuse_audit.rules import RULES
from reuse_audit.source.note import Note
from reuse_audit.source.patch import decode_patch

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: --fix and --diff: rounds of fixes at most (each plans what the one before left)
FIX_ROUNDS = 5
#: the formats for people, which mark a finding with a safe fix [*] and may be coloured
TERMINAL_FORMATS = ("text", "concise", "full")
#: the text, concise and full formats: engine runs at most to verify the safe fixes their [*] marks show
MARK_CHECKS = 2


class _Commands(click.Group):
    """The commands; ``bench`` (a group of its own, whose import costs about 15 ms that every
    ``check`` would pay) is imported when it is asked for, or listed in ``--help``."""

    LAZY = {"bench": ("reuse_audit.benchmark.cli", "bench")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.LAZY))

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name in self.LAZY and name not in self.commands:
            import importlib

            module, attribute = self.LAZY[name]
            command = getattr(importlib.import_module(module), attribute)
            # the whole first paragraph as its line in `reuse-audit --help` (the names' column is wider with `history`)
            command.short_help = command.short_help or " ".join((command.help or "").split("\n\n", 1)[0].split())
            self.add_command(command, name)
        return super().get_command(ctx, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="reuse-audit")
def cli() -> None:
    """Did a change reuse the code that was already there, or re-implement it?"""


@cli.command(short_help="Check a change (a patch, the working tree, staged changes or a range) or files for re-implemented code.")
@click.argument("sources", nargs=-1, metavar="[PATCH | PATH...]")
@click.option("--repo", "repo", default=".", show_default=True, metavar="DIR", help="The root of the tree the patch applies to (it need not be a git repository). With git sources, any folder of the repository: the whole repository is analysed.")
@click.option("--staged", is_flag=True, help="Check the staged changes: the index against HEAD, which is what a commit would add.")
@click.option("--base", default=None, metavar="REF", help="Check what a pull request adds: git diff BASE...HEAD, from the merge base.")
@click.option("--head", default=None, metavar="REF", help="With --base: the head of the range (default: the working tree).")
@click.option("--format", "fmt", type=click.Choice(formats()), default="text", show_default=True, help="The output format: text (one block a finding), concise (one line a finding, as ruff's concise format), full (with the code of both functions and the fix, as ruff's full format), json, sarif, or github (Actions annotations).")
@click.option("--output", "-o", "output", default=None, metavar="FILE", help="Write the report to FILE instead of standard output.")
@click.option("--config", "config_file", default=None, metavar="FILE", help="Read the settings from FILE (a pyproject.toml with [tool.reuse-audit], or a TOML file of those keys) instead of the repository's pyproject.toml.")
@click.option("--cache-dir", default=None, metavar="DIR", help="Keep the cache of parsed facts in DIR (default: the user cache directory).")
@click.option("--no-cache", is_flag=True, help="Do not read or write the cache.")
@rule_options
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, help="The number of parser processes for a cold cache (0: one per core).")
@click.option("--quiet", "-q", is_flag=True, help="Do not print notes about skipped or partly analysed files.")
@click.option("--targets", "targets_file", default=None, metavar="FILE", help="A file of declared reuse targets (RA002), one qualified name a line. A name the repository does not define is an error.")
@click.option("--category", default=None, metavar="TEXT", help="SARIF: the analysis category, written as automationDetails.id 'reuse-audit/TEXT/' (GitHub code scanning keeps one set of alerts per category).")
@click.option("--baseline", "baseline_file", default=None, metavar="FILE", help="Report only the findings not in FILE, an earlier report from --format json or --format sarif.")
@click.option("--diff", "show_diff", is_flag=True, help="Print the suggested fixes as a unified diff (for git apply) instead of the report.")
@click.option("--fix", "apply_fix", is_flag=True, help="Apply the suggested fixes to the working tree (no PATCH, or --staged), then report what remains.")
@click.option("--unsafe-fixes", "unsafe_fixes", is_flag=True, help="With --diff or --fix: also apply the fixes that change what the new function does (it is not a renamed copy of its target).")
@click.option("--show-fixes", "show_fixes", is_flag=True, help="Text and full formats: describe each finding's fix under it; with --fix, list the fixes applied.")
@click.option("--statistics", is_flag=True, help="Print the number of findings of each rule, and how many have a safe fix, instead of the findings.")
@click.option("--exit-zero", "exit_zero", is_flag=True, help="Exit with status 0 even when there are findings (bad input still exits with 2).")
@click.option("--trajectory", "trajectory_file", default=None, metavar="FILE", help="The trajectory of the agent that made the change (mini-swe-agent's, an OpenCode export, or reads.jsonl): each finding says whether its target was read, not reused, or never read.")
@click.option("--color", "color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True, help="Colour the text, concise and full formats: auto colours a terminal unless NO_COLOR is set.")
@click.option("--include-tests", "include_tests", is_flag=True, default=None, help="Check new test code too (test-patterns), against test code only (RA001, RA003).")
def check(
    sources: tuple[str, ...],
    repo: str,
    staged: bool,
    base: Optional[str],
    head: Optional[str],
    fmt: str,
    output: Optional[str],
    cache_dir: Optional[str],
    no_cache: bool,
    min_callees: Optional[int],
    min_overlap: Optional[float],
    select: Optional[str],
    ignore: Optional[str],
    jobs: int,
    quiet: bool,
    targets_file: Optional[str],
    category: Optional[str],
    baseline_file: Optional[str],
    show_diff: bool = False,
    apply_fix: bool = False,
    unsafe_fixes: bool = False,
    config_file: Optional[str] = None,
    min_similarity: Optional[float] = None,
    min_tokens: Optional[int] = None,
    min_confidence: Optional[float] = None,
    show_fixes: bool = False,
    statistics: bool = False,
    exit_zero: bool = False,
    color: str = "auto",
    trajectory_file: Optional[str] = None,
    include_tests: Optional[bool] = None,
) -> None:
    """Check the change in PATCH (a `git diff` file, or - for standard input) against --repo,
    or the functions in the files and folders PATH... against the rest of the repository.

    PATCH or PATH: - and a file not ending in .py are a patch; .py files and
    folders are paths, and every function in them is checked as if it were
    new, with no diff (the re-implementations already there, when a team
    adopts the tool). The repository is the git work tree holding --repo, or
    --repo when it is not in one.

    A patch the tree already holds (`git diff | reuse-audit check -` in the
    checkout it came from) is checked against the tree before it: the patch
    reversed in memory, as git apply -R would; nothing is written.

    Without PATCH, the change comes from the git repository holding --repo:
    the working tree against HEAD (untracked .py files that git does not
    ignore count as added, since a new module is usually untracked); with
    --staged, the index against HEAD; with --base REF [--head REF], git diff
    BASE...HEAD. When pre-commit sets PRE_COMMIT_FROM_REF and
    PRE_COMMIT_TO_REF, that range is checked. Standard input is read only for
    - (a pipe left on it is ignored, as ruff, flake8 and mypy do). Paths are
    relative to the repository root.

    Exit status: 0 no findings, 1 findings, 2 bad input.
    """
    from reuse_audit.app.answers import check as answered_check
    from reuse_audit.lint.baseline import load_baseline
    from reuse_audit.lint.engine import run  # not .api: it imports the parser
    from reuse_audit.source.change import change_from_patch, change_from_paths

    patch, paths = _split_sources(sources)
    baseline = load_baseline(baseline_file) if baseline_file is not None else None
    if paths and (staged or base is not None or head is not None):
        raise UsageError("PATH... checks files as they are: it takes no --staged, --base or --head")
    if paths:
        from reuse_audit.source import git as gitsource

        git_source = None
    elif patch is None or staged or base is not None or head is not None or fmt == "sarif":
        from reuse_audit.source import (
            git as gitsource,  # GitPython costs ~0.1 s to import: only when git is asked for
        )

        git_source = gitsource.select_source(patch, staged, base, head)
    else:
        git_source = None  # a PATCH alone: git has nothing to say
    _check_fix_options(show_diff, apply_fix, unsafe_fixes, fmt, git_source, bool(paths))
    repo_path = Path(repo)
    if not repo_path.is_dir():
        raise UsageError(f"--repo {repo}: {'not a directory' if repo_path.exists() else 'no such directory'}")
    if paths:
        repo_path = _work_tree_root(repo_path)
    select_codes, ignore_codes = selected_codes(select, ignore)
    git_repo = gitsource.open_repository(repo_path, git_source) if git_source is not None or fmt == "sarif" else None
    root = gitsource.work_tree(git_repo) if git_source is not None else repo_path
    if statistics and fmt not in TERMINAL_FORMATS:
        raise UsageError(f"--statistics prints a table of counts: it takes no --format {fmt}")
    settings = load_settings(root, Path(config_file) if config_file is not None else None, rules=RULES).with_overrides(
        min_callees=min_callees,
        min_overlap=min_overlap,
        min_similarity=min_similarity,
        min_tokens=min_tokens,
        min_confidence=min_confidence,
        select=select_codes,
        ignore=ignore_codes,
        targets=read_targets(targets_file) if targets_file else None,
        include_tests=include_tests or None,
    )
    if paths:
        change = change_from_paths(repo_path, _relative_paths(repo_path, paths), settings)
    elif git_source is None:
        assert patch is not None  # select_source gives None (no git source) only for a PATCH
        text, source = _read_patch(patch)
        change = change_from_patch(repo_path, text, source, settings)
    else:
        change = gitsource.change_from_git(git_repo, git_source, settings)
    reads = _trajectory_reads(trajectory_file, root) if trajectory_file is not None else None
    cache = None if no_cache else FactsCache(Path(cache_dir) if cache_dir else default_cache_dir())
    plan = None
    try:
        # the same check again (same tool, settings, change and files) is read from the cache
        report, result, answers = answered_check(change, settings, cache, jobs, rules=RULES.select(settings))
        if targets_file:
            _check_targets_defined(targets_file, report)
        if baseline is not None:
            report = _without_baseline(report, baseline)
        # the formats for people mark the findings a safe fix would remove, as ruff does
        marks = fmt in TERMINAL_FORMATS and _fixable_findings(report)
        if show_diff or apply_fix or fmt == "sarif" or marks:  # fixes are verified by running the engine again
            # SARIF carries every verified fix (a suggestion, never applied by itself)
            unsafe = unsafe_fixes or (fmt == "sarif" and not (show_diff or apply_fix))
            # --fix and --diff apply the fixes of a file together, round after round, as ruff does
            rounds = FIX_ROUNDS if show_diff or apply_fix else 1
            # the marks verify the safe fixes only (the unsafe ones are counted), in a few checks
            max_checks = MARK_CHECKS if not (show_diff or apply_fix or fmt == "sarif") else None
            # --fix reads the check of the fixed code, which a kept plan does not hold
            kept = answers if not apply_fix else None
            plan = kept.plan(report.findings, unsafe, rounds, max_checks) if kept is not None else None
            if plan is None:
                from reuse_audit.fix.fixes import plan_fixes

                if result is None:
                    result = run(change, settings, cache=cache, jobs=jobs, rules=RULES.select(settings))
                # the fixes are verified by this check again: its settings, cache, jobs and rules
                check_again = functools.partial(run, settings=settings, cache=cache, jobs=jobs, rules=result.rules)
                plan = plan_fixes(
                    change, result, check_again, report.findings, unsafe=unsafe, rounds=rounds, max_checks=max_checks,
                )
                if kept is not None:
                    kept.put_plan(report.findings, unsafe, rounds, max_checks, plan)
            if show_diff or apply_fix or fmt == "sarif":
                report = _with_fix_notes(report, plan, show_diff or apply_fix)
        if answers is not None:
            answers.keep()
    finally:
        if cache is not None:
            cache.close()
    fixed_line, after = None, change.after
    before_fix = {f.stable_key: f for f in report.findings}
    if apply_fix and plan is not None:
        report, fixed_line, after = _apply_fixes(root, plan, report, after, baseline)
    if reads is not None:
        from reuse_audit.app.trajectory import annotate

        report = annotate(report, reads)
    from reuse_audit.source.tree import bytes_reader

    provenance = None
    if fmt == "sarif" and git_repo is not None and (git_source is not None or gitsource.is_root(git_repo, repo_path)):
        provenance = gitsource.provenance(git_repo, git_source.head if git_source is not None else None)
    ctx = RenderContext(
        rules=RULES.of(report.rules), version=__version__, source=bytes_reader(after), provenance=provenance,
        category=category, fixes=plan.fixes if plan is not None else {},
        color=_use_color(color, output), show_fixes=show_fixes,
        fix_option="--fix" if paths or (git_source is not None and git_source.mode != "range") else "--diff",
        unsafe_fixes=plan.unsafe_left if plan is not None else 0,
    )
    if show_diff and plan is not None:
        rendered = plan.diff()
    elif statistics:
        rendered = _statistics(report, ctx)
    else:
        rendered = render(fmt, report, ctx)
    if not quiet:
        for note in report.notes:
            # one line a note, whatever the file is called
            line = f"{note.path}: {note.message}" if note.path else note.message
            click.echo("note: " + for_terminal(line), err=True)
    emit(rendered, output)
    if cache is not None and result is not None:
        from reuse_audit.index import background

        cache_notes: list[str] = []
        background.start_after(root, cache, settings, jobs, result, change, cache_notes)
        for line in cache_notes if not quiet else ():
            click.echo("note: " + for_terminal(line), err=True)
    unsuppressed = [f for f in report.findings if not f.suppressed]
    if show_diff and plan is not None:
        fixable = sum(1 for f in unsuppressed if f.stable_key in plan.fixes)
        fixed_line = f"Would fix {_findings(fixable)} ({len(unsuppressed) - fixable} remaining)."
    if fixed_line is not None:
        if plan is not None and plan.unsafe_left:
            n = plan.unsafe_left
            fixed_line += f" {n} unsafe fix{'' if n == 1 else 'es'} left out: --unsafe-fixes takes {'it' if n == 1 else 'them'}."
        click.echo(fixed_line, err=True)
        if show_fixes and apply_fix and plan is not None:
            for line in _fixes_applied(plan, before_fix, report):
                click.echo(line, err=True)
    # a changed file that is not Python fails the check as a finding does (ruff: a syntax error)
    sys.exit(EXIT_FINDINGS if (unsuppressed or report.errors) and not exit_zero else EXIT_CLEAN)


PY_SUFFIXES = (".py", ".pyi")


def _trajectory_reads(path: str, root: Path) -> tuple:
    """--trajectory: the reads of the agent's trajectory (its bad lines as notes on standard error)."""
    from reuse_audit.app.trajectory import load_reads

    reads, problems = load_reads(path, root)
    for problem in problems[:5]:
        click.echo(f"note: --trajectory {problem}", err=True)
    return reads


def _split_sources(sources: tuple[str, ...]) -> tuple[Optional[str], tuple[str, ...]]:
    """(PATCH, PATHS): - or one file not ending in .py is a patch; .py files and folders are paths."""
    if not sources:
        return None, ()
    patches = [s for s in sources if s == "-" or not (s.endswith(PY_SUFFIXES) or Path(s).is_dir())]
    if not patches:
        for s in sources:
            if not Path(s).exists():
                raise UsageError(f"{s}: no such file or directory")
        return None, sources
    if len(sources) > 1:
        raise UsageError(
            f"{patches[0]}: a patch (- or a file not ending in .py) must be the only argument; "
            "PATH... takes .py files and folders"
        )
    return sources[0], ()


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


def _fixable_findings(report: Report) -> bool:
    from reuse_audit.fix.plan import fixable_codes

    fixable = fixable_codes(RULES.of(report.rules))
    return any(f.rule in fixable and not f.suppressed for f in report.findings)


def _use_color(choice: str, output: Optional[str]) -> bool:
    """--color always/never; auto: standard output is a terminal (not --output FILE), NO_COLOR is
    not set (https://no-color.org) and TERM is not dumb; FORCE_COLOR forces it."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if output not in (None, "-") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _statistics(report: Report, ctx: RenderContext) -> str:
    """One line a rule: how many findings, [*] when some have a safe fix, the rule's name
    and how many are fixable; then the text format's summary lines (as ruff --statistics)."""
    from reuse_audit.report.text import CYAN, _summary, finish, fixable_line, paint

    rules = RULES
    shown = [f for f in report.findings if not f.suppressed]
    counts: dict[str, list[int]] = {}
    for f in shown:
        fix = ctx.fixes.get(f.stable_key)
        entry = counts.setdefault(f.rule, [0, 0])
        entry[0] += 1
        entry[1] += 1 if fix is not None and fix.safe else 0
    width = max((len(str(n)) for n, _ in counts.values()), default=1)
    lines = []
    for code, (n, safe) in sorted(counts.items(), key=lambda item: (-item[1][0], item[0])):
        name = rules[code].name if code in rules else ""
        mark = paint("[*]", CYAN, ctx) if safe else "[ ]"
        tail = f"  ({safe} fixable)" if safe else ""
        lines.append(f"{str(n).rjust(width)}  {code}  {mark} {name}{tail}")
    lines.append(_summary(report, shown, len(report.findings) - len(shown)))
    fix_line = fixable_line(shown, ctx)
    if fix_line:
        lines.append(fix_line)
    return finish(lines)


def _fixes_applied(plan, before: dict, report: Report) -> list[str]:
    """--fix --show-fixes: the fixes written, file by file (as ruff --show-fixes lists them)."""
    rules = RULES
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
            name = rules[code].name if code in rules else code
            lines.append(f"    {n} × {code} ({name})")
    return lines


def _check_fix_options(show_diff: bool, apply_fix: bool, unsafe_fixes: bool, fmt: str, git_source, paths: bool = False) -> None:
    """--diff shows fixes, --fix writes them: only into a working tree the change was read from."""
    if unsafe_fixes and not (show_diff or apply_fix):
        raise UsageError("--unsafe-fixes: goes with --diff or --fix (SARIF output carries every fix)")
    if show_diff and apply_fix:
        raise UsageError("--diff and --fix exclude each other (--diff shows the fixes, --fix applies them)")
    if show_diff and fmt != "text":
        raise UsageError(f"--diff prints the fixes as a unified diff: it takes no --format {fmt}")
    if apply_fix and not paths and (git_source is None or git_source.mode == "range"):
        source = "a patch file" if git_source is None else "/".join(git_source.options)
        raise UsageError(
            f"--fix writes into the working tree, so the change must come from it (no PATCH) or from the index "
            f"(--staged), not from {source}; use --diff to see the fixes"
        )






def _findings(n: int) -> str:
    return f"{n} finding{'' if n == 1 else 's'}"


def _with_fix_notes(report: Report, plan, why_not: bool) -> Report:
    """The report with the plan's notes (fixes dropped by the verification) and, when
    ``why_not``, a note for each finding without a fix saying why."""
    notes = set(report.notes) | set(plan.notes)
    if why_not:
        for f in report.findings:
            reason = plan.reasons.get(f.stable_key)
            if reason is not None and not f.suppressed:
                notes.add(Note(f.location.path, f"line {f.location.line}: no fix for {f.rule} '{f.function}': {reason}"))
    return dataclasses.replace(report, notes=tuple(sorted(notes, key=lambda n: (n.path, n.message))))


def _apply_fixes(root: Path, plan, report: Report, after, baseline=None):
    """Write the plan's fixes under ``root``: the report of the fixed code (when a file could not
    be written: the report without the findings fixed, the others moved to their lines in the
    fixed files), the summary line, and the after-tree as written."""
    from reuse_audit.fix.fixes import relocate, write_fixes
    from reuse_audit.source.tree import OverlayTree

    written, notes = write_fixes(root, plan)
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
    after = OverlayTree(after, {path: new.encode("utf-8") for path, (_, new) in files.items()}) if files else after
    return report, f"Fixed {_findings(len(fixed))} ({remaining} remaining).", after


@cli.command(name="rules", short_help="List the rules: code, name and what each finds.")
def list_rules() -> None:
    """List the rules."""
    for code, rule in sorted(RULES.items()):
        click.echo(f"{code}  {rule.name:<24} {rule.summary}")


@cli.command(name="rule", short_help="Print the documentation of a rule, such as RA001.")
@click.argument("code")
def show_rule(code: str) -> None:
    """Print the documentation of rule CODE (for example RA001): what it does, why it matters, an example, and its options."""
    rule = RULES.find(code)
    if rule is None:
        raise UsageError(f"unknown rule '{code}' (known: {', '.join(sorted(RULES))})")
    click.echo(rule.markdown(), nl=False)


@cli.command(name="mcp", short_help="Serve the reuse checks to coding agents over MCP (stdio): check_changes, find_existing, explain.")
@click.option("--repo", "repo", default=".", show_default=True, metavar="DIR", help="A folder of the repository to serve (its git work tree, or the folder outside git).")
@click.option("--cache-dir", default=None, metavar="DIR", help="Keep the cache of parsed facts in DIR (default: the user cache directory).")
@click.option("--no-cache", is_flag=True, help="Do not read or write the cache (every check is cold).")
def mcp_command(repo: str, cache_dir: Optional[str], no_cache: bool) -> None:
    """Serve the repository's reuse checks over the Model Context Protocol, on standard input and
    output, for a coding agent (Claude Code, OpenCode, Cursor...) to call before and after it writes:

    check_changes (the working tree against HEAD, or a diff: each finding with the function to call
    instead and its signature), find_existing (the existing functions a function would
    re-implement, before it is written) and explain (a rule's or a finding's documentation).

    Read-only: it never writes into the repository nor runs its code. Needs the MCP SDK:
    pip install 'reuse-audit[mcp]'.
    """
    from reuse_audit.app.mcp_server import missing_sdk

    problem = missing_sdk()
    if problem is not None:
        raise UsageError(problem)
    from reuse_audit.app.agent_tools import RepoTools
    from reuse_audit.app.mcp_server import serve

    serve(RepoTools(Path(repo), Path(cache_dir) if cache_dir else None, use_cache=not no_cache))


from reuse_audit.app.history_cli import history  # noqa: E402  (its heavy imports are inside the command)

cli.add_command(history)


def read_targets(path: str) -> tuple[str, ...]:
    """One qualified name a line; blank lines and `#` comments are skipped."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"--targets {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"--targets {path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    targets = []
    for number, line in enumerate(text.splitlines(), 1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        if not all(part.isidentifier() or part == LOCALS.strip(".") for part in name.split(".")):
            raise UsageError(f"--targets {path}:{number}: '{name}' is not a qualified name like pkg.mod.func")
        targets.append(name)
    return tuple(targets)




def _check_targets_defined(path: str, report: Report) -> None:
    """A declared target the repository does not define is a mistake in the targets file, not a finding."""
    from reuse_audit.lint.model import TargetStatus, target_verdicts

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


# click >= 8.2 raises this for a group called without a command (older versions print the help)
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())


def main(argv: Optional[list[str]] = None) -> None:
    # A report must never be lost to an encoding error: a console or pipe that
    # cannot show a character (a Windows code page, PYTHONIOENCODING=ascii)
    # gets a backslash escape instead.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass
    try:
        cli.main(args=argv, prog_name="reuse-audit", standalone_mode=False)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_ERROR)
        sys.exit(code)
    except click.exceptions.Abort:
        _fail("aborted")
    except _NO_ARGS as exc:  # a bare `reuse-audit`: not the whole help text as an error line
        ctx = exc.ctx
        path = ctx.command_path if ctx is not None else "reuse-audit"
        names = ", ".join(ctx.command.list_commands(ctx)) if ctx is not None and isinstance(ctx.command, click.Group) else ""
        _fail(f"missing command (see '{path} --help'" + (f"; commands: {names})" if names else ")"))
    except click.ClickException as exc:
        _fail(" ".join(exc.format_message().split()))
    except UsageError as exc:
        _fail(" ".join(str(exc).split()))
    except KeyboardInterrupt:
        _fail("interrupted")
    except RecursionError:
        _fail("internal error: recursion too deep (please report this with the input that caused it)")
    except Exception as exc:  # never a traceback for the user
        if os.environ.get("REUSE_AUDIT_DEBUG"):
            raise
        _fail(f"internal error: {type(exc).__name__}: {exc} (set REUSE_AUDIT_DEBUG=1 for a traceback, and please report it)")
    sys.exit(EXIT_CLEAN)


def _fail(message: str) -> None:
    click.echo(f"reuse-audit: error: {for_terminal(message)}", err=True)
    sys.exit(EXIT_ERROR)


if __name__ == "__main__":  # pragma: no cover
    main()
