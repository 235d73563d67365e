"""Reads of a trajectory: which lines of which workspace files an agent saw.

RECALL asks whether the agent read a reuse target's source lines before it
submitted.  Harnesses record different things: OpenCode's ``read`` tool says
which lines it showed; a bash-only agent (mini-swe-agent) leaves shell
commands and their outputs.  This module turns one shell command and the
output the agent was shown into :class:`~.model.Read` ranges.

How a command is read
---------------------
The command is split the way a shell would (quotes, ``\\`` escapes,
``$(...)``, here-documents, comments, ``&&``/``||``/``;``/newline lists and
``|`` pipelines).  ``cd DIR`` (and ``pushd``) changes the directory that
later relative paths are resolved against.  Each pipeline is evaluated over
a *stream* of lines whose origin (file, line number) is known:

* producers: ``cat`` (any flags: ``-n``, ``-A``...), ``nl``, ``less``,
  ``more``, ``bat``, ``head`` (``-n N``, ``-N``, ``-n -N``), ``tail``
  (``-n N``, ``-N``, ``-n +N``), ``sed`` (``-n``, several ``-e``; addresses
  ``N``, ``$``, ``N,M``, ``N,+K``, ``first~step``, ``/regex/``; commands
  ``p d q Q =`` and ``s///``), ``awk`` with ``NR`` conditions
  (``NR>=A && NR<=B``, ``NR==N``, ``NR==A,NR==B``, with or without
  ``{print}``/``{print NR": "$0}``), ``grep``/``egrep``/``fgrep``/``rg``
  (emulated: ``-n -i -v -w -x -F -E -P -r -A -B -C -m -e --include``...);
  files given as arguments, through ``< FILE`` or from the previous stage
  of the pipeline (``cat x | head -50`` is lines 1-50 of x);
* ``tee`` passes its input on; ``bash -c``/``sh -c SCRIPT`` is evaluated as
  its script; a last stage whose stdout goes to a file (``cat x > y``)
  shows nothing;
* commands known to show no file content (``ls``, ``wc``, ``echo``,
  ``pip``, ``pytest``, ``python script.py``, ``find`` without ``-exec``...)
  read nothing.

Anything else falls back to *content matching*: the lines of the output are
matched against the files the command names (``git show REV:path`` names
``path``; ``find ... -exec`` the files it finds; ``python -c`` /
``python - <<EOF`` code the files it ``open()``s or ``read_text()``s and, when
it calls ``inspect.getsource``/``help``/``pydoc`` or uses ``__file__``, the
modules it imports and the files of their top-level packages, e.g.
``inspect.getsource(click.utils.make_str)``); a run of at least two
consecutive non-blank output lines (20 characters or more in all) equal to
consecutive lines of a file, ignoring indentation and ``nl``/``grep -n``-style
prefixes, is a read of those lines.  Output lines of the form
``path:N:text`` whose text is line N of that file (``xargs grep -n``,
``git grep -n``) are reads too.  So ``python -c "print(open(f).read())"``
reads what it printed of ``f`` (all of it, or a slice); only when the output
is unknown does a Python ``open(f)`` count as reading the whole file.

The output
----------
``output`` is what the agent was shown (None when unknown: then the
command alone decides).  When given, each block of consecutive lines a
command printed is kept only when the output shows it, i.e. one of its lines
of 4 characters or more appears there (a command after a failed ``cd``
never ran; a ``cat`` of a missing file printed an error).  A truncated output shows only
its head and tail; these markers are recognised:

* mini-swe-agent (``mini_textbased.yaml``/``default.yaml``): outputs of
  10,000 characters or more are rendered as ``<output_head>`` (first 5,000
  characters), ``<elided_chars>N characters elided</elided_chars>`` and
  ``<output_tail>`` (last 5,000); ``mini.yaml`` renders the same as JSON
  keys ``output_head``/``output_tail``/``elided_chars``;
* OpenCode's tool-output truncation: ``...N lines truncated...`` /
  ``...N bytes truncated...`` followed by a hint, and older versions'
  ``(Output was truncated due to length limit)``.

Then a block counts only for the lines that appear, in order, at the end of
the shown head or at the start of the shown tail (or wholly inside one of
them); a line cut in the middle by the truncation is not counted.

Paths
-----
Reads are workspace-relative POSIX paths.  A path under an installed
``site-packages``/``dist-packages`` folder maps to ``<import root>/<rest>``
when that file exists in the workspace (the agent may have looked at the
installed copy of the library).  ``$(python -c 'import click;
print(click.__file__)')`` resolves to the module's file under the import
roots.  Files outside the workspace are ignored.

File contents
-------------
``read_file(path)`` returns a file's text (None: missing, a directory, or
binary).  Adapters pass a reader of the workspace as it was when the turn
started, falling back to the end-of-turn content for files created during
the turn (see ``benchmark/agents/snapshot.py``): a line number is computed against
that content, which is exact for every file the agent did not edit before
reading it (library files and earlier turns' modules, i.e. the reuse
targets), and approximate for a file read after the agent changed it.
"""

from __future__ import annotations

import fnmatch
import glob as globmod
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Callable, Iterable, Optional, Sequence, Union

from reuse_audit.app.reads.model import Read

__all__ = [
    "ReadFile",
    "Shown",
    "file_reader",
    "merge_reads",
    "parse_shell",
    "parse_shown",
    "reads_from_command",
    "split_lines",
    "workspace_path",
]

ReadFile = Callable[[Path], Optional[str]]

# ---------------------------------------------------------------------------
# files
# ---------------------------------------------------------------------------


