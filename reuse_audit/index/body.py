"""What a function's body is made of, read off its normalised token sequence (``tokens.py``):
where the body starts, whether it is a delegate (one call passing on its arguments), and what
it computes, how much of another body it holds.  The rules' evidence beyond callees (RA001's
``min-coverage`` and ``confidence``, RA003's delegates)."""

from __future__ import annotations

import re
from collections import Counter

from reuse_audit.index.tokens import (
    _CLOSE,
    _COLON,
    _KEPT,
    _MEANING,
    _OPEN,
    _PAREN,
    NAME_SYMBOL,
    NUMBER_SYMBOL,
    STRING_SYMBOL,
    SYMBOLS,
)

_DEF, _ASYNC, _RETURN, _AWAIT, _YIELD, _FROM = (SYMBOLS[k] for k in (b"def", b"async", b"return", b"await", b"yield", b"from"))
#: What a forwarded argument is made of: names, attributes, literals, constants, ``*``, ``**``, ``=``, ``,``.
_ARGUMENT = re.compile(
    "(?:%s|[%s])*+"
    % (
        _KEPT,
        re.escape(
            NAME_SYMBOL + STRING_SYMBOL + NUMBER_SYMBOL + "".join(SYMBOLS[t] for t in (b".", b",", b"=", b"*", b"**", b"None", b"True", b"False"))
        ),
    )
)
_CALLEE = re.compile("(?:%s|[%s])++" % (_KEPT, re.escape(NAME_SYMBOL + SYMBOLS[b"."])))


def _body_start(seq: str) -> int:
    """Where the body of a ``def`` sequence starts: after its parameters, its return annotation and ``:``."""
    i = 1 if seq[:1] == _ASYNC else 0
    if seq[i : i + 1] != _DEF:
        return -1
    i += 1 if seq[i + 1 : i + 2] == _PAREN else 2  # the name after ``def`` (a NAME_SYMBOL), if there
    if seq[i : i + 1] != _PAREN:
        return -1
    depth = 0
    for j in range(i, len(seq)):
        c = seq[j]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        elif c == _COLON and depth == 0:
            return j + 1
    return -1


def forwards(seq: str) -> bool:
    """Is the function a delegate: is its body (the docstring is not part of it) one call that
    passes on its own names, attributes and literals (``return _storage.save(self, db=db)``,
    ``yield from _response.stream(self, run)``)?

    A delegate has no code of its own to copy: two classes that each forward to their own
    module read alike whatever those modules do."""
    start = _body_start(seq)
    if start < 0:
        return False
    body = seq[start:]
    if body[:1] == _RETURN:
        body = body[1:]
    elif body[:2] == _YIELD + _FROM:  # a generator that hands on another's items
        body = body[2:]
    if body[:1] == _AWAIT:
        body = body[1:]
    callee = _CALLEE.match(body)
    if callee is None or body[callee.end() : callee.end() + 1] != _PAREN:
        return False
    rest = body[callee.end() + 1 :]
    args = _ARGUMENT.match(rest)
    assert args is not None  # (its "*+" matches the empty string: it always matches)
    return rest[args.end() :] == SYMBOLS[b")"]


def body_of(seq: str, literals: str = "") -> tuple[str, str]:
    """A ``def`` sequence's body and the values of the literals in it, without the parameters'
    defaults and the return annotation (the whole sequence when it is no ``def``)."""
    start = _body_start(seq)
    if start > 0:
        header = seq[:start]
        skip = header.count(STRING_SYMBOL) + header.count(NUMBER_SYMBOL)
        seq, literals = seq[start:], literals[skip:]
    return seq, literals


#: What a body that only returns data is made of: literals, constants and the brackets and
#: punctuation of containers.
_DATA = frozenset(
    [STRING_SYMBOL, NUMBER_SYMBOL] + [SYMBOLS[t] for t in (b"True", b"False", b"None", b"(", b")", b"[", b"]", b"{", b"}", b",", b":")]
)


def returns_data(seq: str) -> bool:
    """Is the body (its docstring aside) one ``return`` of literal data (``return {"content":
    "...", "done": False}``)?  Such a function computes nothing: what it says is its strings."""
    body = body_of(seq)[0]
    return body[:1] == _RETURN and len(body) > 1 and all(c in _DATA for c in body[1:])


def is_coroutine(seq: str) -> bool:
    """Is the sequence an ``async def``?"""
    return seq[:1] == _ASYNC


def awaits_for(new: str, target: str) -> bool:
    """Is ``new`` a coroutine function that awaits where the plain function ``target`` does not
    (``chunk = await reader.read()`` for ``chunk = reader.read()``)?  Then what it awaits
    returns coroutines, and the plain original cannot be called in its place."""
    return is_coroutine(new) and not is_coroutine(target) and new.count(_AWAIT) > target.count(_AWAIT)


def computes(seq: str, literals: str = "") -> Counter:
    """What a function's body computes, whatever it calls things by: the operators and constants
    of ``_MEANING`` in its body and the values of its literals (``meaning`` without the kept
    names, which an alias-imported copy writes otherwise).  The parameters' defaults are its
    interface, not its computation: a wrapper exposing three of a target's ten keyword defaults
    computes what the target computes."""
    seq, literals = body_of(seq, literals)
    found = Counter(c for c in seq if c in _MEANING)
    found.update(literals)
    return found


def contained(target: tuple[str, str], parts: list[tuple[str, str]]) -> tuple[float, float]:
    """How much of ``target``'s body the ``parts`` hold (each a (sequence, literals) pair: a new
    function and the new helpers it reaches): the share of the body's tokens (but ``return``)
    found in them in order (their longest common subsequence), and the share of its literal values they have
    (1.0 when it has none).  A helper's body pasted whole into a larger function scores 1.0 and
    1.0, whatever the larger function adds."""
    from rapidfuzz.distance import LCSseq

    seq, literals = body_of(*target)
    seq = seq.replace(_RETURN, "")  # pasted into a larger function, a body hands its value on otherwise
    bodies = [body_of(*part) for part in parts]
    have_seq = "".join(b[0] for b in bodies)
    have_literals = Counter("".join(b[1] for b in bodies))
    wanted = Counter(literals)
    share = LCSseq.similarity(seq, have_seq) / len(seq) if seq else 0.0
    kept = sum((wanted & have_literals).values()) / sum(wanted.values()) if wanted else 1.0
    return share, kept
