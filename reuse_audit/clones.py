"""Near-clone detection (RA003): which functions have almost the same token sequence.

Three parts, each cheap enough for a repository of tens of thousands of functions:

**Tokenizer.**  :func:`normalise` turns the source bytes of one function (from
its ``def`` to the end of its last line: decorators are not part of it) into a
*normalised token sequence*, one byte a token, with one compiled regular
expression over the bytes (no ``tokenize``, no tree walk):

* keywords and operators keep their identity (one symbol each): the structure;
* a name that is called (``f(``, ``obj.method(``) keeps its identity too,
  hashed into one of 128 symbols: ``len(x)`` and ``sorted(x)`` differ, and a copy
  calls the same things as its original even when it renames every variable;
* every other name is one symbol, every string literal (prefixed, f-strings
  and triple-quoted included) another, every number a third: renaming
  variables or changing constants and messages does not change the sequence;
* comments, line continuations and the function's docstring are dropped,
  and so is the name after ``def``/``class``.

**Fingerprints.**  :func:`fingerprints` hashes (CRC-32) the *anchored k-grams*
of a sequence: the ``K`` tokens that start at a keyword, an ``=`` or a called
name, a statement's usual start.  The ``SKETCH`` smallest hashes are kept (a
bottom-k MinHash sketch), so big functions do not flood the index, and two
near-identical functions almost always keep a hash in common
(``scripts/ra003_calibrate.py`` measures that recall against a brute-force
comparison).

**Index.**  :class:`CloneIndex` maps each fingerprint to the functions of at
least ``min_tokens`` tokens holding it.  :meth:`CloneIndex.similar` unions the
functions that share a fingerprint with the query, drops those whose length
rules the threshold out, and scores the rest with rapidfuzz's normalised
Indel similarity: candidates always come from the index, never from
comparing every pair.

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

import hashlib
import marshal
import math
import os
import re
import sqlite3
import zlib
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping, Optional

from . import __version__
from .errors import UsageError
from .model import Note
from .settings import Settings

if TYPE_CHECKING:  # pragma: no cover
    from .cache import FactsCache
    from .index import RepoIndex
    from .tree import SourceTree

__all__ = [
    "TOKENIZER_VERSION",
    "CloneIndex",
    "CloneCache",
    "Match",
    "build_clone_index",
    "normalise",
    "fingerprints",
    "file_entries",
    "similarity",
    "describe",
]

#: Bump when the tokens, the fingerprints or the entry layout change: the
#: cache file's name carries it, so old entries are never read.
TOKENIZER_VERSION = 2

K = 10  # tokens in a fingerprinted k-gram
SKETCH = 16  # hashes kept a function (bottom-k)
EPSILON = 1e-9

# --------------------------------------------------------------------------
# the tokenizer
# --------------------------------------------------------------------------

KEYWORDS = (
    "False None True and as assert async await break class continue def del elif else except "
    "finally for from global if import in is lambda nonlocal not or pass raise return try while with yield"
).split()
OPERATORS = (
    "( ) [ ] { } , : . ; = -> ... ** // >> << + - * / % @ & | ^ ~ < > ! == != <= >= := "
    "+= -= *= /= %= &= |= ^= @= **= //= >>= <<="
).split()

NAME_SYMBOL = "\x21"
STRING_SYMBOL = "\x22"
NUMBER_SYMBOL = "\x23"
OTHER_SYMBOL = "\x24"
# Names a copy keeps: called names and attributes from KEPT_BASE, plain names
# (globals: classes, constants, modules) from PLAIN_BASE; each a hash of the name.
KEPT_BASE, PLAIN_BASE, KEPT_SPAN = 0x100, 0x6100, 0x6000
# Literal values, hashed (in the private use area): strings, then numbers.  They
# stand in the raw sequence; ``tokenize`` takes them out as the literals and
# leaves STRING_SYMBOL and NUMBER_SYMBOL in their place.
STRING_BASE, NUMBER_BASE, LITERAL_SPAN = 0xE000, 0xEC80, 0xC80

SYMBOLS: dict[bytes, str] = {}
for _code, _text in enumerate(KEYWORDS + OPERATORS, start=0x25):
    SYMBOLS[_text.encode()] = chr(_code)
assert ord(max(SYMBOLS.values())) < KEPT_BASE

_SQ = r"'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+'?"
_DQ = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"?'
_TSQ = r"'''[^'\\]*+(?:(?:\\[\s\S]|'(?!''))[^'\\]*+)*+(?:'''|\Z)"
_TDQ = r'"""[^"\\]*+(?:(?:\\[\s\S]|"(?!""))[^"\\]*+)*+(?:"""|\Z)'
_STRING = "(?:" + "|".join([_TSQ, _TDQ, _SQ, _DQ]) + ")"
_NUMBER = r"0[xXoObB][0-9a-fA-F_]++|(?:\d[\d_]*+(?:\.[\d_]*+)?|\.\d[\d_]*+)(?:[eE][+-]?\d[\d_]*+)?[jJlL]?"
_OPERATOR = r"->|\.\.\.|(?:\*\*|//|>>|<<|[-+*/%@&|^=!<>:])=?|[~()\[\]{},.;]"
_IDENTIFIER = r"[A-Za-z_\x80-\xff][\w\x80-\xff]*+"
_CALL = r"(?:[ \t]*+\()?"  # "f(" is one token: a called name

