"""When a line of a file was written, by git's history (``git blame``): ``check PATH`` names, of two
existing functions that copy each other, the later one as the copy."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Callable, Optional


def line_dates(root: Path) -> Optional[Callable[[str, int], Optional[float]]]:
    """``(path, line) -> seconds since the epoch`` of the commit that wrote that line of the file
    ``path`` (relative to ``root``); a line not committed yet, or of a file git does not track,
    is written now; None when git cannot tell.  None when ``root`` is not in a git work tree."""
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"}
    try:
        inside = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--is-inside-work-tree"], capture_output=True, text=True, env=env, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if inside.returncode != 0 or inside.stdout.strip() != "true":
        return None
    memo: dict[tuple[str, int], Optional[float]] = {}

    def written(path: str, line: int) -> Optional[float]:
        key = (path, line)
        if key not in memo:
            memo[key] = _blame(root, path, line, env)
        return memo[key]

    return written


def _blame(root: Path, path: str, line: int, env: dict) -> Optional[float]:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "blame", "--porcelain", "-L", f"{line},{line}", "--", path],
            capture_output=True, text=True, env=env, timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        # a file git does not track (a new module is usually untracked) is the newest code there is
        return time.time() if _untracked(root, path, env) else None
    first = done.stdout.split("\n", 1)[0].split()
    if first and set(first[0]) == {"0"}:
        return time.time()  # not committed yet: written now
    for row in done.stdout.splitlines():
        if row.startswith("committer-time "):
            try:
                return float(row.split()[1])
            except (IndexError, ValueError):
                return None
    return None


def _untracked(root: Path, path: str, env: dict) -> bool:
    """Is ``path`` a file of the work tree that git does not track?"""
    if not (root / path).is_file():
        return False
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "ls-files", "--error-unmatch", "--", path], capture_output=True, text=True,
            env={**env, "GIT_LITERAL_PATHSPECS": "1"}, timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode != 0