def split_lines(text: str) -> list[str]:
    """Lines as ``cat -n``/``sed`` number them: split on ``\\n`` only."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def file_reader(overlay: Optional[ReadFile] = None) -> ReadFile:
    """A caching reader of files on disk (text, or None for missing/binary).

    ``overlay`` is asked first (e.g. a start-of-turn snapshot); when it
    returns None the file on disk is read.
    """
    cache: dict[str, Optional[str]] = {}

    def read(path: Path) -> Optional[str]:
        key = os.path.abspath(path)
        if key in cache:
            return cache[key]
        text = overlay(Path(key)) if overlay is not None else None
        if text is None:
            try:
                with open(key, "rb") as handle:
                    data = handle.read()
            except OSError:
                data = None
            if data is not None and b"\0" not in data[:8192]:
                text = data.decode("utf-8", "replace")
        cache[key] = text
        return text

    return read


def workspace_path(
    path: Union[str, Path],
    cwd: Path,
    workspace: Path,
    import_roots: Sequence[Path] = (),
    exists: Optional[Callable[[Path], bool]] = None,
) -> Optional[str]:
    """``path`` (absolute, or relative to ``cwd``) as a workspace-relative POSIX
    path; a site-packages path maps to the import roots when ``exists`` says
    the file is there.  None when the path is outside the workspace."""
    text = str(path)
    if not text or text.startswith("~"):
        return None
    full = Path(os.path.normpath(os.path.join(os.path.abspath(cwd), text)))
    parts = full.parts
    for marker in ("site-packages", "dist-packages"):
        if marker in parts:
            rest = parts[len(parts) - parts[::-1].index(marker) :]
            if rest:
                for root in import_roots:
                    candidate = Path(os.path.abspath(root)).joinpath(*rest)
                    if exists is None or exists(candidate):
                        rel = _relative(candidate, workspace)
                        if rel is not None:
                            return rel
    return _relative(full, workspace)


def _relative(full: Path, workspace: Path) -> Optional[str]:
    ws = os.path.abspath(workspace)
    text = os.path.normpath(str(full))
    for base, target in ((ws, text), (os.path.realpath(ws), os.path.realpath(text))):
        if target == base:
            return None
        if target.startswith(base.rstrip(os.sep) + os.sep):
            return PurePosixPath(*Path(os.path.relpath(target, base)).parts).as_posix()
    return None


# ---------------------------------------------------------------------------
# merging
# ---------------------------------------------------------------------------


def merge_reads(reads: Iterable[Read]) -> tuple[Read, ...]:
    """Sorted by (path, start); overlapping or adjacent ranges of a file merged."""
    by_path: dict[str, list[tuple[int, int]]] = {}
    for read in reads:
        start, end = min(read.start, read.end), max(read.start, read.end)
        if end < 1:
            continue
        by_path.setdefault(read.path, []).append((max(start, 1), end))
    merged: list[Read] = []
    for path in sorted(by_path):
        ranges = sorted(by_path[path])
        cur_start, cur_end = ranges[0]
        for start, end in ranges[1:]:
            if start <= cur_end + 1:
                cur_end = max(cur_end, end)
            else:
                merged.append(Read(path, cur_start, cur_end))
                cur_start, cur_end = start, end
        merged.append(Read(path, cur_start, cur_end))
    return tuple(merged)


# ---------------------------------------------------------------------------
# what the agent was shown
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """The output the agent saw: complete (``full``), or a head and a tail.

    ``head_cut``/``tail_cut``: the head's last line / the tail's first line may
    be cut in the middle (they are then not counted).
    """

    full: Optional[str]
    head: str = ""
    tail: str = ""
    head_cut: bool = True
    tail_cut: bool = True

    @property
    def truncated(self) -> bool:
        return self.full is None

    def head_lines(self) -> list[str]:
        lines = self.head.split("\n") if self.head else []
        if lines and (self.head_cut or lines[-1] == ""):
            lines.pop()
        return lines

    def tail_lines(self) -> list[str]:
        lines = self.tail.split("\n") if self.tail else []
        if lines and self.tail_cut:
            lines.pop(0)
        if lines and lines[-1] == "":
            lines.pop()
        return lines

    def all_lines(self) -> list[str]:
        if self.full is not None:
            return self.full.split("\n")
        return self.head_lines() + self.tail_lines()


_OPENCODE_CUT = re.compile(r"(?:^|\n\n)\.\.\.(\d+) (lines|bytes) truncated\.\.\.\n\n")
_OPENCODE_OLD_CUT = "\n\n(Output was truncated due to length limit)"


def parse_shown(output: str) -> Shown:
    """Recognise a truncated output (mini-swe-agent's or OpenCode's markers)."""
    head_at = output.find("<output_head>\n")
    elided = output.rfind("<elided_chars>")
    if 0 <= head_at < elided:
        head = output[head_at + len("<output_head>\n") : elided].rstrip(" \n")
        if head.endswith("</output_head>"):
            head = head[: -len("</output_head>")]
            head = head[:-1] if head.endswith("\n") else head
        tail_at = output.find("<output_tail>\n", elided)
        tail = ""
        if tail_at >= 0:
            tail_end = output.rfind("\n</output_tail>")
            tail = output[tail_at + len("<output_tail>\n") : tail_end if tail_end > tail_at else None]
        return Shown(None, head, tail)
    stripped = output.strip()
    if stripped.startswith("{") and '"output_head"' in stripped:
        try:
            data = json.loads(stripped)
        except ValueError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("output_head"), str):
            return Shown(None, data["output_head"], str(data.get("output_tail") or ""))
    match = _OPENCODE_CUT.search(output)
    if match:
        head = output[: match.start()]
        rest = output[match.end() :]
        tail = ""
        if not head and "\n\n" in rest:
            tail = rest.split("\n\n", 1)[1]
        return Shown(None, head, tail, head_cut=False, tail_cut=False)
    cut = output.find(_OPENCODE_OLD_CUT)
    if cut >= 0:
        return Shown(None, output[:cut], "", head_cut=True)
    return Shown(output)


# ---------------------------------------------------------------------------
# comparing output lines with file lines
# ---------------------------------------------------------------------------

# line-number prefixes: nl / cat -n ("     5\t"), grep -n ("5:" / "5-"),
# OpenCode's read ("5: ", old "00005| "), bat ("   5 │ ")
_NUMBERED = re.compile(r"^\s*\d+(?:\t|: ?|-|\| ?|\s+│ ?)(.*)$")
# grep over several files: "path:5:text", "path-5-text", "path:text"
_PATH_NUMBERED = re.compile(r"^([^\s:]+?)([:-])(\d+)\2(.*)$")
_PATH_PREFIXED = re.compile(r"^([^\s:]+?):(.*)$")


def _variants(line: str) -> list[str]:
    """The stripped texts an output line may show of a file line."""
    out = [line.strip()]
    for pattern in (_NUMBERED, _PATH_NUMBERED, _PATH_PREFIXED):
        m = pattern.match(line)
        if m and (pattern is not _PATH_PREFIXED or m.group(2).strip()):
            out.append(m.group(pattern.groups).strip())  # the text: each pattern's last group
    if line.endswith("$"):  # cat -A / cat -e mark line ends
        out.extend(v[:-1].strip() for v in list(out) if v.endswith("$"))
    return out


def _shown_set(lines: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    for line in lines:
        seen.update(_variants(line))
    return seen


# ---------------------------------------------------------------------------
# shell parsing
# ---------------------------------------------------------------------------


@dataclass
class Word:
    text: str  # after quote removal; substitutions kept verbatim
    dynamic: bool = False  # holds a $... or `...` expansion
    glob: bool = False  # holds an unquoted * ? [


@dataclass
class Redirect:
    op: str  # "<", ">", ">>", "<<", "<<<", "&>", ">&"...
    fd: str
    target: str = ""
    body: str = ""  # here-document text


@dataclass
class Simple:
    words: list[Word] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)


_OPERATORS = ("&&", "||", ";;", "|&", "|", ";", "&", "(", ")", "\n")
_REDIRECTS = ("<<<", "<<-", "<<", "&>>", "&>", ">>", ">|", ">&", "<&", "<>", "<", ">")


class _Lexer:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.tokens: list[Union[Word, str, Redirect]] = []
        self.pending_heredocs: list[Redirect] = []

    def run(self) -> list[Union[Word, str, Redirect]]:
        text = self.text
        n = len(text)
        while self.i < n:
            c = text[self.i]
            if c == "\\" and self.i + 1 < n and text[self.i + 1] == "\n":
                self.i += 2
                continue
            if c in " \t\r":
                self.i += 1
                continue
            if c == "#":
                while self.i < n and text[self.i] != "\n":
                    self.i += 1
                continue
            if c == "\n":
                self.tokens.append("\n")
                self.i += 1
                self._read_heredocs()
                continue
            fd = ""
            j = self.i
            while j < n and text[j].isdigit():
                j += 1
            if j > self.i and j < n and text[j] in "<>":
                fd = text[self.i : j]
            op = next((o for o in _REDIRECTS if text.startswith(o, j)), None) if (fd or c in "<>&") else None
            if op is not None and not (op in ("&>", "&>>") and fd):
                self.i = j + len(op)
                redirect = Redirect(op, fd or ("0" if op.startswith("<") else "1"))
                if op in (">&", "<&") and self.i < n and (text[self.i].isdigit() or text[self.i] == "-"):
                    k = self.i
                    while k < n and (text[k].isdigit() or text[k] == "-"):
                        k += 1
                    redirect.target = "&" + text[self.i : k]
                    self.i = k
                else:
                    while self.i < n and text[self.i] in " \t":
                        self.i += 1
                    target = self._word()
                    redirect.target = target.text if target else ""
                if op in ("<<", "<<-"):
                    self.pending_heredocs.append(redirect)
                self.tokens.append(redirect)
                continue
            op = next((o for o in _OPERATORS if text.startswith(o, self.i)), None)
            if op is not None:
                self.tokens.append(op)
                self.i += len(op)
                continue
            word = self._word()
            if word is not None:
                self.tokens.append(word)
            else:  # pragma: no cover - defensive: never loop forever
                self.i += 1
        self._read_heredocs()
        return self.tokens

    def _read_heredocs(self) -> None:
        text = self.text
        while self.pending_heredocs:
            redirect = self.pending_heredocs.pop(0)
            delim = redirect.target
            body: list[str] = []
            while self.i < len(text):
                end = text.find("\n", self.i)
                line = text[self.i : end if end >= 0 else len(text)]
                self.i = end + 1 if end >= 0 else len(text)
                check = line.lstrip("\t") if redirect.op == "<<-" else line
                if check.rstrip("\r") == delim:
                    break
                body.append(line)
            redirect.body = "\n".join(body) + ("\n" if body else "")

    def _word(self) -> Optional[Word]:
        text = self.text
        n = len(text)
        out: list[str] = []
        dynamic = glob = False
        start = self.i
        while self.i < n:
            c = text[self.i]
            if c in " \t\r\n;&|()<>":
                break
            if c == "\\":
                if self.i + 1 < n:
                    if text[self.i + 1] != "\n":
                        out.append(text[self.i + 1])
                    self.i += 2
                else:
                    self.i += 1
                continue
            if c == "'":
                end = text.find("'", self.i + 1)
                end = n if end < 0 else end
                out.append(text[self.i + 1 : end])
                self.i = end + 1
                continue
            if c == '"':
                self.i += 1
                while self.i < n and text[self.i] != '"':
                    d = text[self.i]
                    if d == "\\" and self.i + 1 < n and text[self.i + 1] in '"\\$`\n':
                        if text[self.i + 1] != "\n":
                            out.append(text[self.i + 1])
                        self.i += 2
                        continue
                    if d == "$" or d == "`":
                        piece, is_dyn = self._dollar()
                        out.append(piece)
                        dynamic = dynamic or is_dyn
                        continue
                    out.append(d)
                    self.i += 1
                self.i += 1
                continue
            if c == "$" or c == "`":
                if text.startswith("$'", self.i):
                    end = self.i + 2
                    while end < n and text[end] != "'":
                        end += 2 if text[end] == "\\" else 1
                    out.append(_ansi_c(text[self.i + 2 : end]))
                    self.i = end + 1
                    continue
                piece, is_dyn = self._dollar()
                out.append(piece)
                dynamic = dynamic or is_dyn
                continue
            if c in "*?[":
                glob = True
            if c == "{":
                close = text.find("}", self.i)
                if close > 0 and "," in text[self.i : close]:
                    glob = True
            out.append(c)
            self.i += 1
        if self.i == start:
            return None
        return Word("".join(out), dynamic, glob)

    def _dollar(self) -> tuple[str, bool]:
        text = self.text
        n = len(text)
        c = text[self.i]
        if c == "`":
            end = self.i + 1
            while end < n and text[end] != "`":
                end += 2 if text[end] == "\\" else 1
            piece = text[self.i : end + 1]
            self.i = end + 1
            return piece, True
        if text.startswith("$(", self.i):
            return self._balanced(self.i + 1, prefix_from=self.i), True
        if text.startswith("${", self.i):
            end = text.find("}", self.i)
            end = n - 1 if end < 0 else end
            piece = text[self.i : end + 1]
            self.i = end + 1
            return piece, True
        m = re.match(r"\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])", text[self.i :])
        if m:
            self.i += m.end()
            return m.group(0), True
        self.i += 1
        return "$", False

    def _balanced(self, open_at: int, prefix_from: Optional[int] = None) -> str:
        """Consume ``(...)`` starting at ``open_at`` (quotes respected)."""
        text = self.text
        n = len(text)
        depth = 0
        k = open_at
        while k < n:
            c = text[k]
            if c == "\\":
                k += 2
                continue
            if c == "'":
                end = text.find("'", k + 1)
                k = n if end < 0 else end + 1
                continue
            if c == '"':
                k += 1
                while k < n and text[k] != '"':
                    k += 2 if text[k] == "\\" else 1
                k += 1
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    k += 1
                    break
            k += 1
        begin = prefix_from if prefix_from is not None else open_at - 1
        piece = text[begin:k]
        self.i = k
        return piece


def _ansi_c(text: str) -> str:
    try:
        return text.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except UnicodeDecodeError:
        return text


_KEYWORDS = {"then", "do", "else", "elif", "if", "while", "until", "!", "time", "{", "}", "fi", "done", "esac"}


def parse_shell(command: str) -> list[list[Simple]]:
    """The command as a list of pipelines (each a list of simple commands)."""
    tokens = _Lexer(command).run()
    pipelines: list[list[Simple]] = []
    current: list[Simple] = []
    simple = Simple()

    def end_simple() -> None:
        nonlocal simple
        while simple.words and simple.words[0].text in _KEYWORDS and not simple.words[0].dynamic:
            simple.words.pop(0)
        if simple.words or simple.redirects:
            current.append(simple)
        simple = Simple()

    def end_pipeline() -> None:
        nonlocal current
        end_simple()
        if current:
            pipelines.append(current)
        current = []

    for token in tokens:
        if isinstance(token, Word):
            simple.words.append(token)
        elif isinstance(token, Redirect):
            simple.redirects.append(token)
        elif token in ("|", "|&"):
            end_simple()
        else:
            end_pipeline()
    end_pipeline()
    return pipelines


# ---------------------------------------------------------------------------
# evaluation
# ---------------------------------------------------------------------------

Origin = tuple[str, int]  # (workspace-relative path, 1-based line)
StreamLine = tuple[Optional[Origin], Optional[str]]  # origin, text (None: unknown)


class _Opaque:
    """The output shows no file content."""


OPAQUE = _Opaque()


@dataclass
class _Fallback:
    """Unknown: match the output against these files' content."""

    files: list[str] = field(default_factory=list)
    whole_without_output: list[str] = field(default_factory=list)


