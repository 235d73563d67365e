"""The engine's one public module: what the CLI and the benchmark use of it.

    from reuse_audit import api

    change = api.change_from_patch(Path("repo"), patch_text, "change.patch")
    result = api.run(change, api.Settings())           # check a change
    result = api.check_diff(before_tree, diff_text, "turn 1 diff", settings)   # score a diff (the benchmark)
    for finding in result.report.findings: ...         # read a report
    api.target_verdicts(result.report)                 # what became of each declared target

What else it offers, by job:

* settings: :class:`Settings`, :func:`load_settings`;
* source trees: :class:`SourceTree` (the protocol), :class:`FsTree` (a folder),
  :class:`MemoryTree` (files in memory), :class:`OverlayTree` (a tree with some
  files replaced);
* patches: :func:`decode_patch` (a patch file's bytes as text),
  :func:`patched_files` (the files a unified diff writes, applied as a check applies it);
* declared targets: :func:`resolve_targets` (where each is defined),
  :func:`declared_targets` (as a check resolved them), :func:`target_verdicts`
  (what a check says of each the change does not call), :func:`without_declared_targets`
  (the report of the same check without them);
* reports as text: :func:`render_report` (as ``reuse-audit check --format FMT`` writes them);
* facts and indexes: :func:`parse_source` (one file's functions and imports),
  :func:`build_index` (the full index of a tree: every function, resolved), :class:`FactsCache`;
* git: :func:`run_git` (the one hardened git runner, :class:`GitError` when a command fails),
  :func:`harden_gitpython` (the same protections for GitPython's own git commands).

Everything else in ``reuse_audit`` (the index, the parser, the cache, the lazy
index, the clone index) is the engine's own and may change without notice;
``tests/test_import_graph.py`` checks that ``benchmark/`` imports the engine
only through here.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Callable, Iterable, Optional

from reuse_audit.app.reads import (
    RECALL_SHARE,
    Read,
    ReadFile,
    Seen,
    file_reader,
    int_field,
    reads_from_jsonl,
    reads_from_mini_trajectory,
    reads_from_tool_parts,
    tool_parts_of_export,
)
from reuse_audit.errors import PatchError, UsageError
from reuse_audit.facts.cache import FactsCache, default_cache_dir
from reuse_audit.facts.model import Location
from reuse_audit.facts.parse import parse_source
from reuse_audit.index.background import ENV_OFF as NO_BACKGROUND
from reuse_audit.index import RepoIndex, build_index
from reuse_audit.index.lazy import LazyRepoIndex
from reuse_audit.index.protocol import DECLARED_TARGETS
from reuse_audit.index.targets import DeclaredTarget
from reuse_audit.index.targets import resolve_targets as _resolve_targets
from reuse_audit.lint.config import load_settings as _load_settings
from reuse_audit.lint.engine import Result
from reuse_audit.lint.engine import run as _run
from reuse_audit.lint.registry import Registry
from reuse_audit.lint.model import Candidate, Finding, Report, TargetStatus, target_verdicts
from reuse_audit.lint.rule import (
    BYPASSED,
    REIMPLEMENTED,
    TARGET_STATUSES,
    UNJUDGED,
    UNKNOWN,
)
from reuse_audit.lint.rule import Rule
from reuse_audit.report import render_plain
from reuse_audit.rules import RULES
from reuse_audit.settings import Settings
from reuse_audit.source.change import (
    Change,
    change_from_diff,
    change_from_patch,
    change_from_paths,
)
from reuse_audit.source.gitrun import GitError, harden_gitpython, run_git
from reuse_audit.source.note import Note
from reuse_audit.source.patch import decode_patch, parse_patch
from reuse_audit.source.tree import CallbackFiles, FsTree, MemoryTree, OverlayTree, SourceTree, bytes_reader, patch_changes


def all_rules() -> Registry:
    """reuse-audit's own rules, by code."""
    return RULES


def enabled_rules(settings: Settings) -> tuple[Rule, ...]:
    """The rules of reuse-audit that ``settings`` enable, in code order."""
    return RULES.select(settings)


def load_settings(repo: Path, config: Optional[Path] = None) -> Settings:
    """The settings of ``repo`` (its ``pyproject.toml``), or of ``config``, with rule codes
    checked against reuse-audit's rules."""
    return _load_settings(repo, config, rules=RULES)


def run(
    change: Change,
    settings: Settings = Settings(),
    cache: Optional[FactsCache] = None,
    jobs: int = 0,
    *,
    rules: Optional[Iterable[Rule]] = None,
    lazy: bool = True,
    previous: Optional[RepoIndex] = None,
) -> Result:
    """Check a change: the engine's ``run`` with the rules ``settings`` enable, unless ``rules``
    names others."""
    chosen = enabled_rules(settings) if rules is None else tuple(rules)
    return _run(change, settings, cache, jobs, rules=chosen, lazy=lazy, previous=previous)