#: One token a match (the group), after whitespace (newlines included).
#: ``name(`` (a call) and ``.name`` / ``.name(`` (an attribute) are one match each.
TOKEN = re.compile(
    (
        r"\s*+("
        + "|".join(
            [
                r"[rRbBuUfFtT]{1,2}(?=['\"])" + _STRING,  # prefixed string
                _IDENTIFIER + _CALL,
                r"\.\s*+" + _IDENTIFIER + _CALL,
                _NUMBER,
                _OPERATOR,
                _STRING,
                r"\#[^\n]*+",  # comment
                r"\\",  # line continuation
                r"\S",  # anything else ($, ?, a stray byte)
            ]
        )
        + ")"
    ).encode(),
    re.S,
)

_OPEN = frozenset(SYMBOLS[b] for b in (b"(", b"[", b"{"))
_CLOSE = frozenset(SYMBOLS[b] for b in (b")", b"]", b"}"))
_COLON = SYMBOLS[b":"]
_DOT = SYMBOLS[b"."]
_PAREN = SYMBOLS[b"("]
# after a docstring, these continue its expression: then it is not a docstring
_CONTINUES = frozenset(SYMBOLS[o.encode()] for o in OPERATORS) - {SYMBOLS[b";"]}
_STRING_LOW, _STRING_HIGH = chr(STRING_BASE), chr(STRING_BASE + LITERAL_SPAN - 1)
_STRING_CHAR = re.compile("[\\u%04x-\\u%04x]" % (STRING_BASE, STRING_BASE + LITERAL_SPAN - 1))
_NUMBER_CHAR = re.compile("[\\u%04x-\\u%04x]" % (NUMBER_BASE, NUMBER_BASE + LITERAL_SPAN - 1))
_LITERAL_CHAR = re.compile("[\\u%04x-\\u%04x]" % (STRING_BASE, NUMBER_BASE + LITERAL_SPAN - 1))
_KEPT = "[\\u%04x-\\u%04x]" % (KEPT_BASE, PLAIN_BASE + KEPT_SPAN - 1)  # any name
_PLAIN = "[\\u%04x-\\u%04x]" % (PLAIN_BASE, PLAIN_BASE + KEPT_SPAN - 1)
_DEF_NAME = re.compile("(?<=[" + re.escape(SYMBOLS[b"def"] + SYMBOLS[b"class"]) + "])" + _KEPT)
_ANCHORS = "".join(SYMBOLS[k.encode()] for k in KEYWORDS) + SYMBOLS[b"="]
_GRAM = re.compile("(?=((?:[" + re.escape(_ANCHORS) + "]|" + _KEPT + ").{%d}))" % (K - 1), re.S)
_MEMO_LIMIT = 200_000


def _literal(base: int, value: bytes) -> str:
    """The symbol of a literal's value."""
    return chr(base + zlib.crc32(value) % LITERAL_SPAN)


def _plain(name: bytes) -> str:
    """The symbol of a plain name (not called, not an attribute): hashed apart from ``_kept``'s.

    ``normalise`` turns the names the function binds (its variables) into
    NAME_SYMBOL; what is left are the globals it reads (classes, constants,
    modules), which a copy keeps.
    """
    return chr(PLAIN_BASE + zlib.crc32(name) % KEPT_SPAN)


def _kept(name: bytes) -> str:
    """The symbol of a name that is kept: a keyword's own, or one of KEPT_SPAN by hash."""
    keyword = SYMBOLS.get(name)
    return keyword if keyword is not None else chr(KEPT_BASE + zlib.crc32(name) % KEPT_SPAN)