Result = Union[list[StreamLine], _Opaque, _Fallback]

_NO_CONTENT = {
    "ls", "ll", "dir", "fd", "tree", "wc", "echo", "printf", "pwd", "cd", "pushd", "popd",
    "mkdir", "rmdir", "touch", "rm", "cp", "mv", "ln", "chmod", "chown", "pip", "pip3", "uv",
    "pytest", "py.test", "tox", "which", "type", "whereis", "command", "file", "stat", "du", "df",
    "true", "false", "exit", "export", "unset", "set", "source", ".", "sleep", "date", "whoami",
    "env", "printenv", "id", "uname", "hostname", "ps", "kill", "make", "npm", "node",
    "ruff", "black", "mypy", "flake8", "pylint", "isort", "md5sum", "sha256sum", "basename",
    "dirname", "realpath", "readlink", "mktemp", "test", "[", "[[", "read", "clear", "history",
    "alias", "jobs", "wait", "patch", "tar", "zip", "unzip", "curl", "wget", "apt", "apt-get",
    "conda", "poetry", "hatch", "coverage", "seq", "yes", "base64",
}
_PAGERS = {"cat", "nl", "less", "more", "bat", "batcat", "most", "pg", "tac"}
_WRAPPERS = {"sudo", "nohup", "nice", "stdbuf", "builtin", "exec", "eval", "unbuffer", "chronic"}
_PYTHON = re.compile(r"^(?:python|python3|python3\.\d+|pypy3?)$")


