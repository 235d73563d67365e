"""A cache directory that is not ours, or not writable, never harms the user nor loses a report.

Cache directories can be shared (a CI cache restored from an archive, a
``--cache-dir`` on a shared volume): a planted symbolic link must never be
written through, a directory of another user is not used, and a cache that
cannot be written (a full disk) leaves the report and its exit status as they
are, with a note (reuse_audit/cachedir.py, reuse_audit/background.py).
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys

import pytest

from cli_support import make_case, run_cli, script
from reuse_audit import __version__
from reuse_audit.index import background
from reuse_audit.facts import cachedir
from reuse_audit.facts.cache import SCHEMA, FactsCache

ON = {background.ENV_OFF: "0"}


def _db(cache):
    return cache / f"facts-{__version__}-s{SCHEMA}.sqlite"


def test_a_new_cache_directory_is_private(tmp_path):
    case = make_case(tmp_path)
    cache = tmp_path / "cache"
    run = run_cli(["check", case.patch, "--repo", case.repo, "--cache-dir", cache])
    assert run.returncode == 1, run
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700


@pytest.mark.skipif(not hasattr(os, "O_NOFOLLOW"), reason="no O_NOFOLLOW")
def test_a_symlink_planted_as_the_overlay_is_never_written_through(tmp_path):
    case = make_case(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (cache / background.OVERLAY_NAME).symlink_to(victim)
    run = run_cli(["check", case.patch, "--repo", case.repo, "--cache-dir", cache], env=ON)
    assert run.returncode == 1, run
    assert background.wait(cache, 120)
    assert victim.read_text() == "precious\n"


def test_a_dangling_symlink_as_the_database_is_not_followed(tmp_path):
    case = make_case(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    target = tmp_path / "elsewhere.sqlite"
    _db(cache).symlink_to(target)
    plain = run_cli(["check", case.patch, "--repo", case.repo, "--no-cache"])
    run = run_cli(["check", case.patch, "--repo", case.repo, "--cache-dir", cache])
    assert (run.returncode, run.stdout) == (plain.returncode, plain.stdout), run
    assert not target.exists() and not target.is_symlink()
    notes = [line for line in run.stderr.splitlines() if "cache ignored" in line]
    assert len(notes) == 1 and "symbolic link" in notes[0], run


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_a_symlink_planted_as_a_journal_is_refused(tmp_path, suffix):
    victim = tmp_path / "victim"
    victim.write_bytes(b"x")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    os.symlink(victim, str(_db(cache)) + suffix)
    facts = FactsCache(cache)
    try:
        assert facts.snapshots() == []
        assert facts.disabled_reason and "symbolic link" in facts.disabled_reason
    finally:
        facts.close()
    assert victim.read_bytes() == b"x"


def test_a_hard_link_in_the_cache_is_refused(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    os.link(victim, _db(cache))
    facts = FactsCache(cache)
    try:
        facts.put_blobs([("d", b"blob")])
        assert "hard links" in (facts.disabled_reason or "")
    finally:
        facts.close()
    assert victim.read_bytes() == b""


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder away")
def test_a_cache_directory_owned_by_another_user_is_ignored(tmp_path):
    case = make_case(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o777)
    os.chmod(cache, 0o777)
    os.chown(cache, 12345, 12345)
    run = run_cli(["check", case.patch, "--repo", case.repo, "--cache-dir", cache], env=ON)
    assert run.returncode == 1 and "label_for" in run.stdout, run
    assert "owned by another user" in run.stderr, run
    assert os.listdir(cache) == []


def test_an_open_cache_directory_of_ours_is_closed(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    os.chmod(cache, 0o777)
    cachedir.prepare(cache)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700


def _limited(limit: int):
    def preexec():
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE")
@pytest.mark.parametrize("limit", [0, 3000])
def test_a_cache_that_cannot_be_written_keeps_the_report_and_its_exit_status(tmp_path, limit):
    """No file in the cache can grow (as on a full disk): the report stands, exit 1 for its
    findings, a note says the cache was not updated, no lock or overlay is left half-written."""
    case = make_case(tmp_path)
    cache = tmp_path / "cache"
    plain = run_cli(["check", case.patch, "--repo", case.repo, "--no-cache"])
    env = dict(os.environ, **ON)
    env.pop("REUSE_AUDIT_DEBUG", None)
    done = subprocess.run(
        [script(), "check", str(case.patch), "--repo", str(case.repo), "--cache-dir", str(cache)],
        capture_output=True, text=True, env=env, preexec_fn=_limited(limit), timeout=120,
    )
    assert done.returncode == 1, done
    assert done.stdout == plain.stdout
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done
    assert "cache" in done.stderr and "note:" in done.stderr, done
    assert background.wait(cache, 60)
    assert not (cache / background.OVERLAY_NAME).exists()
