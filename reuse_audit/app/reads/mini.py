"""The reads of a mini-swe-agent 2.x trajectory (``*.traj.json``, format ``mini-swe-agent-1.1``).

Each action's command and the output the model was shown (its observation
message: the rendered text when mini truncated the output, else
``extra.raw_output``) are read through :mod:`.shell`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Sequence

from reuse_audit.app.reads.model import Read
from reuse_audit.app.reads.shell import ReadFile, merge_reads, reads_from_command

__all__ = ["mini_actions", "reads_from_mini_trajectory"]

TRUNCATION_MARKERS = ("<elided_chars>", '"elided_chars"')


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # multimodal / Responses API items
        parts = []
        for item in content:
            if isinstance(item, dict):
                parts.append(str(item.get("text") or ""))
        return "".join(parts)
    return ""


def mini_actions(data: dict) -> list[tuple[str, Optional[str]]]:
    """(command, output shown to the model) for each executed action of a
    mini-swe-agent 2.x trajectory, in order.  The output is the rendered
    observation when mini truncated it, else the raw output; None when the
    action has no observation (the submit command, a killed turn)."""
    pairs: list[tuple[str, Optional[str]]] = []
    pending: list[str] = []
    for message in data.get("messages", []):
        if not isinstance(message, dict):
            continue
        extra = message.get("extra") or {}
        role = message.get("role")
        if role == "assistant":
            for command in pending:
                pairs.append((command, None))
            pending = [str(a.get("command", "")) for a in extra.get("actions", []) if isinstance(a, dict)]
            continue
        if isinstance(extra, dict) and "raw_output" in extra and pending:
            command = pending.pop(0)
            content = _content_text(message.get("content"))
            if any(marker in content for marker in TRUNCATION_MARKERS):
                shown = content
            else:
                shown = str(extra.get("raw_output") or "")
            pairs.append((command, shown))
    for command in pending:
        pairs.append((command, None))
    return pairs


def reads_from_mini_trajectory(
    data: dict, workspace: Path, roots: Sequence[Path], read_file: ReadFile, cwd: Optional[Path] = None
) -> tuple[Read, ...]:
    """The reads of a mini-swe-agent trajectory (every command runs in ``cwd``,
    by default the workspace).  A command without an observation (the submit
    command, or one cut by the kill) showed the model nothing: no reads."""
    cwd = Path(cwd or workspace)
    reads: list[Read] = []
    for command, output in mini_actions(data):
        if output is None or not command.strip():
            continue
        reads.extend(reads_from_command(command, output, cwd, workspace, roots, read_file))
    return merge_reads(reads)