class _Evaluator:
    def __init__(
        self,
        workspace: Path,
        import_roots: Sequence[Path],
        read_file: ReadFile,
        line_count: Optional[Callable[[Path], Optional[int]]],
    ) -> None:
        self.workspace = Path(os.path.abspath(workspace))
        self.import_roots = [Path(os.path.abspath(r)) for r in import_roots] or [self.workspace]
        self._read_file = read_file
        self._line_count = line_count
        self._lines: dict[str, Optional[list[str]]] = {}

    # -- files ---------------------------------------------------------------

    def lines_of(self, rel: str) -> Optional[list[str]]:
        if rel not in self._lines:
            try:
                text = self._read_file(self.workspace / rel)
            except OSError:
                text = None
            self._lines[rel] = split_lines(text) if text is not None else None
        return self._lines[rel]

    def exists(self, full: Path) -> bool:
        rel = _relative(full, self.workspace)
        return rel is not None and self.lines_of(rel) is not None

    def rel(self, text: str, cwd: Path) -> Optional[str]:
        rel = workspace_path(text, cwd, self.workspace, self.import_roots, self.exists)
        if rel is None or self.lines_of(rel) is None:
            return None
        return rel

    def file_stream(self, rel: str) -> list[StreamLine]:
        lines = self.lines_of(rel) or []
        return [((rel, k + 1), line) for k, line in enumerate(lines)]

    def module_file(self, dotted: str) -> Optional[str]:
        parts = [p for p in dotted.split(".") if p]
        for n in range(len(parts), 0, -1):
            for root in self.import_roots:
                base = root.joinpath(*parts[:n])
                for candidate in (base / "__init__.py", base.parent / (parts[n - 1] + ".py")):
                    rel = _relative(candidate, self.workspace)
                    if rel is not None and self.lines_of(rel) is not None:
                        return rel
        return None

    def package_files(self, top: str, limit: int = 400) -> list[str]:
        found: list[str] = []
        for root in self.import_roots:
            base = root / top
            if base.is_dir():
                for dirpath, dirnames, filenames in os.walk(base):
                    dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
                    for name in sorted(filenames):
                        if name.endswith(".py"):
                            rel = _relative(Path(dirpath) / name, self.workspace)
                            if rel is not None:
                                found.append(rel)
                            if len(found) >= limit:
                                return found
            elif (root / f"{top}.py").is_file():
                rel = _relative(root / f"{top}.py", self.workspace)
                if rel is not None:
                    found.append(rel)
        return found

    # -- words ---------------------------------------------------------------

    def expand(self, word: Word, cwd: Path) -> list[str]:
        """Path arguments a word stands for (globs and braces expanded)."""
        if word.dynamic:
            resolved = self._dynamic_path(word.text, cwd)
            return [resolved] if resolved else []
        if not word.glob:
            return [word.text]
        patterns = _expand_braces(word.text)
        out: list[str] = []
        for pattern in patterns:
            if any(ch in pattern for ch in "*?["):
                base = pattern if os.path.isabs(pattern) else os.path.join(str(cwd), pattern)
                matches = sorted(_glob(base))
                if matches:
                    out.extend(matches)
                    continue
            out.append(pattern)
        return out

    def _dynamic_path(self, text: str, cwd: Path) -> Optional[str]:
        """``$(python -c 'import click; print(click.__file__)')`` and the like."""
        if "__file__" not in text and "__path__" not in text:
            return None
        aliases: dict[str, str] = {}
        for m in re.finditer(r"import\s+([\w.]+)(?:\s+as\s+(\w+))?", text):
            aliases[m.group(2) or m.group(1)] = m.group(1)
        for m in re.finditer(r"from\s+([\w.]+)\s+import\s+(\w+)(?:\s+as\s+(\w+))?", text):
            aliases[m.group(3) or m.group(2)] = f"{m.group(1)}.{m.group(2)}"
        used = re.search(r"([\w.]+)\.__(?:file|path)__", text)
        if not used:
            return None
        name = used.group(1)
        head, _, rest = name.partition(".")
        dotted = aliases.get(head, head) + (f".{rest}" if rest else "")
        rel = self.module_file(dotted)
        if rel is None:
            return None
        full = self.workspace / rel
        if "dirname" in text:
            full = full.parent
        tail = re.search(r"\)\s*[\"']?(/[^\s\"'`)]+)$", text)
        if tail:
            full = Path(str(full).rstrip("/") + tail.group(1))
        return str(full)

    # -- pipelines ------------------------------------------------------------

    def pipeline(self, stages: list[Simple], cwd: Path) -> Result:
        stream: Result = OPAQUE
        for index, stage in enumerate(stages):
            words = list(stage.words)
            while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0].text) and not words[0].dynamic:
                words.pop(0)
            words = _unwrap(words)
            stdin: Result = stream if index > 0 else OPAQUE
            for redirect in stage.redirects:
                if redirect.fd == "0" and redirect.op == "<":
                    rel = self.rel(redirect.target, cwd)
                    stdin = self.file_stream(rel) if rel else OPAQUE
                elif redirect.op in ("<<", "<<-", "<<<"):
                    stdin = OPAQUE
            heredoc = next((r.body for r in stage.redirects if r.op in ("<<", "<<-")), "")
            if not words:
                stream = stdin if stdin is not OPAQUE else OPAQUE
                continue
            stream = self.simple(words, cwd, stdin, heredoc)
            hidden = any(
                r.fd == "1" and r.op in (">", ">>", ">|", "&>", "&>>")
                and r.target not in ("/dev/stdout", "/dev/stderr", "/dev/tty")
                for r in stage.redirects
            )
            if hidden:
                stream = OPAQUE
        return stream

    def simple(self, words: list[Word], cwd: Path, stdin: Result, heredoc: str) -> Result:
        name = os.path.basename(words[0].text)
        args = words[1:]
        if name in _PAGERS:
            return self._pager(name, args, cwd, stdin)
        if name in ("head", "tail"):
            return self._head_tail(name, args, cwd, stdin)
        if name == "sed":
            return self._sed(args, cwd, stdin)
        if name in ("awk", "gawk", "mawk", "nawk"):
            return self._awk(args, cwd, stdin)
        if name in ("grep", "egrep", "fgrep", "rg", "ag"):
            return self._grep(name, args, cwd, stdin)
        if name == "tee":
            return stdin
        if name in ("bash", "sh", "dash", "zsh") and any(w.text == "-c" or re.match(r"^-[a-z]*c$", w.text) for w in args):
            return self._shell(args, cwd, stdin)
        if name == "find":
            return self._find(args, cwd)
        if _PYTHON.match(name):
            return self._python(args, cwd, heredoc)
        if name in _NO_CONTENT:
            return OPAQUE
        return self._fallback_for(args, cwd, stdin)

    def _shell(self, args: list[Word], cwd: Path, stdin: Result) -> Result:
        """``bash -c 'SCRIPT'``: the script's pipelines, one after the other."""
        script = None
        for k, word in enumerate(args):
            if word.text == "-c" or re.match(r"^-[a-z]*c$", word.text):
                script = args[k + 1].text if k + 1 < len(args) else None
                break
        if script is None:
            return OPAQUE
        stream: list[StreamLine] = []
        files: list[str] = []
        exact = True
        current = cwd
        for stages in parse_shell(script):
            first = stages[0]
            if len(stages) == 1 and first.words and first.words[0].text in ("cd", "pushd"):
                target = next((w for w in first.words[1:] if not w.text.startswith("-")), None)
                if target is not None and not target.dynamic:
                    current = Path(os.path.normpath(os.path.join(str(current), target.text)))
                continue
            result = self.pipeline(stages, current)
            if isinstance(result, list):
                stream.extend(result)
                files.extend(o[0] for o, _ in result if o and o[0] not in files)
            elif isinstance(result, _Fallback):
                exact = False
                files.extend(f for f in result.files if f not in files)
        return stream if exact else _Fallback(files)

    def _find(self, args: list[Word], cwd: Path) -> Result:
        """``find DIR -name PAT -exec cat {} \\;``: match the output against the
        files found; a find without -exec shows only names."""
        texts = [w.text for w in args]
        if not any(t in ("-exec", "-execdir", "-ok") for t in texts):
            return OPAQUE
        roots_: list[str] = []
        names: list[tuple[str, str]] = []
        k = 0
        while k < len(texts):
            text = texts[k]
            if text in ("-name", "-iname", "-path", "-ipath", "-wholename") and k + 1 < len(texts):
                names.append((text, texts[k + 1]))
                k += 2
                continue
            if text in ("-exec", "-execdir", "-ok"):
                break
            if not text.startswith("-") and not text.startswith("(") and not text.startswith("!") and not names:
                roots_.append(text)
            k += 1
        files: list[str] = []
        for root in roots_ or ["."]:
            base = Path(os.path.normpath(os.path.join(str(cwd), root)))
            if base.is_file():
                rel = self.rel(str(base), cwd)
                if rel:
                    files.append(rel)
                continue
            for dirpath, dirnames, filenames in os.walk(base):
                dirnames[:] = sorted(d for d in dirnames if d not in (".git", "__pycache__"))
                for name in sorted(filenames):
                    full = Path(dirpath) / name
                    ok = True
                    for kind, pattern in names:
                        # -name matches the base name, -path the path as find prints it
                        subject = name if kind in ("-name", "-iname") else os.path.join(root, os.path.relpath(full, base))
                        if kind.startswith("-i"):
                            ok = ok and fnmatch.fnmatch(subject.lower(), pattern.lower())
                        else:
                            ok = ok and fnmatch.fnmatchcase(subject, pattern)
                    if ok:
                        rel = self.rel(str(full), cwd)
                        if rel:
                            files.append(rel)
                    if len(files) >= 400:
                        return _Fallback(files)
        return _Fallback(files)

    def _fallback_for(self, args: list[Word], cwd: Path, stdin: Result) -> Result:
        files: list[str] = []
        for word in args:
            if word.text.startswith("-"):
                continue
            texts = self.expand(word, cwd)
            if ":" in word.text and not word.dynamic:  # git show REV:path
                texts.append(word.text.split(":", 1)[1])
            for text in texts:
                rel = self.rel(text, cwd) if text else None
                if rel and rel not in files:
                    files.append(rel)
        if isinstance(stdin, list):
            for origin, _ in stdin:
                if origin and origin[0] not in files:
                    files.append(origin[0])
        elif isinstance(stdin, _Fallback):
            files.extend(f for f in stdin.files if f not in files)
        return _Fallback(files)

    def _inputs(self, operands: list[Word], cwd: Path, stdin: Result) -> Result:
        if not operands or all(w.text == "-" for w in operands):
            return stdin
        stream: list[StreamLine] = []
        for word in operands:
            if word.text == "-":
                if isinstance(stdin, list):
                    stream.extend(stdin)
                continue
            for text in self.expand(word, cwd):
                rel = self.rel(text, cwd)
                if rel is not None:
                    stream.extend(self.file_stream(rel))
        return stream

    # -- cat, nl, less ---------------------------------------------------------

    def _pager(self, name: str, args: list[Word], cwd: Path, stdin: Result) -> Result:
        operands: list[Word] = []
        line_range: Optional[tuple[int, Optional[int]]] = None
        k = 0
        while k < len(args):
            text = args[k].text
            if name in ("bat", "batcat") and text in ("-r", "--line-range") and k + 1 < len(args):
                line_range = _bat_range(args[k + 1].text)
                k += 2
                continue
            if name in ("bat", "batcat") and text.startswith("--line-range="):
                line_range = _bat_range(text.split("=", 1)[1])
            elif name == "nl" and text in ("-b", "-s", "-v", "-i", "-w", "-n", "-d", "-f", "-h") and k + 1 < len(args):
                k += 2
                continue
            elif text.startswith("-") and text != "-":
                pass
            else:
                operands.append(args[k])
            k += 1
        stream = self._inputs(operands, cwd, stdin)
        if name == "tac" and isinstance(stream, list):
            stream = list(reversed(stream))
        if line_range and isinstance(stream, list):
            start, end = line_range
            stream = [item for item in stream if item[0] and start <= item[0][1] <= (end or item[0][1])]
        return stream

    # -- head, tail --------------------------------------------------------------

    def _head_tail(self, name: str, args: list[Word], cwd: Path, stdin: Result) -> Result:
        count = "10"
        operands: list[Word] = []
        quiet = False
        k = 0
        while k < len(args):
            text = args[k].text
            if text in ("-n", "--lines") and k + 1 < len(args):
                count = args[k + 1].text
                k += 2
                continue
            if text in ("-c", "--bytes"):
                return self._fallback_for(args, cwd, stdin)
            if text.startswith("--lines="):
                count = text.split("=", 1)[1]
            elif re.match(r"^-n[+-]?\d+$", text):
                count = text[2:]
            elif re.match(r"^-\d+$", text):
                count = text[1:]
            elif re.match(r"^\+\d+$", text) and name == "tail":
                count = text
            elif text in ("-q", "--quiet", "--silent"):
                quiet = True
            elif text in ("-f", "-F", "--follow", "-v", "--verbose"):
                pass
            elif text.startswith("-") and text != "-":
                if text.startswith("-c") or text.startswith("--bytes"):
                    return self._fallback_for(args, cwd, stdin)
            else:
                operands.append(args[k])
            k += 1
        m = re.match(r"^([+-]?)(\d+)$", count.strip())
        if not m:
            return self._fallback_for(args, cwd, stdin)
        sign, number = m.group(1), int(m.group(2))

        def cut(stream: list[StreamLine]) -> list[StreamLine]:
            if name == "head":
                if sign == "-":
                    return stream[: max(len(stream) - number, 0)]
                return stream[:number]
            if sign == "+":
                return stream[max(number - 1, 0) :]
            return stream[-number:] if number else []

        files = []
        for word in operands:
            for text in self.expand(word, cwd):
                files.append(text)
        if not files:
            source = stdin
            return cut(source) if isinstance(source, list) else source
        out: list[StreamLine] = []
        many = len(files) > 1 and not quiet
        for text in files:
            rel = self.rel(text, cwd)
            if rel is None:
                continue
            if many:
                out.append((None, f"==> {text} <=="))
            if name == "tail" and self._line_count is not None and sign != "+":
                total = self._line_count(self.workspace / rel)
                if total is not None:
                    first = max(total - number + 1, 1)
                    out.extend(self.file_stream(rel)[first - 1 : total])
                    continue
            out.extend(cut(self.file_stream(rel)))
        return out

    # -- sed -----------------------------------------------------------------------

    def _sed(self, args: list[Word], cwd: Path, stdin: Result) -> Result:
        quiet = False
        extended = False
        scripts: list[str] = []
        operands: list[Word] = []
        k = 0
        while k < len(args):
            text = args[k].text
            if text in ("-e", "--expression") and k + 1 < len(args):
                scripts.append(args[k + 1].text)
                k += 2
                continue
            if text.startswith("--expression="):
                scripts.append(text.split("=", 1)[1])
            elif text in ("-f", "--file"):
                return self._fallback_for(args, cwd, stdin)
            elif text.startswith("-i") or text.startswith("--in-place"):
                return OPAQUE
            elif text in ("-n", "--quiet", "--silent"):
                quiet = True
            elif text in ("-E", "-r", "--regexp-extended"):
                extended = True
            elif re.match(r"^-[nEersuz]+$", text):
                quiet = quiet or "n" in text
                extended = extended or "E" in text or "r" in text
                if "i" in text:
                    return OPAQUE
            elif text.startswith("-") and text != "-":
                pass
            elif not scripts and not operands:
                scripts.append(text)
            else:
                operands.append(args[k])
            k += 1
        stream = self._inputs(operands, cwd, stdin)
        if not isinstance(stream, list):
            return stream if isinstance(stream, _Fallback) else OPAQUE
        program = _parse_sed("\n".join(scripts), extended)
        if program is None:
            return self._fallback_for(args, cwd, stdin)
        return _run_sed(program, stream, quiet)

    # -- awk -------------------------------------------------------------------------

    def _awk(self, args: list[Word], cwd: Path, stdin: Result) -> Result:
        program: Optional[str] = None
        operands: list[Word] = []
        k = 0
        while k < len(args):
            text = args[k].text
            if text in ("-F", "-v", "-f") and k + 1 < len(args):
                if text == "-f":
                    return self._fallback_for(args, cwd, stdin)
                k += 2
                continue
            if text.startswith("-F") or text.startswith("-v"):
                pass
            elif program is None:
                program = text
            else:
                operands.append(args[k])
            k += 1
        stream = self._inputs(operands, cwd, stdin)
        if not isinstance(stream, list):
            return stream if isinstance(stream, _Fallback) else OPAQUE
        test = _awk_selector(program or "")
        if test is None:
            return self._fallback_for(args, cwd, stdin)
        return [item for index, item in enumerate(stream, 1) if test(index)]

    # -- grep ------------------------------------------------------------------------

    def _grep(self, name: str, args: list[Word], cwd: Path, stdin: Result) -> Result:
        spec = _parse_grep(name, args)
        if spec is None:
            return self._fallback_for(args, cwd, stdin)
        if spec.opaque:
            return OPAQUE
        regex = spec.compile()
        if regex is None:
            return self._fallback_for(args, cwd, stdin)
        files: list[str] = []
        operand_words = list(spec.operands)
        if not operand_words and (spec.recursive and not isinstance(stdin, list)):
            operand_words = [Word(".")]
        if not operand_words:
            if not isinstance(stdin, list):
                return stdin if isinstance(stdin, _Fallback) else OPAQUE
            return _grep_stream(stdin, regex, spec)
        for word in operand_words:
            for text in self.expand(word, cwd):
                full = Path(os.path.normpath(os.path.join(str(cwd), text)))
                if full.is_dir():
                    if not spec.recursive:
                        continue
                    for path in _walk(full, spec, rg=name in ("rg", "ag")):
                        rel = self.rel(str(path), cwd)
                        if rel is not None:
                            files.append(rel)
                else:
                    rel = self.rel(text, cwd)
                    if rel is not None:
                        files.append(rel)
        out: list[StreamLine] = []
        for rel in files:
            out.extend(_grep_stream(self.file_stream(rel), regex, spec))
        return out

    # -- python ------------------------------------------------------------------------

    def _python(self, args: list[Word], cwd: Path, heredoc: str) -> Result:
        code: Optional[str] = None
        module: Optional[str] = None
        module_args: list[str] = []
        k = 0
        while k < len(args):
            text = args[k].text
            if text == "-c" and k + 1 < len(args):
                code = args[k + 1].text
                break
            if text.startswith("-c") and len(text) > 2:
                code = text[2:]
                break
            if text == "-m" and k + 1 < len(args):
                module = args[k + 1].text
                module_args = [w.text for w in args[k + 2 :]]
                break
            if text == "-":
                code = heredoc
                break
            if text.startswith("-"):
                k += 1
                continue
            return OPAQUE  # python script.py: its output, not its source
        if code is None and module is None:
            if not heredoc:
                return OPAQUE
            code = heredoc
        if module is not None:
            if module in ("pydoc", "inspect"):
                files: list[str] = []
                for target in module_args:
                    if target.startswith("-"):
                        continue
                    dotted = target.split(":", 1)[0]
                    rel = self.module_file(dotted)
                    if rel:
                        files.append(rel)
                    files.extend(f for f in self.package_files(dotted.split(".")[0]) if f not in files)
                return _Fallback(files)
            return OPAQUE
        return self._python_code(code or "", cwd)

    def _python_code(self, code: str, cwd: Path) -> Result:
        opened: list[str] = []
        for m in re.finditer(
            r"""(?:open|io\.open|codecs\.open)\(\s*[rRbBuU]*(['"])(.+?)\1\s*(?:,\s*(?:mode\s*=\s*)?(['"])(\w+)\3)?""",
            code,
        ):
            if m.group(4) and re.search(r"[wax+]", m.group(4)):
                continue
            rel = self.rel(m.group(2), cwd)
            if rel and rel not in opened:
                opened.append(rel)
        for m in re.finditer(r"""Path\(\s*[rR]?(['"])(.+?)\1\s*\)\s*\.\s*read_(?:text|bytes)""", code):
            rel = self.rel(m.group(2), cwd)
            if rel and rel not in opened:
                opened.append(rel)
        for m in re.finditer(r"""linecache\.getlines?\(\s*(['"])(.+?)\1""", code):
            rel = self.rel(m.group(2), cwd)
            if rel and rel not in opened:
                opened.append(rel)
        files = list(opened)
        mentions_source = bool(re.search(r"getsource|getsourcelines|pydoc|help\(|__doc__|getdoc|__file__|dis\.", code))
        if mentions_source:
            names: list[str] = []
            for m in re.finditer(r"^\s*import\s+([\w., ]+)", code, re.M):
                names.extend(part.split(" as ")[0].strip() for part in m.group(1).split(","))
            for m in re.finditer(r"(?:^|;)\s*import\s+([\w., ]+)", code):
                names.extend(part.split(" as ")[0].strip() for part in m.group(1).split(","))
            for m in re.finditer(r"from\s+([\w.]+)\s+import\s+([\w., ()]+)", code):
                names.append(m.group(1))
                names.extend(f"{m.group(1)}.{n.strip(' ()').split(' as ')[0].strip()}" for n in m.group(2).split(","))
            for m in re.finditer(r"(?:getsource|getsourcelines|help|getdoc)\(\s*([\w.]+)", code):
                names.append(m.group(1))
            tops: list[str] = []
            for dotted in names:
                if not dotted or not re.match(r"^[\w.]+$", dotted):
                    continue
                rel = self.module_file(dotted)
                if rel and rel not in files:
                    files.append(rel)
                top = dotted.split(".")[0]
                if top not in tops:
                    tops.append(top)
            for top in tops:
                files.extend(f for f in self.package_files(top) if f not in files)
        if not files:
            return OPAQUE
        return _Fallback(files, whole_without_output=opened)