class _Symbols(dict):
    """Token text -> symbols; a token not seen before is classified once (long strings every time)."""

    def __missing__(self, token: bytes) -> str:
        first = token[0]
        if first == 0x23 or first == 0x5C:  # comment, line continuation
            return ""
        if b'"' in token or b"'" in token:  # only a string token holds a quote
            value = _literal(STRING_BASE, token.lstrip(b"rRbBuUfFtT").strip(b"\"'"))
            if len(token) > 64:
                return value  # docstrings and the like: not worth remembering
        elif 0x30 <= first <= 0x39 or (first == 0x2E and len(token) > 1 and 0x30 <= token[1] <= 0x39):
            value = _literal(NUMBER_BASE, token)
        elif first == 0x2E and len(token) > 1 and token[1] not in b".=":  # .name, .name(
            name = token[1:].strip()
            if name.endswith(b"("):
                value = _DOT + _kept(name[:-1].rstrip()) + _PAREN
            else:
                value = _DOT + _kept(name)
        elif token[-1] == 0x28 and len(token) > 1:  # name(
            value = _kept(token[:-1].rstrip()) + _PAREN
        elif first == 0x5F or first >= 0x80 or 0x41 <= first <= 0x5A or 0x61 <= first <= 0x7A:
            value = SYMBOLS.get(token) or _plain(token)
        else:
            value = SYMBOLS.get(token, OTHER_SYMBOL)
        if len(self) > _MEMO_LIMIT:
            self.clear()
            self.update(SYMBOLS)
        self[token] = value
        return value


_symbols = _Symbols(SYMBOLS)


def _binding_pattern() -> "re.Pattern[str]":
    sym = {k.decode(): re.escape(v) for k, v in SYMBOLS.items()}
    assign = "".join(sym[o] for o in ("= += -= *= /= %= &= |= ^= @= **= //= >>= <<=".split()))
    return re.compile(
        "|".join(
            [
                f"{sym['def']}.{sym['(']}(.*?){sym[')']}(?:{sym['->']}[^{sym[':']}]*)?{sym[':']}",  # parameters
                f"{sym['for']}(.*?){sym['in']}",  # for targets (loops, comprehensions)
                f"(?:{sym['as']}|{sym['global']}|{sym['nonlocal']})({_PLAIN})",  # with, except, import ... as
                f"{sym['lambda']}([^{sym[':']}]*){sym[':']}",  # lambda parameters
                # x = , a, b = , x += ; not f(x=1, y=2), whose x and y are the callee's names, kept
                f"(?<![{sym['(']}{sym[',']}{sym['=']}])((?:{_PLAIN}{sym[',']})*{_PLAIN})(?=[{assign}])",
                f"({_PLAIN})(?={sym[':=']})",  # (x := ...)
            ]
        ),
        re.S,
    )


_BINDINGS = _binding_pattern()
_RAISE = SYMBOLS[b"raise"]
def _raised_pattern() -> "re.Pattern[str]":
    """raise Error(...): its arguments, two levels of parentheses inside them."""
    open_, close = re.escape(_PAREN), re.escape(SYMBOLS[b")"])
    flat = f"[^{open_}{close}]"
    inner = f"{open_}{flat}*{close}"
    middle = f"{open_}(?:{flat}|{inner})*{close}"
    return re.compile(f"{re.escape(_RAISE)}{_KEPT}{open_}((?:{flat}|{middle})*){close}")


_RAISED = _raised_pattern()
_PLAIN_CHAR = re.compile(_PLAIN)


def normalise(data: bytes, start: int = 0, end: Optional[int] = None) -> str:
    """The normalised token sequence of the function whose ``def`` is at ``data[start:end]``.

    The plain names it binds (parameters; assignment, ``for``, ``with``,
    ``except`` and ``import`` targets; lambda parameters) are its variables,
    and become NAME_SYMBOL: a copy renames them.  The other plain names
    (globals, keyword argument names) are kept, as called names and
    attributes are.
    """
    return tokenize(data, start, end)[0]


def tokenize(data: bytes, start: int = 0, end: Optional[int] = None) -> tuple[str, str]:
    """(normalised sequence, literals) of the function at ``data[start:end]``: the literals
    are the hashed values of its string and number literals, in order, less its docstring
    and the messages of the exceptions it raises."""
    found = TOKEN.findall(data, start, len(data) if end is None else end)
    raw = "".join(map(_symbols.__getitem__, found))
    for name in set(_PLAIN_CHAR.findall("".join(["".join(groups) for groups in _BINDINGS.findall(raw)]))):
        raw = raw.replace(name, NAME_SYMBOL)
    raw = _DEF_NAME.sub(NAME_SYMBOL, raw)
    at, count = _docstring(raw)
    if count:
        raw = raw[:at] + raw[at + count :]
    said = raw
    if _RAISE in raw:  # the message of a raised exception is wording, not meaning
        for m in reversed(list(_RAISED.finditer(raw))):
            said = said[: m.start(1)] + said[m.end(1) :]
    seq = _NUMBER_CHAR.sub(NUMBER_SYMBOL, _STRING_CHAR.sub(STRING_SYMBOL, raw))
    return seq, "".join(_LITERAL_CHAR.findall(said))


