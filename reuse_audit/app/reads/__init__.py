"""Reads of an agent's trajectory: which lines of which files it was shown.

``check --trajectory`` and the benchmark's adapters read trajectories with
the same code:

* ``model.py``: :class:`Read` (lines of a file), ``RECALL_SHARE`` (a target
  is recalled when at least that share of its lines was read);
* ``shell.py``: a shell command and the output it showed (``cat``, ``sed -n``,
  ``grep -n``...), the files' text, workspace paths, merging reads;
* one module a trajectory format: ``jsonl.py`` (the benchmark's
  ``reads.jsonl``), ``mini.py`` (mini-swe-agent), ``opencode.py`` (OpenCode).
  A new agent's format is a new module here; its adapter goes in
  ``benchmark/agents/``.
"""

from reuse_audit.app.reads.jsonl import reads_from_jsonl
from reuse_audit.app.reads.mini import reads_from_mini_trajectory
from reuse_audit.app.reads.model import RECALL_SHARE, Read, Seen
from reuse_audit.app.reads.opencode import int_field, parse_opencode_export, reads_from_tool_parts, tool_parts_of_export
from reuse_audit.app.reads.shell import ReadFile, file_reader, merge_reads

__all__ = [
    "RECALL_SHARE", "Read", "ReadFile", "Seen", "file_reader", "int_field", "merge_reads", "parse_opencode_export",
    "reads_from_jsonl", "reads_from_mini_trajectory", "reads_from_tool_parts", "tool_parts_of_export",
]