def _unwrap(words: list[Word]) -> list[Word]:
    """Drop ``sudo``/``timeout 10``/``env X=1``/``command`` wrappers."""
    while words:
        head = os.path.basename(words[0].text)
        if head in _WRAPPERS:
            words = words[1:]
            while words and words[0].text.startswith("-"):
                words = words[1:]
            continue
        if head == "timeout":
            words = words[1:]
            while words and words[0].text.startswith("-"):
                words = words[1:]
            words = words[1:]  # the duration
            continue
        if head == "env" and len(words) > 1:
            words = words[1:]
            while words and (words[0].text.startswith("-") or "=" in words[0].text):
                words = words[1:]
            continue
        if head == "command" and len(words) > 1 and not words[1].text.startswith("-"):
            words = words[1:]
            continue
        break
    return words


def _expand_braces(text: str) -> list[str]:
    m = re.search(r"\{([^{}]*,[^{}]*)\}", text)
    if not m:
        return [text]
    out: list[str] = []
    for part in m.group(1).split(","):
        out.extend(_expand_braces(text[: m.start()] + part + text[m.end() :]))
    return out


def _glob(pattern: str) -> list[str]:
    return globmod.glob(pattern, recursive="**" in pattern)


def _bat_range(text: str) -> tuple[int, Optional[int]]:
    m = re.match(r"^(\d*):(\d*)$", text.strip())
    if m:
        return int(m.group(1) or 1), int(m.group(2)) if m.group(2) else None
    if text.strip().isdecimal():  # what int() reads ("²".isdigit() too, and int() refuses it)
        return int(text), int(text)
    return 1, None


