"""The facts cache can be damaged in every way (a value garbled, cut short,
bit-flipped or swapped with another row's, the file truncated or overwritten
with garbage, a database left by another version) and still never gives a
wrong report: the damage is detected, the entry (or the file) rebuilt.  Two
processes filling one cache at the same time leave it consistent.

These tests look at the cache from outside: they find its SQLite file and
damage whatever tables and columns it has, so they hold for any layout.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import BASE, copy_module, make_patch, script, write_tree
from fuzz_support import check_cli, run_main

BROKEN = "def broken(:\n    pass\n\n\ndef fine():\n    return 1\n"


def _module(k: int) -> str:
    return (
        f"from shop.util import apply_tax, parse_price, round_cents\n\n\n"
        f"def total_{k}(text, rate):\n    return round_cents(apply_tax(parse_price(text), rate)) + {k}\n"
    )


def _tree(tmp_path: Path, name: str, extra: int = 12) -> tuple[Path, Path]:
    base = dict(BASE, **{f"shop/m{k:02d}.py": _module(k) for k in range(extra)})
    base["shop/broken.py"] = BROKEN
    after = dict(base, **{"shop/report.py": copy_module(), "shop/report4.py": copy_module("def four(text, country):", calls=4)})
    repo = write_tree(tmp_path / name / "repo", base)
    old = 1_600_000_000_000_000_000  # 2020: no file is too recent for the cache to remember
    for file in repo.rglob("*.py"):
        os.utime(file, ns=(old, old))
    patch = tmp_path / name / "change.patch"
    patch.write_bytes(make_patch(base, after))
    return repo, patch


def _run(repo: Path, patch: Path, cache: Path | None, fmt: str = "text") -> tuple[int, str, str]:
    args = ["check", str(patch), "--repo", str(repo), "--format", fmt, "-j", "1"]
    args += ["--no-cache"] if cache is None else ["--cache-dir", str(cache)]
    code, out, err = run_main(args)
    check_cli(code, out, err)
    return code, out, err


def _age() -> None:
    """Wait until the files just written are old enough for the cache to trust
    their size and times (it never trusts a file changed in the last moments)."""
    import time

    racy = getattr(__import__("reuse_audit.facts.cache", fromlist=["RACY_SECONDS"]), "RACY_SECONDS", 0.0)
    time.sleep(min(float(racy), 5.0) + 0.2)


def _cache_file(cache: Path) -> Path:
    files = sorted(cache.glob("facts-*.sqlite"))  # the facts cache (RA003's clone cache is clones-*.sqlite)
    assert len(files) == 1, files
    return files[0]


def _cache_note(err: str) -> bool:
    return any(line.startswith("note: ") and "cache" in line for line in err.splitlines())


@pytest.fixture
def case(tmp_path):
    repo, patch = _tree(tmp_path, "a")
    baseline = _run(repo, patch, None)
    assert baseline[0] == 1 and baseline[1].count("RA001") == 2
    return repo, patch, baseline


def _warm(tmp_path: Path, repo: Path, patch: Path, baseline) -> Path:
    """A cache filled by two runs (and a second tree, so that tables hold several rows)."""
    cache = tmp_path / "cache"
    for _ in range(2):
        assert _run(repo, patch, cache)[:2] == baseline[:2]
    other_repo, other_patch = _tree(tmp_path, "b", extra=5)
    _run(other_repo, other_patch, cache)
    return cache


def _columns(db: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """(table, column, declared type) of every user table."""
    out = []
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"):
        for _, column, kind, _, _, pk in db.execute(f"PRAGMA table_info({table})"):
            out.append((table, column, (kind or "").upper()))
    return out


def _damage(path: Path, table: str, column: str, mode: str) -> int:
    """Damage every value of one column; return how many rows were damaged."""
    db = sqlite3.connect(path)
    try:
        rows = db.execute(f"SELECT rowid, {column} FROM {table}").fetchall()
        if not rows:
            return 0
        new = []
        for k, (rowid, value) in enumerate(rows):
            if mode == "swap":
                if len(rows) < 2:
                    return 0
                value = rows[(k + 1) % len(rows)][1]
            elif isinstance(value, (bytes, str)):
                data = value.encode("utf-8", "surrogatepass") if isinstance(value, str) else value
                if mode == "garbage":
                    data = b"\x00garbage\xff" * 3
                elif mode == "truncate":
                    data = data[: len(data) // 2]
                elif mode == "flip" and data:
                    middle = len(data) // 2
                    data = data[:middle] + bytes([data[middle] ^ 0x55]) + data[middle + 1 :]
                value = data.decode("utf-8", "replace") if isinstance(value, str) else data
            elif isinstance(value, int):
                value = {"garbage": -987654321, "truncate": value // 2, "flip": value ^ 0x55}.get(mode, value)
            elif isinstance(value, float):
                value = -value if mode != "truncate" else 0.0
            new.append((value, rowid))
        try:
            with db:
                db.executemany(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", new)
        except sqlite3.IntegrityError:  # a key swapped onto another key: swap through a free value
            return 0
        return len(new)
    finally:
        db.close()


MODES = ("garbage", "truncate", "flip", "swap")

def test_every_damaged_column_is_detected(case, tmp_path):
    """Each column of each table, damaged four ways: the report never changes, and
    the run after that one has a working cache again."""
    repo, patch, baseline = case
    _age()
    cache = _warm(tmp_path, repo, patch, baseline)
    path = _cache_file(cache)
    pristine = path.read_bytes()
    db = sqlite3.connect(path)
    columns = _columns(db)
    db.close()
    assert columns, "the cache has no tables"
    damaged: list[str] = []
    wrong: list[str] = []
    for table, column, _ in columns:
        for mode in MODES:
            for extra in (Path(str(path) + "-wal"), Path(str(path) + "-shm")):
                if extra.exists():
                    extra.unlink()
            path.write_bytes(pristine)
            if not _damage(path, table, column, mode):
                continue
            damaged.append(f"{table}.{column}:{mode}")
            first = _run(repo, patch, cache)
            if first[:2] != baseline[:2]:
                wrong.append(f"{table}.{column} ({mode}) changed the report:\n{first[1]}")
                continue
            second = _run(repo, patch, cache)
            if second[:2] != baseline[:2]:
                wrong.append(f"{table}.{column} ({mode}): the second run differs:\n{second[1]}")
    print("damaged:", " ".join(damaged))
    assert len(damaged) >= 4, damaged
    assert not wrong, "\n".join(wrong)


def test_swapped_digests_in_the_stat_table_are_detected(case, tmp_path):
    """Each row of the stats table carries a checksum: digests swapped between two rows
    are found, never read as the other file's facts."""
    repo, patch, baseline = case
    _age()
    cache = _warm(tmp_path, repo, patch, baseline)
    path = _cache_file(cache)
    db = sqlite3.connect(path)
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    if "stats" not in tables:
        pytest.skip("this cache has no stats table")
    assert _damage(path, "stats", "digest", "swap") >= 2
    assert _run(repo, patch, cache)[:2] == baseline[:2]


