"""The clone index's cache: per-file token entries by content digest, in their own SQLite file.

The per-file results (every function's sequence and sketch) are cached by
the sha256 of the file's bytes in their own SQLite file in the cache
directory, ``clones-<version>-t<tokenizer version>.sqlite``, next to the
facts cache: a warm run reads every file's entry in one query.  The database
also records the engine key (``cache.engine_key``: tool and Python version,
engine source): an entry is only ever read back by the code that wrote it.
Writes are transactions; an unreadable entry is recomputed and overwritten;
a database that cannot be opened is deleted and made again once, and failing
that the run goes on without it (with a note).
"""

from __future__ import annotations

import json
import marshal
import math
import os
import sqlite3
from pathlib import Path
from typing import Iterable, Mapping, Optional

from reuse_audit import __version__
from reuse_audit.facts.cache import engine_key
from reuse_audit.facts.cachedir import UnsafeCache, check_database
from reuse_audit.facts.rows import TokenEntry
from reuse_audit.index.tokens import TOKENIZER_VERSION, _valid_entries

# --------------------------------------------------------------------------
# the cache
# --------------------------------------------------------------------------

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS files (id INTEGER PRIMARY KEY, digest TEXT UNIQUE NOT NULL, blob BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS prints (hash INTEGER NOT NULL, file INTEGER NOT NULL, fn INTEGER NOT NULL,"
    " tokens INTEGER NOT NULL, PRIMARY KEY (hash, file, fn)) WITHOUT ROWID",
    # the raw symbols of a whole file (``tokens.raw_symbols``): what the lazy clone search scans
    "CREATE TABLE IF NOT EXISTS raw (digest TEXT PRIMARY KEY, symbols TEXT NOT NULL) WITHOUT ROWID",
)
# How long a write of raw symbols waits for another process's transaction (a background
# build storing its entries) before it gives up: they are only a head start for a next check.
RAW_WRITE_WAIT = 0.1


class CloneCache:
    """Per-file entries by content digest, and their fingerprints inverted, in one SQLite file.

    ``files``: digest -> entries (marshal); ``prints``: fingerprint -> (file,
    function number, tokens), the index a warm run queries instead of
    loading every file's entries.
    """

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.path = self.directory / f"clones-{__version__}-t{TOKENIZER_VERSION}.sqlite"
        self._db: Optional[sqlite3.Connection] = None
        self.disabled_reason: Optional[str] = None

    def _open(self) -> sqlite3.Connection:
        check_database(self.path)  # a link planted in a shared cache is never written through
        db = sqlite3.connect(self.path, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA cache_size=-65536")  # 64 MB at most: a cold run's inserts stay in memory
            with db:
                for statement in _SCHEMA:
                    db.execute(statement)
            row = db.execute("SELECT value FROM meta WHERE key = 'engine'").fetchone()
            key = engine_key()
            if row is None or row[0] != key:
                with db:  # written by other code (or never): nothing in it is ours
                    db.execute("DELETE FROM prints")
                    db.execute("DELETE FROM files")
                    db.execute("DELETE FROM raw")
                    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('engine', ?)", (key,))
        except BaseException:
            db.close()
            raise
        return db

    def _connect(self) -> Optional[sqlite3.Connection]:
        if self._db is not None or self.disabled_reason:
            return self._db
        try:
            self._db = self._open()
        except UnsafeCache as exc:
            self.disabled_reason = str(exc)
        except sqlite3.DatabaseError:
            # not a database (damaged, truncated): ours to remove and make again, once
            try:
                for suffix in ("", "-wal", "-shm"):
                    try:
                        os.unlink(str(self.path) + suffix)
                    except FileNotFoundError:
                        pass
                self._db = self._open()
            except (OSError, sqlite3.Error) as exc:
                self._failed(exc)
        except (OSError, sqlite3.Error) as exc:
            self._failed(exc)
        return self._db

    def _failed(self, exc: Exception) -> None:
        self.disabled_reason = f"clone cache disabled: {self.path}: {exc}"
        self.close()

    @property
    def usable(self) -> bool:
        return self._connect() is not None

    def known(self, digests: Iterable[str]) -> set[str]:
        """The digests that have entries (their blobs are not read)."""
        db = self._connect()
        wanted = sorted(set(digests))
        if db is None or not wanted:
            return set()
        try:
            rows = db.execute("SELECT digest FROM files WHERE digest IN (SELECT value FROM json_each(?))", (_json_list(wanted),))
            return {row[0] for row in rows}
        except sqlite3.Error as exc:
            self._failed(exc)
            return set()

    def load(self, digests: Iterable[str]) -> dict[str, tuple]:
        """digest -> entries, for the digests with a readable entry (one query)."""
        found: dict[str, tuple] = {}
        for digest, blob in self._by_digest("SELECT digest, blob FROM files", digests):
            try:
                value = marshal.loads(blob)
            except Exception:  # damaged or foreign entry: a miss, computed again
                continue
            if _valid_entries(value):
                found[digest] = value
        return found

    def store(self, rows: Mapping[str, tuple]) -> None:
        """Write the entries of some files and their fingerprints, in one transaction."""
        db = self._connect()
        if db is None or not rows:
            return
        try:
            with db:
                # (fingerprint, file id, function, tokens); the id is lastrowid, typed Optional (None only before an INSERT)
                prints: list[tuple[int, Optional[int], int, int]] = []
                for digest, entries in sorted(rows.items()):
                    blob = marshal.dumps(entries)
                    found = db.execute("SELECT id FROM files WHERE digest = ?", (digest,)).fetchone()
                    if found is None:
                        ident = db.execute("INSERT INTO files (digest, blob) VALUES (?, ?)", (digest, blob)).lastrowid
                    else:  # a damaged entry, computed again: the same fingerprints
                        ident = found[0]
                        db.execute("UPDATE files SET blob = ? WHERE id = ?", (blob, ident))
                    prints.extend((h, ident, i, len(e.seq)) for i, e in enumerate(map(TokenEntry._make, entries)) for h in e.prints)
                db.executemany("INSERT OR IGNORE INTO prints (hash, file, fn, tokens) VALUES (?, ?, ?, ?)", prints)
        except sqlite3.Error as exc:
            self._failed(exc)

    def load_raw(self, digests: Iterable[str]) -> dict[str, str]:
        """digest -> the raw symbols of a file of that content, for those stored (one query)."""
        rows = self._by_digest("SELECT digest, symbols FROM raw", digests)
        return {digest: symbols for digest, symbols in rows if isinstance(symbols, str)}

    def _by_digest(self, select: str, digests: Iterable[str]) -> list:
        """The rows of ``select`` (a SELECT of one table, its first column ``digest``) for
        ``digests``, in one query; none when the cache is off or fails."""
        db = self._connect()
        wanted = sorted(set(digests))
        if db is None or not wanted:
            return []
        try:
            return db.execute(f"{select} WHERE digest IN (SELECT value FROM json_each(?))", (_json_list(wanted),)).fetchall()
        except sqlite3.Error as exc:
            self._failed(exc)
            return []

    def store_raw(self, rows: Mapping[str, str]) -> None:
        """Keep the raw symbols of some files, by content digest; skipped (not waited for)
        while another process writes (RAW_WRITE_WAIT)."""
        db = self._connect()
        if db is None or not rows:
            return
        try:
            db.execute(f"PRAGMA busy_timeout = {int(RAW_WRITE_WAIT * 1000)}")
            try:
                with db:
                    db.executemany("INSERT OR REPLACE INTO raw (digest, symbols) VALUES (?, ?)", sorted(rows.items()))
            finally:
                db.execute("PRAGMA busy_timeout = 30000")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                self._failed(exc)
        except sqlite3.Error as exc:
            self._failed(exc)

    def lookup(self, hashes: Iterable[int], low: float, high: float) -> Optional[list[tuple[str, int, int]]]:
        """(digest, function number, tokens) of the functions holding one of ``hashes``
        with between ``low`` and ``high`` tokens; None when the cache failed."""
        db = self._connect()
        if db is None:
            return None
        try:
            return db.execute(
                "SELECT f.digest, p.fn, p.tokens FROM prints AS p JOIN files AS f ON f.id = p.file"
                " WHERE p.hash IN (SELECT value FROM json_each(?)) AND p.tokens BETWEEN ? AND ?",
                ("[" + ",".join(str(int(h)) for h in hashes) + "]", int(math.ceil(low)), int(high)),
            ).fetchall()
        except sqlite3.Error as exc:
            self._failed(exc)
            return None

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None


def _json_list(values: list[str]) -> str:
    return json.dumps(values)