# ---------------------------------------------------------------------------
# regular expressions (grep, sed)
# ---------------------------------------------------------------------------

_POSIX_CLASSES = {
    "alpha": "a-zA-Z", "digit": "0-9", "alnum": "a-zA-Z0-9", "upper": "A-Z", "lower": "a-z",
    "space": r" \t\n\r\f\v", "blank": r" \t", "punct": r"!-/:-@\[-`{-~", "xdigit": "0-9A-Fa-f",
    "word": r"\w", "cntrl": r"\x00-\x1f\x7f", "print": r" -~", "graph": r"!-~",
}


def posix_to_python(pattern: str, extended: bool) -> str:
    """Translate a POSIX basic (or extended) regular expression to Python's."""
    out: list[str] = []
    i = 0
    n = len(pattern)
    while i < n:
        c = pattern[i]
        if c == "[":
            j = i + 1
            body: list[str] = []
            if j < n and pattern[j] == "^":
                body.append("^")
                j += 1
            if j < n and pattern[j] == "]":
                body.append(r"\]")
                j += 1
            while j < n and pattern[j] != "]":
                if pattern.startswith("[:", j):
                    end = pattern.find(":]", j)
                    if end > 0:
                        body.append(_POSIX_CLASSES.get(pattern[j + 2 : end], ""))
                        j = end + 2
                        continue
                ch = pattern[j]
                body.append("\\\\" if ch == "\\" else ("\\[" if ch == "[" else ch))
                j += 1
            out.append("[" + "".join(body) + "]")
            i = j + 1
            continue
        if c == "\\" and i + 1 < n:
            d = pattern[i + 1]
            if d in "<>":
                out.append(r"\b")
            elif not extended and d in "(){}|+?":
                out.append(d)
            elif d.isdigit() or d in "wWsSbB":
                out.append("\\" + d)
            else:
                out.append(re.escape(d))
            i += 2
            continue
        if not extended and c in "(){}|+?":
            out.append("\\" + c)
        elif c == "*" and (not out or out[-1] in ("^", "(", "|")):
            out.append(r"\*")
        else:
            out.append(c)
        i += 1
    return "".join(out)


@dataclass
class _GrepSpec:
    patterns: list[str] = field(default_factory=list)
    operands: list[Word] = field(default_factory=list)
    mode: str = "G"  # G basic, E extended, F fixed, P perl
    ignore_case: bool = False
    smart_case: bool = False
    invert: bool = False
    word: bool = False
    line: bool = False
    recursive: bool = False
    opaque: bool = False  # -l -L -c -q: no lines shown
    before: int = 0
    after: int = 0
    max_count: Optional[int] = None
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    exclude_dir: list[str] = field(default_factory=list)
    explicit: bool = False  # a pattern came with -e or --regexp: every word that is no option is a file

    def compile(self) -> Optional[re.Pattern]:
        parts = []
        for pattern in self.patterns:
            for piece in pattern.split("\n") or [""]:
                if self.mode == "F":
                    text = re.escape(piece)
                elif self.mode == "P":
                    text = piece
                else:
                    text = posix_to_python(piece, extended=self.mode == "E")
                if self.word:
                    text = rf"(?<!\w)(?:{text})(?!\w)"
                if self.line:
                    text = rf"^(?:{text})$"
                parts.append(text)
        if not parts:
            return None
        flags = re.IGNORECASE if self.ignore_case else 0
        if self.smart_case and not any(ch.isupper() for p in self.patterns for ch in p):
            flags = re.IGNORECASE
        try:
            return re.compile("|".join(f"(?:{p})" for p in parts), flags)
        except re.error:
            return None


_GREP_LONG_WITH_VALUE = {
    "--regexp", "--file", "--after-context", "--before-context", "--context", "--max-count",
    "--glob", "--iglob", "--type", "--type-not", "--max-columns", "--threads", "--label",
    "--encoding", "--include", "--exclude", "--exclude-dir", "--max-depth", "--binary-files",
    "--devices", "--directories",
}
_GREP_SHORT_WITH_VALUE = "efABCmdD"
_RG_SHORT_WITH_VALUE = "efABCmgtTMjdE"


def _parse_grep(name: str, args: list[Word]) -> Optional[_GrepSpec]:
    """The options of a grep/rg command line, or None when not emulated."""
    rg = name in ("rg", "ag")
    spec = _GrepSpec(mode={"egrep": "E", "fgrep": "F", "rg": "P", "ag": "P"}.get(name, "G"))
    spec.recursive = rg
    spec.smart_case = name == "ag"
    only_operands = False
    k = 0
    while k < len(args):
        word = args[k]
        text = word.text
        k += 1
        if only_operands or not text.startswith("-") or text == "-":
            if not spec.patterns and not spec.explicit:
                spec.patterns.append(text)
            else:
                spec.operands.append(word)
            continue
        if text == "--":
            only_operands = True
            continue
        parse = _grep_long_option if text.startswith("--") else _grep_short_options
        after = parse(spec, text, args, k, rg)
        if after is None:
            return None
        k = after
    if not spec.patterns:
        return None
    return spec


#: the long options read as the short option they spell out
_GREP_LONG_AS_SHORT = {
    "--regexp": "e", "--file": "f", "--after-context": "A", "--before-context": "B", "--context": "C",
    "--max-count": "m", "--glob": "g", "--iglob": "g", "--type": "t",
    "--files-with-matches": "l", "--files-without-match": "l", "--count": "l", "--quiet": "l", "--files": "l",
    "--count-matches": "l", "--silent": "l", "--ignore-case": "i", "--smart-case": "S", "--invert-match": "v",
    "--word-regexp": "w", "--line-regexp": "x", "--recursive": "r", "--dereference-recursive": "r",
    "--extended-regexp": "E", "--fixed-strings": "F", "--perl-regexp": "P",
}
#: the short options grep and rg give other meanings: rg's -S (smart case), grep's -r, -R, -E and -G
_GREP_ONLY_SHORT, _RG_ONLY_SHORT = "rREG", "S"


def _grep_long_option(spec: _GrepSpec, text: str, args: list[Word], k: int, rg: bool) -> Optional[int]:
    """``--key=value`` or ``--key value`` (``args[k]``) into ``spec``: the index of the next word,
    or None when not emulated."""
    key, eq, value = text.partition("=")
    takes = key in _GREP_LONG_WITH_VALUE or (rg and key in ("--color", "--colour"))
    if takes and not eq:
        value = args[k].text if k < len(args) else ""
        k += 1
    if key == "--include":
        spec.include.append(value)
    elif key == "--exclude":
        spec.exclude.append(value)
    elif key == "--exclude-dir":
        spec.exclude_dir.append(value)
    elif key in _GREP_LONG_AS_SHORT:
        letter = _GREP_LONG_AS_SHORT[key]
        if key not in _GREP_LONG_WITH_VALUE:
            _grep_flag(spec, letter)
        elif not _grep_value_option(spec, letter, value):
            return None
    return k


def _grep_short_options(spec: _GrepSpec, text: str, args: list[Word], k: int, rg: bool) -> Optional[int]:
    """Short options, possibly combined (``-rn``, ``-A3``, ``-nA 3``, ``-e PAT``, ``-5``), into
    ``spec``: the index of the next word (past an option's value in ``args[k]``), or None when
    not emulated."""
    body = text[1:]
    short_with_value = _RG_SHORT_WITH_VALUE if rg else _GREP_SHORT_WITH_VALUE
    other_tools = _GREP_ONLY_SHORT if rg else _RG_ONLY_SHORT
    j = 0
    while j < len(body):
        ch = body[j]
        digits = re.match(r"\d+", body[j:])  # not ch.isdigit(): "²" is a digit, no number
        if digits:
            spec.before = spec.after = int(digits.group(0))
            j += digits.end()
            continue
        if ch in short_with_value:
            value = body[j + 1 :]
            if not value:
                value = args[k].text if k < len(args) else ""
                k += 1
            return k if _grep_value_option(spec, ch, value) else None
        if ch not in other_tools:
            _grep_flag(spec, ch)
        j += 1
    return k


def _grep_value_option(spec: _GrepSpec, letter: str, value: str) -> bool:
    """The short option ``letter`` that takes a value into ``spec`` (one that changes no line
    shown, such as rg's -j or -E, is passed over); False when not emulated (-f: the patterns
    are in a file)."""
    if letter == "e":
        spec.patterns.append(value)
        spec.explicit = True
    elif letter == "f":
        return False
    elif letter == "A":
        spec.after = _int(value)
    elif letter == "B":
        spec.before = _int(value)
    elif letter == "C":
        spec.before = spec.after = _int(value)
    elif letter == "m":
        spec.max_count = _int(value)
    elif letter == "g":
        (spec.exclude if value.startswith("!") else spec.include).append(value.lstrip("!"))
    elif letter == "t":
        spec.include.extend(_RG_TYPES.get(value, [f"*.{value}"]))
    return True


def _grep_flag(spec: _GrepSpec, letter: str) -> None:
    """The short option ``letter`` that takes no value into ``spec`` (one that changes no line
    shown, such as -n, is passed over)."""
    if letter in "lLcq":
        spec.opaque = True
    elif letter in "iy":
        spec.ignore_case = True
    elif letter == "S":
        spec.smart_case = True
    elif letter == "v":
        spec.invert = True
    elif letter == "w":
        spec.word = True
    elif letter == "x":
        spec.line = True
    elif letter in "rR":
        spec.recursive = True
    elif letter in "EFPG":
        spec.mode = letter