def _docstring(seq: str) -> tuple[int, int]:
    """(where, how many tokens): the string(s) that open the body after the header's ``:``."""
    depth = 0
    n = len(seq)
    for i in range(n):
        c = seq[i]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        elif c == _COLON and depth == 0:
            j = k = i + 1
            while k < n and _STRING_LOW <= seq[k] <= _STRING_HIGH:
                k += 1
            if k > j and (k == n or seq[k] not in _CONTINUES):
                return j, k - j
            return j, 0
    return n, 0


def fingerprints(seq: str) -> tuple[int, ...]:
    """The bottom-``SKETCH`` CRC-32 hashes of the anchored ``K``-grams of ``seq``, sorted."""
    grams = _GRAM.findall(seq) or [seq]
    return tuple(sorted(set(map(zlib.crc32, map(str.encode, grams))))[:SKETCH])


def line_starts(data: bytes) -> list[int]:
    """Byte offset of the start of each line: element ``i`` is line ``i + 1`` (one extra at the end)."""
    return list(accumulate(map((1).__add__, map(len, data.split(b"\n"))), initial=0))


def file_entries(data: bytes, functions: Iterable[tuple[str, int, int, int]]) -> tuple:
    """The entries of a file's functions, given as (local name, line, col, end line).

    An entry is (local name, line, col, end line, sequence, fingerprints, literals).
    """
    starts = line_starts(data)
    lines = len(starts) - 1
    out = []
    for local, line, col, end_line in functions:
        if not 1 <= line <= end_line:
            continue
        start = starts[min(line, lines) - 1] + col
        end = min(starts[min(end_line, lines)], len(data))
        seq, literals = tokenize(data, start, end)
        out.append((local, line, col, end_line, seq, fingerprints(seq), literals))
    return tuple(out)


def _valid_entries(value: object) -> bool:
    return isinstance(value, tuple) and all(
        isinstance(e, tuple)
        and len(e) == 7
        and isinstance(e[0], str)
        and isinstance(e[4], str)
        and isinstance(e[5], tuple)
        and isinstance(e[6], str)
        for e in value
    )


def similarity(a: str, b: str) -> float:
    """Normalised Indel similarity of two sequences: 1 - (insertions + deletions) / (len(a) + len(b))."""
    from rapidfuzz.distance import Indel

    return Indel.normalized_similarity(a, b)


#: The tokens that say what a function *does*, rather than how it is laid out:
#: kept names (calls, attributes), operators that compute, and the constants.
_MEANING = frozenset(
    SYMBOLS[t.encode()]
    for t in (
        "+ - * / % @ ** // << >> & | ^ ~ < > <= >= == != += -= *= /= %= &= |= ^= @= **= //= >>= <<= "
        "not and or is in True False None"
    ).split()
)
_KEPT_CHAR = re.compile(_KEPT)


def meaning(seq: str, literals: str = "") -> Counter:
    """The multiset of what a function does: the kept names and the operators and constants
    of ``_MEANING`` in its sequence, and the values of its literals."""
    found = Counter(_KEPT_CHAR.findall(seq))
    found.update(c for c in seq if c in _MEANING)
    found.update(literals)
    return found


def coverage(new: tuple[str, str], target: tuple[str, str]) -> float:
    """The share of ``target``'s meaning (a multiset, see ``meaning``) that ``new`` has too,
    each a (sequence, literals) pair: 1.0 when ``new`` calls, reads, computes and says
    everything ``target`` does (and perhaps more)."""
    wanted = meaning(*target)
    total = sum(wanted.values())
    if not total:
        return 1.0
    return sum((wanted & meaning(*new)).values()) / total


_NAMES = {v: k.decode() for k, v in SYMBOLS.items()}
_NAMES.update({NAME_SYMBOL: "N", STRING_SYMBOL: "S", NUMBER_SYMBOL: "0", OTHER_SYMBOL: "?"})


def describe(seq: str) -> str:
    """A readable form of a sequence (tests, calibration): ``def N ( N ) : return #01a2 ( N )``
    (a kept name is ``#`` and its hash)."""
    return " ".join(_NAMES.get(c) or f"#{ord(c) - KEPT_BASE:04x}" for c in seq)


