"""Changes read from git: the staged diff, a pull request's range, the working tree.

Every function returns an :class:`engine.Change`, so a change read from git
is checked exactly like a patch:

    repo = open_repository(Path("."), source)
    change = change_from_git(repo, source, settings)

Three sources (:class:`GitSource`, chosen by :func:`select_source`):

* ``staged`` - the index against ``HEAD`` (what a commit would add).  Both
  trees come from git objects: ``HEAD``'s tree before, the index's blobs after;
  the working tree is never read.
* ``range`` - ``git diff BASE...HEAD``: before is the merge base of BASE and
  HEAD; after is HEAD's tree, or the working tree when no head is given.
* ``worktree`` - the working tree against ``HEAD``, untracked (not ignored)
  files included as added.

Paths are relative to the repository root, whatever folder ``--repo`` names:
a change can re-implement code anywhere in the repository.  Renames come from
git's rename detection; submodules are skipped with a note.  Nothing is
written into the repository.

Nothing from the repository is executed either: no module is imported, and
neither ``.gitattributes`` nor ``.git/config`` can make git run a program.
Only commands that read objects are used on trees (``diff --cached``,
``diff-tree``, ``cat-file``, all with ``--no-ext-diff --no-textconv`` and raw
output, so no diff driver, textconv or external diff); the working tree is
never shown to git (``git status`` and ``git diff`` would hash a changed file
through its clean filter): its files are read and hashed here, by content,
their blobs written to a scratch object folder and compared through a scratch
index (:func:`_content_diff`); untracked files come from ``git ls-files``.
Every command gets the runner's configuration and variables: no
fsmonitor, hooks, attributes file, pager, credential helper or askpass.

Every git command runs through the one hardened runner,
:func:`reuse_audit.source.gitrun.run_git`, which documents those protections;
GitPython reads the objects (trees, blobs, commits, the index file), its own
git processes hardened alike (:func:`~reuse_audit.source.gitrun.harden_gitpython`).
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import shutil
import stat
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Union

from reuse_audit.errors import UsageError
from reuse_audit.settings import Settings
from reuse_audit.paths import ExcludePatterns, parents
from reuse_audit.source.change import Change, FileChange, Provenance
from reuse_audit.source.gitrun import GitError, harden_gitpython, run_git
from reuse_audit.source.note import Note
from reuse_audit.source.tree import (
    MAX_FILE_BYTES,
    VENV_MARKER,
    FsTree,
    OverlayTree,
    SourceTree,
    _valid,
    is_size_note,
    too_big,
)

try:  # GitPython refuses to import when no git binary is installed
    import git
    from git.exc import (
        BadName,
        BadObject,
        GitCommandError,
        InvalidGitRepositoryError,
        NoSuchPathError,
    )

    _GIT_IMPORT_ERROR: Optional[str] = None
except ImportError as exc:  # pragma: no cover - depends on the machine
    git = None  # type: ignore[assignment]
    _GIT_IMPORT_ERROR = " ".join(str(exc).split())[:200]

__all__ = [
    "GitSource",
    "GitTree",
    "select_source",
    "find_repository",
    "open_repository",
    "work_tree",
    "is_root",
    "change_from_git",
    "change_from_staged",
    "change_from_range",
    "change_from_worktree",
    "provenance",
    "remote_uri",
    "strip_credentials",
    "FROM_REF_ENV",
    "TO_REF_ENV",
]

FROM_REF_ENV = "PRE_COMMIT_FROM_REF"
TO_REF_ENV = "PRE_COMMIT_TO_REF"

_FILE, _EXEC, _LINK, _TREE, _GITLINK = 0o100644, 0o100755, 0o120000, 0o040000, 0o160000
_SUBMODULE_NOTE = "submodule skipped: its files are not analysed"
_UNSHALLOW_HINT = "fetch the history (actions/checkout: fetch-depth: 0, or git fetch --unshallow)"

Repo = Any  # git.Repo, when GitPython is importable


# ---------------------------------------------------------------------------
# which source
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GitSource:
    """Where a change comes from in git.

    ``mode`` is ``"staged"``, ``"range"`` or ``"worktree"``.  For ``range``,
    ``base`` is the base ref and ``head`` the head ref (None: the working
    tree).  ``origin`` names the options it came from, for messages
    (``--base``, or ``PRE_COMMIT_FROM_REF`` when pre-commit set the range).
    """

    mode: str
    base: Optional[str] = None
    head: Optional[str] = None
    origin: str = "--base"

    @property
    def options(self) -> tuple[str, str]:
        """How the base and head refs were given, for messages."""
        return (FROM_REF_ENV, TO_REF_ENV) if self.origin == FROM_REF_ENV else ("--base", "--head")


def select_source(
    patch: Optional[str],
    staged: bool = False,
    base: Optional[str] = None,
    head: Optional[str] = None,
    environ: Optional[Mapping[str, str]] = None,
) -> Optional[GitSource]:
    """The git source the options ask for; None when the change is PATCH.

    PATCH, ``--staged`` and ``--base/--head`` exclude each other.  When
    pre-commit sets ``PRE_COMMIT_FROM_REF`` and ``PRE_COMMIT_TO_REF`` (pre-push,
    or ``pre-commit run --from-ref/--to-ref``) and neither PATCH nor ``--base``
    is given, the change is that range: also with ``--staged``, the entry of
    this project's pre-commit hook, because pre-commit's range runs have
    nothing staged to check.
    """
    sources = (("PATCH", patch is not None), ("--staged", staged), ("--base/--head", base is not None or head is not None))
    given = [name for name, on in sources if on]
    if len(given) > 1:
        raise UsageError(f"give only one of PATCH, --staged and --base/--head (got {' and '.join(given)})")
    if head is not None and base is None:
        raise UsageError(f"--head {head}: needs --base (the change is BASE...HEAD)")
    for option, value in (("--base", base), ("--head", head)):
        if value is not None and not value.strip():
            raise UsageError(f"{option}: empty ref")
    if patch is not None:
        return None
    if base is not None:
        return GitSource("range", base, head, "--base")
    env = os.environ if environ is None else environ
    from_ref, to_ref = env.get(FROM_REF_ENV, "").strip(), env.get(TO_REF_ENV, "").strip()
    if from_ref and to_ref:
        return GitSource("range", from_ref, to_ref, FROM_REF_ENV)
    return GitSource("staged") if staged else GitSource("worktree")


# ---------------------------------------------------------------------------
# the repository
# ---------------------------------------------------------------------------


def _require_git() -> None:
    if git is None:
        raise UsageError(f"git is not available: {_GIT_IMPORT_ERROR}")


def _open(path: Union[Path, str]) -> Optional[Repo]:
    if git is None:
        return None
    try:
        repo = git.Repo(os.fspath(path), search_parent_directories=True)
    except (InvalidGitRepositoryError, NoSuchPathError, GitCommandError, OSError, ValueError):
        return None
    return harden_gitpython(repo)


def find_repository(path: Union[Path, str]) -> Optional[Repo]:
    """The git repository holding ``path`` (searching parent folders), or None.

    None too when GitPython or git is not available, or for a bare repository.
    """
    repo = _open(path)
    if repo is not None and (repo.bare or repo.working_tree_dir is None):
        repo.close()
        return None
    return repo


def open_repository(path: Union[Path, str], source: Optional[GitSource]) -> Optional[Repo]:
    """The repository for ``source``; a UsageError when it needs one and there is none.

    With ``source`` None (the change is a patch) this is :func:`find_repository`.
    """
    if source is None:
        return find_repository(path)
    _require_git()
    repo = _open(path)
    where = f"--repo {path}"
    if repo is not None and (repo.bare or repo.working_tree_dir is None):
        repo.close()
        raise UsageError(f"{where} is a bare git repository: reuse-audit needs a working tree")
    if repo is None:
        if source.mode == "staged":
            raise UsageError(f"--staged needs a git repository, and {where} is not inside one")
        if source.mode == "range":
            what = source.origin if source.origin != "--base" else "--base/--head"
            raise UsageError(f"{what} needs a git repository, and {where} is not inside one")
        raise UsageError(
            f"no PATCH given and {where} is not inside a git repository "
            "(give a patch file, or - to read one from standard input)"
        )
    return repo


def work_tree(repo: Repo) -> Path:
    """The root folder of the repository's working tree."""
    return Path(repo.working_tree_dir)


