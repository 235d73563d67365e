"""A content-addressed cache of parsed FileFacts, in the user's cache directory.

One SQLite file per tool version: ``<cache-dir>/facts-<version>.sqlite`` with a
table ``facts(digest TEXT PRIMARY KEY, blob BLOB)``.  The key is the sha256 of
the file's bytes; the value is the pickled FileFacts.  SQLite gives atomic
writes and safe sharing between concurrent runs; an entry that fails to load is
treated as a miss and overwritten.  Nothing is ever written inside the
repository being analysed.
"""

from __future__ import annotations

import os
import pickle
import sqlite3
import zlib
from pathlib import Path
from typing import Iterable, Optional

from . import __version__
from .model import FileFacts

SCHEMA = 1


def default_cache_dir() -> Path:
    override = os.environ.get("REUSE_AUDIT_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("reuse-audit", appauthor=False))


class FactsCache:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.path = self.directory / f"facts-{__version__}-s{SCHEMA}.sqlite"
        self._db: Optional[sqlite3.Connection] = None
        self.disabled_reason: Optional[str] = None

    def _connect(self) -> Optional[sqlite3.Connection]:
        if self._db is not None or self.disabled_reason:
            return self._db
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS facts (digest TEXT PRIMARY KEY, blob BLOB NOT NULL)")
            self._db = db
        except (OSError, sqlite3.Error) as exc:
            self.disabled_reason = f"cache disabled: {self.path}: {exc}"
        return self._db

    def get_many(self, digests: Iterable[str]) -> dict[str, FileFacts]:
        db = self._connect()
        wanted = sorted(set(digests))
        found: dict[str, FileFacts] = {}
        if db is None or not wanted:
            return found
        try:
            for start in range(0, len(wanted), 900):
                chunk = wanted[start : start + 900]
                marks = ",".join("?" * len(chunk))
                for digest, blob in db.execute(f"SELECT digest, blob FROM facts WHERE digest IN ({marks})", chunk):
                    facts = _load(blob, digest)
                    if facts is not None:
                        found[digest] = facts
        except sqlite3.Error as exc:
            self.disabled_reason = f"cache disabled: {self.path}: {exc}"
        return found

    def put_many(self, items: Iterable[FileFacts]) -> None:
        db = self._connect()
        if db is None:
            return
        rows = [(f.digest, _dump(f)) for f in items]
        if not rows:
            return
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO facts (digest, blob) VALUES (?, ?)", rows)
        except sqlite3.Error as exc:
            self.disabled_reason = f"cache not updated: {self.path}: {exc}"

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _dump(facts: FileFacts) -> bytes:
    payload = pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL)
    return zlib.compress(payload, 1)


def _load(blob: bytes, digest: str) -> Optional[FileFacts]:
    try:
        facts = pickle.loads(zlib.decompress(blob))
    except Exception:  # corrupt or foreign entry: a miss, rebuilt by the caller
        return None
    if not isinstance(facts, FileFacts) or facts.digest != digest:
        return None
    return facts