# --------------------------------------------------------------------------
# the cache
# --------------------------------------------------------------------------

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS files (id INTEGER PRIMARY KEY, digest TEXT UNIQUE NOT NULL, blob BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS prints (hash INTEGER NOT NULL, file INTEGER NOT NULL, fn INTEGER NOT NULL,"
    " tokens INTEGER NOT NULL, PRIMARY KEY (hash, file, fn)) WITHOUT ROWID",
)


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
        from .cache import engine_key

        from .cachedir import check_database

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
                    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('engine', ?)", (key,))
        except BaseException:
            db.close()
            raise
        return db

    def _connect(self) -> Optional[sqlite3.Connection]:
        if self._db is not None or self.disabled_reason:
            return self._db
        from .cachedir import UnsafeCache

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
        db = self._connect()
        wanted = sorted(set(digests))
        found: dict[str, tuple] = {}
        if db is None or not wanted:
            return found
        try:
            rows = db.execute(
                "SELECT digest, blob FROM files WHERE digest IN (SELECT value FROM json_each(?))", (_json_list(wanted),)
            ).fetchall()
        except sqlite3.Error as exc:
            self._failed(exc)
            return found
        for digest, blob in rows:
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
                prints = []
                for digest, entries in sorted(rows.items()):
                    blob = marshal.dumps(entries)
                    found = db.execute("SELECT id FROM files WHERE digest = ?", (digest,)).fetchone()
                    if found is None:
                        ident = db.execute("INSERT INTO files (digest, blob) VALUES (?, ?)", (digest, blob)).lastrowid
                    else:  # a damaged entry, computed again: the same fingerprints
                        ident = found[0]
                        db.execute("UPDATE files SET blob = ? WHERE id = ?", (blob, ident))
                    prints.extend((h, ident, i, len(e[4])) for i, e in enumerate(entries) for h in e[5])
                db.executemany("INSERT OR IGNORE INTO prints (hash, file, fn, tokens) VALUES (?, ?, ?, ?)", prints)
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
    import json

    return json.dumps(values)


# --------------------------------------------------------------------------
# the index
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    qualname: str
    similarity: float  # of the two token sequences
    tokens: int  # of the match
    coverage: float  # share of the match's meaning that the query has (``coverage``)
    extra: float  # share of the query's meaning that the match has: below 1, the query does more


class CloneIndex:
    """Fingerprint -> functions of at least ``min_tokens`` tokens, over the files of a RepoIndex.

    With a cache, the fingerprints are looked up in it (:meth:`CloneCache.lookup`)
    and only the entries of the files a query needs are read; without one,
    every file's entries are in memory and the postings are made on the first
    query.  A function is known by (path, number in its file's entries).
    """

    def __init__(
        self,
        index: "RepoIndex",
        tree: "SourceTree",
        min_tokens: int,
        digests: Mapping[str, str],
        entries: dict[str, tuple],
        store: Optional[CloneCache] = None,
        notes: tuple[Note, ...] = (),
    ):
        self.index = index
        self.tree = tree
        self.min_tokens = min_tokens
        self.notes = notes
        self._digest_of = dict(digests)  # path -> digest
        self._paths_of: dict[str, list[str]] = {}
        for path, digest in sorted(self._digest_of.items()):
            self._paths_of.setdefault(digest, []).append(path)
        self._entries = entries  # digest -> entries: all of them when there is no store
        self._store = store
        self._positions: dict[str, dict[str, int]] = {}  # digest -> local name -> number
        self._keys: Optional[list[tuple[str, int]]] = None  # memory mode: function id -> (path, number)
        self._postings: Optional[dict[int, list[int]]] = None

    # -- entries ------------------------------------------------------------

    def _load(self, digests: Iterable[str]) -> None:
        wanted = [d for d in set(digests) if d not in self._entries]
        if not wanted:
            return
        if self._store is not None:
            self._entries.update(self._store.load(wanted))
        missing = [d for d in wanted if d not in self._entries]
        if missing:  # damaged or lost: computed again, and stored again
            new = {}
            for digest in missing:
                entries = _compute(self.tree, self.index, self._paths_of[digest][0], digest)
                if entries is not None:
                    self._entries[digest] = new[digest] = entries
            if self._store is not None:
                self._store.store(new)

    def _memory(self) -> None:
        """Every entry in memory, and no more lookups in the cache (the cache failed, or calibration)."""
        self._load(self._paths_of)
        self._store = None

    def _find(self, qualname: str) -> Optional[tuple[str, int]]:
        """(path, number) of a function of the index."""
        fn = self.index.functions.get(qualname)
        if fn is None:
            return None
        path = fn.location.path
        digest = self._digest_of.get(path)
        module = self.index.module_of_path.get(path)
        if digest is None or module is None:
            return None
        self._load([digest])
        entries = self._entries.get(digest)
        if entries is None:
            return None
        positions = self._positions.get(digest)
        if positions is None:
            positions = self._positions[digest] = {e[0]: i for i, e in enumerate(entries)}
        i = positions.get(qualname[len(module) + 1 :])
        return None if i is None else (path, i)

    def _entry(self, key: tuple[str, int]) -> tuple:
        return self._entries[self._digest_of[key[0]]][key[1]]

    def _qualname(self, key: tuple[str, int]) -> str:
        return f"{self.index.module_of_path[key[0]]}.{self._entry(key)[0]}"

    def tokens(self, qualname: str) -> Optional[str]:
        """The normalised token sequence of a function (None if unknown)."""
        key = self._find(qualname)
        return None if key is None else self._entry(key)[4]

    def literals(self, qualname: str) -> Optional[str]:
        """The hashed values of a function's literals, in order (None if unknown)."""
        key = self._find(qualname)
        return None if key is None else self._entry(key)[6]

    def qualnames(self) -> list[str]:
        """Every function with an entry (all files are read)."""
        self._memory()
        out = []
        for path in sorted(self._digest_of):
            entries = self._entries.get(self._digest_of[path])
            if entries is not None and path in self.index.module_of_path:
                out.extend(self._qualname((path, i)) for i in range(len(entries)))
        return out

    # -- candidates ---------------------------------------------------------

    def _posting_lists(self) -> dict[int, list[int]]:
        if self._postings is None:
            self._memory()
            keys: list[tuple[str, int]] = []
            postings: dict[int, list[int]] = {}
            least = self.min_tokens
            for path in sorted(self._digest_of):
                entries = self._entries.get(self._digest_of[path])
                for i, entry in enumerate(entries or ()):
                    if len(entry[4]) < least:
                        continue
                    ident = len(keys)
                    keys.append((path, i))
                    for h in entry[5]:
                        found = postings.get(h)
                        if found is None:
                            postings[h] = [ident]
                        else:
                            found.append(ident)
            self._keys, self._postings = keys, postings
        return self._postings

    def _candidates(self, key: tuple[str, int], low: float, high: float) -> set[tuple[str, int]]:
        prints = self._entry(key)[5]
        low = max(low, self.min_tokens)
        found: set[tuple[str, int]] = set()
        if self._store is not None:
            rows = self._store.lookup(prints, low, high)
            if rows is not None:
                for digest, i, _ in rows:
                    for path in self._paths_of.get(digest, ()):
                        found.add((path, i))
                found.discard(key)
                self._load(self._digest_of[p] for p, _ in found)
                return {k for k in found if k[1] < len(self._entries.get(self._digest_of[k[0]], ()))}
            self._memory()  # the cache failed: from memory
        postings = self._posting_lists()
        keys = self._keys
        assert keys is not None
        for h in prints:
            for ident in postings.get(h, ()):
                found.add(keys[ident])
        found.discard(key)
        return {k for k in found if low <= len(self._entry(k)[4]) <= high}

    def candidates(self, qualname: str) -> set[str]:
        """Functions of at least ``min_tokens`` tokens sharing a fingerprint with ``qualname`` (not itself)."""
        key = self._find(qualname)
        if key is None:
            return set()
        return {self._qualname(k) for k in self._candidates(key, 0, math.inf)}

    def similar(self, qualname: str, min_similarity: float) -> list[Match]:
        """Functions of at least ``min_tokens`` tokens whose sequence is at least
        ``min_similarity`` similar to ``qualname``'s, best first.

        Empty when ``qualname`` is unknown or has fewer than ``min_tokens`` tokens.
        """
        key = self._find(qualname)
        if key is None:
            return []
        entry = self._entry(key)
        if len(entry[4]) < self.min_tokens:
            return []
        low, high = lengths(len(entry[4]), min_similarity)
        found = ((self._qualname(k), self._entry(k)) for k in self._candidates(key, low, high))
        return score_matches(qualname, entry, found, min_similarity, self.index.functions)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


def lengths(n: int, min_similarity: float) -> tuple[float, float]:
    """(low, high): the token counts a sequence needs to be ``min_similarity`` similar to one of ``n``."""
    t = min(max(min_similarity, EPSILON), 1.0)
    # Indel similarity is at most 2 * min(n, m) / (n + m): the lengths that can reach t
    return n * t / (2 - t) - EPSILON, n * (2 - t) / t + EPSILON


def sketch_grams(seq: str) -> dict[int, set[str]]:
    """hash -> the anchored ``K``-grams of ``seq`` with that hash, for the hashes of its sketch."""
    sketch = set(fingerprints(seq))
    out: dict[int, set[str]] = {}
    for gram in _GRAM.findall(seq) or [seq]:
        h = zlib.crc32(gram.encode())
        if h in sketch:
            out.setdefault(h, set()).add(gram)
    return out


def share_a_gram(mine: dict[int, set[str]], seq: str) -> bool:
    """Does ``seq``'s sketch hold a hash of ``mine`` (``sketch_grams``) for the same gram?
    Two sequences that share a hash only because two grams collide share nothing."""
    theirs = sketch_grams(seq)
    return any(mine[h] & theirs[h] for h in mine.keys() & theirs.keys())


def score_matches(
    qualname: str, entry: tuple, candidates: Iterable[tuple[str, tuple]], min_similarity: float, functions: Mapping
) -> list[Match]:
    """The candidates (qualname, entry) that share a sketch gram with ``entry`` and are at least
    ``min_similarity`` similar to it, best first (``functions``: the index's function table)."""
    from rapidfuzz.distance import Indel

    seq = entry[4]
    t = min(max(min_similarity, EPSILON), 1.0)
    score = Indel.normalized_similarity
    grams = sketch_grams(seq)
    out = []
    for name, other_entry in candidates:
        other = other_entry[4]
        if name == qualname or not share_a_gram(grams, other):
            continue
        sim = score(seq, other, score_cutoff=max(t - EPSILON, 0.0))
        if sim + EPSILON >= min_similarity and name in functions:
            mine, theirs = (seq, entry[6]), (other, other_entry[6])
            out.append(Match(name, sim, len(other), coverage(mine, theirs), coverage(theirs, mine)))
    out.sort(key=lambda m: (-m.similarity, -m.tokens, m.qualname))
    return out


def raw_symbols(data: bytes, start: int, end: int) -> str:
    """The symbols of the tokens of ``data[start:end]`` before ``tokenize`` normalises them:
    the names a function binds are still their names, its docstring is still there."""
    return "".join(map(_symbols.__getitem__, TOKEN.findall(data, start, end)))


def gram_pattern(grams: Iterable[str]) -> "re.Pattern[str]":
    """Where, in ``raw_symbols``, a function whose sequence holds one of ``grams`` has it.

    A bound name (NAME_SYMBOL) is a name there, a literal any literal of its
    kind, and after a ``:`` may stand the docstring that ``tokenize`` drops.
    """
    name = _KEPT
    string = "[\\u%04x-\\u%04x]" % (STRING_BASE, STRING_BASE + LITERAL_SPAN - 1)
    number = "[\\u%04x-\\u%04x]" % (NUMBER_BASE, NUMBER_BASE + LITERAL_SPAN - 1)
    docstring = string + "*"
    alternatives = []
    for gram in sorted(set(grams)):
        parts = []
        for c in gram:
            if c == NAME_SYMBOL:
                parts.append(name)
            elif c == STRING_SYMBOL:
                parts.append(string)
            elif c == NUMBER_SYMBOL:
                parts.append(number)
            else:
                parts.append(re.escape(c))
                if c == _COLON:
                    parts.append(docstring)
        alternatives.append("".join(parts))
    return re.compile("|".join(alternatives) if alternatives else "(?!)", re.S)


def _read(tree: "SourceTree", path: str, digest: str) -> Optional[bytes]:
    """The bytes of ``path`` if they are still ``digest``'s."""
    try:
        data = tree.read(path)
    except (OSError, KeyError, ValueError, UsageError):
        return None
    return data if hashlib.sha256(data).hexdigest() == digest else None


def _compute(tree: "SourceTree", index: "RepoIndex", path: str, digest: str) -> Optional[tuple]:
    """The entries of one file of the index, from its bytes (None if they are not ``digest``'s)."""
    data = _read(tree, path, digest)
    return None if data is None else file_entries(data, _spans(index, path))


PARALLEL_THRESHOLD = 64  # files to tokenize below which no process is started
_WORK: list = []  # what forked processes tokenize: set before the fork, inherited
_WORK_FN: list = []  # and the function they apply


def _work_chunk(numbers: list[int]) -> bytes:
    fn = _WORK_FN[0]
    return marshal.dumps([(_WORK[i][0], fn(*_WORK[i][1:])) for i in numbers])


def compute_entries(work: list[tuple[str, bytes, list]], jobs: int = 0) -> dict[str, tuple]:
    """digest -> entries of each (digest, bytes, spans), in ``jobs`` forked processes when there are many."""
    return in_processes(work, file_entries, jobs)


def raw_files(work: list[tuple[str, bytes]], jobs: int = 0) -> dict[str, str]:
    """key -> ``raw_symbols`` of the whole of each (key, bytes), in ``jobs`` forked processes when there are many."""
    return in_processes([(key, data, 0, len(data)) for key, data in work], raw_symbols, jobs)


def in_processes(work: list[tuple], fn, jobs: int = 0) -> dict:
    """key -> ``fn(*rest)`` of each (key, bytes, *rest), in ``jobs`` forked processes when there are many
    (the biggest first), else, or when the processes fail, in this one."""
    global _WORK, _WORK_FN
    out: dict = {}
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    if workers > 1 and len(work) >= PARALLEL_THRESHOLD:
        import multiprocessing

        order = sorted(range(len(work)), key=lambda i: -len(work[i][1]))  # biggest first
        chunks = [order[i :: workers * 4] for i in range(workers * 4)]
        _WORK, _WORK_FN = work, [fn]
        # An executor, not multiprocessing.Pool: a Pool whose worker dies
        # (killed, or failing at start-up) waits forever; the executor
        # reports a broken pool and the work is done here instead.
        from concurrent.futures import ProcessPoolExecutor, as_completed
        from concurrent.futures.process import BrokenProcessPool

        try:
            ctx = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
                for future in as_completed([pool.submit(_work_chunk, c) for c in chunks]):
                    out.update(marshal.loads(future.result()))
        except (OSError, ValueError, RuntimeError, ImportError, BrokenProcessPool):
            out = {}  # no processes here (sandbox, no fork, a worker died): in this one
        finally:
            _WORK, _WORK_FN = [], []
    for key, *rest in work:
        if key not in out:
            out[key] = fn(*rest)
    return out


def _spans(index: "RepoIndex", path: str) -> list[tuple[str, int, int, int]]:
    module = index.module_of_path[path]
    functions = index.functions
    spans = []
    for qualname in index.by_path.get(path, ()):
        loc = functions[qualname].location
        spans.append((qualname[len(module) + 1 :], loc.line, loc.col, loc.end_line))
    return spans


def build_clone_index(
    tree: "SourceTree",
    index: "RepoIndex",
    settings: Settings = Settings(),
    cache: Optional["FactsCache"] = None,
    cache_dir: Optional[Path] = None,
    in_memory: bool = False,
    jobs: int = 0,
) -> CloneIndex:
    """The clone index of ``tree``'s files, whose functions ``index`` lists.

    ``cache`` (the facts cache) gives the cache directory and, from its stat
    table, the digests of unchanged files; ``cache_dir`` alone a directory.
    With neither, nothing is stored and every entry is in memory; so it is
    with ``in_memory`` (every file's entries read from the cache in one query).
    Files the cache does not have are tokenized (in ``jobs`` processes when
    there are many: 0, one per core), and stored.
    """
    paths = sorted(index.module_of_path)
    digests, contents = _digests(tree, paths, cache)
    directory = cache_dir if cache_dir is not None else (cache.directory if cache is not None else None)
    store = CloneCache(directory) if directory is not None else None
    entries: dict[str, tuple] = {}
    if store is not None:
        if in_memory:
            entries = store.load(digests.values())
            known = set(entries)
        else:
            known = store.known(digests.values())
    else:
        known = set()
    missing = sorted(p for p in paths if p in digests and digests[p] not in known)
    if missing:
        if len(missing) > 8:
            len(index.by_path)  # one pass groups every file's functions, instead of a pass a file
        work: list[tuple[str, bytes, list]] = []
        seen: set[str] = set()
        made = index.token_entries or {}  # by the parser processes, on the way
        new: dict[str, tuple] = {}
        for path in missing:
            digest = digests[path]
            if digest in seen:
                continue
            found = made.get(path)
            if found is not None and found[0] == digest:
                seen.add(digest)
                new[digest] = found[1]
                continue
            if path not in index.by_path:  # no function: nothing to read or tokenize
                seen.add(digest)
                new[digest] = ()
                continue
            data = contents.get(path)
            if data is None:
                data = _read(tree, path, digest)
                if data is None:
                    continue
            seen.add(digest)
            work.append((digest, data, _spans(index, path)))
        new.update(compute_entries(work, jobs))
        entries.update(new)
        if store is not None:
            store.store(new)
    notes: tuple[Note, ...] = ()
    if store is not None and store.disabled_reason:
        notes = (Note("", store.disabled_reason),)
    if store is not None and (in_memory or not store.usable):
        store.close()
        store = None
    result = CloneIndex(index, tree, settings.min_tokens, digests, entries, store, notes)
    if store is None:
        result._memory()
    return result


def _digests(tree: "SourceTree", paths: list[str], cache: Optional["FactsCache"]) -> tuple[dict, dict]:
    """(path -> sha256, bytes read on the way): through the facts cache's stat table when there is one."""
    try:
        from .index import digest_files

        digests, contents, _ = digest_files(tree, paths, cache)
        return digests, contents
    except (ImportError, TypeError, ValueError, AttributeError):
        pass
    digests, contents = {}, {}
    for path in paths:
        try:
            data = tree.read(path)
        except (OSError, KeyError, ValueError, UsageError):
            continue
        digests[path] = hashlib.sha256(data).hexdigest()
        contents[path] = data
    return digests, contents
