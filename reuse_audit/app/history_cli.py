"""``reuse-audit history``: reuse over a repository's history (see ``history.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import click

from reuse_audit.app.cli_options import (
    check_destination,
    emit,
    rule_options,
    selected_codes,
)
from reuse_audit.errors import UsageError
from reuse_audit.facts.cache import default_cache_dir
from reuse_audit.rules import RULES

if TYPE_CHECKING:
    from git import Repo

    from reuse_audit.app.history import Commit
    from reuse_audit.settings import Settings


@click.command(short_help="Check each commit of the branch against its parent, by author kind and over time.")
@click.option("--repo", "repo", default=".", show_default=True, metavar="DIR", help="Any folder of the git repository.")
@click.option("--since", default=None, metavar="REF", help="Only the commits after REF (REF..HEAD).")
@click.option("--max-count", "-n", "max_count", type=click.IntRange(min=1), default=None, metavar="N", help="Only the N newest commits.")
@click.option("--author", default=None, metavar="PATTERN", help="Only the commits whose author matches PATTERN (as git log --author).")
@click.option("--paths", "paths", multiple=True, metavar="PATH", help="Only the commits touching PATH, and only findings in new code under it (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True, help="text or json: a summary by author kind and the commits with findings; csv: one row a commit.")
@click.option("--output", "-o", "output", default=None, metavar="FILE", help="Write the summary to FILE instead of standard output.")
@click.option("--plot", "plot", default=None, metavar="FILE.png", help="Also draw a PNG: cumulative findings over time and findings per 100 commits, by author kind (needs matplotlib).")
@click.option("--html", "html_file", default=None, metavar="FILE.html", help="Also write an HTML report: the commits with findings first, the plot, then each finding with the new code and its target side by side, and every commit (tables sort and filter; commit ids link to the origin remote's forge).")
@click.option("--agent-pattern", "agent_patterns", multiple=True, metavar="REGEX", help="A commit whose 'Name <email>' or message matches REGEX is an agent's (repeatable; checked first).")
@click.option("--bot-pattern", "bot_patterns", multiple=True, metavar="REGEX", help="A commit whose 'Name <email>' or message matches REGEX is a bot's (repeatable).")
@click.option("--config", "config_file", default=None, metavar="FILE", help="Read the settings from FILE instead of the repository's pyproject.toml.")
@click.option("--cache-dir", default=None, metavar="DIR", help="Keep the caches (parsed facts, each commit's result) in DIR (default: the user cache directory).")
@click.option("--no-cache", is_flag=True, help="Do not read or write the caches: every commit is checked.")
@rule_options
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, help="The number of processes checking commits (0: one per core).")
@click.option("--quiet", "-q", is_flag=True, help="Print no progress bar and no notes: only the summary (and errors).")
def history(
    repo: str,
    since: Optional[str],
    max_count: Optional[int],
    author: Optional[str],
    paths: tuple[str, ...],
    fmt: str,
    output: Optional[str],
    plot: Optional[str],
    html_file: Optional[str],
    agent_patterns: tuple[str, ...],
    bot_patterns: tuple[str, ...],
    config_file: Optional[str],
    cache_dir: Optional[str],
    no_cache: bool,
    min_callees: Optional[int],
    min_overlap: Optional[float],
    min_similarity: Optional[float],
    min_tokens: Optional[int],
    min_confidence: Optional[float],
    select: Optional[str],
    ignore: Optional[str],
    jobs: int,
    quiet: bool = False,
) -> None:
    """Check each non-merge commit of the current branch (first parent) against its parent,
    with the same rules and settings as `check --base C^ --head C`, and report findings by
    commit, the share of commits that re-implemented something, by author kind (agent, bot,
    unknown) and over time.

    Results are cached per commit in the user cache directory: a second run checks only
    the commits it has not seen. Root commits are not checked. Exit status: 0, or 2 for bad input.
    """
    from reuse_audit.app.history import AuthorKinds, check_commits, summarize

    _check_options(since, max_count, output, html_file, plot)
    kinds = AuthorKinds(agent_patterns, bot_patterns)
    repo_path = _repo_folder(repo)
    select_codes, ignore_codes = selected_codes(select, ignore)
    git_repo, root = _git_repository(repo, repo_path)
    rel_paths = tuple(_relative(root, repo_path, p) for p in paths)
    settings = _settings(
        root, config_file, min_callees=min_callees, min_overlap=min_overlap, min_similarity=min_similarity,
        min_tokens=min_tokens, min_confidence=min_confidence, select=select_codes, ignore=ignore_codes,
    )
    commits, remote = _commits(git_repo, since, max_count, author, rel_paths, html_file)
    directory = None if no_cache else (Path(cache_dir) if cache_dir else default_cache_dir())
    with _progress(0 if quiet else len(commits)) as step:
        run = check_commits(root, commits, settings, directory, jobs=jobs, progress=step)
    run_info = {"checked": run.checked, "cached": run.cached, "skipped_roots": run.skipped_roots}
    if run.cache_note and not quiet:
        click.echo(f"note: {run.cache_note}", err=True)
    summary = summarize(run.records, kinds, rel_paths)
    emit(_rendered(fmt, summary, run_info), output)
    _write_pictures(summary, run_info, root, remote, html_file, plot)
    sys.exit(0)


def _check_options(since: Optional[str], max_count: Optional[int], output: Optional[str], html_file: Optional[str], plot: Optional[str]) -> None:
    """The options' mistakes, before minutes of checking."""
    if since is not None and max_count is not None:
        raise UsageError("give only one of --since and --max-count")
    # minutes of checking must not end in a file that cannot be written: say so now
    for option, destination in (("--output", output), ("--html", html_file), ("--plot", plot)):
        check_destination(option, destination)
    if plot is not None and not _has_matplotlib():
        raise UsageError("--plot needs matplotlib: pip install matplotlib")


