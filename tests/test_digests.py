"""File digests (``index.digest_files``): each file of a tree on disk is stat-ed once (by the
walk) and hashed once a process; the tree after a change reuses the digests of the tree before."""

from __future__ import annotations

import hashlib
import os

import pytest

from reuse_audit.facts import cache as cache_module
from reuse_audit.facts.cache import FactsCache
from reuse_audit.index import digest_files
from reuse_audit.index import digests as digests_module
from reuse_audit.source.tree import FsTree, OverlayTree


@pytest.fixture(autouse=True)
def no_racy_margin(monkeypatch):
    """Files written by a test are racy (their change time is now): no margin, unless a test sets one."""
    monkeypatch.setattr(cache_module, "RACY_SECONDS", 0.0)
    monkeypatch.setattr(digests_module, "RACY_SECONDS", 0.0)


def _tree(tmp_path, files: dict[str, str]) -> FsTree:
    root = tmp_path / "repo"
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return FsTree(root)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _count_reads_and_stats(monkeypatch, tree: FsTree) -> dict[str, int]:
    counts = {"read": 0, "stat": 0}
    read = tree.read

    def counting_read(path):
        counts["read"] += 1
        return read(path)

    real_stat = os.stat

    def counting_stat(*args, **kwargs):
        counts["stat"] += 1
        return real_stat(*args, **kwargs)

    monkeypatch.setattr(tree, "read", counting_read)
    monkeypatch.setattr(digests_module.os, "stat", counting_stat)
    return counts


def test_the_tree_after_a_change_reuses_the_digests_of_the_tree_before(tmp_path, monkeypatch):
    before = _tree(tmp_path, {"pkg/a.py": "a = 1\n", "pkg/b.py": "b = 2\n", "pkg/c.py": "c = 3\n"})
    cache = FactsCache(tmp_path / "cache")
    first, contents, _ = digest_files(before, before.paths(), cache)
    assert first == {"pkg/a.py": _sha("a = 1\n"), "pkg/b.py": _sha("b = 2\n"), "pkg/c.py": _sha("c = 3\n")}
    assert set(contents) == set(first)  # read once, to hash them
    after = OverlayTree(before, {"pkg/b.py": b"b = 20\n", "pkg/d.py": b"d = 4\n"})
    paths = after.paths()
    counts = _count_reads_and_stats(monkeypatch, before)
    digests, contents, _ = digest_files(after, paths, cache)
    assert digests == {**first, "pkg/b.py": _sha("b = 20\n"), "pkg/d.py": _sha("d = 4\n")}
    assert counts == {"read": 0, "stat": 0}  # the unchanged files: neither read nor stat-ed again
    assert set(contents) == {"pkg/b.py", "pkg/d.py"}
    cache.close()


def test_a_tree_overlaid_twice_is_still_on_disk(tmp_path, monkeypatch):
    # the tree a fix is verified on: the tree after a change, overlaid with the fixed file
    before = _tree(tmp_path, {"a.py": "a = 1\n", "b.py": "b = 2\n"})
    cache = FactsCache(tmp_path / "cache")
    digest_files(before, before.paths(), cache)
    after = OverlayTree(before, {"b.py": b"b = 20\n"})
    fixed = OverlayTree(after, {"b.py": b"b = 200\n"})
    counts = _count_reads_and_stats(monkeypatch, before)
    digests, _, _ = digest_files(fixed, fixed.paths(), cache)
    assert digests == {"a.py": _sha("a = 1\n"), "b.py": _sha("b = 200\n")}  # the outer change wins
    assert counts["read"] == 0
    cache.close()


def test_a_new_tree_reads_the_stat_cache_and_a_changed_file_is_hashed_again(tmp_path):
    tree = _tree(tmp_path, {"a.py": "a = 1\n", "b.py": "b = 2\n"})
    cache = FactsCache(tmp_path / "cache")
    digest_files(tree, tree.paths(), cache)
    (tmp_path / "repo" / "b.py").write_text("b = 22\n")
    again = FsTree(tmp_path / "repo")  # another check: a new walk, its own stats
    digests, contents, _ = digest_files(again, again.paths(), cache)
    assert digests == {"a.py": _sha("a = 1\n"), "b.py": _sha("b = 22\n")}
    assert set(contents) == {"b.py"}  # a.py's digest came from the stat cache
    cache.close()


def test_a_file_written_just_now_is_not_learnt(tmp_path, monkeypatch):
    # a file written within the racy margin may change again within one tick of the clock,
    # its stat unchanged: its digest is neither kept in the stat cache nor learnt
    monkeypatch.setattr(cache_module, "RACY_SECONDS", 3600.0)
    monkeypatch.setattr(digests_module, "RACY_SECONDS", 3600.0)
    tree = _tree(tmp_path, {"new.py": "y = 1\n"})
    cache = FactsCache(tmp_path / "cache")
    digest_files(tree, tree.paths(), cache)
    assert tree.digested == {}
    after = OverlayTree(tree, {})
    counts = _count_reads_and_stats(monkeypatch, tree)
    digest_files(after, after.paths(), cache)
    assert counts["read"] == 1  # hashed again
    cache.close()