_RG_TYPES = {"py": ["*.py", "*.pyi"], "python": ["*.py", "*.pyi"], "md": ["*.md"], "txt": ["*.txt"]}


def _int(text: str) -> int:
    try:
        return max(int(text), 0)
    except ValueError:
        return 0


def _walk(root: Path, spec: _GrepSpec, rg: bool) -> Iterable[Path]:
    skip = {".git", "__pycache__"} | ({".venv", "node_modules", ".tox", ".mypy_cache"} if rg else set())
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [
            d for d in dirnames
            if d not in skip and not (rg and d.startswith("."))
            and not any(fnmatch.fnmatch(d, pat) for pat in spec.exclude_dir)
        ]
        for name in filenames:
            if rg and name.startswith("."):
                continue
            if spec.include and not any(fnmatch.fnmatch(name, pat) for pat in spec.include):
                continue
            if any(fnmatch.fnmatch(name, pat) for pat in spec.exclude):
                continue
            yield Path(dirpath) / name


def _grep_stream(stream: list[StreamLine], regex: re.Pattern, spec: _GrepSpec) -> list[StreamLine]:
    hits: list[int] = []
    for index, (_, text) in enumerate(stream):
        if text is None:
            continue
        if bool(regex.search(text)) != spec.invert:
            hits.append(index)
            if spec.max_count is not None and len(hits) >= spec.max_count:
                break
    keep: set[int] = set()
    for index in hits:
        keep.update(range(max(index - spec.before, 0), min(index + spec.after, len(stream) - 1) + 1))
    return [stream[i] for i in sorted(keep)]


# -- sed ------------------------------------------------------------------------


@dataclass(frozen=True)
class _SedLine:
    """``N``: line N."""

    number: int


@dataclass(frozen=True)
class _SedLast:
    """``$``: the last line."""


@dataclass(frozen=True)
class _SedRegex:
    """``/regex/``: the lines it matches."""

    regex: re.Pattern[str]


@dataclass(frozen=True)
class _SedStep:
    """``first~step``: line ``first`` and every ``step``-th line after it."""

    first: int
    step: int


@dataclass(frozen=True)
class _SedPlus:
    """``addr1,+N`` (an end address only): the N lines after the first."""

    count: int


@dataclass(frozen=True)
class _SedMult:
    """``addr1,~N`` (an end address only): up to the next line whose number is a multiple of N."""

    multiple: int


@dataclass(frozen=True)
class _SedBad:
    """A ``/regex/`` Python cannot compile: the script is not emulated."""


_SedAddress = Union[_SedLine, _SedLast, _SedRegex, _SedStep, _SedPlus, _SedMult, _SedBad]


@dataclass
class _SedCommand:
    addr1: Optional[_SedAddress]
    addr2: Optional[_SedAddress]
    negate: bool
    name: str  # p d q Q = s n
    print_flag: bool = False


def _parse_sed_address(text: str, i: int, extended: bool) -> tuple[Optional[_SedAddress], int]:
    n = len(text)
    if i >= n:
        return None, i
    c = text[i]
    m = re.match(r"(\d+)(?:~(\d+))?", text[i:])  # not c.isdigit(): "²" is a digit, no number
    if m:
        if m.group(2) is not None:
            return _SedStep(int(m.group(1)), int(m.group(2))), i + m.end()
        return _SedLine(int(m.group(1))), i + m.end()
    if c == "$":
        return _SedLast(), i + 1
    if c == "/" or c == "\\":
        delim = "/" if c == "/" else (text[i + 1] if i + 1 < n else "/")
        start = i + 1 if c == "/" else i + 2
        j = start
        raw: list[str] = []
        while j < n and text[j] != delim:
            if text[j] == "\\" and j + 1 < n:
                raw.append(text[j : j + 2] if text[j + 1] != delim else delim)
                j += 2
                continue
            raw.append(text[j])
            j += 1
        j += 1
        flags = 0
        while j < n and text[j] in "IM":
            flags |= re.IGNORECASE if text[j] == "I" else re.MULTILINE
            j += 1
        try:
            regex = re.compile(posix_to_python("".join(raw), extended), flags)
        except re.error:
            return _SedBad(), j
        return _SedRegex(regex), j
    return None, i


def _parse_sed(script: str, extended: bool) -> Optional[list[_SedCommand]]:
    commands: list[_SedCommand] = []
    i = 0
    n = len(script)
    while i < n:
        while i < n and script[i] in " \t\n;}":
            i += 1
        if i >= n:
            break
        addr1, i = _parse_sed_address(script, i, extended)
        addr2: Optional[_SedAddress] = None
        if addr1 is not None and i < n and script[i] == ",":
            i += 1
            if i < n and script[i] in "+~":
                m = re.match(r"[+~](\d+)", script[i:])
                if not m:
                    return None
                count = int(m.group(1))
                addr2 = _SedPlus(count) if script[i] == "+" else _SedMult(count)
                i += m.end()
            else:
                addr2, i = _parse_sed_address(script, i, extended)
                if addr2 is None:
                    return None
        if isinstance(addr1, _SedBad) or isinstance(addr2, _SedBad):
            return None
        while i < n and script[i] in " \t":
            i += 1
        negate = False
        if i < n and script[i] == "!":
            negate = True
            i += 1
            while i < n and script[i] in " \t":
                i += 1
        if i >= n:
            return None
        c = script[i]
        if c == "{":
            # a block: only "{p}" / "{p;q}"-like bodies of simple commands are supported
            end = script.find("}", i)
            if end < 0:
                return None
            inner = _parse_sed(script[i + 1 : end], extended)
            if inner is None or any(cmd.addr1 is not None for cmd in inner):
                return None
            for cmd in inner:
                commands.append(_SedCommand(addr1, addr2, negate, cmd.name, cmd.print_flag))
            i = end + 1
            continue
        if c in "pdqQ=lnP":
            commands.append(_SedCommand(addr1, addr2, negate, "p" if c in "lP" else c))
            i += 1
            while i < n and script[i] in " \t0123456789":  # q5 exit codes
                i += 1
            continue
        if c == "s":
            if i + 1 >= n:
                return None
            delim = script[i + 1]
            j = i + 2
            pieces = 0
            while j < n and pieces < 2:
                if script[j] == "\\":
                    j += 2
                    continue
                if script[j] == delim:
                    pieces += 1
                j += 1
            k = j
            while k < n and script[k] in "gpiIme0123456789":
                k += 1
            flags = script[j:k]
            commands.append(_SedCommand(addr1, addr2, negate, "s", print_flag="p" in flags))
            i = j + len(flags)
            continue
        return None  # a, i, c, y, N, D, h, G, b, t, labels...: not emulated
    return commands


def _run_sed(program: list[_SedCommand], stream: list[StreamLine], quiet: bool) -> list[StreamLine]:
    out: list[StreamLine] = []
    total = len(stream)
    active = [False] * len(program)
    ends: list[int] = [0] * len(program)

    def matches(addr: _SedAddress, number: int, text: str) -> bool:
        if isinstance(addr, _SedLine):
            return number == addr.number
        if isinstance(addr, _SedLast):
            return number == total
        if isinstance(addr, _SedRegex):
            return bool(addr.regex.search(text))
        if isinstance(addr, _SedStep):
            first, step = addr.first, addr.step
            return number == first if step <= 0 else number >= first and (number - first) % step == 0
        return False

    for number, item in enumerate(stream, 1):
        text = item[1] or ""
        deleted = False
        stop = False
        for index, cmd in enumerate(program):
            if cmd.addr1 is None:
                selected = True
            elif cmd.addr2 is None:
                selected = matches(cmd.addr1, number, text)
            elif active[index]:
                selected = True
                a2 = cmd.addr2
                if isinstance(a2, _SedLine):
                    done = number >= a2.number
                elif isinstance(a2, _SedPlus):
                    done = number >= ends[index]
                elif isinstance(a2, _SedMult):
                    done = a2.multiple <= 0 or number % a2.multiple == 0
                else:
                    done = matches(a2, number, text)
                if done:
                    active[index] = False
            elif matches(cmd.addr1, number, text):
                selected = True
                a2 = cmd.addr2
                if isinstance(a2, _SedLine):
                    active[index] = a2.number > number
                elif isinstance(a2, _SedPlus):
                    ends[index] = number + a2.count
                    active[index] = a2.count > 0
                elif isinstance(a2, _SedMult):
                    active[index] = a2.multiple > 0 and number % a2.multiple != 0
                elif isinstance(a2, _SedLast):
                    active[index] = number < total
                else:
                    active[index] = True
            else:
                selected = False
            if cmd.negate:
                selected = not selected
            if not selected:
                continue
            if cmd.name == "p" or (cmd.name == "s" and cmd.print_flag):
                out.append(item)
            elif cmd.name == "=":
                out.append((None, str(number)))
            elif cmd.name == "d":
                deleted = True
                break
            elif cmd.name == "q":
                stop = True
                break
            elif cmd.name == "Q":
                deleted = True
                stop = True
                break
        if not quiet and not deleted:
            out.append(item)
        if stop:
            break
    return out


# -- awk ------------------------------------------------------------------------