def git_output(repo: Repo, *args: str, env: Optional[Mapping[str, str]] = None, input: Optional[bytes] = None) -> bytes:
    """``git ARGS`` in the repository's working tree, through the one runner
    (:func:`~reuse_audit.source.gitrun.run_git`); raises GitError."""
    return run_git(args, work_tree(repo), env=env, input=input)


def is_root(repo: Repo, path: Union[Path, str]) -> bool:
    """Whether ``path`` is the root of the repository's working tree."""
    try:
        return os.path.samefile(path, work_tree(repo))
    except OSError:
        return False


def _is_shallow(repo: Repo) -> bool:
    return os.path.isfile(os.path.join(repo.common_dir, "shallow"))


def _resolve(repo: Repo, ref: str, option: str) -> Any:
    """The commit ``ref`` names (anything ``git rev-parse`` accepts); UsageError otherwise."""
    try:
        sha = git_output(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}").decode().strip()
        return repo.commit(sha)
    except (GitError, GitCommandError, BadName, BadObject, ValueError):
        pass
    if _is_shallow(repo):
        raise UsageError(f"{option} {ref}: not found in this shallow clone; {_UNSHALLOW_HINT}") from None
    raise UsageError(f"{option} {ref}: unknown revision (not a branch, tag or commit in this repository)") from None


def _head_commit(repo: Repo) -> Optional[Any]:
    """``HEAD``'s commit; None when the branch has no commits yet (detached HEAD is fine)."""
    try:
        return repo.head.commit
    except ValueError:  # unborn branch: "Reference at 'refs/heads/main' does not exist"
        return None


def _failure(verb: str, lines: list[str], otherwise: str) -> UsageError:
    first = next((ln for ln in lines if ln.startswith(("fatal:", "error:"))), lines[0] if lines else "")
    return UsageError(f"git {verb} failed: {first or otherwise}")


