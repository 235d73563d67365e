"""Parse a unified diff (``git diff`` output) and apply it to file contents.

Input formats
-------------
* ``git diff`` / ``git format-patch`` output: ``diff --git a/X b/Y`` sections
  with their extended headers (``index``, ``old mode``/``new mode``,
  ``new file mode``, ``deleted file mode``, ``similarity index``,
  ``rename from``/``rename to``, ``copy from``/``copy to``), ``--- a/X`` /
  ``+++ b/Y`` lines and ``@@`` hunks.  Text before, between and after sections
  (mail headers, the commit message, a diffstat, the ``-- `` signature) is
  ignored.
* Plain unified diffs (``diff -u``, ``svn diff``, ``hg diff``...): a ``--- ``
  line directly followed by a ``+++ `` line starts a file.  Such diffs never
  express renames: when the two names differ (``diff -u x.py.orig x.py``) the
  ``+++`` name is the file patched.  ``/dev/null`` or a 1970-01-01 timestamp
  (``diff -N``) on one side means the file is added or deleted.

Paths
-----
* The ``a/`` and ``b/`` prefixes are stripped when both sides carry them
  (``git diff --no-prefix`` or ``diff -u x y`` names are used as they are);
  in ``diff --git`` sections git's mnemonic prefixes (``c/ i/ w/ o/``, ``1/ 2/``)
  are stripped the same way.
* Quoted names (``"a/tab\\tx.py"``, ``"a/\\303\\274.py"``) are unescaped as git
  writes them (C escapes and octal UTF-8 bytes).  After an unquoted name,
  a tab and what follows it (a ``diff -u`` timestamp, or the tab git adds after
  names with spaces) is dropped.
* Every path goes through :func:`check_path`: relative, normalised, POSIX,
  no ``..``, no NUL, not absolute (``/x``, ``\\x``, ``C:x``).
* Each path may be changed by one section only.  A second section for the
  same path is an error naming both lines, except the pair git writes for a
  type change (one section removes the path by a deletion or a rename away,
  another creates it by an addition, a rename or a copy).

Hunks
-----
* ``@@ -a,b +c,d @@ section``; a missing count means 1.  The body must hold
  exactly the numbers of old (``' '`` and ``'-'``) and new (``' '`` and ``'+'``)
  lines its header says; an empty line inside a hunk counts as an empty
  context line (editors strip the lone space).
* ``\\ No newline at end of file`` marks the line before it as lacking its
  final newline (on the old side after ``-``, the new side after ``+``, both
  after a context line); it is kept in :attr:`Hunk.no_eol` and reproduced
  exactly on apply.
* ``Binary files ... differ`` and ``GIT binary patch`` sections become
  ``FilePatch(binary=True)`` with no hunks; they cannot be applied.
* Combined diffs (``diff --cc``, ``@@@``) are refused.

Line endings
------------
The patch is split on ``\\n`` only (never on ``\\r``, form feeds or other
characters :meth:`str.splitlines` would split on).  ``\\r`` is stripped from
header lines, but a hunk line keeps its trailing ``\\r``: ``git diff`` of a
CRLF file yields such lines, and they match the file's CRLF lines exactly.
If a hunk matches nowhere exactly, it is matched once more ignoring
trailing ``\\r`` characters on each line (a patch saved with CRLF endings
applied to an LF or a CRLF file, or an LF patch applied to a checkout with
``core.autocrlf``); its context lines then keep the file's text, the lines it
adds take the ending of the lines it replaces (when those agree) and a line
without final newline loses any trailing ``\\r``.  Content is otherwise compared
exactly: no whitespace or context fuzz.

Applying
--------
Hunks are applied in order to the old bytes, each at the position its header
says (shifted by the offset the previous hunk needed), else at the nearest
position where all its old lines match exactly, searching the whole file
after the previous hunk (through an index of the file's lines: a patch of
many misplaced hunks costs no quadratic scan).  A hunk whose header puts it
before the previous hunk is an error ("hunks out of order").  As in ``git apply``, a hunk with less leading
(trailing) context than the patch's other hunks must match at the start (end)
of the file, and a hunk with no old lines is inserted at its exact position.
Hunk text is encoded back to bytes as UTF-8 with ``surrogateescape``; read a
patch with :func:`decode_patch` so that non-UTF-8 files round-trip.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Optional

from reuse_audit.errors import PatchError

__all__ = [
    "Hunk",
    "FilePatch",
    "Patch",
    "parse_patch",
    "reverse_patch",
    "apply_file_patch",
    "check_path",
    "decode_patch",
]

DEV_NULL = "/dev/null"

# statuses of a FilePatch
ADDED = "added"
MODIFIED = "modified"
DELETED = "deleted"
RENAMED = "renamed"
COPIED = "copied"

SYMLINK_MODE = "120000"
GITLINK_MODE = "160000"


@dataclass(frozen=True)
class Hunk:
    """One ``@@`` hunk.

    ``lines`` keep their ``' '``, ``'-'`` or ``'+'`` prefix and no line
    terminator (a ``\\r`` of a CRLF line stays).  ``no_eol[i]`` is True when
    ``lines[i]`` was followed by ``\\ No newline at end of file``.
    ``header_line`` is the 1-based line of the ``@@`` header in the patch.
    """

    old_start: int
    old_len: int
    new_start: int
    new_len: int
    lines: tuple[str, ...]
    no_eol: tuple[bool, ...] = ()
    section: str = ""
    header_line: int = 0

    def __post_init__(self) -> None:
        if not self.no_eol:
            object.__setattr__(self, "no_eol", (False,) * len(self.lines))
        elif len(self.no_eol) != len(self.lines):
            raise ValueError("Hunk.no_eol must have one flag per line")

    @property
    def header(self) -> str:
        text = f"@@ -{self.old_start},{self.old_len} +{self.new_start},{self.new_len} @@"
        return f"{text} {self.section}" if self.section else text


@dataclass(frozen=True)
class FilePatch:
    """The changes to one file.

    ``status`` is ``"added"`` (``old_path`` is None), ``"deleted"``
    (``new_path`` is None), ``"modified"`` (both paths equal), ``"renamed"`` or
    ``"copied"`` (the old file stays; only from ``copy from``/``copy to``).
    ``old_mode``/``new_mode`` are git's octal modes when the patch gives them
    (``"100644"``, ``"100755"``, ``"120000"`` symlink, ``"160000"`` submodule).
    ``header_line`` is the 1-based line where the section starts.
    """

    old_path: Optional[str]
    new_path: Optional[str]
    status: str
    hunks: tuple[Hunk, ...] = ()
    binary: bool = False
    header_line: int = 0
    old_mode: Optional[str] = None
    new_mode: Optional[str] = None

    @property
    def path(self) -> str:
        """The path to name in messages: the new path, or the old one if deleted."""
        return self.new_path if self.new_path is not None else (self.old_path or "")

    @property
    def is_symlink(self) -> bool:
        return SYMLINK_MODE in (self.old_mode, self.new_mode)

    @property
    def is_submodule(self) -> bool:
        return GITLINK_MODE in (self.old_mode, self.new_mode)


@dataclass(frozen=True)
class Patch:
    files: tuple[FilePatch, ...]


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def _show(path: Optional[str]) -> str:
    """A path for a one-line message: bare when plain, repr() otherwise."""
    if path is None:
        return DEV_NULL
    if path and path.isprintable() and " " not in path and "'" not in path:
        return path
    return repr(path)


def decode_patch(data: bytes) -> str:
    """Decode patch bytes for :func:`parse_patch`.

    A UTF-16 patch (what PowerShell's ``>`` writes) is recognised by its BOM;
    anything else is read as UTF-8 with ``surrogateescape`` so that bytes of
    files in other encodings survive the round trip to :func:`apply_file_patch`.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", "surrogateescape")


_DRIVE_RE = re.compile(r"^[A-Za-z]:")


def check_path(path: str, where: Optional[str] = None) -> str:
    """Return ``path`` if it is a safe repository path, else raise PatchError.

    Safe: non-empty, relative, normalised POSIX (no ``.``/empty components, no
    trailing slash), no ``..`` component (``\\`` counts as a separator for that
    check), no NUL character, not absolute (``/x``, ``\\x``, ``C:x``).
    ``where`` (``"change.patch:3"``) prefixes the message.
    """
    prefix = f"{where}: " if where else ""
    if not path:
        raise PatchError(f"{prefix}empty file path")
    if "\x00" in path:
        raise PatchError(f"{prefix}path {path!r} contains a NUL character")
    if path.startswith(("/", "\\")) or _DRIVE_RE.match(path):
        raise PatchError(f"{prefix}path {path!r} is absolute: expected a path relative to the repository root")
    if ".." in re.split(r"[/\\]", path):
        raise PatchError(f"{prefix}path {path!r} leaves the repository")
    if any(part in ("", ".") for part in path.split("/")):
        raise PatchError(f"{prefix}path {path!r} is not a normalised relative path")
    return path


_ESCAPES = {
    "a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13,
    '"': 34, "\\": 92,
}


def _unquote(text: str, where: str) -> tuple[str, str]:
    """Parse a C-quoted name at the start of ``text``; return (name, rest)."""
    assert text.startswith('"')
    out = bytearray()
    i = 1
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            return out.decode("utf-8", "surrogateescape"), text[i + 1 :]
        if c == "\\":
            i += 1
            if i >= n:
                break
            c = text[i]
            if c in _ESCAPES:
                out.append(_ESCAPES[c])
                i += 1
            elif c in "01234567":
                digits = text[i : i + 3]
                if len(digits) != 3 or any(d not in "01234567" for d in digits):
                    raise PatchError(f"{where}: bad octal escape in quoted file name {text!r}")
                out.append(int(digits, 8) & 0xFF)
                i += 3
            else:
                raise PatchError(f"{where}: unknown escape '\\{c}' in quoted file name {text!r}")
        else:
            out.extend(c.encode("utf-8", "surrogateescape"))
            i += 1
    raise PatchError(f"{where}: unterminated quoted file name {text!r}")


def _header_name(text: str, where: str) -> tuple[str, str]:
    """The name on a ``---``/``+++``/``rename from`` line, and what follows it
    (a timestamp, or "")."""
    if text.startswith('"'):
        name, rest = _unquote(text, where)
        return name, rest.strip()
    name, _, rest = text.partition("\t")
    return name, rest.strip()


# git diff --git prefixes: old side, new side
_PREFIX_PAIRS = {("a", "b"), ("c", "w"), ("i", "w"), ("c", "i"), ("o", "w"), ("1", "2")}


def _prefix_of(name: Optional[str]) -> Optional[str]:
    if name is None or name == DEV_NULL or "/" not in name:
        return None
    head = name.split("/", 1)[0]
    return head if len(head) == 1 else None


def _strip_prefix(name: str, prefix: Optional[str]) -> str:
    if prefix and name.startswith(prefix + "/"):
        return name[len(prefix) + 1 :]
    return name


def _split_git_names(rest: str, where: str) -> tuple[Optional[str], Optional[str]]:
    """Split the ``a/X b/Y`` of a ``diff --git`` line, as well as can be done."""
    if rest.startswith('"'):
        a, tail = _unquote(rest, where)
        tail = tail.lstrip(" ")
        if tail.startswith('"'):
            b, _ = _unquote(tail, where)
        else:
            b = tail
        return a, b
    if ' "' in rest:
        head, _, tail = rest.partition(' "')
        b, _ = _unquote('"' + tail, where)
        return head, b
    # the same name on both sides: two halves equal but for their prefix
    length = len(rest)
    if length % 2 == 1 and rest[length // 2] == " ":
        a, b = rest[: length // 2], rest[length // 2 + 1 :]
        if a == b or ("/" in a and "/" in b and a.split("/", 1)[1] == b.split("/", 1)[1]):
            return a, b
    if rest.startswith("a/") and rest.count(" b/") == 1:
        a, _, b = rest.partition(" b/")
        return a, "b/" + b
    if rest.count(" ") == 1:
        a, _, b = rest.partition(" ")
        return a, b
    return None, None


_HUNK_RE = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$")
_EPOCH_RE = re.compile(r"^(1970-01-01|1969-12-31)[ T]\d\d:\d\d:\d\d(\.0+)?( ?[+-]\d\d:?\d\d|Z)?$")
_BASE85_RE = re.compile(r"^[A-Za-z][0-9A-Za-z!#$%&()*+;<=>?@^_`{|}~-]*$")
_BINARY_RE = re.compile(r"^Binary files (.+) and (.+) differ$")

_GIT_HEADER_KEYS = (
    "old mode ",
    "new mode ",
    "deleted file mode ",
    "new file mode ",
    "rename from ",
    "rename to ",
    "rename old ",
    "rename new ",
    "copy from ",
    "copy to ",
    "similarity index ",
    "dissimilarity index ",
    "index ",
)


# ---------------------------------------------------------------------------
# parser
# ---------------------------------------------------------------------------


@dataclass
class _GitHeaders:
    """What the extended header lines of a ``diff --git`` section say."""

    info: dict[str, tuple[str, int]] = field(default_factory=dict)  # rename/copy from/to: (name, line)
    old_mode: Optional[str] = None
    new_mode: Optional[str] = None
    new_file: bool = False
    deleted: bool = False


def _git_prefixes(
    a_name: Optional[str], b_name: Optional[str], old_hdr: Optional[tuple[str, int]], new_hdr: Optional[tuple[str, int]]
) -> tuple[Optional[str], Optional[str]]:
    """The prefixes of a section's names (``a``, ``b``...), from the diff --git line if it
    could be split, else from the ---/+++ lines; None for no known pair of prefixes."""
    old_pre, new_pre = _prefix_of(a_name), _prefix_of(b_name)
    if a_name is None or b_name is None:
        old_pre = _prefix_of(old_hdr[0]) if old_hdr else None
        new_pre = _prefix_of(new_hdr[0]) if new_hdr else None
        if old_pre is None and new_pre is not None:
            old_pre = next((o for o, nw in _PREFIX_PAIRS if nw == new_pre), None)
        if new_pre is None and old_pre is not None:
            new_pre = next((nw for o, nw in _PREFIX_PAIRS if o == old_pre), None)
    if (old_pre, new_pre) not in _PREFIX_PAIRS:
        old_pre = new_pre = None
    return old_pre, new_pre


class _Parser:
    def __init__(self, lines: list[str], source: str) -> None:
        self.lines = lines
        self.source = source
        self.n = len(lines)

    def at(self, i: int) -> str:
        """Line i (0-based) as a header: without a trailing \\r."""
        line = self.lines[i]
        return line[:-1] if line.endswith("\r") else line

    def where(self, i: int) -> str:
        return f"{self.source}:{i + 1}"

    def is_file_start(self, i: int) -> bool:
        line = self.at(i)
        if line.startswith("diff --git ") or line.startswith(("diff --cc ", "diff --combined ")):
            return True
        return line.startswith("--- ") and i + 1 < self.n and self.at(i + 1).startswith("+++ ")

    def next_file_with_hunks(self, i: int) -> bool:
        """Lines i, i+1 and i+2 are '--- ', '+++ ' and '@@ -' lines."""
        return (
            i + 2 < self.n
            and self.at(i).startswith("--- ")
            and self.at(i + 1).startswith("+++ ")
            and self.at(i + 2).startswith("@@ -")
        )

    def run(self) -> list[FilePatch]:
        files: list[FilePatch] = []
        i = 0
        while i < self.n:
            line = self.at(i)
            if line.startswith("diff --git "):
                fp, i = self.git_section(i)
                files.append(fp)
            elif line.startswith(("diff --cc ", "diff --combined ")) or line.startswith("@@@ "):
                raise PatchError(
                    f"{self.where(i)}: combined diffs (of a merge) are not supported: "
                    "diff against one parent instead"
                )
            elif line.startswith("--- ") and i + 1 < self.n and self.at(i + 1).startswith("+++ "):
                fp, i = self.plain_section(i)
                files.append(fp)
            elif line.startswith("@@ -"):
                raise PatchError(
                    f"{self.where(i)}: hunk header before any file header "
                    "(expected 'diff --git' or '--- '/'+++ ' lines first)"
                )
            elif _BINARY_RE.match(line):
                files.append(self.plain_binary(i))
                i += 1
            else:
                i += 1  # text around the diff: mail headers, commit message, diffstat...
        return files

    # -- sections ---------------------------------------------------------

    def git_section(self, start: int) -> tuple[FilePatch, int]:
        a_name, b_name = _split_git_names(self.at(start)[len("diff --git ") :], self.where(start))
        head, i = self.git_headers(start + 1)
        old_hdr, new_hdr, binary, i = self.file_headers(i)
        old_pre, new_pre = _git_prefixes(a_name, b_name, old_hdr, new_hdr)
        if old_hdr and old_hdr[0] == DEV_NULL:
            head.new_file = True
        if new_hdr and new_hdr[0] == DEV_NULL:
            head.deleted = True
        if head.new_file and head.deleted:
            raise PatchError(f"{self.where(start)}: section both creates and deletes the file")

        def pick(side: str) -> Optional[tuple[str, int]]:
            moved = head.info.get(f"rename_{side}") or head.info.get(f"copy_{side}")
            if moved:
                return moved
            hdr = old_hdr if side == "from" else new_hdr
            prefix = old_pre if side == "from" else new_pre
            if hdr and hdr[0] != DEV_NULL:
                return _strip_prefix(hdr[0], prefix), hdr[1]
            name = a_name if side == "from" else b_name
            if name is not None:
                return _strip_prefix(name, prefix), start
            return None

        old = None if head.new_file else pick("from")
        new = None if head.deleted else pick("to")
        if (not head.new_file and old is None) or (not head.deleted and new is None):
            raise PatchError(
                f"{self.where(start)}: cannot tell the file names from {self.at(start)!r}"
            )
        old_path = check_path(old[0], self.where(old[1])) if old else None
        new_path = check_path(new[0], self.where(new[1])) if new else None
        status = self.git_status(start, head, old_path, new_path)

        hunks: tuple[Hunk, ...] = ()
        if not binary:
            display = new_path if new_path is not None else old_path
            if old_hdr is None and i < self.n and self.at(i).startswith("@@ -"):
                raise PatchError(
                    f"{self.where(i)}: hunk for {_show(display)} without '--- '/'+++ ' file header lines"
                )
            hunks, i = self.hunks(i, display or "")
            self.check_sides(hunks, status, display or "")
        return (
            FilePatch(old_path, new_path, status, hunks, binary, start + 1, head.old_mode, head.new_mode),
            i,
        )

    def git_headers(self, i: int) -> tuple[_GitHeaders, int]:
        """The extended header lines of a ``diff --git`` section from line ``i`` (modes, renames,
        copies), and the line after them."""
        head = _GitHeaders()
        info = head.info
        while i < self.n:
            line = self.at(i)
            key = next((k for k in _GIT_HEADER_KEYS if line.startswith(k)), None)
            if key is None:
                break
            value = line[len(key) :]
            if key == "old mode ":
                head.old_mode = value.strip()
            elif key == "new mode ":
                head.new_mode = value.strip()
            elif key == "deleted file mode ":
                head.deleted = True
                head.old_mode = value.strip()
            elif key == "new file mode ":
                head.new_file = True
                head.new_mode = value.strip()
            elif key == "index ":
                parts = value.split()
                if len(parts) == 2:
                    head.old_mode = head.old_mode or parts[1]
                    head.new_mode = head.new_mode or parts[1]
            elif key in ("rename from ", "rename old ", "copy from "):
                info["copy_from" if key.startswith("copy") else "rename_from"] = (
                    _header_name(value, self.where(i))[0], i)
            elif key in ("rename to ", "rename new ", "copy to "):
                info["copy_to" if key.startswith("copy") else "rename_to"] = (
                    _header_name(value, self.where(i))[0], i)
            i += 1
        return head, i

    def file_headers(self, i: int) -> tuple[Optional[tuple[str, int]], Optional[tuple[str, int]], bool, int]:
        """(the ``--- `` name and line, the ``+++ `` name and line, is the section binary, the
        line after them) of the lines from ``i`` that follow a section's extended headers."""
        old_hdr: Optional[tuple[str, int]] = None
        new_hdr: Optional[tuple[str, int]] = None
        binary = False
        if i < self.n and self.at(i).startswith("--- "):
            if i + 1 >= self.n or not self.at(i + 1).startswith("+++ "):
                raise PatchError(f"{self.where(i)}: '--- ' line without a '+++ ' line after it")
            old_hdr = (_header_name(self.at(i)[4:], self.where(i))[0], i)
            new_hdr = (_header_name(self.at(i + 1)[4:], self.where(i + 1))[0], i + 1)
            i += 2
        elif i < self.n and _BINARY_RE.match(self.at(i)):
            binary = True
            i += 1
        elif i < self.n and self.at(i) == "GIT binary patch":
            binary = True
            i += 1
            while i < self.n:
                line = self.at(i)
                if line == "" or _BASE85_RE.match(line) or re.match(r"^(literal|delta) \d+$", line):
                    i += 1
                else:
                    break
        return old_hdr, new_hdr, binary, i

    def git_status(self, start: int, head: _GitHeaders, old_path: Optional[str], new_path: Optional[str]) -> str:
        """What the section at ``start`` does to its file, from its headers."""
        info = head.info
        if head.new_file:
            return ADDED
        if head.deleted:
            return DELETED
        if "rename_from" in info or "rename_to" in info:
            if "rename_from" not in info or "rename_to" not in info:
                raise PatchError(f"{self.where(start)}: 'rename from' and 'rename to' must come together")
            return RENAMED
        if "copy_from" in info or "copy_to" in info:
            if "copy_from" not in info or "copy_to" not in info:
                raise PatchError(f"{self.where(start)}: 'copy from' and 'copy to' must come together")
            return COPIED
        if old_path != new_path:
            raise PatchError(
                f"{self.where(start)}: section names {_show(old_path)} in '--- ' but "
                f"{_show(new_path)} in '+++ ' without 'rename from'/'rename to' lines"
            )
        return MODIFIED

    def plain_section(self, start: int) -> tuple[FilePatch, int]:
        old_name, old_stamp = _header_name(self.at(start)[4:], self.where(start))
        new_name, new_stamp = _header_name(self.at(start + 1)[4:], self.where(start + 1))
        if (old_name == DEV_NULL or old_name.startswith("a/")) and (
            new_name == DEV_NULL or new_name.startswith("b/")
        ):
            old_name = _strip_prefix(old_name, "a")
            new_name = _strip_prefix(new_name, "b")
        display = new_name if new_name != DEV_NULL else old_name
        hunks, i = self.hunks(start + 2, display)
        # diff -N dates the missing side 1970-01-01 instead of naming /dev/null
        if _EPOCH_RE.match(old_stamp) and all(h.old_len == 0 for h in hunks):
            old_name = DEV_NULL
        if _EPOCH_RE.match(new_stamp) and all(h.new_len == 0 for h in hunks):
            new_name = DEV_NULL
        if old_name == DEV_NULL and new_name == DEV_NULL:
            raise PatchError(f"{self.where(start)}: both file names are /dev/null")
        if old_name == DEV_NULL:
            status, old_path = ADDED, None
            new_path = check_path(new_name, self.where(start + 1))
        elif new_name == DEV_NULL:
            status, new_path = DELETED, None
            old_path = check_path(old_name, self.where(start))
        else:
            status = MODIFIED
            check_path(old_name, self.where(start))
            new_path = old_path = check_path(new_name, self.where(start + 1))
        self.check_sides(hunks, status, display)
        return FilePatch(old_path, new_path, status, hunks, False, start + 1), i

    def check_sides(self, hunks: tuple[Hunk, ...], status: str, path: str) -> None:
        for number, h in enumerate(hunks, 1):
            what = f"{self.source}:{h.header_line}: hunk {number} of {_show(path)}"
            if status == ADDED and h.old_len:
                raise PatchError(f"{what} has old lines but the patch creates the file")
            if status == DELETED and h.new_len:
                raise PatchError(f"{what} has new lines but the patch deletes the file")

    def plain_binary(self, i: int) -> FilePatch:
        m = _BINARY_RE.match(self.at(i))
        assert m
        old_name, new_name = m.group(1), m.group(2)
        if old_name.startswith("a/") and new_name.startswith("b/"):
            old_name, new_name = old_name[2:], new_name[2:]
        where = self.where(i)
        if old_name == DEV_NULL:
            return FilePatch(None, check_path(new_name, where), ADDED, (), True, i + 1)
        if new_name == DEV_NULL:
            return FilePatch(check_path(old_name, where), None, DELETED, (), True, i + 1)
        path = check_path(new_name, where)
        return FilePatch(path, path, MODIFIED, (), True, i + 1)

    # -- hunks ------------------------------------------------------------

    def hunks(self, i: int, path: str) -> tuple[tuple[Hunk, ...], int]:
        hunks: list[Hunk] = []
        while i < self.n:
            header = self.at(i)
            if not header.startswith("@@"):
                break
            old_start, old_len, new_start, new_len, section = self.hunk_header(i, path)
            where = self.where(i)
            what = f"hunk {len(hunks) + 1} of {_show(path)}"
            header_index = i
            body, no_eol, old_seen, new_seen, i = self.hunk_body(i + 1, old_len, new_len, where, what)
            extra_old, extra_new = self.more_hunk_lines(i)
            if old_seen + extra_old != old_len:
                raise PatchError(f"{where}: {what} says {old_len} old lines but has {old_seen + extra_old}")
            if new_seen + extra_new != new_len:
                raise PatchError(f"{where}: {what} says {new_len} new lines but has {new_seen + extra_new}")
            hunks.append(
                Hunk(old_start, old_len, new_start, new_len, tuple(body), tuple(no_eol),
                     section, header_index + 1)
            )
        return tuple(hunks), i

    def hunk_header(self, i: int, path: str) -> tuple[int, int, int, int, str]:
        """(old start, old length, new start, new length, section heading) of the hunk header at ``i``."""
        header = self.at(i)
        if header.startswith("@@@"):
            raise PatchError(
                f"{self.where(i)}: combined diffs (of a merge) are not supported: "
                "diff against one parent instead"
            )
        m = _HUNK_RE.match(header)
        if not m:
            raise PatchError(f"{self.where(i)}: malformed hunk header {header!r} in {_show(path)}")
        old_start = int(m.group(1))
        old_len = int(m.group(2)) if m.group(2) is not None else 1
        new_start = int(m.group(3))
        new_len = int(m.group(4)) if m.group(4) is not None else 1
        section = m.group(5)[1:] if m.group(5).startswith(" ") else m.group(5)
        if (old_len and not old_start) or (new_len and not new_start):
            raise PatchError(
                f"{self.where(i)}: malformed hunk header {header!r} in {_show(path)}: "
                "a hunk with lines cannot start at line 0"
            )
        return old_start, old_len, new_start, new_len, section

    def hunk_body(
        self, i: int, old_len: int, new_len: int, where: str, what: str
    ) -> tuple[list[str], list[bool], int, int, int]:
        """(lines, "no newline at end" of each, old and new lines seen, the line after) of the
        hunk body from line ``i``, as far as its header's counts go."""
        lines = self.lines
        n = self.n
        body: list[str] = []
        no_eol: list[bool] = []
        old_seen = new_seen = 0
        while old_seen < old_len or new_seen < new_len:
            if i >= n:
                raise PatchError(
                    f"{where}: {what} is truncated: it says {old_len} old and {new_len} new lines "
                    f"but the patch ends after {old_seen} and {new_seen}"
                )
            raw = lines[i]
            c = raw[:1]
            if raw in ("", "\r"):
                raw = " " + raw
                c = " "
            if c == " ":
                old_seen += 1
                new_seen += 1
            elif c == "-":
                if raw.startswith("--- ") and self.next_file_with_hunks(i):
                    break  # the next file's header: this hunk is short
                old_seen += 1
            elif c == "+":
                new_seen += 1
            elif c == "\\":
                if not body:
                    raise PatchError(f"{self.where(i)}: {what}: '\\ No newline' marker before any line")
                no_eol[-1] = True
                i += 1
                continue
            else:
                break
            body.append(raw)
            no_eol.append(False)
            i += 1
        while i < n and lines[i].startswith("\\") and body:
            no_eol[-1] = True
            i += 1
        return body, no_eol, old_seen, new_seen, i

    def more_hunk_lines(self, j: int) -> tuple[int, int]:
        """(old, new) lines beyond a hunk's counts, from line ``j``, that still look like hunk lines."""
        lines = self.lines
        extra_old = extra_new = 0
        while j < self.n:
            raw = lines[j]
            c = raw[:1]
            bare = self.at(j)
            if bare in ("--", "-- ") or (bare.startswith("--- ") and self.is_file_start(j)):
                break
            if c == " ":
                extra_old += 1
                extra_new += 1
            elif c == "-":
                extra_old += 1
            elif c == "+":
                extra_new += 1
            elif c != "\\":
                break
            j += 1
        return extra_old, extra_new


def _check_duplicates(files: list[FilePatch], source: str) -> None:
    """Each path may be changed by one section, but for git's type-change pair
    (one section removes the path, another creates it)."""
    uses: dict[str, list[tuple[str, int]]] = {}
    for fp in files:
        if fp.status == DELETED:
            acts = [(fp.old_path, "remove")]
        elif fp.status == RENAMED:
            acts = [(fp.old_path, "remove"), (fp.new_path, "create")]
        elif fp.status in (ADDED, COPIED):
            acts = [(fp.new_path, "create")]
        else:
            acts = [(fp.new_path, "modify")]
        for path, act in acts:
            assert path is not None
            seen = uses.setdefault(path, [])
            if seen:
                first_act, first_line = seen[0]
                if len(seen) > 1 or {first_act, act} != {"remove", "create"}:
                    raise PatchError(
                        f"{source}:{fp.header_line}: {_show(path)} is changed again "
                        f"(first by the section at line {first_line}); "
                        "a patch may change each file in one section only"
                    )
            seen.append((act, fp.header_line))


def parse_patch(text: str, source: str = "<patch>") -> Patch:
    """Parse ``text`` (a unified diff) into a :class:`Patch`; raise PatchError.

    ``source`` names the patch in messages (``change.patch:12: ...``).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise PatchError(f"{source} is empty: expected a unified diff (git diff output)")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    files = _Parser(lines, source).run()
    if not files:
        raise PatchError(f"{source} is not a unified diff: no '--- '/'+++ ' file headers found")
    _check_duplicates(files, source)
    return Patch(tuple(files))


_FLIP = {"-": "+", "+": "-"}
_REVERSED_STATUS = {ADDED: DELETED, DELETED: ADDED, MODIFIED: MODIFIED, RENAMED: RENAMED}


def reverse_patch(patch: Patch) -> Optional[Patch]:
    """The patch that undoes ``patch`` (what ``git apply -R`` applies): added and deleted
    files swap, renames go back, each hunk's ``-`` and ``+`` lines swap with its ranges.

    A modified section with one ``@@ -0,0 +1,N @@`` hunk is reversed as the emptying of its
    file (git writes it so for an empty file that gets content), never as its deletion.
    None when a section cannot be undone from the patch alone: a copy (its reverse would
    delete a file whose whole content the patch does not hold).
    """
    files = []
    for fp in patch.files:
        if fp.status == COPIED:
            return None
        hunks = tuple(
            Hunk(
                old_start=h.new_start, old_len=h.new_len, new_start=h.old_start, new_len=h.old_len,
                lines=tuple(_FLIP.get(line[:1], line[:1]) + line[1:] for line in h.lines),
                no_eol=h.no_eol, section=h.section, header_line=h.header_line,
            )
            for h in fp.hunks
        )
        files.append(FilePatch(
            old_path=fp.new_path, new_path=fp.old_path, status=_REVERSED_STATUS[fp.status], hunks=hunks,
            binary=fp.binary, header_line=fp.header_line, old_mode=fp.new_mode, new_mode=fp.old_mode,
        ))
    return Patch(tuple(files))


# ---------------------------------------------------------------------------
# applying
# ---------------------------------------------------------------------------

_Line = tuple[bytes, bool]  # (content without "\n", has a final "\n")


def _split_lines(data: bytes) -> list[_Line]:
    if not data:
        return []
    parts = data.split(b"\n")
    if parts[-1] == b"":
        parts.pop()
        return [(p, True) for p in parts]
    return [(p, True) for p in parts[:-1]] + [(parts[-1], False)]


def _short(data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    if len(text) > 60:
        text = text[:57] + "..."
    return repr(text)


class _HunkView:
    """A hunk's old and new sides as byte lines."""

    def __init__(self, hunk: Hunk, where: str) -> None:
        self.hunk = hunk
        self.where = where  # "<source>:<line>: hunk N of <path>"
        self.old: list[_Line] = []
        self.new: list[_Line] = []
        self.kinds: list[str] = []  # ' ' or '-' per old line
        try:
            for line, no_eol in zip(hunk.lines, hunk.no_eol):
                item = (line[1:].encode("utf-8", "surrogateescape"), not no_eol)
                if line[0] in " -":
                    self.old.append(item)
                    self.kinds.append(line[0])
                if line[0] in " +":
                    self.new.append(item)
        except UnicodeEncodeError:
            raise PatchError(f"{where}: contains characters that cannot be encoded as UTF-8") from None
        self.leading = 0
        for line in hunk.lines:
            if line[0] != " ":
                break
            self.leading += 1
        self.trailing = 0
        for line in reversed(hunk.lines):
            if line[0] != " ":
                break
            self.trailing += 1


def _strip_cr(line: _Line) -> bytes:
    return line[0].rstrip(b"\r")


def _matches(lines: list[_Line], pos: int, old: list[_Line], loose: bool) -> bool:
    if pos < 0 or pos + len(old) > len(lines):
        return False
    if not loose:
        return not old or (lines[pos] == old[0] and lines[pos : pos + len(old)] == old)
    for k, want in enumerate(old):
        got = lines[pos + k]
        if got[1] != want[1] or _strip_cr(got) != _strip_cr(want):
            return False
    return True


class _LineIndex:
    """Where each line of a file is (by its content without a trailing ``\r``),
    built on first use: finding a hunk whose header is wrong costs a few
    dictionary look-ups instead of a scan of the whole file (a patch of
    thousands of misplaced hunks would otherwise take hours: the scan is
    quadratic).  Positions are candidates only; :func:`_matches` decides."""

    def __init__(self, lines: list[_Line]) -> None:
        self.lines = lines
        self._table: Optional[dict[bytes, list[int]]] = None

    def positions(self, line: _Line) -> list[int]:
        table = self._table
        if table is None:
            table = {}
            for pos, (content, _) in enumerate(self.lines):
                key = content.rstrip(b"\r") if content.endswith(b"\r") else content
                found = table.get(key)
                if found is None:
                    table[key] = [pos]
                else:
                    found.append(pos)
            self._table = table
        return table.get(line[0].rstrip(b"\r"), [])


def _nearest_match(index: _LineIndex, old: list[_Line], expected: int, low: int, high: int, loose: bool) -> Optional[int]:
    """The position in [low, high] nearest to ``expected`` where ``old`` matches
    (on a tie, the later one): what trying :func:`_candidates` in order finds."""
    if high < low or not old:
        return None
    expected = min(max(expected, low), high)
    lines = index.lines
    if _matches(lines, expected, old, loose):
        return expected
    # anchor on the rarest line of the hunk: every match holds it at its offset
    anchor, starts = 0, None
    for k, line in enumerate(old):
        found = index.positions(line)
        if not found:
            return None
        if starts is None or len(found) < len(starts):
            anchor, starts = k, found
            if len(found) == 1:
                break
    assert starts is not None
    # candidate starts (ascending): p - anchor within [low, high]
    lo = bisect.bisect_left(starts, low + anchor)
    hi = bisect.bisect_right(starts, high + anchor)
    mid = bisect.bisect_left(starts, expected + anchor, lo, hi)
    right, left = mid, mid - 1
    while right < hi or left >= lo:
        r = starts[right] - anchor if right < hi else None
        l_ = starts[left] - anchor if left >= lo else None
        if r is not None and (l_ is None or r - expected <= expected - l_):
            pos, right = r, right + 1
        else:
            assert l_ is not None
            pos, left = l_, left - 1
        if _matches(lines, pos, old, loose):
            return pos
    return None


def _candidates(expected: int, low: int, high: int):
    """Positions in [low, high], nearest to ``expected`` first."""
    if high < low:
        return
    expected = min(max(expected, low), high)
    yield expected
    for d in range(1, high - low + 1):
        if expected + d <= high:
            yield expected + d
        if expected - d >= low:
            yield expected - d
        if expected + d > high and expected - d < low:
            return


def _why_not(view: _HunkView, lines: list[_Line], pos: int, cursor: int,
             need_start: bool, need_end: bool, number: int, previous: Optional[Hunk] = None) -> str:
    """Why the hunk does not apply at ``pos``, for the error message."""
    if view.hunk.old_start == 0 and lines:
        return f"the patch expects an empty file, but it has {len(lines)} lines"
    if pos < cursor:
        if previous is not None and view.hunk.old_start < previous.old_start:
            return (
                f"hunks out of order: it starts at line {view.hunk.old_start}, before hunk {number - 1} "
                f"(line {previous.old_start}); a file's hunks must follow each other"
            )
        return f"it overlaps hunk {number - 1}"
    for k, want in enumerate(view.old):
        line_no = pos + k + 1
        kind = "context" if view.kinds[k] == " " else "line to remove"
        if pos + k >= len(lines):
            return f"{kind} at line {line_no} is past the end of the file ({len(lines)} lines)"
        got = lines[pos + k]
        if got[0] != want[0]:
            if _strip_cr(got) == _strip_cr(want):
                return f"{kind} at line {line_no} differs in its line ending (CRLF vs LF)"
            return f"{kind} at line {line_no} differs: expected {_short(want[0])}, found {_short(got[0])}"
        if got[1] != want[1]:
            has = "has" if got[1] else "lacks"
            return f"{kind} at line {line_no} {has} a final newline in the file, unlike in the patch"
    if need_start and pos != 0:
        return "it must apply at the start of the file"
    if need_end and pos + len(view.old) != len(lines):
        return f"it must apply at the end of the file, which has {len(lines)} lines"
    return "no position matches"


def apply_file_patch(fp: FilePatch, old: Optional[bytes], source: str = "<patch>") -> Optional[bytes]:
    """Apply ``fp`` to ``old`` (None: the file does not exist); return the new
    content, or None when the patch deletes the file.  Raise PatchError."""
    where = f"{source}:{fp.header_line}"
    path = _show(fp.path)
    lines = _lines_before(fp, old, where, path)
    views = [
        _HunkView(h, f"{source}:{h.header_line}: hunk {k} of {path}")
        for k, h in enumerate(fp.hunks, 1)
    ]
    # the patch's own context size, to tell hunks cut short by the file's ends
    context = max((max(v.leading, v.trailing) for v in views), default=0)

    out: list[_Line] = []
    cursor = 0
    delta = 0
    index = _LineIndex(lines)
    for number, view in enumerate(views, 1):
        h = view.hunk
        size = len(view.old)
        found, loose = _place_hunk(lines, index, views, number, context, cursor, delta)
        new = view.new
        if loose:
            new = _adapt_endings(view, lines[found : found + size])
        out.extend(lines[cursor:found])
        out.extend(new)
        cursor = found + size
        delta = found - (h.old_start if h.old_len == 0 else h.old_start - 1)
    out.extend(lines[cursor:])
    return _content_after(fp, out, where, path)


def _lines_before(fp: FilePatch, old: Optional[bytes], where: str, path: str) -> list[_Line]:
    """The lines of the file ``fp`` changes (none for an addition), once it exists as ``fp`` says."""
    if fp.binary:
        raise PatchError(f"{where}: {path} has a binary patch, which cannot be applied")
    if fp.status == ADDED:
        if old is not None:
            raise PatchError(f"{where}: patch creates {path}, which already exists")
        return []
    if old is None:
        verb = {DELETED: "deletes", RENAMED: "renames", COPIED: "copies"}.get(fp.status, "modifies")
        raise PatchError(f"{where}: patch {verb} {_show(fp.old_path)}, which does not exist")
    return _split_lines(old)


def _place_hunk(
    lines: list[_Line], index: _LineIndex, views: list[_HunkView], number: int, context: int, cursor: int, delta: int
) -> tuple[int, bool]:
    """(where the old lines of hunk ``number`` start in ``lines``, from ``cursor`` on; were they
    matched loosely).  ``delta``: how far the hunks before it moved.  A PatchError says why
    it does not apply."""
    view = views[number - 1]
    h = view.hunk
    expected = (h.old_start if h.old_len == 0 else h.old_start - 1) + delta
    if h.old_start == 0:
        need_start = need_end = True
    else:
        need_start = h.old_start <= 1 and view.leading < context
        need_end = view.trailing < context
    size = len(view.old)
    high = len(lines) - size

    def positions() -> Optional[list[int]]:
        if need_start:
            return [0] if cursor == 0 and high >= 0 and (high == 0 or not need_end) else []
        if need_end:
            return [high] if high >= cursor else []
        if size == 0:
            return [expected] if cursor <= expected <= len(lines) else []
        return None  # anywhere: the nearest match, through the line index

    for loose in (False, True):
        fixed = positions()
        if fixed is None:
            found = _nearest_match(index, view.old, expected, cursor, high, loose)
        else:
            found = next((p for p in fixed if _matches(lines, p, view.old, loose)), None)
        if found is not None:
            return found, loose
    if size == 0 and expected > len(lines):
        reason = f"it inserts after line {expected}, but the file has {len(lines)} lines"
    else:
        at = min(max(expected, 0), len(lines))
        previous = views[number - 2].hunk if number > 1 else None
        reason = _why_not(view, lines, at, cursor, need_start, need_end, number, previous)
    raise PatchError(f"{view.where} does not apply ({reason})")


def _content_after(fp: FilePatch, out: list[_Line], where: str, path: str) -> Optional[bytes]:
    """The file's content made of ``out``, None when ``fp`` deletes it (and leaves nothing)."""
    for k, (_, eol) in enumerate(out[:-1]):
        if not eol:
            raise PatchError(
                f"{where}: applying the patch to {path} leaves line {k + 1} without a newline "
                "in the middle of the file"
            )
    data = b"".join(content + b"\n" if eol else content for content, eol in out)
    if fp.status == DELETED:
        if data:
            raise PatchError(
                f"{where}: patch deletes {path} but does not remove all of its content "
                f"({len(data)} bytes are left)"
            )
        return None
    return data


def _adapt_endings(view: _HunkView, replaced: list[_Line]) -> list[_Line]:
    """The hunk's new lines, with context lines taken from the file and added
    lines given the line ending of the file lines the hunk replaces."""
    full = [line for line in replaced if line[1]]
    if full and all(line[0].endswith(b"\r") for line in full):
        style = b"\r"
    elif full and not any(line[0].endswith(b"\r") for line in full):
        style = b""
    else:
        style = None
    result: list[_Line] = []
    old_iter = iter(replaced)
    for line, no_eol in zip(view.hunk.lines, view.hunk.no_eol):
        if line[0] == "-":
            next(old_iter)
            continue
        if line[0] == " ":
            result.append(next(old_iter))
            continue
        content = line[1:].encode("utf-8", "surrogateescape")
        if no_eol:
            content = content.rstrip(b"\r")
        elif style is not None:
            content = content.rstrip(b"\r") + style
        result.append((content, not no_eol))
    return result
