"""GitHub code scanning's ``primaryLocationLineHash``, computed the way the upload does.

When a SARIF result has no ``partialFingerprints.primaryLocationLineHash``, the
``github/codeql-action/upload-sarif`` action adds one (``src/fingerprints.ts``)
and GitHub uses it to keep an alert's identity when lines move.  We compute the
same value ourselves so that SARIF uploaded by other means (the REST API, other
CI systems) tracks alerts the same way, and so that the action's value and ours
never disagree (it warns on a mismatch and keeps ours).

The algorithm, ported from ``fingerprints.ts`` (function ``hash``):

* The file is decoded as UTF-8 (invalid bytes become U+FFFD, a BOM is kept) and
  read as UTF-16 code units, as JavaScript's ``charCodeAt`` does.
* Spaces and tabs are skipped.  ``\\r\\n`` and ``\\r`` count as ``\\n``.
* A polynomial rolling hash (base 37, signed 64-bit arithmetic that wraps)
  runs over a window of the next 100 kept code units; the hash of a line is
  the hash of the window that starts at the line's first kept code unit.
* After the last character comes one end-of-file unit (65535), then zeros
  until every line's window is complete.  So a file ending in a newline has
  one more (empty) line than ``str.splitlines`` reports.
* The value is the unsigned hash in lowercase hex without leading zeros, then
  ``:n`` where ``n`` counts how many lines so far (in line order, this one
  included) had the same hash: identical blocks get ``:1``, ``:2``, ...
"""

from __future__ import annotations

import functools
from typing import Optional

__all__ = ["line_hashes", "primary_location_line_hash"]

_TAB = 0x09
_SPACE = 0x20
_LF = 0x0A
_CR = 0x0D
_EOF = 65535
_BLOCK_SIZE = 100
_MOD = 37
_MASK = (1 << 64) - 1
_FIRST_MOD = pow(_MOD, _BLOCK_SIZE, 1 << 64)  # 37 ** BLOCK_SIZE, wrapped to 64 bits


def _code_units(content: bytes) -> list[int]:
    """The UTF-16 code units of ``content`` decoded as Node's Buffer.toString() does."""
    text = content.decode("utf-8", errors="replace")
    raw = text.encode("utf-16-le", errors="surrogatepass")
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


@functools.lru_cache(maxsize=64)
def line_hashes(content: bytes) -> tuple[str, ...]:
    """The ``primaryLocationLineHash`` of every line: element ``i`` is line ``i + 1``."""
    window = [0] * _BLOCK_SIZE
    line_numbers = [-1] * _BLOCK_SIZE
    hash_raw = 0  # kept in [0, 2**64): the two's-complement bits of the JS Long
    index = 0
    line_number = 0
    line_start = True
    prev_cr = False
    counts: dict[str, int] = {}
    out: dict[int, str] = {}

    def output_hash() -> None:
        value = format(hash_raw, "x")
        counts[value] = counts.get(value, 0) + 1
        out[line_numbers[index]] = f"{value}:{counts[value]}"
        line_numbers[index] = -1

    def update_hash(current: int) -> None:
        nonlocal hash_raw, index
        begin = window[index]
        window[index] = current
        hash_raw = (_MOD * hash_raw + current - _FIRST_MOD * begin) & _MASK
        index = (index + 1) % _BLOCK_SIZE

    units = _code_units(content)
    units.append(_EOF)
    for current in units:
        # skip tabs, spaces, and line feeds that come directly after a carriage return
        if current == _SPACE or current == _TAB or (prev_cr and current == _LF):
            prev_cr = False
            continue
        if current == _CR:
            current = _LF
            prev_cr = True
        else:
            prev_cr = False
        if line_numbers[index] != -1:
            output_hash()
        if line_start:
            line_start = False
            line_number += 1
            line_numbers[index] = line_number
        if current == _LF:
            line_start = True
        update_hash(current)

    # flush the remaining lines
    for _ in range(_BLOCK_SIZE):
        if line_numbers[index] != -1:
            output_hash()
        update_hash(0)

    return tuple(out[n] for n in range(1, line_number + 1))


def primary_location_line_hash(content: bytes, line: int) -> Optional[str]:
    """GitHub's ``primaryLocationLineHash`` for 1-based ``line`` of a file's bytes.

    Returns None for a line the file does not have (the upload action then sets
    no fingerprint either).
    """
    hashes = line_hashes(bytes(content))
    if 1 <= line <= len(hashes):
        return hashes[line - 1]
    return None
