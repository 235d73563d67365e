"""The reads of an OpenCode session: ``opencode export`` (``export.json``), or its tool parts.

Formats (from OpenCode's source, packages/opencode/src):

* ``cli/cmd/export.ts``: ``{"info": session, "messages": [{"info": message,
  "parts": [...]}], ...}``;
* ``session/message-v2.ts``: a tool part is ``{"type": "tool", "tool",
  "callID", "state": {"status": "pending"|"running"|"completed"|"error",
  "input", "output", "title", "metadata", "time"}}``;
* ``tool/read.ts``: input ``{filePath, offset, limit}`` (offset 1-based in
  current versions, 0-based in old ones); output ``<path>..</path>
  <type>file</type><content>`` then ``N: text`` lines (old versions:
  ``<file>`` and ``00012| text``) and ``(Showing lines A-B of C...)`` /
  ``(End of file - total N lines)``;
* ``tool/grep.ts``: output ``Found N matches``, then per file ``/abs/path:``
  and ``  Line N: text`` lines;
* ``tool/glob.ts``: file paths only (no content: no reads);
* ``tool/bash.ts``: input ``{command, description, timeout?, workdir?}``;
  ``state.output`` is what the model saw (``tool/truncation.ts`` cuts long
  outputs: ``...N lines truncated...``, recognised by :mod:`.shell`).

Read lines come from, in order: ``state.metadata.display.lineStart/lineEnd``
when a version records them, the ``N:`` line numbers of the output, and
``offset``/``limit`` of the input.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

from reuse_audit.app.reads.model import Read
from reuse_audit.app.reads.shell import ReadFile, file_reader, merge_reads, reads_from_command, split_lines, workspace_path

__all__ = ["int_field", "parse_opencode_export", "reads_from_tool_parts", "tool_parts_of_export"]


def tool_parts_of_export(data: dict) -> list[dict]:
    """The tool parts of an ``opencode export`` document, in order."""
    out = []
    for message in data.get("messages") or []:
        if not isinstance(message, dict):
            continue
        for part in message.get("parts") or []:
            if isinstance(part, dict) and part.get("type") == "tool":
                out.append(part)
    return out


def parse_opencode_export(
    data: dict, workspace: Path, import_roots: Sequence[Path] = (), read_file: Optional[ReadFile] = None
) -> list[Read]:
    """The reads of one exported session (merged)."""
    return reads_from_tool_parts(tool_parts_of_export(data), workspace, import_roots, read_file)


_NUMBERED_NEW = re.compile(r"^(\d+): ")
_NUMBERED_OLD = re.compile(r"^(\d{5})\| ")
_GREP_FILE = re.compile(r"^(\S.*):$")
_GREP_LINE = re.compile(r"^\s+Line (\d+):")


def int_field(value: Any) -> Optional[int]:
    """A number field of an OpenCode document (``lineStart``, ``statusCode``...) as an int;
    None when it is missing or not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _read_tool_lines(state: dict, total: Optional[int]) -> Optional[tuple[int, int]]:
    metadata = state.get("metadata") or {}
    display = metadata.get("display") if isinstance(metadata, dict) else None
    if isinstance(display, dict):
        start, end = int_field(display.get("lineStart")), int_field(display.get("lineEnd"))
        if start and end and end >= start:
            return start, end
    output = str(state.get("output") or "")
    if "<type>directory</type>" in output:
        return None
    numbers = []
    for line in output.split("\n"):
        m = _NUMBERED_NEW.match(line) or _NUMBERED_OLD.match(line)
        if m:
            numbers.append(int(m.group(1)))
    if numbers:
        return min(numbers), max(numbers)
    if output.strip():  # a format we do not know: fall back on the request
        params = state.get("input") or {}
        offset = int_field(params.get("offset")) or 1
        limit = int_field(params.get("limit")) or 2000
        start = max(offset, 1)
        end = start + limit - 1
        if total is not None:
            end = min(end, total)
        if total == 0 or end < start:
            return None
        return start, end
    return None


def reads_from_tool_parts(
    parts: Iterable[dict], workspace: Path, roots: Sequence[Path] = (), read_file: Optional[ReadFile] = None
) -> list[Read]:
    """Reads of OpenCode tool parts: ``read`` (lines shown), ``grep`` (the
    matched lines listed), ``bash`` (the command and its output through
    :mod:`.shell`).  Only completed calls count."""
    workspace = Path(os.path.abspath(workspace))
    roots = list(roots) or [workspace]
    read_file = read_file or file_reader()

    def exists(path: Path) -> bool:
        return read_file(path) is not None

    def rel_of(path: str) -> Optional[str]:
        return workspace_path(path, workspace, workspace, roots, exists)

    reads: list[Read] = []
    for part in parts:
        state = part.get("state") or {}
        if state.get("status") != "completed":
            continue
        tool = str(part.get("tool") or "")
        params = state.get("input") or {}
        if tool == "read":
            file_path = params.get("filePath") or params.get("file_path") or params.get("path")
            if not isinstance(file_path, str):
                continue
            rel = rel_of(file_path)
            if rel is None:
                continue
            text = read_file(workspace / rel)
            total = len(split_lines(text)) if text is not None else None
            span = _read_tool_lines(state, total)
            if span:
                reads.append(Read(rel, span[0], span[1]))
        elif tool == "grep":
            current: Optional[str] = None
            for line in str(state.get("output") or "").split("\n"):
                m = _GREP_LINE.match(line)
                if m and current:
                    reads.append(Read(current, int(m.group(1)), int(m.group(1))))
                    continue
                m = _GREP_FILE.match(line)
                if m:
                    current = rel_of(m.group(1))
        elif tool == "bash":
            command = params.get("command")
            if not isinstance(command, str):
                continue
            workdir = params.get("workdir")
            cwd = Path(workdir) if isinstance(workdir, str) and workdir else workspace
            if not cwd.is_absolute():
                cwd = workspace / cwd
            output = state.get("output")
            if not isinstance(output, str):
                output = (state.get("metadata") or {}).get("output")
            reads.extend(
                reads_from_command(
                    command, output if isinstance(output, str) else None, cwd, workspace, roots, read_file
                )
            )
    return list(merge_reads(reads))
