"""The engine's one public module: what the CLI and the benchmark use of it.

    from reuse_audit import api

    change = api.change_from_patch(Path("repo"), patch_text, "change.patch")
    result = api.run(change, api.Settings())           # check a change
    result = api.check_diff(before_tree, diff_text, "turn 1 diff", settings)   # score a diff (the benchmark)
    for finding in result.report.findings: ...         # read a report

Everything else in ``reuse_audit`` (the index, the parser, the cache, the lazy
index, the clone index) is the engine's own and may change without notice;
``tests/test_import_graph.py`` checks that ``benchmark/`` imports the engine
only through here (the modules it still imports directly are listed there).
"""

from __future__ import annotations

from typing import Optional

from .cache import FactsCache, default_cache_dir
from .engine import Change, Result, all_rules, change_from_diff, change_from_patch, change_from_paths, enabled_rules, run
from .errors import PatchError, UsageError
from .index import RepoIndex, build_index
from .lazy import LazyRepoIndex
from .model import Candidate, Finding, Location, Note, Report
from .parse import parse_source
from .config import load_settings
from .settings import Settings
from .tree import FsTree, MemoryTree, OverlayTree, SourceTree


def check_diff(before: SourceTree, diff_text: str, source: str, settings: Settings = Settings(), jobs: int = 1) -> Result:
    """The check of a diff against the tree ``before`` (applied in memory), as the benchmark scores a turn."""
    return run(change_from_diff(before, diff_text, source), settings, jobs=jobs)


def full_index(tree: SourceTree, settings: Optional[Settings] = None, jobs: int = 1) -> RepoIndex:
    """The full index of a tree (every function, resolved)."""
    return build_index(tree, settings or Settings(), jobs=jobs)


def answered_lazily(result: Result) -> bool:
    """Did the check build only part of the index (so that no snapshot is stored for the next one)?"""
    return isinstance(result.index, LazyRepoIndex)


__all__ = [
    "Candidate", "Change", "FactsCache", "Finding", "FsTree", "Location", "MemoryTree", "Note", "OverlayTree",
    "PatchError", "RepoIndex", "Report", "Result", "Settings", "SourceTree", "UsageError",
    "all_rules", "answered_lazily", "change_from_diff", "change_from_patch", "change_from_paths",
    "build_index", "default_cache_dir", "enabled_rules", "full_index", "load_settings", "parse_source", "run", "check_diff",
]
