"""The run journal: one JSON line per scored turn, flushed and synced as it is written.

A run killed at any moment leaves a journal of whole lines (an incomplete last
line, from a kill during the write, is dropped on the next open), so a rerun
keeps every finished turn and never writes one twice.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Iterator

JOURNAL = "journal.jsonl"


class Journal:
    def __init__(self, run_dir: Path, writable: bool = True):
        self.path = Path(run_dir) / JOURNAL
        self.writable = writable
        self._lock = threading.Lock()
        self._records: dict[tuple[str, int], dict] = {}
        self._load()

    def _load(self) -> None:
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        keep = data if data.endswith(b"\n") or not data else data[: data.rfind(b"\n") + 1]
        if keep != data and self.writable:  # a line cut short by a kill: drop it
            with open(self.path, "wb") as handle:
                handle.write(keep)
                handle.flush()
                os.fsync(handle.fileno())
        for line in keep.decode("utf-8").splitlines():
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            self._records[(record["chain"], int(record["turn"]))] = record

    def get(self, chain: str, turn: int) -> dict | None:
        return self._records.get((chain, turn))

    def append(self, record: dict) -> None:
        key = (record["chain"], int(record["turn"]))
        line = json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n"
        with self._lock:
            if key in self._records:
                return
            with open(self.path, "a", encoding="utf-8") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())
            self._records[key] = record

    def sort(self) -> None:
        """Rewrite the file in (chain, turn) order, atomically: chains run side by side append in
        the order their turns end; a finished run's journal is the same file however it ran."""
        with self._lock:
            lines = [json.dumps(self._records[k], sort_keys=True, ensure_ascii=False) + "\n" for k in sorted(self._records)]
            data = "".join(lines).encode("utf-8")
            if not self.path.exists() or self.path.read_bytes() == data:
                return
            tmp = self.path.with_name(self.path.name + ".sorted")
            with open(tmp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)

    def records(self) -> Iterator[dict]:
        for key in sorted(self._records):
            yield self._records[key]


def read_journal(run_dir: Path) -> list[dict]:
    return list(Journal(run_dir, writable=False).records())
