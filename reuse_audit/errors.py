"""Errors that mean "the input is wrong", as opposed to a bug in reuse-audit.

The command line catches :class:`UsageError`, prints
``reuse-audit: error: <message>`` and exits with status 2.  Every message is a
single line that says what is wrong and where (``file:line:`` when known), so
it can be read in a terminal, a CI log or an editor's problem list.
"""

from __future__ import annotations


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