def _verb(command: Any) -> str:
    """The git command of a GitPython command line (``git -c k=v ... VERB ...``)."""
    if not isinstance(command, (list, tuple)):
        return ""
    words = iter(command[1:])
    for word in words:
        if word == "-c":
            next(words, None)
        elif not str(word).startswith("-"):
            return str(word)
    return ""


def _git_errors(func: Callable[..., Change]) -> Callable[..., Change]:
    """Turn a failing git command into a one-line UsageError."""

    def wrapper(*args: Any, **kwargs: Any) -> Change:
        try:
            return func(*args, **kwargs)
        except GitError as exc:
            raise _failure(exc.verb, exc.lines, exc.summary) from None
        except GitCommandError as exc:
            lines = [ln.strip().strip("'\"").strip() for ln in str(exc.stderr or "").splitlines()]
            lines = [re.sub(r"^stderr:\s*'?", "", ln).strip() for ln in lines]
            raise _failure(_verb(exc.command), [ln for ln in lines if ln], f"exit status {exc.status}") from None

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    return wrapper


# ---------------------------------------------------------------------------
# GitTree
# ---------------------------------------------------------------------------

Entry = tuple[int, bytes]  # (mode, binary sha)


class GitTree:
    """A :class:`~reuse_audit.source.tree.SourceTree` over a git tree object or the index.

    ``paths()`` lists the ``.py`` blobs, skipping the folders :class:`FsTree`
    skips (:data:`~reuse_audit.source.tree.SKIP_DIRS`, ``*.egg-info``, folders
    holding a ``pyvenv.cfg``) and what ``exclude`` matches; ``read()`` reads a
    blob's bytes.  A symbolic link to a ``.py`` blob inside the tree is listed
    and read as its target, as :class:`FsTree` does.  Submodules are never
    entered: :attr:`notes` names them.
    """

    def __init__(
        self,
        repo: Optional[Repo],
        entries: Mapping[str, Entry],
        exclude: Iterable[str] = (),
        label: str = "tree",
    ) -> None:
        self._repo = repo
        self._entries = dict(entries)
        self._patterns = ExcludePatterns(exclude)
        self.label = label
        self._root: Optional[Any] = None  # the git Tree object, for paths in pruned folders
        self._pruned: set[str] = set()
        self._dirs = {parent for path in self._entries for parent in parents(path)}
        self._paths: Optional[tuple[str, ...]] = None
        self._size_notes: list[tuple[str, str]] = []
        self.submodules = tuple(sorted(p for p, (mode, _) in self._entries.items() if mode == _GITLINK))

    # -- construction ----------------------------------------------------------

    @classmethod
    def empty(cls, label: str = "empty tree") -> "GitTree":
        return cls(None, {}, label=label)

    @classmethod
    def from_tree(cls, repo: Repo, tree: Any, exclude: Iterable[str] = (), label: str = "tree") -> "GitTree":
        """The files of a git tree object (``commit.tree``)."""
        patterns = ExcludePatterns(exclude)
        entries: dict[str, Entry] = {}
        pruned: set[str] = set()  # skipped folders are not walked; read lazily if ever asked
        stack = [("", tree)]
        while stack:
            prefix, node = stack.pop()
            for item in node:
                name = posixpath.basename(item.path)  # Submodule.name is not the entry's name
                path = f"{prefix}{name}"
                if item.type != "tree":
                    entries[path] = (item.mode, item.binsha)
                elif patterns.skips_dir_name(name) or patterns.excludes(path, True):
                    pruned.add(path)
                else:
                    stack.append((path + "/", item))
        result = cls(repo, entries, exclude, label)
        result._root = tree
        result._pruned = pruned
        result._dirs |= pruned | {parent for p in pruned for parent in parents(p)}
        return result

    @classmethod
    def from_index(cls, repo: Repo, exclude: Iterable[str] = (), label: str = "index") -> "GitTree":
        """The staged files: the blobs the index records (stage 0)."""
        entries: dict[str, Entry] = {}
        for path, mode, binsha, stage in _index_entries(repo):
            if stage != 0:
                continue
            if mode == _TREE:  # sparse index: a whole folder as one tree entry
                for sub, entry in cls.from_tree(repo, repo.tree(binsha.hex()))._entries.items():
                    entries[f"{path}/{sub}"] = entry
                continue
            entries[path] = (mode, binsha)
        return cls(repo, entries, exclude, label)

    def __repr__(self) -> str:
        return f"GitTree({self.label}, {len(self._entries)} entries)"

    # -- SourceTree ------------------------------------------------------------

    @property
    def notes(self) -> list[tuple[str, str]]:
        """(path, reason) for what the tree skips: submodules, and ``.py`` blobs
        over :data:`~reuse_audit.source.tree.MAX_FILE_BYTES` (as :class:`FsTree` does)."""
        self.paths()
        return [(path, _SUBMODULE_NOTE) for path in self.submodules] + self._size_notes

    def paths(self) -> tuple[str, ...]:
        if self._paths is None:
            found = []
            self._size_notes = []
            for path, (mode, _) in self._entries.items():
                if not path.endswith(".py") or self.is_excluded(path):
                    continue
                target = path if mode in (_FILE, _EXEC) else self._follow(path) if mode == _LINK else None
                if target is None:
                    continue
                size = self._size(self._entries[target][1])
                if size > MAX_FILE_BYTES:
                    self._size_notes.append((path, too_big(size)))
                else:
                    found.append(path)
            self._size_notes.sort()
            self._paths = tuple(sorted(found))
        return self._paths

    def _size(self, binsha: bytes) -> int:
        if self._repo is None:
            return 0
        try:
            return int(self._repo.odb.info(binsha).size)
        except Exception:  # noqa: BLE001 - a blob git cannot describe is read (and reported) later
            return 0

    def read(self, path: str) -> bytes:
        entry = self._entries.get(path)
        if entry is None:
            entry = self._lookup(path)
        if entry is None:
            raise KeyError(path)
        if entry[0] == _LINK:
            target = self._follow(path)
            if target is None:
                raise KeyError(path)
            entry = self._entries[target]
        if entry[0] not in (_FILE, _EXEC):
            raise KeyError(path)
        return self._blob(entry[1])

    def exists(self, path: str) -> bool:
        return path in self._entries or path in self._dirs or self._lookup(path) is not None

    def inside(self, path: str) -> bool:
        return _valid(path)

    def is_excluded(self, path: str) -> bool:
        """True when :meth:`paths` would not list a ``.py`` file at ``path`` because of where it is."""
        for parent in parents(path):
            name = parent.rsplit("/", 1)[-1]
            if self._patterns.skips_dir_name(name) or self._patterns.excludes(parent, True):
                return True
            if f"{parent}/{VENV_MARKER}" in self._entries:
                return True
        return self._patterns.excludes(path, False)

    # -- helpers -------------------------------------------------------------------

    def _blob(self, binsha: bytes) -> bytes:
        assert self._repo is not None
        return self._repo.odb.stream(binsha).read()

    def _lookup(self, path: str) -> Optional[Entry]:
        """An entry below a folder pruned while listing (never listed, still readable)."""
        if self._root is None or not any(p in self._pruned for p in parents(path)):
            return None
        try:
            item = self._root / path
        except KeyError:
            return None
        return (item.mode, item.binsha)

    def _follow(self, path: str, hops: int = 8) -> Optional[str]:
        """The regular blob a symbolic link leads to inside the tree, or None."""
        seen = 0
        while seen < hops:
            entry = self._entries.get(path)
            if entry is None:
                return None
            if entry[0] in (_FILE, _EXEC):
                return path
            if entry[0] != _LINK:
                return None
            target = self._blob(entry[1]).decode("utf-8", "replace")
            if target.startswith("/"):
                return None
            joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            if not _valid(joined):
                return None
            path = joined
            seen += 1
        return None


