"""The cache, in the user's cache directory: never inside the repository analysed.

One SQLite file per tool version, ``<cache-dir>/facts-<version>-s<schema>.sqlite``:

* ``facts(digest, blob)``: the compact facts (``parse.py``) of one file,
  content-addressed by the sha256 of its bytes; the blob is zlib-compressed
  marshal data, checked on load (a corrupt or foreign blob is a miss, parsed
  again and overwritten).
* ``snapshots``: resolved indexes of whole trees (``index/``): the callee
  sets of every function with what the resolver read to find them, so that a
  later run re-resolves only the modules a change can affect.  A few are kept,
  the most recently used first: when each was last used is in
  ``snapshot_used(id, used)``, a table of its own, because SQLite rewrites a
  whole row to change one column (a snapshot's row is megabytes).
* ``stats``: (size, mtime, inode, ctime) -> digest of files on disk, so that
  unchanged files need not be read and hashed again.  Entries younger than
  ``RACY_SECONDS`` when written are never trusted (a file can change twice
  within one timestamp tick).
* ``answers``: the answers of whole checks (their reports and fix plans, plain
  tuples), by the digest of everything an answer depends on (``answers.py``);
  the newest ``KEEP_ANSWERS`` are kept.
* ``meta``: the engine key: the tool version, this schema, the Python
  version and a digest of the engine's own source and of the parser's binary.
  A database written under another key is emptied before use, so nothing is
  ever read back as facts of another version.

SQLite gives atomic writes and safe sharing between concurrent runs.  Any
SQLite error disables the cache for the run (with a note), never the run.
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import sqlite3
import sys
import time
import zlib
from pathlib import Path
from typing import Callable, Iterable, Optional, TypeVar, cast

from reuse_audit import __version__
from reuse_audit.facts.cachedir import UnsafeCache, check_database
from reuse_audit.facts.rows import ClassRow, FileRow, FunctionRow, ImportRow

SCHEMA = 5
KEEP_SNAPSHOTS = 4
KEEP_ANSWERS = 64
RACY_SECONDS = 2.0
MAX_STATS = 200_000
# the engine source that cached data depends on: the parser, the resolver, the rows, and the
# index package (its builds write the snapshots; the clone cache also has TOKENIZER_VERSION)
#: what cached facts and indexes depend on, relative to the package (a folder: its modules)
_ENGINE_FILES = ("facts/parse.py", "facts/rows.py", "facts/cache.py", "facts/model.py", "facts/logic.py", "index")


def package_root() -> str:
    """The folder of the ``reuse_audit`` package."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_cache_dir() -> Path:
    override = os.environ.get("REUSE_AUDIT_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("reuse-audit", appauthor=False))


_ENGINE_KEY: Optional[str] = None


def engine_key() -> str:
    """What cached data depends on: tool version, schema, Python, engine source, parser binaries."""
    global _ENGINE_KEY
    if _ENGINE_KEY is None:
        h = hashlib.sha256()
        h.update(f"{__version__}\0{SCHEMA}\0{sys.version}\0{marshal.version}\0".encode())
        here = package_root()
        for name in _ENGINE_FILES:
            path = os.path.join(here, name)
            files = [path]
            if os.path.isdir(path):
                files = [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".py")]
            for file in files:
                try:
                    with open(file, "rb") as handle:
                        h.update(handle.read())
                except OSError:
                    h.update(b"?")
        for module in ("tree_sitter", "tree_sitter_python"):
            try:
                spec = importlib.util.find_spec(module)
                origin = spec.origin if spec is not None else None
                paths = [origin] if origin else []
                for folder in (spec.submodule_search_locations or []) if spec is not None else []:
                    paths.extend(os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith((".so", ".pyd")))
                for path in paths:
                    st = os.stat(path)
                    h.update(f"{module}\0{path}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
            except (OSError, ImportError, ValueError):
                h.update(module.encode())
        _ENGINE_KEY = h.hexdigest()
    return _ENGINE_KEY


# --------------------------------------------------------------------------
# blobs
# --------------------------------------------------------------------------


COMPRESSED = b"Z"  # blob = COMPRESSED + crc32 + zlib(marshal(value))
MARSHALLED = b"M"  # blob = MARSHALLED + crc32 + marshal(value), as parser processes send them


def seal(kind: bytes, data: bytes) -> bytes:
    """A blob: its kind, the crc32 of its data (so that a flipped bit is a miss, never other facts), the data."""
    return kind + zlib.crc32(data).to_bytes(4, "little") + data


def _open(blob: object) -> Optional[bytes]:
    """The marshal data of a sealed blob, None when it is damaged or not ours."""
    if not isinstance(blob, bytes) or len(blob) < 5:
        return None
    kind, check, data = blob[:1], blob[1:5], blob[5:]
    if kind not in (COMPRESSED, MARSHALLED) or zlib.crc32(data).to_bytes(4, "little") != check:
        return None
    if kind == COMPRESSED:
        try:
            data = zlib.decompress(data)
        except zlib.error:
            return None
    return data


def dump_facts(facts: tuple) -> bytes:
    """The cache blob of compact facts."""
    return seal(MARSHALLED, marshal.dumps(facts))


def load_facts(blob: bytes, digest: str) -> Optional[tuple]:
    """Compact facts from a cache blob, None when it is not the facts of ``digest``."""
    data = _open(blob)
    if data is None:
        return None
    try:
        facts = marshal.loads(data)
    except Exception:  # corrupt or foreign entry: a miss, rebuilt by the caller
        return None
    if not _valid_facts(facts, digest):
        return None
    return facts


# the number of fields of each row kind of compact facts
_FILE, _FUNCTION, _CLASS, _IMPORT = (len(row._fields) for row in (FileRow, FunctionRow, ClassRow, ImportRow))


def _valid_facts(facts: object, digest: str) -> bool:
    if not (isinstance(facts, tuple) and len(facts) == _FILE):
        return False
    file = FileRow._make(facts)
    return (
        file.digest == digest
        and isinstance(file.functions, tuple)
        and all(isinstance(f, tuple) and len(f) == _FUNCTION for f in file.functions)
        and isinstance(file.classes, tuple)
        and all(isinstance(c, tuple) and len(c) == _CLASS for c in file.classes)
        and isinstance(file.imports, tuple)
        and all(isinstance(i, tuple) and len(i) == _IMPORT for i in file.imports)
        and isinstance(file.module_names, tuple)
        and isinstance(file.syntax_errors, tuple)
    )


def _pack(value: object) -> bytes:
    # not compressed: zlib would cost a cold run more than the smaller reads save
    # any object: marshal raises ValueError for what it cannot write (put_answer relies on it),
    # which typeshed's marshal.dumps, typed for what it can write only, does not allow
    return seal(MARSHALLED, marshal.dumps(value))  # type: ignore[arg-type]


def _unpack(blob: Optional[bytes]) -> object:
    data = _open(blob)
    if data is None:
        return None
    try:
        return marshal.loads(data)
    except Exception:
        return None


def _stat_check(path: str, size: int, mtime: int, ino: int, ctime: int, digest: str) -> int:
    """Binds a stats row together: a digest moved to another row no longer matches."""
    return zlib.crc32(f"{path}\0{size}\0{mtime}\0{ino}\0{ctime}\0{digest}".encode("utf-8", "surrogatepass"))


def _corrupt(exc: BaseException) -> bool:
    """Whether SQLite says the file itself is damaged (not merely busy or read-only)."""
    text = str(exc).lower()
    return isinstance(exc, sqlite3.DatabaseError) and ("not a database" in text or "malformed" in text)


# --------------------------------------------------------------------------
# the cache
# --------------------------------------------------------------------------

_TABLES = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS facts (digest TEXT PRIMARY KEY, blob BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS snapshots (id INTEGER PRIMARY KEY, files BLOB NOT NULL,"
    " tables BLOB NOT NULL, skeletons BLOB NOT NULL, deps BLOB NOT NULL, inverted BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS snapshot_used (id INTEGER PRIMARY KEY, used REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS stats (path TEXT PRIMARY KEY, size INTEGER, mtime INTEGER, ino INTEGER,"
    " ctime INTEGER, digest TEXT NOT NULL, checksum INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, prefix TEXT NOT NULL, used REAL NOT NULL, blob BLOB NOT NULL)",
    "CREATE INDEX IF NOT EXISTS answers_prefix ON answers (prefix)",
)
_DROP = (
    "DROP TABLE IF EXISTS facts", "DROP TABLE IF EXISTS snapshots", "DROP TABLE IF EXISTS snapshot_used",
    "DROP TABLE IF EXISTS stats", "DROP TABLE IF EXISTS answers",
)


T = TypeVar("T")


class Snapshot:
    """A stored resolved index of a tree; its parts are read when first used."""

    def __init__(self, cache: "FactsCache", ident: int, paths: tuple[str, ...], digests: tuple[str, ...]):
        self.cache = cache
        self.id = ident
        self.paths = paths
        self.digests = digests
        self._parts: dict[str, object] = {}
        self._derived: dict[str, object] = {}
        self._touched = False

    def part(self, column: str) -> object:
        """One column: ``tables``, ``skeletons``, ``deps`` or ``inverted`` (None if unreadable)."""
        if column not in self._parts:
            self._parts[column] = self.cache._snapshot_column(self.id, column)
        return self._parts[column]

    def derived(self, name: str, make: Callable[[], T]) -> T:
        """What a later stage made of this snapshot's parts (``make()``), made once and kept with
        them: a second build from this snapshot in the process (a fix's verification) reuses it.
        It is shared: nobody may change it."""
        if name not in self._derived:
            self._derived[name] = make()
        return cast(T, self._derived[name])

    def touch(self) -> None:
        """Mark it used now (kept longest), once for the life of the cache object: a second build
        from it in the same process would write the same row again."""
        if not self._touched:
            self._touched = True
            self.cache.touch_snapshot(self.id)


class FactsCache:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.path = self.directory / f"facts-{__version__}-s{SCHEMA}.sqlite"
        self._db: Optional[sqlite3.Connection] = None
        self.disabled_reason: Optional[str] = None
        # the snapshots read in this process, by (id, files): a second check in the same
        # process (a fix's verification) reads their parts from memory, not from the database
        self._read: dict[tuple[int, tuple[str, ...], tuple[str, ...]], Snapshot] = {}

    def _connect(self) -> Optional[sqlite3.Connection]:
        if self._db is not None or self.disabled_reason:
            return self._db
        for attempt in (1, 2):
            try:
                check_database(self.path)  # a link planted in a shared cache is never written through
                self._db = self._open_db()
                break
            except UnsafeCache as exc:
                self.disabled_reason = str(exc)
                break
            except (OSError, sqlite3.Error) as exc:
                if attempt == 1 and _corrupt(exc) and self._remove_file():
                    continue  # damaged: start a new one
                self.disabled_reason = f"cache disabled: {self.path}: {exc}"
        return self._db

    def _open_db(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            with db:
                for statement in _TABLES:
                    db.execute(statement)
            row = db.execute("SELECT value FROM meta WHERE key = 'engine'").fetchone()
            key = engine_key()
            if row is None or row[0] != key:
                # written by another version (or never): nothing in it is ours
                with db:
                    for statement in _DROP:
                        db.execute(statement)
                    for statement in _TABLES:
                        db.execute(statement)
                    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('engine', ?)", (key,))
        except BaseException:
            db.close()
            raise
        return db

    def _remove_file(self) -> bool:
        """Remove a damaged database file (and its journal); False when it cannot be."""
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
        try:
            for suffix in ("", "-wal", "-shm"):
                target = Path(str(self.path) + suffix)
                if target.is_file() or target.is_symlink():
                    target.unlink()
        except OSError:
            return False
        return not self.path.exists()

    def _failed(self, exc: Exception, what: str = "cache disabled") -> None:
        self.disabled_reason = f"{what}: {self.path}: {exc}"
        if _corrupt(exc):
            self._remove_file()  # the next run starts a new one

    # ------------------------------------------------------------- facts

    def get_blobs(self, digests: Iterable[str]) -> dict[str, bytes]:
        """The raw blobs of the digests that have one."""
        db = self._connect()
        wanted = sorted(set(digests))
        found: dict[str, bytes] = {}
        if db is None or not wanted:
            return found
        try:
            if len(wanted) > 2000:
                # most of a big tree: one scan beats thousands of lookups
                want = set(wanted)
                for digest, blob in db.execute("SELECT digest, CAST(blob AS BLOB) FROM facts"):
                    if digest in want:
                        found[digest] = blob
            else:
                for start in range(0, len(wanted), 900):
                    chunk = wanted[start : start + 900]
                    marks = ",".join("?" * len(chunk))
                    found.update(db.execute(f"SELECT digest, CAST(blob AS BLOB) FROM facts WHERE digest IN ({marks})", chunk))
        except sqlite3.Error as exc:
            self._failed(exc)
        return found

    def get_compact(self, digests: Iterable[str]) -> dict[str, tuple]:
        """Compact facts of the digests that have a valid entry."""
        found = {}
        for digest, blob in self.get_blobs(digests).items():
            facts = load_facts(blob, digest)
            if facts is not None:
                found[digest] = facts
        return found

    def put_blobs(self, rows: Iterable[tuple[str, bytes]]) -> None:
        db = self._connect()
        rows = list(rows)
        if db is None or not rows:
            return
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO facts (digest, blob) VALUES (?, ?)", rows)
        except sqlite3.Error as exc:
            self._failed(exc, "cache not updated")

    def get_derived(self, keys: Iterable[str]) -> dict[str, object]:
        """What a later stage made of a file's content and kept by :meth:`put_derived` (RA004's
        bags: ``facts.logic.FileBags``), by its key (a kind and the file's digest); a value moved
        to another key, or unreadable, is a miss."""
        found: dict[str, object] = {}
        for key, blob in self.get_blobs(keys).items():
            value = _unpack(blob)
            if isinstance(value, tuple) and len(value) == 2 and value[0] == key:
                found[key] = value[1]
        return found

    def put_derived(self, items: Iterable[tuple[str, object]]) -> None:
        """Keep marshal data by key, beside the facts (content-addressed: never evicted, as the facts are not)."""
        rows = []
        for key, value in items:
            try:
                rows.append((key, _pack((key, value))))
            except ValueError:  # not marshal data: nothing kept
                continue
        self.put_blobs(rows)

    def get_many(self, digests: Iterable[str]):  # -> dict[str, FileFacts]
        """FileFacts of the digests that have a valid entry."""
        from reuse_audit.facts.model import facts_from_compact

        return {d: facts_from_compact(f) for d, f in self.get_compact(digests).items()}

    def put_many(self, items: Iterable) -> None:
        """Store FileFacts."""
        from reuse_audit.facts.model import compact_from_facts

        self.put_blobs((f.digest, dump_facts(compact_from_facts(f))) for f in items)

    # ------------------------------------------------------------- stats

    def get_stats(self, root: str) -> dict[str, tuple[int, int, int, int, str]]:
        """rel path -> (size, mtime_ns, inode, ctime_ns, digest) of files under ``root`` (a real path)."""
        db = self._connect()
        if db is None:
            return {}
        prefix = root.rstrip(os.sep) + os.sep
        try:
            rows = db.execute(
                "SELECT CAST(path AS BLOB), size, mtime, ino, ctime, CAST(digest AS BLOB), checksum FROM stats"
                " WHERE path >= ? AND path < ?",
                (prefix, prefix[:-1] + chr(ord(os.sep) + 1)),
            ).fetchall()
        except sqlite3.Error as exc:
            self._failed(exc)
            return {}
        out = {}
        cut = len(prefix)
        for path, size, mtime, ino, ctime, digest, check in rows:
            try:
                text, digest_text = path.decode("utf-8"), digest.decode("ascii")
            except (AttributeError, UnicodeDecodeError):
                continue  # not what we wrote: ignored, and overwritten when the file is hashed
            if check != _stat_check(text, size, mtime, ino, ctime, digest_text):
                continue
            out[text[cut:]] = (size, mtime, ino, ctime, digest_text)
        return out

    def put_stats(self, root: str, rows: Iterable[tuple[str, tuple[int, int, int, int], str]]) -> None:
        """Remember (rel path, (size, mtime ns, inode, ctime ns), digest) of files under ``root``;
        racy ones are left out."""
        db = self._connect()
        if db is None:
            return
        limit = (time.time() - RACY_SECONDS) * 1e9
        prefix = root.rstrip(os.sep) + os.sep
        values = [
            (prefix + rel, size, mtime, ino, ctime, digest)
            for rel, (size, mtime, ino, ctime), digest in rows
            if mtime < limit and ctime < limit
        ]
        if not values:
            return
        checked = [v + (_stat_check(*v),) for v in values]
        try:
            with db:
                db.executemany(
                    "INSERT OR REPLACE INTO stats (path, size, mtime, ino, ctime, digest, checksum) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    checked,
                )
                (count,) = db.execute("SELECT COUNT(*) FROM stats").fetchone()
                if count > MAX_STATS:  # folders come and go (temporary checkouts): keep this one's
                    db.execute(
                        "DELETE FROM stats WHERE path < ? OR path >= ?", (prefix, prefix[:-1] + chr(ord(os.sep) + 1))
                    )
        except sqlite3.Error as exc:
            self._failed(exc, "cache not updated")

    # ---------------------------------------------------------- snapshots

    def snapshots(self) -> list[Snapshot]:
        """The stored snapshots, most recently used first (only their file lists are read)."""
        db = self._connect()
        if db is None:
            return []
        out = []
        try:
            query = (
                "SELECT snapshots.id, CAST(files AS BLOB) FROM snapshots JOIN snapshot_used USING (id)"
                " ORDER BY used DESC LIMIT ?"
            )
            for ident, files in db.execute(query, (KEEP_SNAPSHOTS,)):
                value = _unpack(files)
                if (
                    isinstance(value, tuple)
                    and len(value) == 2
                    and isinstance(value[0], tuple)
                    and isinstance(value[1], tuple)
                    and len(value[0]) == len(value[1])
                ):
                    key = (ident, value[0], value[1])
                    if key not in self._read:
                        self._read[key] = Snapshot(self, ident, value[0], value[1])
                    out.append(self._read[key])
        except sqlite3.Error as exc:
            self._failed(exc)
            return []
        return out

    def _snapshot_column(self, ident: int, column: str) -> object:
        assert column in ("tables", "skeletons", "deps", "inverted")
        db = self._connect()
        if db is None:
            return None
        try:
            row = db.execute(f"SELECT CAST({column} AS BLOB) FROM snapshots WHERE id = ?", (ident,)).fetchone()
        except sqlite3.Error as exc:
            self._failed(exc)
            return None
        return _unpack(row[0]) if row is not None else None

    def touch_snapshot(self, ident: int) -> None:
        db = self._connect()
        if db is None:
            return
        try:
            with db:
                db.execute("UPDATE snapshot_used SET used = ? WHERE id = ?", (time.time(), ident))
        except sqlite3.Error as exc:
            self._failed(exc, "cache not updated")

    def put_snapshot(
        self, paths: tuple[str, ...], digests: tuple[str, ...], tables: object, skeletons: object, deps: object, inverted: object
    ) -> None:
        db = self._connect()
        if db is None:
            return
        row = (_pack((paths, digests)), _pack(tables), _pack(skeletons), _pack(deps), _pack(inverted))
        try:
            with db:
                ident = db.execute(
                    "INSERT INTO snapshots (files, tables, skeletons, deps, inverted) VALUES (?, ?, ?, ?, ?)", row
                ).lastrowid
                db.execute("INSERT OR REPLACE INTO snapshot_used (id, used) VALUES (?, ?)", (ident, time.time()))
                kept = "SELECT id FROM snapshot_used ORDER BY used DESC LIMIT ?"
                db.execute(f"DELETE FROM snapshots WHERE id NOT IN ({kept})", (KEEP_SNAPSHOTS,))
                db.execute("DELETE FROM snapshot_used WHERE id NOT IN (SELECT id FROM snapshots)")
        except sqlite3.Error as exc:
            self._failed(exc, "cache not updated")

    # ------------------------------------------------------------ answers

    def get_answer(self, key: str) -> object:
        """The value kept under ``key`` by :meth:`put_answer` (None: none, or unreadable)."""
        db = self._connect()
        if db is None:
            return None
        try:
            row = db.execute("SELECT CAST(blob AS BLOB) FROM answers WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as exc:
            self._failed(exc)
            return None
        value = _unpack(row[0]) if row is not None else None
        # bound to its key: a value moved to another row (or another key's) is a miss
        if isinstance(value, tuple) and len(value) == 2 and value[0] == key:
            return value[1]
        return None

    def has_answers(self, prefix: str) -> bool:
        """Whether an answer is kept under ``prefix`` (the part of its key that is cheap to make)."""
        db = self._connect()
        if db is None:
            return False
        try:
            return db.execute("SELECT 1 FROM answers WHERE prefix = ? LIMIT 1", (prefix,)).fetchone() is not None
        except sqlite3.Error as exc:
            self._failed(exc)
            return False

    def put_answer(self, key: str, prefix: str, value: object) -> None:
        """Keep ``value`` (marshal data) under ``key`` (and ``prefix``, see :meth:`has_answers`);
        only the newest ``KEEP_ANSWERS`` stay."""
        db = self._connect()
        if db is None:
            return
        try:
            blob = _pack((key, value))
        except ValueError:  # not marshal data: nothing kept
            return
        try:
            with db:
                db.execute(
                    "INSERT OR REPLACE INTO answers (key, prefix, used, blob) VALUES (?, ?, ?, ?)", (key, prefix, time.time(), blob)
                )
                db.execute(
                    "DELETE FROM answers WHERE key NOT IN (SELECT key FROM answers ORDER BY used DESC LIMIT ?)",
                    (KEEP_ANSWERS,),
                )
        except sqlite3.Error as exc:
            self._failed(exc, "cache not updated")

    def close(self) -> None:
        self._read.clear()
        if self._db is not None:
            self._db.close()
            self._db = None