def check_diff(before: SourceTree, diff_text: str, source: str, settings: Settings = Settings(), jobs: int = 1) -> Result:
    """The check of a diff against the tree ``before`` (applied in memory), as the benchmark scores a turn."""
    return run(change_from_diff(before, diff_text, source), settings, jobs=jobs)


def answered_lazily(result: Result) -> bool:
    """Did the check build only part of the index (so that no snapshot is stored for the next one)?"""
    return isinstance(result.index, LazyRepoIndex)


def resolve_targets(tree: SourceTree, names: Iterable[str]) -> dict[str, DeclaredTarget]:
    """Each declared target of ``names`` (``pkg.mod.func``, ``pkg.mod.Class.method``, a class, a
    callable instance, or a public name re-exporting one), resolved over ``tree`` as a call of
    it would be: its kind, where it is defined, and its lines (``DeclaredTarget.location``).
    A name the tree does not define is kept, with kind ``"unknown"`` (``known`` is False)."""
    return _resolve_targets(tree, names)


def declared_targets(result: Result) -> dict[str, DeclaredTarget]:
    """The declared targets of a check (``Settings.targets``) as it resolved them, by name (as
    :func:`resolve_targets` does); empty for a check without targets."""
    return dict(result.provided.declared) if result.provided.provides(DECLARED_TARGETS) else {}


def mcp_sdk_missing() -> Optional[str]:
    """None when ``reuse-audit mcp`` can run (the MCP SDK imports), else the line saying how to install it."""
    from reuse_audit.app.mcp_server import missing_sdk

    return missing_sdk()


def render_report(report: Report, fmt: str = "text", tree: Optional[SourceTree] = None) -> str:
    """``report`` as ``reuse-audit check --format FMT`` writes it to a file (no colour, no fix
    marks): the text a pre-commit hook prints.  ``tree``: the tree after the change (the
    ``full`` format shows the code of its files)."""
    return render_plain(fmt, report, RULES.of(report.rules), bytes_reader(tree) if tree is not None else None)


def without_declared_targets(report: Report) -> Report:
    """The report a check without declared targets gives of the same change: the findings of
    the rules that read them (``Rule.needs_targets``: RA002) left out, as the rules are pure."""
    kept = tuple(rule.code for rule in RULES.of(report.rules) if not rule.needs_targets)
    findings = tuple(f for f in report.findings if f.rule in kept)
    return dataclasses.replace(report, findings=findings, rules=kept)


def patched_files(diff_text: str, current: Callable[[str], Optional[bytes]], source: str = "<patch>") -> dict[str, Optional[bytes]]:
    """The files a unified diff writes: path -> new content, or None for a file it removes.

    ``current(path)`` gives a file's content as it is (None: no such file, or a folder).  The
    diff is applied as a check applies a patch (:func:`reuse_audit.source.tree.patch_changes`,
    the one applier): every section to the files as they were before it, exact context (no
    fuzz); nothing is written anywhere.  Raises PatchError for a diff that does not parse or
    apply, or that changes a symbolic link, a submodule or a binary file (it has no file
    content to write).  A section that changes no content (a mode change) writes nothing.
    """
    if not diff_text.strip():
        return {}
    changes, _ = patch_changes(CallbackFiles(current), parse_patch(diff_text, source), source, contents_only=True)
    return changes


__all__ = [
    # check a change, score a diff, read a report
    "Candidate", "Change", "Finding", "Location", "Note", "Report", "Result",
    "all_rules", "answered_lazily", "change_from_diff", "change_from_patch", "change_from_paths", "check_diff",
    "enabled_rules", "mcp_sdk_missing", "render_report", "run",
    # declared targets
    "DeclaredTarget", "declared_targets", "resolve_targets", "target_verdicts", "without_declared_targets",
    "BYPASSED", "REIMPLEMENTED", "TARGET_STATUSES", "TargetStatus", "UNJUDGED", "UNKNOWN",
    # settings, errors, the environment variable that keeps a check from starting a background build
    "NO_BACKGROUND", "PatchError", "Settings", "UsageError", "load_settings",
    # source trees, patches
    "FsTree", "MemoryTree", "OverlayTree", "SourceTree", "decode_patch", "patched_files",
    # facts and indexes
    "FactsCache", "RepoIndex", "build_index", "default_cache_dir", "parse_source",
    # an agent's trajectory: the lines it read
    "RECALL_SHARE", "Read", "ReadFile", "Seen", "file_reader", "reads_from_jsonl", "reads_from_mini_trajectory",
    "reads_from_tool_parts", "tool_parts_of_export", "int_field",
    # git
    "GitError", "harden_gitpython", "run_git",
]
