"""Command line: ``reuse-audit check``, ``reuse-audit rules``, ``reuse-audit rule CODE``.

Only this module talks to the terminal and decides exit codes:
0 no findings, 1 findings, 2 bad input or internal error (one line on stderr,
never a traceback; set REUSE_AUDIT_DEBUG=1 to see one).  ``check`` reads its options
and prints; the check itself is :func:`reuse_audit.app.check.check_sources`.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Optional

import click

from reuse_audit import __version__
from reuse_audit.app.check import EXIT_CLEAN, CheckOutcome, SourcesRequest, check_sources
from reuse_audit.app.cli_options import emit, rule_options
from reuse_audit.errors import UsageError
from reuse_audit.escape import for_terminal
from reuse_audit.lint.model import Report
from reuse_audit.report import RenderContext, formats, render
from reuse_audit.rules import RULES
from reuse_audit.source.tree import bytes_reader

EXIT_ERROR = 2


class _Commands(click.Group):
    """The commands; ``bench`` (a group of its own, whose import costs about 15 ms that every
    ``check`` would pay) is imported when it is asked for, or listed in ``--help``."""

    LAZY = {"bench": ("reuse_audit.benchmark.cli", "bench")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.LAZY))

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name in self.LAZY and name not in self.commands:
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
    patch, paths = _split_sources(sources)
    thresholds = dict(
        min_callees=min_callees, min_overlap=min_overlap, min_similarity=min_similarity, min_tokens=min_tokens,
        min_confidence=min_confidence, include_tests=include_tests or None,
    )
    request = SourcesRequest(
        repo=repo, patch=patch, paths=paths, staged=staged, base=base, head=head, fmt=fmt, diff=show_diff, fix=apply_fix,
        unsafe_fixes=unsafe_fixes, statistics=statistics, select=select, ignore=ignore, config_file=config_file,
        overrides=thresholds, targets_file=targets_file, baseline_file=baseline_file, trajectory_file=trajectory_file,
        cache_dir=cache_dir, use_cache=not no_cache, jobs=jobs,
    )
    outcome = check_sources(request, note=lambda line: click.echo(f"note: {line}", err=True))
    _print_outcome(outcome, fmt, output, category, color, show_fixes, show_diff, statistics, quiet)
    sys.exit(outcome.status if not exit_zero else EXIT_CLEAN)


def _print_outcome(
    outcome: CheckOutcome, fmt: str, output: Optional[str], category: Optional[str], color: str,
    show_fixes: bool, show_diff: bool, statistics: bool, quiet: bool,
) -> None:
    """The report (or --diff's fixes, or --statistics' table) on standard output or into --output;
    the notes, the background build's and the fixes' summary on standard error."""
    report, plan = outcome.report, outcome.plan
    ctx = RenderContext(
        rules=RULES.of(report.rules), version=__version__, source=bytes_reader(outcome.after), provenance=outcome.provenance,
        category=category, fixes=plan.fixes if plan is not None else {},
        color=_use_color(color, output), show_fixes=show_fixes,
        fix_option="--fix" if outcome.request.writable else "--diff",
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
    started = outcome.start_build()  # -q leaves out its notes, not the build
    for line in started if not quiet else ():
        click.echo("note: " + for_terminal(line), err=True)
    if outcome.fixed_line is not None:
        click.echo(outcome.fixed_line, err=True)
        for line in outcome.applied if show_fixes else ():
            click.echo(line, err=True)


PY_SUFFIXES = (".py", ".pyi")


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


@cli.command(name="rules", short_help="List the rules: code, name and what each finds.")
def list_rules() -> None:
    """List the rules."""
    for code, rule in sorted(RULES.items()):
        preview = "(preview: --select it) " if rule.preview else ""
        click.echo(f"{code}  {rule.name:<24} {preview}{rule.summary}")


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
