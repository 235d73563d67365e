"""After a lazy check, the full index is built in the background (reuse_audit/background.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from cli_support import copy_module, make_case
from reuse_audit import background
from reuse_audit import index as index_module
from reuse_audit.cache import FactsCache
from reuse_audit.engine import change_from_patch, run
from reuse_audit.settings import Settings


def _check(case, cache, env_off: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop(background.ENV_OFF, None)
    if env_off:
        env[background.ENV_OFF] = "1"
    command = [sys.executable, "-m", "reuse_audit.cli", "check", str(case.patch), "--repo", str(case.repo), "--cache-dir", str(cache)]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


def test_a_lazy_check_leaves_the_full_index_for_the_next_one(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": copy_module()})
    cache = tmp_path / "cache"
    first = _check(case, cache, env_off=False)
    assert first.returncode == 1, first
    assert background.wait(cache, 120), "the background build did not end"
    facts = FactsCache(cache)
    try:
        assert facts.snapshots(), "no snapshot stored"
        text = case.patch.read_text(encoding="utf-8")
        again = run(change_from_patch(case.repo, text, "p"), Settings(), cache=facts)
        assert index_module.last_build["mode"] == "snapshot"  # of exactly the tree checked: the patch applied
    finally:
        facts.close()
    second = _check(case, cache, env_off=False)
    assert second.stdout == first.stdout
    assert again.report.findings and not background.lock_path(cache).exists()


def test_no_background_build_when_turned_off_or_already_running(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": copy_module()})
    cache = tmp_path / "cache"
    assert _check(case, cache, env_off=True).returncode == 1
    assert not background.lock_path(cache).exists()
    facts = FactsCache(cache)
    try:
        assert facts.snapshots() == []
    finally:
        facts.close()
    # a build under way holds the lock: no second one
    background.lock_path(cache).write_text("12345")
    assert _check(case, cache, env_off=False).returncode == 1
    assert background.lock_path(cache).read_text() == "12345"
    facts = FactsCache(cache)
    try:
        assert facts.snapshots() == []
    finally:
        facts.close()


def test_a_stale_lock_is_broken(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    lock = background.lock_path(cache)
    lock.write_text("1")
    old = lock.stat().st_mtime - background.STALE_SECONDS - 10
    os.utime(lock, (old, old))
    assert background._take_lock(cache)
    assert not background._take_lock(cache)
