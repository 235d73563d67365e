"""The near-clone rule's tokenizer and MinHash sketches (RA003): what the full build computes as function facts.

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

The clone index over these (``clones.py``) and its cache (``clonecache.py``).
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from itertools import accumulate
from typing import Iterable, Optional

from reuse_audit.facts.rows import TokenEntry

#: Bump when the tokens, the fingerprints or the entry layout change: the
#: cache file's name carries it, so old entries are never read.
TOKENIZER_VERSION = 3

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

# (a backslash escapes any character, a line break too: ``"...\\`` at the end of a line goes on
# on the next one, which is in the string, not code; the line break is ``\r\n`` in a file with
# Windows line ends, and the backslash takes both, else the ``\n`` would end the string there)
_SQ = r"'[^'\\\n]*+(?:\\(?:\r\n|[\s\S])[^'\\\n]*+)*+'?"
_DQ = r'"[^"\\\n]*+(?:\\(?:\r\n|[\s\S])[^"\\\n]*+)*+"?'
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
# Any name. Every character of a sequence is a symbol (below KEPT_BASE), a name or a literal
# (from STRING_BASE), so "neither" is a name: written so, ``re`` compiles the class in a
# seventh of the time (it fills a bitmap one code point at a time, 6.6k of them instead of
# 49k), and a gram pattern (``gram_pattern``) holds one class per name of its grams.
assert PLAIN_BASE + KEPT_SPAN <= STRING_BASE
_KEPT = "[^\\x00-\\u%04x\\u%04x-\\u%04x]" % (KEPT_BASE - 1, STRING_BASE, NUMBER_BASE + LITERAL_SPAN - 1)
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

    An entry is a ``rows.TokenEntry``'s fields (local name, line, col, end line, sequence,
    fingerprints, literals) as a plain tuple: the clone cache and the parser processes marshal it.
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
        out.append(tuple(TokenEntry(local, line, col, end_line, seq, fingerprints(seq), literals)))
    return tuple(out)


def _valid_entries(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(e, tuple) and _valid_entry(e) for e in value)


def _valid_entry(value: tuple) -> bool:
    if len(value) != len(TokenEntry._fields):
        return False
    e = TokenEntry._make(value)
    return isinstance(e.local_name, str) and isinstance(e.seq, str) and isinstance(e.prints, tuple) and isinstance(e.literals, str)


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


#: The share of a target's string literals a copy must keep: a copy whose messages or output
#: lines were changed is still a copy (a 46-line method with two output lines changed), one
#: whose strings are mostly others (an SQL UPDATE beside an INSERT) is a variant.
STRING_SHARE = 0.5


def coverage(new: tuple[str, str], target: tuple[str, str]) -> float:
    """The share of ``target``'s meaning (a multiset, see ``meaning``) that ``new`` has too,
    each a (sequence, literals) pair: 1.0 when ``new`` calls, reads, computes everything
    ``target`` does (and perhaps more) and keeps at least ``STRING_SHARE`` of its string
    literals; below that share of strings, the share of strings kept."""
    wanted = meaning(target[0], _STRING_CHAR.sub("", target[1]))
    total = sum(wanted.values())
    core = sum((wanted & meaning(new[0], _STRING_CHAR.sub("", new[1]))).values()) / total if total else 1.0
    kept = strings_kept(new, target)
    return min(core, kept) if kept + EPSILON < STRING_SHARE else core


def strings_kept(new: tuple[str, str], target: tuple[str, str]) -> float:
    """The share of ``target``'s string literals (by value, as a multiset) that ``new`` has too (1.0: none)."""
    strings = Counter(_STRING_CHAR.findall(target[1]))
    if not strings:
        return 1.0
    return sum((strings & Counter(_STRING_CHAR.findall(new[1]))).values()) / sum(strings.values())


_NAMES = {v: k.decode() for k, v in SYMBOLS.items()}
_NAMES.update({NAME_SYMBOL: "N", STRING_SYMBOL: "S", NUMBER_SYMBOL: "0", OTHER_SYMBOL: "?"})


def describe(seq: str) -> str:
    """A readable form of a sequence (tests, calibration): ``def N ( N ) : return #01a2 ( N )``
    (a kept name is ``#`` and its hash)."""
    return " ".join(_NAMES.get(c) or f"#{ord(c) - KEPT_BASE:04x}" for c in seq)


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