@pytest.mark.parametrize(
    "how",
    [
        "empty",
        "truncated",
        "garbage",
        "torn-page",
        "directory",
    ],
)
def test_a_damaged_cache_file_is_rebuilt(case, tmp_path, how):
    repo, patch, baseline = case
    cache = _warm(tmp_path, repo, patch, baseline)
    path = _cache_file(cache)
    for extra in (Path(str(path) + "-wal"), Path(str(path) + "-shm")):
        if extra.exists():
            extra.unlink()
    data = path.read_bytes()
    if how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "garbage":
        path.write_bytes(os.urandom(len(data)))
    elif how == "torn-page":  # the second half of the file overwritten (a crash mid-write)
        path.write_bytes(data[: len(data) // 2] + b"\xa5" * (len(data) - len(data) // 2))
    else:  # something else entirely where the file should be
        path.unlink()
        path.mkdir()
    first = _run(repo, patch, cache)
    assert first[:2] == baseline[:2], first
    second = _run(repo, patch, cache)
    assert second[:2] == baseline[:2], second
    if how != "directory":
        # rebuilt, not merely bypassed: no note about the cache on the run after
        assert not _cache_note(second[2]), second[2]


def test_a_cache_written_by_another_version_is_not_read(case, tmp_path):
    """A database at the current path that another version (or layout) wrote: the
    old one-table layout with pickled facts, plus entries that would change the
    report if believed."""
    import pickle

    repo, patch, baseline = case
    cache = tmp_path / "cache"
    cache.mkdir()
    from reuse_audit.facts.cache import FactsCache

    path = FactsCache(cache).path
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE facts (digest TEXT PRIMARY KEY, blob BLOB NOT NULL)")
    from reuse_audit.facts.parse import parse_source

    # every file of the tree gets the facts of an empty module: believed, the copy would vanish
    empty = parse_source(b"")
    import hashlib

    for file in repo.rglob("*.py"):
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        db.execute("INSERT INTO facts VALUES (?, ?)", (digest, pickle.dumps(empty)))
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    db.execute("INSERT INTO meta VALUES ('engine', 'reuse-audit 0.0.1 from another time')")
    db.commit()
    db.close()
    assert _run(repo, patch, cache)[:2] == baseline[:2]
    second = _run(repo, patch, cache)
    assert second[:2] == baseline[:2] and not _cache_note(second[2]), second


def test_a_file_changed_within_one_timestamp_tick_is_not_misread(case, tmp_path):
    """Same size, same mtime, different content: the cache must not serve the old facts."""
    repo, patch, baseline = case
    old = 1_600_000_000_000_000_000  # 2020: no file of the tree is "too recent to trust"
    for file in repo.rglob("*.py"):
        os.utime(file, ns=(old, old))
    _age()
    cache = _warm(tmp_path, repo, patch, baseline)
    util = repo / "shop" / "pricing.py"
    st = util.stat()
    text = util.read_text()
    # price_label renamed (same length): the copy now re-implements 'shop.pricing.price_lable'
    util.write_text(text.replace("def price_label(", "def price_lable("))
    os.utime(util, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert util.stat().st_size == st.st_size and util.stat().st_mtime_ns == st.st_mtime_ns
    fresh = _run(repo, patch, None)
    assert "price_lable" in fresh[1]
    assert _run(repo, patch, cache)[:2] == fresh[:2]


CONCURRENT = 3


def test_processes_sharing_one_cache_leave_it_consistent(tmp_path):
    """Three processes fill one cold cache at once, twice over; each report is the
    one it gets without a cache, and the database passes SQLite's integrity check."""
    cases = [_tree(tmp_path, f"c{k}", extra=70 + 5 * k) for k in range(CONCURRENT)]
    baselines = [_run(repo, patch, None) for repo, patch in cases]
    cache = tmp_path / "shared-cache"
    env = dict(os.environ, REUSE_AUDIT_CACHE_DIR=str(cache))
    env.pop("REUSE_AUDIT_DEBUG", None)
    for _ in range(2):
        procs = [
            subprocess.Popen(
                [script(), "check", str(patch), "--repo", str(repo), "--cache-dir", str(cache), "-j", "2"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
            )
            for repo, patch in cases
        ]
        for proc, baseline in zip(procs, baselines):
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == baseline[0], err
            assert out.decode() == baseline[1]
            assert "Traceback" not in err.decode()
    path = _cache_file(cache)
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        db.close()
    for (repo, patch), baseline in zip(cases, baselines):
        warm = _run(repo, patch, cache)
        assert warm[:2] == baseline[:2] and not _cache_note(warm[2])


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_cache_folder_only_disables_the_cache(case, tmp_path):
    repo, patch, baseline = case
    cache = tmp_path / "ro"
    cache.mkdir()
    cache.chmod(0o500)
    try:
        first = _run(repo, patch, cache)
    finally:
        cache.chmod(0o700)
    assert first[:2] == baseline[:2]


def test_the_engine_key_reads_every_file_it_names():
    """The cache's key hashes the parser, the rows, the cache and the index: a name that no
    longer names a file (a module moved) would hash "?" and keep stale facts."""
    import os

    from reuse_audit.facts import cache as facts_cache

    root = facts_cache.package_root()
    assert os.path.isfile(os.path.join(root, "__init__.py"))
    for name in facts_cache._ENGINE_FILES:
        path = os.path.join(root, name)
        assert os.path.isfile(path) or os.path.isdir(path), name
    assert os.path.isfile(os.path.join(root, "index", "resolve.py"))


def test_the_answers_and_history_digests_read_the_whole_engine(monkeypatch):
    """The answers cache and history's results are keyed by the engine's source: a change to a
    module of any stage (here the index's resolution) changes both keys."""
    import reuse_audit
    from reuse_audit.app import answers, history

    seen: list[str] = []
    real_stat = os.stat

    def spy(path, *args, **kwargs):
        seen.append(os.fspath(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(answers, "_CODE_KEY", None)
    monkeypatch.setattr(answers.os, "stat", spy)
    answers.code_key()
    monkeypatch.setattr(answers.os, "stat", real_stat)
    resolve = os.path.join(os.path.dirname(os.path.abspath(reuse_audit.__file__)), "index", "resolve.py")
    assert resolve in seen
    read: list[str] = []
    real_read = Path.read_bytes
    monkeypatch.setattr(history, "_ENGINE_DIGEST", None)
    monkeypatch.setattr(Path, "read_bytes", lambda self: (read.append(str(self)), real_read(self))[1])
    history.engine_digest()
    assert resolve in read and not any("/report/" in p for p in read)


def _fake_tool(tmp_path, monkeypatch) -> Path:
    import reuse_audit
    from reuse_audit.app import answers

    package = tmp_path / "reuse_audit"
    for name in ("__init__.py", "index/resolve.py"):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("x = 1\n")
    monkeypatch.setattr(reuse_audit, "__file__", str(package / "__init__.py"))
    return package / "index" / "resolve.py"


def _key(monkeypatch) -> str:
    from reuse_audit.app import answers

    monkeypatch.setattr(answers, "_CODE_KEY", None)
    return answers.code_key()


def test_an_edit_of_the_tool_changes_the_answers_key_even_at_the_same_size(tmp_path, monkeypatch):
    """Settled files are keyed by size, times and inode (not read: 5 ms a check); a rewrite
    changes the change time, which nothing sets back, so the key moves even when the size
    does not, and a file written just now is keyed by its content."""
    from reuse_audit.app import answers

    resolve = _fake_tool(tmp_path, monkeypatch)
    monkeypatch.setattr(answers, "RACY_SECONDS", -60.0)  # every file settled
    before = _key(monkeypatch)
    opened: list[str] = []
    real_open = open

    def spy(path, *args, **kwargs):
        opened.append(os.fspath(path))
        return real_open(path, *args, **kwargs)

    import builtins

    monkeypatch.setattr(builtins, "open", spy)
    assert _key(monkeypatch) == before
    monkeypatch.setattr(builtins, "open", real_open)
    assert str(resolve) not in opened  # settled: its stat is its key
    resolve.write_text("y = 2\n")  # the same size
    assert _key(monkeypatch) != before
    monkeypatch.setattr(answers, "RACY_SECONDS", 3600.0)  # every file fresh: its content is its key
    fresh = _key(monkeypatch)
    os.utime(resolve, ns=(0, 0))
    assert _key(monkeypatch) == fresh  # (the content, not the times)
    resolve.write_text("y = 3\n")
    assert _key(monkeypatch) != fresh


def test_the_answers_digest_leaves_out_the_installed_benchmark(tmp_path, monkeypatch):
    """Installed, the benchmark and its suites sit inside reuse_audit/ (about 1,100 files): no
    check imports them, and reading them cost every check answered from the cache 80 ms."""
    import builtins

    import reuse_audit
    from reuse_audit.app import answers

    package = tmp_path / "reuse_audit"
    for name in ("__init__.py", "index/resolve.py", "benchmark/runner.py", "benchmark/suites/core/chain.py"):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("x = 1\n")
    seen: list[str] = []
    real_open = open

    def spy(path, *args, **kwargs):
        seen.append(os.fspath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(reuse_audit, "__file__", str(package / "__init__.py"))
    monkeypatch.setattr(answers, "_CODE_KEY", None)
    monkeypatch.setattr(builtins, "open", spy)
    answers.code_key()
    monkeypatch.setattr(builtins, "open", real_open)
    assert str(package / "index" / "resolve.py") in seen
    assert not [p for p in seen if "/benchmark/" in p]