def _index_entries(repo: Repo) -> Iterator[tuple[str, int, bytes, int]]:
    """(path, mode, binsha, stage) of each index entry.

    GitPython reads index versions 2 and 3; for version 4 (``feature.manyFiles``)
    this falls back to ``git ls-files --stage -z`` (plumbing with a stable format).
    """
    index_file = _index_path(repo)
    if not os.path.exists(index_file):
        return
    try:
        entries = list(git.IndexFile(repo, index_file).entries.values())
    except AssertionError:  # "Unsupported git index version 4"
        entries = None
    if entries is not None:
        for e in entries:
            yield str(e.path).replace(os.sep, "/"), e.mode, e.binsha, e.stage
        return
    out = git_output(repo, "ls-files", "--stage", "-z").decode("utf-8", "surrogateescape")
    for record in out.split("\0"):
        if not record:
            continue
        meta, _, path = record.partition("\t")
        mode, sha, stage = meta.split()
        yield path, int(mode, 8), bytes.fromhex(sha), int(stage)


def _index_path(repo: Repo) -> str:
    """The index git uses: ``GIT_INDEX_FILE`` when set (git sets it for hooks of
    ``git commit -a`` and ``git commit PATH``), else the repository's own."""
    env = os.environ.get("GIT_INDEX_FILE")
    if env:
        return env if os.path.isabs(env) else os.path.join(repo.working_tree_dir or os.getcwd(), env)
    return os.path.join(repo.git_dir, "index")


# ---------------------------------------------------------------------------
# diffs to file changes
# ---------------------------------------------------------------------------


def _mode(value: Any) -> int:
    if isinstance(value, int):
        return value
    try:
        return int(value, 8) if value else 0
    except (TypeError, ValueError):
        return 0


@dataclass(frozen=True)
class RawDiff:
    """One entry of ``git diff-tree``/``diff-index --raw -z``, with the attributes of a GitPython ``Diff``
    that ``_file_changes`` reads."""

    a_path: Optional[str]
    b_path: Optional[str]
    a_mode: int
    b_mode: int
    change_type: str

    @property
    def new_file(self) -> bool:
        return self.change_type == "A"

    @property
    def deleted_file(self) -> bool:
        return self.change_type == "D"

    @property
    def renamed_file(self) -> bool:
        return self.change_type == "R"

    @property
    def rename_from(self) -> Optional[str]:
        return self.a_path

    @property
    def rename_to(self) -> Optional[str]:
        return self.b_path