def _repo_folder(repo: str) -> Path:
    repo_path = Path(repo)
    if not repo_path.is_dir():
        raise UsageError(f"--repo {repo}: {'not a directory' if repo_path.exists() else 'no such directory'}")
    return repo_path


def _git_repository(repo: str, repo_path: Path) -> tuple[Repo, Path]:
    """The git repository holding ``repo_path``, and its work tree's root."""
    from reuse_audit.source import git as gitsource

    gitsource._require_git()
    git_repo = gitsource.find_repository(repo_path)
    if git_repo is None:
        raise UsageError(f"--repo {repo}: not inside a git repository with a working tree (history reads its commits)")
    return git_repo, gitsource.work_tree(git_repo)


def _settings(root: Path, config_file: Optional[str], **overrides: Any) -> Settings:
    """The repository's settings (or --config's), with the rule options given."""
    from reuse_audit.lint.config import load_settings

    return load_settings(root, Path(config_file) if config_file is not None else None, rules=RULES).with_overrides(**overrides)


def _commits(
    git_repo: Repo, since: Optional[str], max_count: Optional[int], author: Optional[str], rel_paths: tuple[str, ...],
    html_file: Optional[str],
) -> tuple[list[Commit], Optional[str]]:
    """The commits to check, and (for --html's links) the origin remote's address; the repository is closed."""
    from reuse_audit.app.history import list_commits
    from reuse_audit.source import git as gitsource

    try:
        commits = list_commits(git_repo, since=since, max_count=max_count, author=author, paths=rel_paths)
        remote = gitsource.remote_uri(git_repo) if html_file is not None else None
    finally:
        git_repo.close()
    return commits, remote


def _rendered(fmt: str, summary: dict, run_info: dict) -> str:
    from reuse_audit.app.history_report import render_csv, render_json, render_text

    if fmt == "json":
        return render_json(summary, run_info)
    if fmt == "csv":
        return render_csv(summary)
    return render_text(summary, run_info)


def _write_pictures(summary: dict, run_info: dict, root: Path, remote: Optional[str], html_file: Optional[str], plot: Optional[str]) -> None:
    """--html's page and --plot's PNG (one drawing for the PNG and the page that embeds it)."""
    from reuse_audit.app.history_report import png_bytes, render_html

    png = png_bytes(summary) if plot is not None or (html_file is not None and _has_matplotlib()) else None
    if html_file is not None:
        page = render_html(
            summary, run_info, f"reuse-audit history of {root.name}", remote=remote, plot=png,
            plot_note="No plot: it needs matplotlib (pip install matplotlib).",
        )
        emit(page, html_file, "--html", fallback=False)  # a page is no report for a terminal
    if plot is not None:
        try:
            Path(plot).write_bytes(png or b"")
        except OSError as exc:
            raise UsageError(f"--plot {plot}: cannot write ({exc.strerror or exc})") from None


def _has_matplotlib() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def _relative(root: Path, repo_path: Path, path: str) -> str:
    """PATH as a POSIX path relative to the repository root (given relative to the current folder)."""
    full = (Path.cwd() / path).resolve()
    try:
        return full.relative_to(root.resolve()).as_posix()
    except ValueError:
        raise UsageError(f"--paths {path}: not inside the repository {root}") from None


class _progress:
    """A progress bar on standard error when it is a terminal; nothing otherwise."""

    def __init__(self, total: int) -> None:
        self.bar = None
        if total and sys.stderr.isatty():
            self.bar = click.progressbar(length=total, label="commits", file=sys.stderr)

    def __enter__(self):
        if self.bar is None:
            return None
        bar = self.bar.__enter__()
        return bar.update

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
