"""Errors that mean "the input is wrong", as opposed to a bug in reuse-audit.

The command line catches :class:`UsageError`, prints
``reuse-audit: error: <message>`` and exits with status 2.  Every message is a
single line that says what is wrong and where (``file:line:`` when known), so
it can be read in a terminal, a CI log or an editor's problem list.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Union


class UsageError(Exception):
    """Bad input: a missing file, a malformed patch, an unknown option value...

    ``str(error)`` is always one line: any line break in the message is shown
    as an escaped ``\\n`` rather than breaking the line.
    """

    def __init__(self, message: str) -> None:
        message = str(message)
        one_line = message.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r")
        super().__init__(one_line)
        self.message = one_line

    def __str__(self) -> str:
        return self.message


class PatchError(UsageError):
    """The patch (unified diff) cannot be parsed or does not apply to the tree."""


def read_input(path: Union[str, Path], shown: str, directory: Optional[str] = None) -> bytes:
    """The bytes of a file an option names, or a UsageError that says why not in one line, each
    message beginning with ``shown`` (``--baseline x.json``).  ``directory``: what was expected,
    said when ``path`` is a folder (else reading it fails as any unreadable file does)."""
    file = Path(path)
    if directory is not None and file.is_dir():
        raise UsageError(f"{shown}: is a directory, {directory}")
    try:
        return file.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"{shown}: no such file") from None
    except OSError as exc:
        raise UsageError(f"{shown}: cannot read ({exc.strerror or exc})") from None


def read_input_text(path: Union[str, Path], shown: str) -> str:
    """:func:`read_input`, decoded as UTF-8 (not UTF-8: the same one-line error)."""
    data = read_input(path, shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{shown}: cannot read ({exc})") from None