def parse_raw_diff(data: bytes) -> list[RawDiff]:
    """The entries of git's ``--raw -z`` output: ``:MODE MODE SHA SHA STATUS\0PATH\0`` (two paths for
    a rename or a copy).  GitPython's own parser splits an entry on ``:`` and drops every entry
    from a path that starts with one on (a file named ``:memory:``): git's format is read here."""
    fields = data.split(b"\0")
    out: list[RawDiff] = []
    i = 0
    while i < len(fields):
        meta = fields[i]
        i += 1
        if not meta.startswith(b":"):
            continue
        parts = meta[1:].split()
        if len(parts) < 5 or i >= len(fields):
            break
        status = parts[4][:1].decode("ascii", "replace")
        first = os.fsdecode(fields[i])
        i += 1
        second = None
        if status in ("R", "C") and i < len(fields):
            second = os.fsdecode(fields[i])
            i += 1
        a_mode, b_mode = int(parts[0], 8), int(parts[1], 8)
        if status in ("R", "C"):
            a_path, b_path = first, second
        elif status == "A":
            a_path, b_path = None, first
        elif status == "D":
            a_path, b_path = first, None
        else:
            a_path, b_path = first, first
        if status == "C":
            status, a_path = "A", None  # a copy: the new file is new
        out.append(RawDiff(a_path, b_path, a_mode, b_mode, status))
    return out


def raw_diff(repo: Any, *revs: str, cached: bool = False, env: Optional[Mapping[str, str]] = None) -> list[RawDiff]:
    """The file changes between two commits (``git diff-tree``), or a commit and the index
    (``cached``: ``git diff-index --cached``), with rename detection, as GitPython's ``diff`` asks."""
    command = ["diff-index", "--cached"] if cached else ["diff-tree"]
    options = ["-r", "-M", "--abbrev=40", "--full-index", "--raw", "-z", "--no-color", "--no-ext-diff", "--no-textconv"]
    return parse_raw_diff(git_output(repo, *command, *options, *revs, "--", env=env))


def _file_changes(diffs: Iterable[Any], notes: list[Note]) -> list[FileChange]:
    """FileChange(old, new) for each entry of a diff (``RawDiff``, or a GitPython ``Diff``)."""
    files: list[FileChange] = []
    for d in diffs:
        kind = d.change_type
        old = None if d.new_file else d.a_path
        new = None if d.deleted_file else d.b_path
        if d.renamed_file:
            old, new = d.rename_from, d.rename_to
        a_mode, b_mode = _mode(d.a_mode), _mode(d.b_mode)
        shown = new or old or ""
        if kind == "U":
            notes.append(Note(shown, "skipped: unmerged (conflicted) file"))
            continue
        if _GITLINK in (a_mode, b_mode):
            notes.append(Note(shown, _SUBMODULE_NOTE))
            continue
        if new is not None and b_mode == _LINK:
            if old is not None and a_mode != _LINK:
                files.append(FileChange(old, None))  # a file became a link: the file is gone
            else:
                notes.append(Note(shown, "symbolic link change not applied"))
            continue
        if old is not None and a_mode == _LINK:
            old = None  # a link became a file: the file is new
            if new is None:
                continue  # a link was deleted: no file changed
        files.append(FileChange(old, new))
    return files


# ---------------------------------------------------------------------------
# the three sources
# ---------------------------------------------------------------------------


@_git_errors
def change_from_git(repo: Repo, source: GitSource, settings: Settings = Settings()) -> Change:
    """The change ``source`` names in ``repo`` (see :func:`select_source`)."""
    if source.mode == "staged":
        return change_from_staged(repo, settings)
    if source.mode == "range":
        assert source.base is not None
        return change_from_range(repo, source.base, source.head, settings, origin=source.origin)
    if source.mode == "worktree":
        return change_from_worktree(repo, settings)
    raise ValueError(f"unknown git source {source.mode!r}")


def _tree_of(repo: Repo, commit: Optional[Any], settings: Settings, label: str) -> GitTree:
    if commit is None:
        return GitTree.empty()
    return GitTree.from_tree(repo, commit.tree, settings.exclude, label=label)


@_git_errors
def change_from_staged(repo: Repo, settings: Settings = Settings()) -> Change:
    """The index against ``HEAD``: what a commit would add (the empty tree before the first commit)."""
    head = _head_commit(repo)
    before = _tree_of(repo, head, settings, "HEAD")
    after = GitTree.from_index(repo, settings.exclude)
    notes: list[Note] = []
    if head is None:
        files = []
        for path, (mode, _) in sorted(after._entries.items()):
            if mode == _GITLINK:
                continue  # named by the tree's notes
            if mode == _LINK:
                notes.append(Note(path, "symbolic link change not applied"))
                continue
            files.append(FileChange(None, path))
        unmerged = {p for p, _, _, stage in _index_entries(repo) if stage != 0}
        notes.extend(Note(p, "skipped: unmerged (conflicted) file") for p in sorted(unmerged))
    else:
        files = _file_changes(raw_diff(repo, head.hexsha, cached=True), notes)
    return _change(before, after, files, notes)


