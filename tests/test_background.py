"""After a lazy check, the full index is built in the background (reuse_audit/background.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from cli_support import copy_module, make_case
from reuse_audit.index import background
from reuse_audit.facts.cache import FactsCache
from reuse_audit.source.change import change_from_patch
from reuse_audit.api import run
from reuse_audit.settings import Settings


def _check(case, cache, env_off: bool, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop(background.ENV_OFF, None)
    if env_off:
        env[background.ENV_OFF] = "1"
    command = [sys.executable, "-m", "reuse_audit.app.cli", "check", str(case.patch), "--repo", str(case.repo), "--cache-dir", str(cache), *extra]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize("extra", [(), ("-q",)], ids=["default", "quiet"])
def test_a_lazy_check_leaves_the_full_index_for_the_next_one(tmp_path, extra):
    """-q leaves out the notes, not the build (a pre-commit hook runs quiet)."""
    case = make_case(tmp_path, {"shop/report.py": copy_module()})
    cache = tmp_path / "cache"
    first = _check(case, cache, False, *extra)
    assert first.returncode == 1, first
    assert background.wait(cache, 120), "the background build did not end"
    facts = FactsCache(cache)
    try:
        assert facts.snapshots(), "no snapshot stored"
        text = case.patch.read_text(encoding="utf-8")
        again = run(change_from_patch(case.repo, text, "p"), Settings(), cache=facts)
        assert again.index.build["mode"] == "snapshot"  # of exactly the tree checked: the patch applied
    finally:
        facts.close()
    second = _check(case, cache, False, *extra)
    assert second.stdout == first.stdout
    assert again.report.findings and not background.running(cache)


def test_no_background_build_when_turned_off_or_already_running(tmp_path):
    case = make_case(tmp_path, {"shop/report.py": copy_module()})
    cache = tmp_path / "cache"
    assert _check(case, cache, env_off=True).returncode == 1
    assert not background.running(cache)
    facts = FactsCache(cache)
    try:
        assert facts.snapshots() == []
    finally:
        facts.close()
    # a build under way holds the lock (here, this process): no second one, however old the lock
    fd = background._take_lock(cache)
    assert fd is not None
    try:
        old = time.time() - 7200
        os.utime(background.lock_path(cache), (old, old))
        assert _check(case, cache, env_off=False).returncode == 1
        assert background.running(cache)
        facts = FactsCache(cache)
        try:
            assert facts.snapshots() == []
        finally:
            facts.close()
    finally:
        os.close(fd)
    assert not background.running(cache)


def test_the_lock_is_held_by_a_live_process_not_by_a_file(tmp_path):
    """A lock file left by a build that died is no lock; a live holder is one whatever its age;
    the end of a build never removes the file another build holds."""
    cache = tmp_path / "cache"
    cache.mkdir()
    lock = background.lock_path(cache)
    lock.write_text("1")  # a crashed build's file: nobody holds it
    first = background._take_lock(cache)
    assert first is not None
    assert background._take_lock(cache) is None  # a second build while the first runs: refused
    os.close(first)  # the first build ends
    assert lock.exists()
    second = background._take_lock(cache)
    assert second is not None
    try:
        assert background._take_lock(cache) is None
    finally:
        os.close(second)


def test_a_long_build_keeps_the_lock_until_it_ends(tmp_path):
    """The lock goes with the build process: a child holding it past any age keeps others out."""
    cache = tmp_path / "cache"
    fd = background._take_lock(cache)
    assert fd is not None
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; time.sleep(60)"], pass_fds=(fd,))
    os.close(fd)
    try:
        old = time.time() - 100_000
        os.utime(background.lock_path(cache), (old, old))
        assert background.running(cache)
        assert background._take_lock(cache) is None
    finally:
        holder.kill()
        holder.wait()
    assert background.wait(cache, 10)
    again = background._take_lock(cache)
    assert again is not None
    os.close(again)


def test_the_build_runs_at_the_lowest_priority():
    """A check started while the build runs gets the processor first."""
    code = "import os; from reuse_audit.index.background import lower_priority; lower_priority(); print(os.nice(0))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(done.stdout) == background.BUILD_NICENESS == 19
