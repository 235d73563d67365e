"""The reads of a JSONL trajectory, as the benchmark writes it (``reads.jsonl``, ``trajectory.jsonl``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reuse_audit.app.reads.model import Read
from reuse_audit.app.reads.shell import ReadFile, merge_reads, reads_from_command, workspace_path

__all__ = ["reads_from_jsonl"]


def reads_from_jsonl(
    path: Path,
    workspace: Path,
    roots: list[Path],
    read_file: ReadFile,
) -> tuple[tuple[Read, ...], list[str]]:
    """Reads recorded in a JSONL file, one object a line:

    * ``{"path": "click/utils.py", "start": 10, "end": 20}`` (workspace-relative
      or absolute path; ``end`` defaults to ``start``), or
    * ``{"command": "cat click/utils.py", "output": "...", "cwd": "..."}``
      (``output`` and ``cwd`` optional; see :mod:`.shell`).

    Returns the merged reads and the problems found (bad lines are skipped).
    """
    problems: list[str] = []
    reads: list[Read] = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return (), [f"{path}: {exc.strerror or exc}"]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data: Any = json.loads(line)
        except ValueError as exc:  # a JSONDecodeError, or a number too long for int() (no .msg)
            why = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
            problems.append(f"{path.name}:{number}: not JSON ({why})")
            continue
        if not isinstance(data, dict):
            problems.append(f"{path.name}:{number}: expected an object")
            continue
        if "command" in data:
            cwd = Path(str(data.get("cwd") or workspace))
            if not cwd.is_absolute():
                cwd = workspace / cwd
            output = data.get("output")
            reads.extend(
                reads_from_command(
                    str(data["command"]),
                    output if isinstance(output, str) else None,
                    cwd,
                    workspace,
                    roots,
                    read_file,
                )
            )
            continue
        try:
            start = int(data["start"])
            end = int(data.get("end", start))
            rel = workspace_path(str(data["path"]), workspace, workspace, roots, lambda p: p.is_file())
        except (KeyError, TypeError, ValueError):
            problems.append(f"{path.name}:{number}: expected path/start/end or command")
            continue
        if rel is None:
            problems.append(f"{path.name}:{number}: {data['path']} is outside the workspace")
            continue
        reads.append(Read(rel, start, end))
    return merge_reads(reads), problems