@_git_errors
def change_from_range(
    repo: Repo,
    base: str,
    head: Optional[str] = None,
    settings: Settings = Settings(),
    origin: str = "--base",
) -> Change:
    """What ``git diff BASE...HEAD`` shows: the merge base before, HEAD after.

    With ``head`` None the after tree is the working tree (untracked files
    included), compared with the merge base of BASE and ``HEAD``.
    """
    base_option, head_option = GitSource("range", base, head, origin).options
    base_commit = _resolve(repo, base, base_option)
    if head is not None:
        head_commit = _resolve(repo, head, head_option)
        head_name = head
    else:
        head_commit = _head_commit(repo)
        head_name = "HEAD"
        if head_commit is None:
            raise UsageError(f"{base_option} {base}: HEAD has no commits yet, so there is no merge base")
    bases = _merge_bases(repo, base_commit, head_commit)
    if not bases:
        if _is_shallow(repo):
            raise UsageError(
                f"{base_option} {base}: no merge base with {head_name} in this shallow clone; {_UNSHALLOW_HINT}"
            )
        raise UsageError(f"{base_option} {base}: no merge base with {head_name} (unrelated histories)")
    merge_base = bases[0]
    before = GitTree.from_tree(repo, merge_base.tree, settings.exclude, label=f"merge base {merge_base.hexsha[:12]}")
    notes: list[Note] = []
    if head is not None:
        after: SourceTree = GitTree.from_tree(repo, head_commit.tree, settings.exclude, label=head)
        files = _file_changes(raw_diff(repo, merge_base.hexsha, head_commit.hexsha), notes)
        return _change(before, after, files, notes)
    return _worktree_change(repo, merge_base, before, settings)


def _merge_bases(repo: Repo, a: Any, b: Any) -> list[Any]:
    """The merge base of two commits (``git merge-base``), as a list: empty when there is none
    (status 1, as GitPython's ``merge_base`` reads it)."""
    try:
        out = git_output(repo, "merge-base", a.hexsha, b.hexsha)
    except GitError as exc:
        if exc.status == 128 or exc.status is None:
            raise
        return []
    return [repo.commit(sha) for sha in out.decode().split()]


@_git_errors
def change_from_worktree(repo: Repo, settings: Settings = Settings()) -> Change:
    """The working tree against ``HEAD``, untracked (not ignored) ``.py`` files included as added."""
    head = _head_commit(repo)
    return _worktree_change(repo, head, _tree_of(repo, head, settings, "HEAD"), settings)


def _worktree_change(repo: Repo, commit: Optional[Any], before: GitTree, settings: Settings) -> Change:
    root = work_tree(repo)
    disk = FsTree(root, exclude=settings.exclude)  # reads refuse links leading outside the root
    notes: list[Note] = []
    untracked: list[str] = []
    hidden: list[FileChange] = []
    for path in _untracked(repo):
        if path.endswith("/"):
            notes.append(Note(path.rstrip("/"), "skipped: untracked nested git repository"))
        elif path.endswith(".py") and _valid(path):
            if disk.is_excluded(path):
                hidden.append(FileChange(None, path))  # not read: named in a note (source.change.skipped_notes)
            else:
                untracked.append(path)
    if commit is None:
        tracked = [p for p, mode, _, stage in _index_entries(repo) if stage == 0 and mode in (_FILE, _EXEC, _LINK)]
        files = [FileChange(None, p) for p in sorted(set(tracked) | set(untracked))]
        notes.extend(Note(p, _SUBMODULE_NOTE) for p, mode, _, _ in _index_entries(repo) if mode == _GITLINK)
    else:
        files = _file_changes(_content_diff(repo, commit, untracked, before), notes)
    changes: dict[str, Optional[bytes]] = {}
    kept: list[FileChange] = []
    for fc in files:
        if fc.old_path is not None and fc.old_path != fc.new_path:
            changes[fc.old_path] = None
        if fc.new_path is not None:
            try:
                changes[fc.new_path] = disk.read(fc.new_path)
            except KeyError:
                if disk.exists(fc.new_path):
                    notes.append(Note(fc.new_path, "skipped: not a regular file inside the repository"))
                continue  # gone from the working tree since git looked
        kept.append(fc)
    kept.extend(hidden)
    after = OverlayTree(before, changes)
    return _change(before, after, kept, notes)


def _change(before: GitTree, after: SourceTree, files: list[FileChange], notes: list[Note]) -> Change:
    all_notes = list(notes)
    if isinstance(after, GitTree):
        all_notes.extend(Note(p, m) for p, m in after.notes)
    elif isinstance(after, OverlayTree):
        # the base's size notes are about the old content of the files the change replaces
        changes = after.changes
        if isinstance(after.base, GitTree):
            all_notes.extend(Note(p, m) for p, m in after.base.notes if not (p in changes and is_size_note(m)))
        for path, data in changes.items():
            if data is not None and path.endswith(".py") and len(data) > MAX_FILE_BYTES:
                all_notes.append(Note(path, too_big(len(data))))
    unique = sorted(set(all_notes), key=lambda n: (n.path, n.message))
    files = sorted(set(files), key=lambda f: (f.new_path or "", f.old_path or ""))
    return Change(before=before, after=after, files=tuple(files), notes=tuple(unique))


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _untracked(repo: Repo) -> list[str]:
    """Untracked, not ignored files (nested repositories as ``dir/``), from ``git ls-files``:
    unlike ``git status``, it neither refreshes the index (no clean filter) nor enters submodules."""
    out = git_output(repo, "ls-files", "--others", "--exclude-standard", "-z")
    return [path for path in out.decode("utf-8", "surrogateescape").split("\0") if path]


