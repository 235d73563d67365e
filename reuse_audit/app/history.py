"""Reuse over a repository's history: every commit checked as a change.

    commits = list_commits(repo, since=None, max_count=300)
    records = check_commits(root, commits, settings, cache_dir=...)
    summary = summarize(records, AuthorKinds())

Each non-merge commit C of the current branch's first-parent line is checked
against its first parent P exactly as ``reuse-audit check --base P --head C``
checks it: :func:`gitsource.change_from_range` and :func:`engine.run`, with
the same settings.  Root commits have no parent and are not checked.

A commit's result depends only on its sha (its tree and its parent's), the
engine and the settings, so it is cached under those in the user cache
directory (``history-<version>.sqlite`` next to the facts cache, never in the
repository): a second run checks only the commits it has not seen.  Commits
are checked in parallel processes, each opening the repository itself; every
result is written to the cache as soon as it arrives, so an interrupted run
keeps what it computed.

Who wrote a commit (:class:`AuthorKinds`) comes from the commit alone:
``agent`` (a coding agent: a co-author trailer naming one, a tool marker in
the message such as aider's ``aider:``, or an agent's account), ``bot`` (an
account ending in ``[bot]``), else ``unknown`` (usually a person, but a
commit does not say so).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

import reuse_audit
from reuse_audit import __version__
from reuse_audit.errors import UsageError
from reuse_audit.settings import Settings
from reuse_audit.source.gitrun import GitError

__all__ = [
    "Commit",
    "AuthorKinds",
    "HistoryCache",
    "list_commits",
    "check_commits",
    "summarize",
    "KINDS",
]

KINDS = ("agent", "bot", "unknown")
#: lines of a function's source kept for the HTML report
MAX_SNIPPET_LINES = 120


# ---------------------------------------------------------------------------
# commits
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Commit:
    sha: str
    parent: Optional[str]  # first parent; None for a root commit
    time: int  # committer time, seconds since the epoch
    author: str
    email: str
    message: str

    @property
    def subject(self) -> str:
        return self.message.strip().splitlines()[0] if self.message.strip() else ""


_FIELDS = "%H%x00%P%x00%ct%x00%an%x00%ae%x00%B%x1e"


def list_commits(
    repo: Any,
    since: Optional[str] = None,
    max_count: Optional[int] = None,
    author: Optional[str] = None,
    paths: Sequence[str] = (),
    head: str = "HEAD",
) -> list[Commit]:
    """The non-merge commits of ``head``'s first-parent line, oldest first:
    after ``since`` (``since..head``), at most the ``max_count`` newest, by
    authors matching ``author`` (git's ``--author``), touching ``paths``."""
    from reuse_audit.source import git as gitsource

    gitsource._require_git()
    if head == "HEAD" and gitsource._head_commit(repo) is None:
        return []  # a branch with no commits yet
    head_commit = gitsource._resolve(repo, head, "--head")
    revision = head_commit.hexsha
    if since is not None:
        if not since.strip():
            raise UsageError("--since: empty ref")
        revision = f"{gitsource._resolve(repo, since, '--since').hexsha}..{revision}"
    args = ["--first-parent", "--no-merges", f"--format={_FIELDS}"]
    if max_count is not None:
        args.append(f"--max-count={max_count}")
    if author is not None:
        args.append(f"--author={author}")
    args += [revision, "--"] + list(paths)
    try:  # a path is a path, never pathspec magic
        out = gitsource.git_output(repo, "log", *args, env={"GIT_LITERAL_PATHSPECS": "1"}).decode("utf-8", "surrogateescape")
    except GitError as exc:
        raise UsageError(f"git log failed: {exc.summary}") from None
    commits = []
    for record in out.split("\x1e"):
        record = record.lstrip("\n")
        if not record:
            continue
        parts = record.split("\x00", 5)
        if len(parts) < 6:
            continue
        sha, parents, ctime, name, email, message = parts
        parent = parents.split()[0] if parents.split() else None
        commits.append(Commit(sha, parent, int(ctime or 0), name, email, message))
    commits.reverse()
    return commits


# ---------------------------------------------------------------------------
# author kinds
# ---------------------------------------------------------------------------

#: coding agents, as they sign co-author trailers and accounts
AGENT_TOOLS = (
    ("aider", r"\baider\b"),
    ("claude", r"\bclaude\b|anthropic\.com"),
    ("copilot", r"\bcopilot\b"),
    ("devin", r"\bdevin(?:-ai)?\b|cognition\.ai"),
    ("openhands", r"\bopen-?hands\b|all-hands\.dev|\bopendevin\b"),
    ("codex", r"\bcodex\b|openai\.com"),
    ("cursor", r"\bcursor(?:agent|-agent| agent)?\b"),
    ("jules", r"\bjules\b"),
    ("gemini", r"\bgemini\b"),
    ("amazon-q", r"\bamazon q\b|amazon-q"),
    ("sweep", r"\bsweep(?:-ai)?\b"),
    ("opencode", r"\bopencode\b"),
    ("swe-agent", r"\b(?:mini-)?swe-agent\b"),
)
#: tool markers in commit messages
MESSAGE_MARKERS = (
    ("aider", r"\Aaider: "),
    ("claude", r"Generated with \[?Claude Code"),
    ("codex", r"Generated with \[?Codex"),
    ("opencode", r"Generated with \[?opencode"),
)
_TRAILER = re.compile(r"^co-authored-by:\s*(.+)$", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class AuthorKinds:
    """Classifies commits: ``agent``, ``bot`` or ``unknown``, with the tool when it is known.

    ``agent_patterns`` and ``bot_patterns`` (regular expressions, searched
    case-insensitively in ``"Name <email>"`` followed by the message) come first.
    """

    agent_patterns: tuple[str, ...] = ()
    bot_patterns: tuple[str, ...] = ()
    _compiled: tuple = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        compiled = []
        for option, kind, patterns in (("--agent-pattern", "agent", self.agent_patterns), ("--bot-pattern", "bot", self.bot_patterns)):
            for pattern in patterns:
                try:
                    compiled.append((kind, pattern, re.compile(pattern, re.IGNORECASE | re.MULTILINE)))
                except re.error as exc:
                    raise UsageError(f"{option} {pattern!r}: not a regular expression ({exc})") from None
        object.__setattr__(self, "_compiled", tuple(compiled))

    def classify(self, author: str, email: str, message: str) -> tuple[str, str]:
        """(kind, tool): tool names the agent or bot, or is '' when nothing says."""
        ident = f"{author} <{email}>"
        text = f"{ident}\n{message}"
        for kind, pattern, regex in self._compiled:
            if regex.search(text):
                return kind, pattern
        # aider commits as "Name (aider)"; agents' own accounts
        if re.search(r"\(aider\)\s*$", author, re.IGNORECASE):
            return "agent", "aider"
        for tool, regex in AGENT_TOOLS:
            if "[bot]" in ident.lower() and re.search(regex, ident, re.IGNORECASE):
                return "agent", tool
        for tool, regex in MESSAGE_MARKERS:
            if re.search(regex, message.lstrip(), re.IGNORECASE):
                return "agent", tool
        for trailer in _TRAILER.findall(message):
            for tool, regex in AGENT_TOOLS:
                if re.search(regex, trailer, re.IGNORECASE):
                    return "agent", tool
        if "[bot]" in ident.lower():
            return "bot", author.strip()
        return "unknown", ""


# ---------------------------------------------------------------------------
# the cache
# ---------------------------------------------------------------------------


_ENGINE_DIGEST: Optional[str] = None
_NOT_ENGINE = ("background.py", "baseline.py", "fixes.py")
#: folders of the package that compute no finding (rules/ is hashed on its own: in a wheel it is inside)
_NOT_ENGINE_FOLDERS = ("app", "report", "benchmark", "rules")


def engine_digest() -> str:
    """The facts cache's engine key and the source of every module of the package
    (the rules included): a result is reused only by the code that computed it."""
    global _ENGINE_DIGEST
    if _ENGINE_DIGEST is None:
        from reuse_audit import rules
        from reuse_audit.facts import cache as facts_cache

        h = hashlib.sha256(facts_cache.engine_key().encode())
        for folder in (Path(reuse_audit.__file__).parent, Path(rules.__file__).parent):
            for path in sorted(folder.rglob("*.py")):
                relative = path.relative_to(folder)
                if relative.parts[0] in _NOT_ENGINE_FOLDERS or path.name in _NOT_ENGINE:
                    continue  # the outputs and the applications: a new report format keeps the results
                h.update(relative.as_posix().encode() + b"\0" + path.read_bytes())
        _ENGINE_DIGEST = h.hexdigest()
    return _ENGINE_DIGEST


def _canonical(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(json.dumps(_canonical(v), sort_keys=True) for v in value)
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value


def settings_key(settings: Settings) -> str:
    """The settings as text that is the same in every process (a set's repr is not)."""

    fields = {f.name: _canonical(getattr(settings, f.name)) for f in dataclasses.fields(settings)}
    return json.dumps(fields, sort_keys=True, default=repr)


def result_key(sha: str, parent: str, settings: Settings) -> str:
    raw = "\0".join((engine_digest(), settings_key(settings), sha, parent))
    return hashlib.sha256(raw.encode("utf-8", "surrogateescape")).hexdigest()


class HistoryCache:
    """Results of checked commits: ``<dir>/history-<version>.sqlite``.  Any SQLite
    error disables it for the run (the run goes on, checking every commit)."""

    def __init__(self, directory: Optional[Path]) -> None:
        self.db: Optional[sqlite3.Connection] = None
        self.error: Optional[str] = None
        if directory is None:
            return
        try:
            directory.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(directory / f"history-{__version__}.sqlite"), timeout=30)
            self.db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, data TEXT NOT NULL)")
            self.db.commit()
        except (OSError, sqlite3.Error) as exc:
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        self.error = f"history cache disabled: {exc}"
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass
        self.db = None

    def get(self, key: str) -> Optional[dict]:
        if self.db is None:
            return None
        try:
            row = self.db.execute("SELECT data FROM results WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as exc:
            self._fail(exc)
            return None
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except ValueError:
            return None  # a damaged entry is a miss: checked again and overwritten
        return data if isinstance(data, dict) and isinstance(data.get("findings"), list) else None

    def put(self, key: str, data: dict) -> None:
        if self.db is None:
            return
        try:
            self.db.execute("INSERT OR REPLACE INTO results (key, data) VALUES (?, ?)", (key, json.dumps(data)))
            self.db.commit()
        except sqlite3.Error as exc:
            self._fail(exc)

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None


# ---------------------------------------------------------------------------
# checking commits
# ---------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _worker_init(root: str, cache_dir: Optional[str]) -> None:
    from reuse_audit.facts.cache import FactsCache
    from reuse_audit.source import git as gitsource

    _WORKER["repo"] = gitsource.find_repository(root)
    _WORKER["cache"] = FactsCache(Path(cache_dir)) if cache_dir else None


def _worker_check(sha: str, parent: str, settings: Settings) -> dict:
    return check_one(_WORKER["repo"], sha, parent, settings, _WORKER["cache"])


def check_one(repo: Any, sha: str, parent: str, settings: Settings, cache: Any = None) -> dict:
    """The result of one commit against its parent: its findings (with the code of
    both functions) and notes count, or the error that stopped the check."""
    from reuse_audit.lint.engine import run
    from reuse_audit.rules import RULES
    from reuse_audit.source import git as gitsource

    try:
        change = gitsource.change_from_range(repo, parent, sha, settings)
        result = run(change, settings, cache=cache, jobs=1, rules=RULES.select(settings))
    except UsageError as exc:
        return {"findings": [], "notes": 0, "error": str(exc)}
    except Exception as exc:  # one commit the engine fails on must not end an audit of a thousand
        if os.environ.get("REUSE_AUDIT_DEBUG"):
            raise
        return {"findings": [], "notes": 0, "error": f"internal error: {type(exc).__name__}: {exc}", "internal": True}
    after = change.after
    lines_of: dict[str, list[str]] = {}

    def snippet(path: str, start: int, end: int) -> str:
        if path not in lines_of:
            try:
                lines_of[path] = after.read(path).decode("utf-8", "replace").splitlines()
            except (KeyError, OSError):
                lines_of[path] = []
        lines = lines_of[path]
        if not lines or start < 1:
            return ""
        end = max(end, start)
        stop = min(end, start + MAX_SNIPPET_LINES - 1, len(lines))
        text = "\n".join(lines[start - 1 : stop])
        return text + ("\n…" if end > stop else "")

    functions = getattr(result.index, "functions", {})
    findings = []
    for f in result.report.findings:
        target_end = f.target_location.end_line
        if not target_end:
            try:
                fn = functions.get(f.target)
                target_end = fn.location.end_line if fn is not None else 0
            except Exception:  # a lazy index that cannot answer: show the first lines
                target_end = 0
        findings.append(
            {
                "rule": f.rule,
                "path": f.location.path,
                "line": f.location.line,
                "end_line": f.location.end_line or f.location.line,
                "function": f.function,
                "message": f.message,
                "target": f.target,
                "target_path": f.target_location.path,
                "target_line": f.target_location.line,
                "shared": list(f.violation.shared_callees()),
                "missing": list(f.violation.missing_callees()),
                "ratio": round(float(f.violation.score()), 4),
                "suppressed": f.suppressed,
                "fingerprint": f.stable_key,
                "code": snippet(f.location.path, f.location.line, f.location.end_line or f.location.line),
                "target_code": snippet(f.target_location.path, f.target_location.line, target_end or f.target_location.line + 29),
            }
        )
    return {"findings": findings, "notes": len(result.report.notes), "error": None}


@dataclass
class Run:
    """What :func:`check_commits` did: a record a commit, and how many were checked now."""

    records: list[dict]
    checked: int
    cached: int
    skipped_roots: int
    cache_note: Optional[str] = None


def check_commits(
    root: Path,
    commits: Sequence[Commit],
    settings: Settings,
    cache_dir: Optional[Path],
    jobs: int = 0,
    progress: Optional[Callable[[int], None]] = None,
) -> Run:
    """Check every commit not in the cache, in ``jobs`` processes (0: one a core)."""
    history = HistoryCache(cache_dir)
    results: dict[str, dict] = {}
    todo: list[Commit] = []
    roots = 0
    for commit in commits:
        if commit.parent is None:
            roots += 1
            if progress:
                progress(1)
            continue
        data = history.get(result_key(commit.sha, commit.parent, settings))
        if data is not None:
            results[commit.sha] = data
            if progress:
                progress(1)
        else:
            todo.append(commit)
    cached = len(results)
    try:
        for commit, data in _run_all(root, todo, settings, cache_dir, jobs):
            if not data.get("internal"):  # an internal error is tried again on the next run
                history.put(result_key(commit.sha, commit.parent or "", settings), data)
            results[commit.sha] = data
            if progress:
                progress(1)
    finally:
        note = history.error
        history.close()
    records = []
    for commit in commits:
        data = results.get(commit.sha)
        if data is None:
            continue
        records.append(
            {
                "sha": commit.sha,
                "parent": commit.parent,
                "time": commit.time,
                "author": commit.author,
                "email": commit.email,
                "subject": commit.subject,
                "message": commit.message,
                **data,
            }
        )
    return Run(records, len(todo), cached, roots, note)


def _run_all(root: Path, todo: list[Commit], settings: Settings, cache_dir: Optional[Path], jobs: int) -> Iterator[tuple[Commit, dict]]:
    workers = min(jobs or os.cpu_count() or 1, len(todo))
    if workers <= 1:
        from reuse_audit.facts.cache import FactsCache
        from reuse_audit.source import git as gitsource

        repo = gitsource.find_repository(root)
        cache = FactsCache(cache_dir) if cache_dir is not None else None
        try:
            for commit in todo:
                yield commit, check_one(repo, commit.sha, commit.parent or "", settings, cache)
        finally:
            if cache is not None:
                cache.close()
            if repo is not None:
                repo.close()
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(
        workers, mp_context=ctx, initializer=_worker_init, initargs=(str(root), str(cache_dir) if cache_dir else None)
    ) as pool:
        futures = {pool.submit(_worker_check, c.sha, c.parent or "", settings): c for c in todo}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


# ---------------------------------------------------------------------------
# the summary
# ---------------------------------------------------------------------------


def under(path: str, paths: Sequence[str]) -> bool:
    wanted = [p.strip("/") for p in paths if p.strip("/") not in ("", ".")]
    return not wanted or any(path == w or path.startswith(w + "/") for w in wanted)


def summarize(records: Iterable[dict], kinds: AuthorKinds, paths: Sequence[str] = ()) -> dict:
    """The study's redundancy measures over the commits: per commit, per author kind, cumulative.

    Every commit's findings are what ``check --base C^ --head C`` reports.  A
    function that keeps a re-implementation is reported again by each later
    commit that modifies it, so a re-implementation (rule, path, function) is
    counted once, in the first commit of the run reporting it (``first_seen``,
    ``first_seen_in``): re-implementing commits, re-implementations and the
    cumulative series count those."""
    commits = []
    zero = {"commits": 0, "reimplementing": 0, "reimplementations": 0, "with_findings": 0, "findings": 0}
    totals = {k: dict(zero) for k in KINDS}
    rules: dict[str, int] = {}
    cumulative = {k: 0 for k in KINDS}
    first: dict[tuple, str] = {}
    errors = 0
    for record in records:
        kind, tool = kinds.classify(record["author"], record["email"], record["message"])
        findings = []
        for f in record["findings"]:
            if f["suppressed"] or not under(f["path"], paths):
                continue
            key = (f["rule"], f["path"], f["function"])
            findings.append({**f, "first_seen": key not in first, "first_seen_in": first.setdefault(key, record["sha"])})
        new = [f for f in findings if f["first_seen"]]
        for f in new:
            rules[f["rule"]] = rules.get(f["rule"], 0) + 1
        t = totals[kind]
        t["commits"] += 1
        t["findings"] += len(findings)
        t["with_findings"] += 1 if findings else 0
        t["reimplementations"] += len(new)
        t["reimplementing"] += 1 if new else 0
        cumulative[kind] += len(new)
        errors += 1 if record.get("error") else 0
        commits.append(
            {
                "sha": record["sha"],
                "time": record["time"],
                "author": record["author"],
                "email": record["email"],
                "subject": record["subject"],
                "kind": kind,
                "tool": tool,
                "findings": findings,
                "notes": record.get("notes", 0),
                "error": record.get("error"),
                "cumulative": dict(cumulative),
            }
        )

    def measures(t: dict) -> dict:
        n = t["commits"]
        return {
            **t,
            "share_reimplementing": round(t["reimplementing"] / n, 4) if n else None,
            "reimplementations_per_100_commits": round(100 * t["reimplementations"] / n, 2) if n else None,
            "findings_per_100_commits": round(100 * t["findings"] / n, 2) if n else None,
        }

    total = {key: sum(t[key] for t in totals.values()) for key in zero}
    return {
        "commits": commits,
        "by_kind": {kind: measures(t) for kind, t in totals.items()},
        "total": {**measures(total), "errors": errors},
        "rules": dict(sorted(rules.items())),
    }
