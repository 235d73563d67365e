"""When a line of a file was written, by git's history (``git blame``): ``check PATH`` names, of two
existing functions that copy each other, the later one as the copy.

``git blame`` of the working tree hashes the file as ``git add`` would: through the clean filter
(or the long-running filter process) that ``.gitattributes`` names and the repository's
configuration defines, and it shows every version through the textconv program of its diff driver.
A repository that is checked runs none of its own programs: blame gets ``--no-textconv``, and an
empty ``clean``, ``smudge`` and ``process`` command, not required, for every filter the configuration names
(:func:`_filter_options`); the runner's options keep out the rest (fsmonitor, hooks, attributes
file).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.source.gitrun import GitError, run_git


def line_dates(root: Path) -> Optional[Callable[[str, int], Optional[float]]]:
    """``(path, line) -> seconds since the epoch`` of the commit that wrote that line of the file
    ``path`` (relative to ``root``); a line not committed yet, or of a file git does not track,
    is written now; None when git cannot tell.  None when ``root`` is not in a git work tree."""
    try:
        inside = run_git(["rev-parse", "--is-inside-work-tree"], root, timeout=30)
    except GitError:
        return None
    if inside.decode("utf-8", "replace").strip() != "true":
        return None
    options = _filter_options(root)
    if options is None:
        return None
    memo: dict[tuple[str, int], Optional[float]] = {}

    def written(path: str, line: int) -> Optional[float]:
        key = (path, line)
        if key not in memo:
            memo[key] = _blame(root, path, line, options)
        return memo[key]

    return written


#: What a filter of the configuration is set to for blame: no program, and no failure without one.
_NO_FILTER = (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false"))


def _filter_options(root: Path) -> Optional[list[str]]:
    """``-c filter.NAME.clean=`` (and ``smudge``, ``process``, ``required=false``) for every filter NAME that the
    configuration ``root``'s git reads (its ``.git/config``, includes, the user's) defines; None
    when the configuration cannot be read or names a filter that ``-c`` cannot spell."""
    try:
        out = run_git(["config", "-z", "--get-regexp", r"^filter\."], root, timeout=30)
    except GitError as exc:
        return [] if exc.status == 1 else None  # 1: no such key
    names = set()
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        key = entry.split("\n", 1)[0]
        if key:
            names.add(key[len("filter."):].rpartition(".")[0])
    if any("=" in name for name in names):
        return None  # ``-c`` splits at the first "="
    return [option for name in sorted(names) for var, value in _NO_FILTER for option in ("-c", f"filter.{name}.{var}={value}")]


def _blame(root: Path, path: str, line: int, options: list[str]) -> Optional[float]:
    try:
        out = run_git([*options, "blame", "--no-textconv", "--porcelain", "-L", f"{line},{line}", "--", path], root, timeout=60)
    except GitError as exc:
        if exc.status is None:
            return None  # git did not run, or timed out
        # a file git does not track (a new module is usually untracked) is the newest code there is
        return time.time() if _untracked(root, path) else None
    text = out.decode("utf-8", "replace")
    first = text.split("\n", 1)[0].split()
    if first and set(first[0]) == {"0"}:
        return time.time()  # not committed yet: written now
    for row in text.splitlines():
        if row.startswith("committer-time "):
            try:
                return float(row.split()[1])
            except (IndexError, ValueError):
                return None
    return None


def _untracked(root: Path, path: str) -> bool:
    """Is ``path`` a file of the work tree that git does not track?"""
    if not (root / path).is_file():
        return False
    try:
        run_git(["ls-files", "--error-unmatch", "--", path], root, env={"GIT_LITERAL_PATHSPECS": "1"}, timeout=60)
    except GitError as exc:
        return exc.status is not None
    return False