def _alternate(path: str) -> str:
    """``path`` as one entry of ``GIT_ALTERNATE_OBJECT_DIRECTORIES`` (C-quoted when it holds
    the list separator or a quote, as git reads it)."""
    if os.pathsep not in path and not path.startswith('"'):
        return path
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _blob_id(data: bytes) -> bytes:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).digest()


def _same_stat(entry: Any, st: os.stat_result, racy_after: float) -> bool:
    """Whether the index entry's stat data still describe the file (as git's own check, racy
    entries excluded): then its content is the blob the index names."""
    try:
        mtime = (int(entry.mtime[0]), int(entry.mtime[1]))
        ctime = (int(entry.ctime[0]), int(entry.ctime[1]))
        return (
            int(entry.size) == st.st_size & 0xFFFFFFFF
            and mtime == ((st.st_mtime_ns // 10**9) & 0xFFFFFFFF, st.st_mtime_ns % 10**9)
            and ctime == ((st.st_ctime_ns // 10**9) & 0xFFFFFFFF, st.st_ctime_ns % 10**9)
            and int(entry.inode) == st.st_ino & 0xFFFFFFFF
            and st.st_mtime < racy_after
        )
    except (AttributeError, TypeError, ValueError, IndexError):
        return False


def _content_diff(repo: Repo, commit: Any, untracked: list[str], before: Optional[GitTree] = None) -> Any:
    """The working tree against ``commit`` as :class:`RawDiff` entries, compared by content.

    ``git diff COMMIT`` would hash a file whose stat changed through the repository's clean
    filter (``.gitattributes`` names it, any config defines it: a program).  Here every such
    file is read and hashed as it is on disk; the tree found is written as a scratch index
    (its new blobs into a scratch object folder, the repository's objects an alternate) and
    compared with ``git diff --cached``, which reads objects only: git's rename detection,
    no program, nothing written into the repository.
    """
    index_file = _index_path(repo)
    try:
        racy_after = os.stat(index_file).st_mtime
    except OSError:
        racy_after = 0.0
    entries = _stage_entries(repo, index_file)
    # the commit's blobs (``before``: the same tree, walked already; a blob under a folder it
    # skips is only written to the scratch objects once more than needed)
    tree = before if before is not None else GitTree.from_tree(repo, commit.tree)
    committed = {path: sha for path, (_, sha) in tree._entries.items()}
    disk = _WorkTreeFiles(work_tree(repo), committed, racy_after)
    records: list[str] = []
    for (path, stage), entry in sorted(entries.items()):
        if stage != 0 or entry.mode == _GITLINK or getattr(entry, "skip_worktree", False):
            found: Optional[tuple[int, bytes]] = (entry.mode, entry.binsha)
        else:
            found = disk.current(path, entry)
        if found is not None:
            records.append(f"{found[0]:o} {found[1].hex()} {stage}\t{path}")
    for path in untracked:
        if (path, 0) not in entries:
            found = disk.current(path, None)
            if found is not None:
                records.append(f"{found[0]:o} {found[1].hex()} 0\t{path}")
    return _scratch_diff(repo, commit, records, disk.new_blobs)


def _stage_entries(repo: Repo, index_file: str) -> dict[tuple[str, int], Any]:
    """The index's entries by (path, stage), with their stat data where GitPython reads it."""
    entries: dict[tuple[str, int], Any] = {}
    if os.path.exists(index_file):
        try:
            for e in git.IndexFile(repo, index_file).entries.values():
                entries[(str(e.path).replace(os.sep, "/"), e.stage)] = e
        except AssertionError:  # index version 4: no stat data from GitPython; everything is hashed
            for path, mode, binsha, stage in _index_entries(repo):
                entries[(path, stage)] = git.BaseIndexEntry((mode, binsha, stage, path))
    return entries


class _WorkTreeFiles:
    """The working tree's files as git would record them, read and hashed here: (mode, blob
    id) of a path; the blobs that ``committed`` lacks are kept in ``new_blobs``."""

    def __init__(self, root: Path, committed: dict[str, bytes], racy_after: float) -> None:
        self.root = root
        self.committed = committed
        self.racy_after = racy_after
        self.new_blobs: dict[bytes, bytes] = {}
        self.folders: dict[str, bool] = {}

    def real_folder(self, folder: str) -> bool:
        folders = self.folders
        if folder not in folders:
            try:
                folders[folder] = stat.S_ISDIR(os.lstat(os.path.join(self.root, *folder.split("/"))).st_mode)
            except OSError:
                folders[folder] = False
        return folders[folder]

    def current(self, path: str, entry: Any) -> Optional[tuple[int, bytes]]:
        full = os.path.join(self.root, *path.split("/"))
        if not all(self.real_folder(parent) for parent in parents(path)):
            return None  # behind a link to a folder (git does not follow it), or gone
        try:
            st = os.lstat(full)
        except OSError:
            return None
        if stat.S_ISLNK(st.st_mode):
            mode, data = _LINK, os.fsencode(os.readlink(full))
        elif stat.S_ISREG(st.st_mode):
            mode = _EXEC if st.st_mode & 0o111 else _FILE
            if entry is not None and entry.mode in (_FILE, _EXEC) and _same_stat(entry, st, self.racy_after):
                return mode, entry.binsha
            try:
                with open(full, "rb") as handle:
                    data = handle.read()
            except OSError:
                return None
        else:
            return None
        sha = _blob_id(data)
        if self.committed.get(path) != sha:
            self.new_blobs[sha] = data
        return mode, sha


def _scratch_diff(repo: Repo, commit: Any, records: list[str], new_blobs: dict[bytes, bytes]) -> Any:
    """``git diff --cached COMMIT`` of a scratch index made of ``records`` (``update-index
    --index-info`` lines), ``new_blobs`` written to a scratch object folder."""
    scratch = tempfile.mkdtemp(prefix="reuse-audit-worktree-")
    try:
        objects = os.path.join(scratch, "objects")
        for sha, data in new_blobs.items():
            folder = os.path.join(objects, sha.hex()[:2])
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, sha.hex()[2:]), "wb") as handle:
                handle.write(zlib.compress(b"blob %d\0" % len(data) + data, 1))
        os.makedirs(objects, exist_ok=True)
        real_objects = os.path.join(repo.common_dir, "objects")
        env = {
            "GIT_INDEX_FILE": os.path.join(scratch, "index"),
            "GIT_OBJECT_DIRECTORY": objects,
            "GIT_ALTERNATE_OBJECT_DIRECTORIES": _alternate(os.path.abspath(real_objects)),
        }
        listing = b"".join(os.fsencode(r) + b"\0" for r in records)
        git_output(repo, "update-index", "-z", "--index-info", env=env, input=listing)
        return raw_diff(repo, commit.hexsha, cached=True, env=env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# ---------------------------------------------------------------------------
# provenance (SARIF versionControlProvenance)
# ---------------------------------------------------------------------------


def strip_credentials(url: str, root: Optional[Path] = None) -> str:
    """A remote URL without user name or password (tokens live there), as a URI.

    ``https://user:token@host/o/r.git`` -> ``https://host/o/r.git``;
    ``git@host:o/r.git`` -> ``ssh://host/o/r.git``; a local path -> ``file://`` URI.
    """
    url = url.strip()
    match = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://(?:[^/?#@]*@)?(.*)$", url)
    if match:
        return f"{match.group(1)}://{match.group(2)}"
    scp = re.match(r"^(?:[^/@:]+@)?([^/:]+):(?!/)(.*)$", url)
    if scp and not re.match(r"^[A-Za-z]:[\\/]", url):
        return f"ssh://{scp.group(1)}/{scp.group(2)}"
    path = Path(url)
    if not path.is_absolute() and root is not None:
        path = root / path
    try:
        return path.resolve().as_uri()
    except ValueError:
        return url


def remote_uri(repo: Repo) -> Optional[str]:
    """The ``origin`` remote's URL (else the first remote's) without credentials, as a URI;
    None when the repository has no remote."""
    try:
        remotes = list(repo.remotes)
        if not remotes:
            return None
        remote = next((r for r in remotes if r.name == "origin"), remotes[0])
        urls = list(remote.urls)
    except (GitCommandError, ValueError):
        return None
    return strip_credentials(urls[0], work_tree(repo)) if urls else None


def provenance(
    repo: Union[Repo, Path, str, None],
    head: Optional[str] = None,
    environ: Optional[Mapping[str, str]] = None,
) -> Optional[Provenance]:
    """Where the analysed code came from, for SARIF; None when it cannot be told.

    Repository URI: the ``origin`` remote's URL (else the first remote's) with
    credentials stripped; no remote means no provenance.  Revision: the commit
    of ``head`` (a ref; default ``HEAD``).  Branch: ``GITHUB_REF`` in GitHub
    Actions; else ``head`` when it names a local branch; else the active
    branch when ``head`` is ``HEAD``'s commit; None when detached.
    """
    env = os.environ if environ is None else environ
    if repo is None or isinstance(repo, (str, Path)):
        repo = find_repository(repo) if repo is not None else None
        if repo is None:
            return None
    try:
        uri = remote_uri(repo)
        if uri is None:
            return None
        current = _head_commit(repo)
        if head is not None:
            commit = _resolve(repo, head, "--head")
        else:
            commit = current
        if commit is None:
            return None
        branch: Optional[str] = None
        if env.get("GITHUB_ACTIONS") == "true" and env.get("GITHUB_REF"):
            branch = env["GITHUB_REF"]
        elif head is not None and head.removeprefix("refs/heads/") in {h.name for h in repo.heads}:
            branch = head.removeprefix("refs/heads/")
        elif not repo.head.is_detached and current is not None and commit == current:
            branch = repo.active_branch.name
        return Provenance(repository_uri=uri, revision=commit.hexsha, branch=branch)
    except (GitCommandError, ValueError, UsageError, TypeError):
        return None
