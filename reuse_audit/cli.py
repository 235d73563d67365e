"""Command line: ``reuse-audit check``, ``reuse-audit rules``, ``reuse-audit rule CODE``.

Only this module talks to the terminal and decides exit codes:
0 no findings, 1 findings, 2 bad input or internal error (one line on stderr,
never a traceback; set REUSE_AUDIT_DEBUG=1 to see one).
"""

from __future__ import annotations

import dataclasses
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Optional

import click

from . import __version__
from .cache import FactsCache, default_cache_dir
from .errors import UsageError
from .model import Note, Report
from .patch import decode_patch
from .reporters import RenderContext, formats, render
from .settings import Settings, describe_unknown, load_settings, unknown_codes

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _codes(value: Optional[str]) -> Optional[tuple[str, ...]]:
    if value is None:
        return None
    return tuple(c.strip().upper() for c in value.split(",") if c.strip())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="reuse-audit")
def cli() -> None:
    """Did a change reuse the code that was already there, or re-implement it?"""


@cli.command()
@click.argument("patch", required=False)
@click.option("--repo", "repo", default=".", show_default=True, help="Root of the tree the patch applies to (need not be a git repository); with git sources, any folder of the repository (the whole repository is analysed).")
@click.option("--staged", is_flag=True, help="Check the staged changes: the index against HEAD (what a commit would add).")
@click.option("--base", default=None, metavar="REF", help="Check what a pull request adds: git diff BASE...HEAD (from the merge base).")
@click.option("--head", default=None, metavar="REF", help="With --base: the head of the range (default: the working tree).")
@click.option("--format", "fmt", type=click.Choice(formats()), default="text", show_default=True, help="Output format.")
@click.option("--output", "-o", "output", default=None, help="Write the report to this file instead of standard output.")
@click.option("--cache-dir", default=None, help="Where parsed facts are cached (default: the user cache directory).")
@click.option("--no-cache", is_flag=True, help="Do not read or write the cache.")
@click.option("--min-callees", type=click.IntRange(min=1), default=None, help="RA001: judge only targets with at least this many callees [3].")
@click.option("--min-overlap", type=click.FloatRange(0.0, 1.0), default=None, help="RA001: share of the target's callees the new code must call [0.8].")
@click.option("--select", default=None, help="Comma-separated rule codes (or prefixes) to run.")
@click.option("--ignore", default=None, help="Comma-separated rule codes (or prefixes) to skip.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, help="Parser processes for a cold cache (0: one per core).")
@click.option("--quiet", "-q", is_flag=True, help="Do not print notes about skipped or partly analysed files.")
@click.option("--targets", "targets_file", default=None, help="RA002: file of declared reuse targets, one qualified name a line.")
@click.option("--category", default=None, metavar="TEXT", help="SARIF: analysis category, written as automationDetails.id 'reuse-audit/TEXT/' (GitHub code scanning keeps one set of alerts per category).")
@click.option("--baseline", "baseline_file", default=None, metavar="FILE", help="Report only findings not in FILE, an earlier report from --format json or --format sarif.")
@click.option("--diff", "show_diff", is_flag=True, help="Print the suggested fixes as a unified diff (for git apply) instead of the report.")
@click.option("--fix", "apply_fix", is_flag=True, help="Apply the suggested fixes to the working tree (no PATCH, or --staged), then report what remains.")
@click.option("--unsafe-fixes", "unsafe_fixes", is_flag=True, help="With --diff or --fix: also the fixes that change what the new function does (it is not a renamed copy of its target).")
@click.option("--include-tests", "include_tests", is_flag=True, default=None, help="RA001/RA003: check new test code too (test-patterns), against test code only.")
def check(
    patch: Optional[str],
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
    include_tests: Optional[bool] = None,
) -> None:
    """Check the change in PATCH (a `git diff`, or - for standard input) against --repo.

    Without PATCH, the change comes from the git repository holding --repo:
    the working tree against HEAD (untracked, not ignored .py files count as
    added: a new module is usually untracked); --staged: the index against
    HEAD; --base REF [--head REF]: git diff BASE...HEAD. When pre-commit sets
    PRE_COMMIT_FROM_REF and PRE_COMMIT_TO_REF, that range is checked. Paths are
    relative to the repository root.

    Exit status: 0 no findings, 1 findings, 2 bad input.
    """
    from .baseline import load_baseline
    from .engine import change_from_patch, run

    baseline = load_baseline(baseline_file) if baseline_file is not None else None
    if patch is None or staged or base is not None or head is not None or fmt == "sarif":
        from . import gitsource  # GitPython costs ~0.1 s to import: only when git is asked for

        git_source = gitsource.select_source(patch, staged, base, head)
    else:
        git_source = None  # a PATCH alone: git has nothing to say
    _check_fix_options(show_diff, apply_fix, unsafe_fixes, fmt, git_source)
    repo_path = Path(repo)
    if not repo_path.is_dir():
        raise UsageError(f"--repo {repo}: {'not a directory' if repo_path.exists() else 'no such directory'}")
    select_codes, ignore_codes = _codes(select), _codes(ignore)
    for option, codes in (("--select", select_codes), ("--ignore", ignore_codes)):
        bad = unknown_codes(codes or ())
        if bad:
            raise UsageError(f"{option}: {describe_unknown(bad)}")
    git_repo = gitsource.open_repository(repo_path, git_source) if git_source is not None or fmt == "sarif" else None
    root = gitsource.work_tree(git_repo) if git_source is not None else repo_path
    settings = load_settings(root).with_overrides(
        min_callees=min_callees,
        min_overlap=min_overlap,
        select=select_codes,
        ignore=ignore_codes,
        targets=read_targets(targets_file) if targets_file else None,
        include_tests=include_tests or None,
    )
    if git_source is None:
        text, source = _read_patch(patch)
        change = change_from_patch(repo_path, text, source, settings)
    else:
        change = gitsource.change_from_git(git_repo, git_source, settings)
    cache = None if no_cache else FactsCache(Path(cache_dir) if cache_dir else default_cache_dir())
    plan = None
    try:
        result = run(change, settings, cache=cache, jobs=jobs)
        report = result.report
        if baseline is not None:
            report = _without_baseline(report, baseline)
        if show_diff or apply_fix or fmt == "sarif":  # fixes are verified by running the engine again
            from .fixes import plan_fixes

            # SARIF carries every verified fix (a suggestion, never applied by itself)
            unsafe = unsafe_fixes or not (show_diff or apply_fix)
            plan = plan_fixes(change, result, report.findings, settings, cache=cache, jobs=jobs, unsafe=unsafe)
            report = _with_fix_notes(report, plan, show_diff or apply_fix)
    finally:
        if cache is not None:
            cache.close()
    fixed_line, after = None, change.after
    if apply_fix and plan is not None:
        report, fixed_line, after = _apply_fixes(root, plan, report, after)
    provenance = None
    if fmt == "sarif" and git_repo is not None and (git_source is not None or gitsource.is_root(git_repo, repo_path)):
        provenance = gitsource.provenance(git_repo, git_source.head if git_source is not None else None)
    ctx = RenderContext(
        rules=_rules_for(report), version=__version__, source=_source_reader(after), provenance=provenance,
        category=category, fixes=plan.fixes if plan is not None else {},
    )
    rendered = plan.diff() if show_diff and plan is not None else render(fmt, report, ctx)
    if not quiet:
        for note in report.notes:
            # one line a note, whatever the file is called
            line = f"{note.path}: {note.message}" if note.path else note.message
            click.echo("note: " + line.replace("\r", "\\r").replace("\n", "\\n"), err=True)
    _emit(rendered, output)
    if cache is not None and _answered_lazily(result):
        from . import background

        background.start(root, cache.directory, settings, jobs, "RA003" in report.rules, _changes_over(root, change.after))
    unsuppressed = [f for f in report.findings if not f.suppressed]
    if show_diff and plan is not None:
        fixable = sum(1 for f in unsuppressed if f.stable_key in plan.fixes)
        fixed_line = f"Would fix {_findings(fixable)} ({len(unsuppressed) - fixable} remaining)."
    if fixed_line is not None:
        if plan is not None and plan.unsafe_left:
            n = plan.unsafe_left
            fixed_line += f" {n} unsafe fix{'' if n == 1 else 'es'} left out: --unsafe-fixes takes {'it' if n == 1 else 'them'}."
        click.echo(fixed_line, err=True)
    sys.exit(EXIT_FINDINGS if unsuppressed else EXIT_CLEAN)


def _check_fix_options(show_diff: bool, apply_fix: bool, unsafe_fixes: bool, fmt: str, git_source) -> None:
    """--diff shows fixes, --fix writes them: only into a working tree the change was read from."""
    if unsafe_fixes and not (show_diff or apply_fix):
        raise UsageError("--unsafe-fixes: goes with --diff or --fix (SARIF output carries every fix)")
    if show_diff and apply_fix:
        raise UsageError("--diff and --fix exclude each other (--diff shows the fixes, --fix applies them)")
    if show_diff and fmt != "text":
        raise UsageError(f"--diff prints the fixes as a unified diff: it takes no --format {fmt}")
    if apply_fix and (git_source is None or git_source.mode == "range"):
        source = "a patch file" if git_source is None else "/".join(git_source.options)
        raise UsageError(
            f"--fix writes into the working tree, so the change must come from it (no PATCH) or from the index "
            f"(--staged), not from {source}; use --diff to see the fixes"
        )


def _changes_over(root: Path, tree) -> Optional[dict]:
    """The files of ``tree`` that differ from the folder ``root``'s, when it is the folder
    with a patch applied in memory (None: it is not, or it is the folder as it is)."""
    from .tree import FsTree, OverlayTree

    if type(tree) is OverlayTree and type(tree.base) is FsTree and Path(tree.base.root).resolve() == Path(root).resolve():
        return dict(tree.changes)
    return None


def _answered_lazily(result) -> bool:
    """Did the check build only part of the index (so that no snapshot is stored for the next one)?"""
    from .lazy import LazyRepoIndex

    return isinstance(result.index, LazyRepoIndex)


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


def _apply_fixes(root: Path, plan, report: Report, after):
    """Write the plan's fixes under ``root``: the report without the findings fixed (the others
    moved to their lines in the fixed files), the summary line, and the after-tree as written."""
    from .fixes import relocate, write_fixes
    from .tree import OverlayTree

    written, notes = write_fixes(root, plan)
    files = {path: texts for path, texts in plan.files.items() if path in written}
    fixed = {key for key, fix in plan.fixes.items() if fix.path in written}
    kept = relocate((f for f in report.findings if f.stable_key not in fixed), files)
    all_notes = sorted(set(report.notes) | set(notes), key=lambda n: (n.path, n.message))
    report = dataclasses.replace(report, findings=kept, notes=tuple(all_notes))
    remaining = sum(1 for f in kept if not f.suppressed)
    after = OverlayTree(after, {path: new.encode("utf-8") for path, (_, new) in files.items()}) if files else after
    return report, f"Fixed {_findings(len(fixed))} ({remaining} remaining).", after


@cli.command(name="rules")
def list_rules() -> None:
    """List the rules."""
    from .engine import all_rules

    for code, rule in sorted(all_rules().items()):
        click.echo(f"{code}  {rule.name:<24} {rule.summary}")


@cli.command(name="rule")
@click.argument("code")
def show_rule(code: str) -> None:
    """Print the documentation of rule CODE (e.g. RA001)."""
    from .engine import all_rules

    rules = all_rules()
    rule = rules.get(code.upper()) or next((r for r in rules.values() if r.name == code), None)
    if rule is None:
        raise UsageError(f"unknown rule '{code}' (known: {', '.join(sorted(rules))})")
    click.echo(rule.markdown(), nl=False)


from reuse_audit.benchmark.cli import bench  # noqa: E402  (a click group; heavy imports are inside its commands)

cli.add_command(bench)


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
        if not all(part.isidentifier() or part == "<locals>" for part in name.split(".")):
            raise UsageError(f"--targets {path}:{number}: '{name}' is not a qualified name like pkg.mod.func")
        targets.append(name)
    return tuple(targets)


def _without_baseline(report: Report, baseline: frozenset[str]) -> Report:
    """The report without the unsuppressed findings whose stable key is in the baseline (counted in ``baselined``)."""
    kept = tuple(f for f in report.findings if f.suppressed or f.stable_key not in baseline)
    return dataclasses.replace(report, findings=kept, baselined=len(report.findings) - len(kept))


def _rules_for(report: Report) -> tuple:
    from .engine import all_rules

    rules = all_rules()
    return tuple(rules[c] for c in report.rules if c in rules)


def _source_reader(tree):
    def read(path: str) -> Optional[bytes]:
        try:
            return tree.read(path)
        except (KeyError, OSError):
            return None

    return read


def _read_patch(patch: str) -> tuple[str, str]:
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


def _emit(rendered: str, output: Optional[str]) -> None:
    if output is None or output == "-":
        sys.stdout.write(rendered)
        sys.stdout.flush()
        return
    target = Path(output)
    tmp: Optional[str] = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".reuse-audit-", dir=target.parent if str(target.parent) else ".")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(rendered)
        # mkstemp creates the file 0600: give it the mode a shell redirection would
        os.chmod(tmp, _output_mode(target))
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        if tmp is not None:  # never leave the temporary file behind
            try:
                os.unlink(tmp)
            except OSError:
                pass
        # Never lose a computed result: print it, then fail.
        sys.stdout.write(rendered)
        sys.stdout.flush()
        raise UsageError(f"--output {output}: cannot write ({exc.strerror or exc}); the report was printed to standard output instead") from None


def _output_mode(target: Path) -> int:
    """The mode of the file being replaced, else 0666 less the umask."""
    try:
        st = os.stat(target)
        if stat.S_ISREG(st.st_mode):
            return stat.S_IMODE(st.st_mode)
    except OSError:
        pass
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


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
    click.echo(f"reuse-audit: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


if __name__ == "__main__":  # pragma: no cover
    main()
