"""``replay``: re-applies recorded turns.

Option ``dir``: a folder of recorded turns, ``<dir>/<chain-id>/turn-<N>/``
holding

* the turn's change: ``patch.diff``, or ``diff.patch`` as ``bench run``
  writes it (so the run folder of an earlier ``bench run`` can be replayed
  as it is);
* optionally its reads: ``trajectory.jsonl`` (the ``command`` adapter's
  format: ``{"path", "start", "end"}`` or ``{"command", "output"}`` lines)
  or ``reads.jsonl`` as ``bench run`` writes it.

The patch is parsed and applied in memory with
:func:`reuse_audit.api.patched_files`, the applier a check applies a patch
with (exact context, no fuzz), to every file first; files are written only
when all of them apply.  A symbolic link, or a folder where the patch writes
a file, is an error.  A missing folder or
patch, a patch that does not parse or apply, or a path outside the workspace
is status ``error`` with the reason; an empty patch is a turn that changed
nothing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from reuse_audit.api import decode_patch, patched_files, reads_from_jsonl
from reuse_audit.errors import PatchError, UsageError

from reuse_audit.benchmark.model import AgentResult, TurnRequest
from reuse_audit.benchmark.agents.base import check_options, import_roots
from reuse_audit.benchmark.agents.snapshot import turn_reader

PATCH_NAMES = ("patch.diff", "diff.patch")
READS_NAMES = ("trajectory.jsonl", "reads.jsonl")


class ReplayAgent:
    name = "replay"

    def __init__(self, options: dict) -> None:
        check_options(self.name, options, ["dir"], required=["dir"])
        self.dir = Path(os.path.abspath(Path(str(options["dir"])).expanduser()))
        if not self.dir.is_dir():
            raise UsageError(f"agent replay: dir {self.dir} is not a folder")

    def turn_folder(self, request: TurnRequest) -> Path:
        return self.dir / request.chain.id / f"turn-{request.turn.number}"

    def run_turn(self, request: TurnRequest) -> AgentResult:
        folder = self.turn_folder(request)
        patch_file = next((folder / n for n in PATCH_NAMES if (folder / n).is_file()), None)
        if patch_file is None:
            return AgentResult(status="error", message=f"no recorded patch in {folder} ({' or '.join(PATCH_NAMES)})")
        workspace = Path(os.path.abspath(request.workspace))
        roots = import_roots(request)
        read_file = turn_reader(workspace, Path(request.turn_dir))
        reads: tuple = ()
        notes: list[str] = []
        reads_file = next((folder / n for n in READS_NAMES if (folder / n).is_file()), None)
        if reads_file is not None:
            reads, notes = reads_from_jsonl(reads_file, workspace, roots, read_file)
        try:
            text = decode_patch(patch_file.read_bytes())
        except OSError as exc:
            return AgentResult(status="error", reads=reads, message=f"{patch_file}: {exc.strerror or exc}")
        try:
            changed = apply_patch_text(text, workspace, source=str(patch_file))
        except (PatchError, UsageError) as exc:
            return AgentResult(status="error", reads=reads, message=str(exc))
        message = f"applied {patch_file.name}: {len(changed)} file(s)"
        if notes:
            message += f"; {len(notes)} bad read line(s), first: {notes[0]}"
        return AgentResult(status="submitted", reads=reads, message=message)


def apply_patch_text(text: str, workspace: Path, source: str = "<patch>") -> list[str]:
    """Apply a unified diff to the files of ``workspace``; return the paths
    written or removed.  Raises PatchError (nothing is written then)."""

    def current(rel: str) -> Optional[bytes]:
        path = workspace / rel
        if path.is_dir():
            return None  # a folder: no file (the applier asks of the parents of a file it adds)
        if path.is_symlink():
            raise PatchError(f"{source}: {rel} is not a regular file in the workspace")
        try:
            return path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:
            raise PatchError(f"{source}: cannot read {rel}: {exc.strerror or exc}") from None

    writes = patched_files(text, current, source)
    root = os.path.realpath(workspace)
    for rel in writes:
        full = os.path.realpath(os.path.join(root, rel))
        if not full.startswith(root + os.sep):
            raise PatchError(f"{source}: {rel} is outside the workspace")
        if os.path.isdir(full):
            raise PatchError(f"{source}: {rel} is not a regular file in the workspace")
    for rel, data in writes.items():
        path = workspace / rel
        if data is None:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    return sorted(writes)
