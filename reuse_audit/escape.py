"""File and function names made safe for the medium they are written to.

A file name is chosen by whoever wrote the change: it can hold a line break
(an injected ``::error`` workflow command, a forged diff header), an escape
sequence (``\\e[2J`` clears the terminal) or bytes that are not UTF-8 (kept
by the patch reader as lone surrogates).  Every reporter, the command line's
notes and ``--diff`` write names through one of these (so this module is not
in :mod:`reuse_audit.report`: the fixes use it too):

* :func:`for_terminal` - the text format and notes on standard error: control
  characters (C0, DEL, C1), Unicode line and paragraph separators, bidi
  controls and lone surrogates are written as Python-style escapes
  (``\\n``, ``\\x1b``, ``\\u202e``; an undecodable byte as ``\\xff``).
  Everything else is kept, backslashes included.
* :func:`git_quote` - ``--diff``: a path quoted as git quotes it
  (``core.quotePath``): in double quotes, with C escapes and octal bytes,
  when it holds ``"``, ``\\``, a control character or a byte over 0x7f.
* JSON and SARIF need nothing here: ``json.dumps(ensure_ascii=True)``
  escapes every such character.  The GitHub format escapes as
  ``@actions/core`` does (``reporters/github.py``), after :func:`for_terminal`.
"""

from __future__ import annotations

import re

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# C0, DEL, C1, line/paragraph separators, bidi embeddings/overrides/isolates, lone surrogates
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ud800-\udfff]")


def _escape_char(match: "re.Match[str]") -> str:
    ch = match.group(0)
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """``text`` with every character that could move the cursor, start a new line, change
    the terminal's state or reorder what is shown written as a visible escape."""
    return _UNSAFE.sub(_escape_char, text)


_GIT_NAMED = {0x07: "\\a", 0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0B: "\\v", 0x0C: "\\f", 0x0D: "\\r", 0x22: '\\"', 0x5C: "\\\\"}


def git_quote(path: str, prefix: str = "") -> str:
    """``prefix + path`` as git writes a name in a diff header: as is when it needs no
    quoting, else ``"..."`` with C escapes and octal escapes for bytes over 0x7f
    (``path`` may hold lone surrogates for bytes that were not UTF-8)."""
    try:
        raw = (prefix + path).encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte stands for
        raw = (prefix + path).encode("utf-8", "surrogatepass")
    if not any(b < 0x20 or b >= 0x7F or b in (0x22, 0x5C) for b in raw):
        return prefix + path
    out = ['"']
    for b in raw:
        if b in _GIT_NAMED:
            out.append(_GIT_NAMED[b])
        elif b < 0x20 or b >= 0x7F:
            out.append(f"\\{b:03o}")
        else:
            out.append(chr(b))
    out.append('"')
    return "".join(out)