def _awk_selector(program: str) -> Optional[Callable[[int], bool]]:
    """A line filter for ``NR``-only awk programs, else None."""
    text = program.strip()
    m = re.match(r"^(.*?)\s*(\{(.*)\})?\s*;?\s*$", text, re.S)
    if not m:
        return None
    pattern, action = m.group(1).strip(), (m.group(3) or "").strip()
    if action and not re.match(r"^print(\s*\(?\s*(\$0|NR\s*(\"[^\"]*\"|,)?\s*\$0)?\s*\)?)?\s*;?$", action):
        if not re.match(r'^print\s+NR\s*"[^"]*"\s*\$0\s*;?$', action) and not re.match(
            r"^printf?\s*\(?\s*\"[^\"]*\"\s*,\s*NR\s*,\s*\$0\s*\)?\s*;?$", action
        ):
            return None
    if not pattern:
        return (lambda number: True) if action else None
    range_m = re.match(r"^NR\s*==\s*(\d+)\s*,\s*NR\s*==\s*(\d+)$", pattern)
    if range_m:
        a, b = int(range_m.group(1)), int(range_m.group(2))
        return lambda number: a <= number <= b
    clauses = re.split(r"\s*&&\s*", pattern)
    tests: list[Callable[[int], bool]] = []
    for clause in clauses:
        clause = clause.strip().strip("()").strip()
        cm = re.match(r"^NR\s*(==|>=|<=|>|<|!=)\s*(\d+)$", clause) or re.match(
            r"^(\d+)\s*(==|>=|<=|>|<|!=)\s*NR$", clause
        )
        if not cm:
            return None
        if cm.group(1).isdigit():  # 10 <= NR
            value, op = int(cm.group(1)), {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(cm.group(2), cm.group(2))
        else:
            op, value = cm.group(1), int(cm.group(2))
        tests.append(_compare(op, value))
    return lambda number: all(test(number) for test in tests)


def _compare(op: str, value: int) -> Callable[[int], bool]:
    return {
        "==": lambda x: x == value, ">=": lambda x: x >= value, "<=": lambda x: x <= value,
        ">": lambda x: x > value, "<": lambda x: x < value, "!=": lambda x: x != value,
    }[op]


# ---------------------------------------------------------------------------
# from results to reads
# ---------------------------------------------------------------------------


@dataclass
class _Block:
    path: str
    start: int
    end: int
    texts: list[str]


def _blocks(stream: list[StreamLine]) -> list[_Block]:
    blocks: list[_Block] = []
    for origin, text in stream:
        if origin is None:
            continue
        path, number = origin
        last = blocks[-1] if blocks else None
        if last is not None and last.path == path and number == last.end + 1:
            last.end = number
            last.texts.append(text or "")
        else:
            blocks.append(_Block(path, number, number, [text or ""]))
    return blocks


def _block_shown(block: _Block, seen: set[str]) -> bool:
    texts = [t.strip() for t in block.texts]
    significant = [t for t in texts if len(t) >= 4]
    if significant:
        return any(t in seen for t in significant)
    return any(t in seen for t in texts)


class _Lines:
    """Output lines with the stripped texts each may show (see ``_variants``)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.variants = [set(_variants(line)) for line in lines]

    def __len__(self) -> int:
        return len(self.lines)

    def shows(self, index: int, file_line: str) -> bool:
        return file_line.strip() in self.variants[index]

    def starts(self, file_line: str, low: int = 0, high: Optional[int] = None) -> list[int]:
        key = file_line.strip()
        high = len(self.lines) if high is None else high
        return [i for i in range(max(low, 0), high) if key in self.variants[i]]


def _find_run(lines: _Lines, texts: list[str]) -> bool:
    """Whether ``texts`` appear as consecutive lines somewhere in ``lines``."""
    n = len(texts)
    if n == 0 or n > len(lines):
        return False
    for start in lines.starts(texts[0], 0, len(lines) - n + 1):
        if all(lines.shows(start + k, texts[k]) for k in range(1, n)):
            return True
    return False


def _truncated_block(block: _Block, head: _Lines, tail: _Lines) -> list[Read]:
    texts = block.texts
    if _find_run(head, texts) or _find_run(tail, texts):
        return [Read(block.path, block.start, block.end)]
    out: list[Read] = []
    # a prefix of the block at the very end of the head
    low = len(head) - min(len(texts), len(head))
    for start in head.starts(texts[0], low):
        k = len(head) - start
        if all(head.shows(start + j, texts[j]) for j in range(1, k)):
            out.append(Read(block.path, block.start, block.start + k - 1))
            break
    # a suffix of the block at the very start of the tail
    for k in range(min(len(texts), len(tail)), 0, -1):
        offset = len(texts) - k
        if all(tail.shows(j, texts[offset + j]) for j in range(k)):
            out.append(Read(block.path, block.end - k + 1, block.end))
            break
    return out


def _content_runs(out: _Lines, rel: str, file_lines: list[str]) -> list[Read]:
    """Runs of consecutive output lines equal to consecutive lines of the file."""
    index: dict[str, list[int]] = {}
    for number, line in enumerate(file_lines):
        key = line.strip()
        if key:
            index.setdefault(key, []).append(number)
    reads: list[Read] = []
    i = 0
    n = len(out)
    while i < n:
        best_len, best_j = 0, -1
        candidates: set[int] = set()
        for variant in out.variants[i]:
            if variant:
                candidates.update(index.get(variant, ())[:200])
        for j in sorted(candidates):
            k = 0
            while i + k < n and j + k < len(file_lines) and out.shows(i + k, file_lines[j + k]):
                k += 1
            if k > best_len:
                best_len, best_j = k, j
        if best_len:
            run = [file_lines[best_j + k].strip() for k in range(best_len)]
            nonblank = [t for t in run if t]
            if len(nonblank) >= 2 and sum(len(t) for t in nonblank) >= 20:
                end = best_len
                while end > 0 and not run[end - 1]:  # trailing blank lines
                    end -= 1
                reads.append(Read(rel, best_j + 1, best_j + end))
                i += best_len
                continue
        i += 1
    return reads


def _path_line_reads(lines: list[str], cwd: Path, ev: _Evaluator) -> list[Read]:
    reads: list[Read] = []
    for line in lines:
        m = _PATH_NUMBERED.match(line)
        if not m:
            continue
        rel = ev.rel(m.group(1), cwd)
        if rel is None:
            continue
        number = int(m.group(3))
        file_lines = ev.lines_of(rel) or []
        if 1 <= number <= len(file_lines) and file_lines[number - 1].strip() == m.group(4).strip():
            reads.append(Read(rel, number, number))
    return reads


def reads_from_command(
    command: str,
    output: Optional[str],
    cwd: Path,
    workspace: Path,
    import_roots: Sequence[Path],
    read_file: ReadFile,
    *,
    line_count: Optional[Callable[[Path], Optional[int]]] = None,
) -> list[Read]:
    """The lines of workspace files that ``command`` showed, given the
    ``output`` the agent saw (None: unknown).  Merged, sorted reads.

    ``cwd`` is the directory the command ran in; ``import_roots`` the folders
    of the workspace that hold importable packages (the site-packages
    mapping and module resolution use them); ``read_file(path)`` the text of a
    file (None if missing or binary); ``line_count(path)``, if given, the
    number of lines ``tail`` counts back from (defaults to ``read_file``'s).
    """
    ev = _Evaluator(workspace, import_roots, read_file, line_count)
    shown = parse_shown(output) if output is not None else None
    seen = _shown_set(shown.all_lines()) if shown is not None and not shown.truncated else set()
    head = _Lines(shown.head_lines()) if shown is not None and shown.truncated else _Lines([])
    tail = _Lines(shown.tail_lines()) if shown is not None and shown.truncated else _Lines([])
    full = _Lines(shown.full.split("\n")) if shown is not None and shown.full is not None else None
    current = Path(os.path.abspath(cwd))
    reads: list[Read] = []
    try:
        pipelines = parse_shell(command)
    except Exception:  # noqa: BLE001 - a command we cannot parse reads nothing
        pipelines = []
    for stages in pipelines:
        first = stages[0]
        if len(stages) == 1 and first.words and first.words[0].text in ("cd", "pushd") and not first.words[0].dynamic:
            target = next((w for w in first.words[1:] if not w.text.startswith("-")), None)
            if target is not None and not target.dynamic and not target.text.startswith("~"):
                current = Path(os.path.normpath(os.path.join(str(current), target.text)))
            continue
        result = ev.pipeline(stages, current)
        if isinstance(result, list):
            for block in _blocks(result):
                if shown is None:
                    reads.append(Read(block.path, block.start, block.end))
                elif shown.truncated:
                    reads.extend(_truncated_block(block, head, tail))
                elif _block_shown(block, seen):
                    reads.append(Read(block.path, block.start, block.end))
        elif isinstance(result, _Fallback):
            if shown is None:
                for rel in result.whole_without_output:
                    count = len(ev.lines_of(rel) or [])
                    if count:
                        reads.append(Read(rel, 1, count))
                continue
            for lines in [full] if full is not None else [head, tail]:
                for rel in result.files:
                    file_lines = ev.lines_of(rel)
                    if file_lines:
                        reads.extend(_content_runs(lines, rel, file_lines))
                reads.extend(_path_line_reads(lines.lines, current, ev))
    return list(merge_reads(reads))
