"""A chain's workspace: the pinned repository as a fresh git repository.

:meth:`Workspace.prepare` follows the RepoReuse protocol (appendix A.1):

* the pinned source is copied into the workspace folder without its
  version-control history (``.git``, ``.hg``, ``.svn``, ``.bzr``), caches and
  virtual environments;
* the repository's own tests are removed: ``tests/``, ``test/`` and
  ``testing/`` folders at any depth, ``test_*.py``, ``*_test.py`` and
  ``conftest.py`` -- except *runtime test helpers*: modules of the import
  package that the package's own non-test modules import (directly or through
  other kept helpers), e.g. ``pkg/testing/__init__.py`` imported by
  ``pkg/__init__.py``.  Imports are read with the engine's parser
  (:func:`reuse_audit.api.parse_source`), module-level and inside functions;
  ``import pkg.sub`` (which the parser records as ``pkg``) is recovered from
  dotted calls ``pkg.sub.f()`` in the file's functions.  Non-Python files in
  the folder of a kept helper (its data) stay too;
* the package must import: ``python -c "import <import_name>"`` runs in a
  subprocess with :attr:`Workspace.env` from an empty temporary folder, and it
  must load the workspace copy (not one installed elsewhere);
* a fresh git repository gets a baseline commit of everything, with fixed
  author, committer and dates, so the baseline sha depends only on the chain
  and its source.

**The runner's repository is not in the workspace.**  The agent works in
the workspace and may write anything there, ``.git/config`` included (a
``filter.*.clean`` command, ``core.worktree`` pointing elsewhere, hooks).
So the repository the runner commits to, diffs and resets with lives next
to the workspace, ``<workspace>.git`` (:attr:`Workspace.git_dir`), and every
runner git command names it and the work tree explicitly
(``--git-dir``/``--work-tree``), through the engine's one hardened git runner
(:func:`reuse_audit.api.run_git`, ``isolated``: no system or global
configuration, no inherited ``GIT_*`` variable, no hooks, no fsmonitor), and
attributes off (``info/attributes`` there unsets
``text``, ``eol``, ``filter``, ``ident`` and ``working-tree-encoding`` for
every path, and takes precedence over the workspace's ``.gitattributes``).
The workspace's own ``.git`` is the agent's: rebuilt at every reset as a
fresh repository whose ``HEAD`` is the runner's current commit
(its objects borrowed through ``objects/info/alternates``), so ``git
status``/``git diff`` work for the agent, and nothing it does there is ever
read by the runner.

**The environment.**  The study installs each repository "in editable mode
into an environment shared by all configurations".  Here that environment is
the tool's own interpreter (``sys.executable``, which has pytest) plus
:attr:`Workspace.env`, the variables every subprocess that runs in the
workspace must get (agent commands, the turn's tests, the import check):

* ``PYTHONPATH`` = the workspace's import root (``src/`` in a src layout),
  the workspace root (where the agent's new top-level modules go) and, when
  the release's version is known, a folder holding its ``*.dist-info`` (so
  ``importlib.metadata.version(package)`` answers as after an install), in
  front of any ``PYTHONPATH`` already set;
* ``PYTHONDONTWRITEBYTECODE=1`` and ``PYTHONNOUSERSITE=1``;
* ``REUSE_AUDIT_NO_BACKGROUND=1``: ``reuse-audit check`` or ``reuse-audit mcp`` run by an
  agent starts no background build of the index, which would outlive the agent's process
  (a process left running makes a turn invalid, see ``sandbox.py``).

Edits in the workspace are live, which is the defining property of an
editable install, and nothing is installed into any environment: all
configurations share the same interpreter and packages.  The dist-info folder
lives in ``<workspace>.git/reuse-audit/site/``, out of the agent's tree and of git's.

**Tests run on a fresh tree.**  :meth:`Workspace.export` checks a commit out
into a folder of its own (never the agent's workspace) and
:meth:`Workspace.tree_env` gives the variables that make it importable: the
turn's tests see what was committed and nothing else.

:meth:`Workspace.prepare` is idempotent: a folder holding a finished workspace
of the same chain and source (recorded in ``<workspace>.git/reuse-audit-workspace.json``)
is reused as it is; one left half-prepared (``reuse-audit-preparing.json``
still there) or prepared for another chain or source is deleted and prepared
again.  A non-empty folder that is not a workspace is never touched.  A
workspace made by an earlier version (its repository in ``<workspace>/.git``)
is moved to the new layout, its configuration rewritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterable, Iterator, Optional, Union

from reuse_audit.errors import UsageError
from reuse_audit.api import NO_BACKGROUND, decode_patch, harden_gitpython, parse_source, run_git

from reuse_audit.benchmark.deps import install_requirements
from reuse_audit.benchmark.fetch import FetchedSource, fetch_chain, ignored_name
from reuse_audit.benchmark.model import Chain

WORKSPACE_FORMAT = 1
MARKER = "reuse-audit-workspace.json"  # in the runner's git dir: a finished workspace
PREPARING = "reuse-audit-preparing.json"  # in the runner's git dir: preparation under way (or interrupted)
SITE_DIR = "reuse-audit/site"  # in the runner's git dir: the release's dist-info

FIXED_DATE = "2000-01-01T00:00:00Z"
AUTHOR_NAME = "reuse-audit bench"
AUTHOR_EMAIL = "bench@reuse-audit.invalid"
BRANCH = "main"

GITIGNORE_LINES = ("__pycache__/", "*.pyc", ".pytest_cache/", ".mypy_cache/", ".ruff_cache/")
_JUNK_DIRS = frozenset({"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"})

TEST_DIR_NAMES = frozenset({"tests", "test", "testing"})


# --------------------------------------------------------------------------
# test files
# --------------------------------------------------------------------------


def is_test_file_name(name: str) -> bool:
    """``test_*.py``, ``*_test.py`` or ``conftest.py``."""
    return name == "conftest.py" or (name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py")))


def is_test_path(rel: str) -> bool:
    """A repository test file: in a tests/test/testing folder at any depth, or named like a test."""
    parts = rel.split("/")
    return any(p in TEST_DIR_NAMES for p in parts[:-1]) or is_test_file_name(parts[-1])


def _module_name(rel: str) -> str:
    parts = rel[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported_modules(data: bytes, module: str, is_package: bool) -> set[str]:
    """Dotted names a module imports (with every parent package), from the engine's parser."""
    facts = parse_source(data)
    imports = list(facts.imports) + [imp for fn in facts.functions for imp in fn.imports]
    names: set[str] = set()

    def add(dotted: str) -> None:
        parts = [p for p in dotted.split(".") if p]
        for k in range(1, len(parts) + 1):
            names.add(".".join(parts[:k]))

    for imp in imports:
        if imp.level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            up = imp.level - 1
            if up > len(base):
                continue
            base = base[: len(base) - up]
            full = ".".join(base + ([imp.module] if imp.module else []))
        else:
            full = imp.module
        if not full:
            continue
        add(full)
        if imp.name and imp.name != "*":
            add(f"{full}.{imp.name}")
    # `import a.b` is recorded as module "a": recover "a.b" from calls `a.b.f()`
    plain = {imp.bound for imp in imports if imp.level == 0 and imp.name is None and imp.bound == imp.module}
    if plain:
        for fn in facts.functions:
            for call in fn.calls:
                if len(call.parts) > 2 and call.parts[0] in plain:
                    add(".".join(call.parts[:-1]))
    return names


def remove_tests(root: Path, import_root: Path, import_name: str) -> tuple[list[str], list[str]]:
    """Delete the repository's test files under ``root``, keeping runtime test helpers.

    Returns (removed, kept helpers), relative POSIX paths, sorted.
    """
    files: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = Path(dirpath).relative_to(root)
        if rel_dir == Path("."):
            dirnames[:] = [d for d in dirnames if d != ".git"]
        dirnames.sort()
        for f in filenames:
            files.append((rel_dir / f).as_posix() if rel_dir != Path(".") else f)
    candidates = {rel for rel in files if is_test_path(rel)}
    if not candidates:
        return [], []

    # modules of the import package: dotted name -> path relative to root
    prefix = import_root.relative_to(root).as_posix()
    prefix = "" if prefix == "." else prefix + "/"
    modules: dict[str, str] = {}
    for rel in files:
        if not rel.endswith(".py") or not rel.startswith(prefix):
            continue
        inner = rel[len(prefix) :]
        if inner == f"{import_name}.py" or inner.startswith(f"{import_name}/"):
            modules[_module_name(inner)] = rel

    kept: set[str] = set()
    queue = [(name, rel) for name, rel in modules.items() if rel not in candidates]
    seen = {rel for _, rel in queue}
    while queue:
        name, rel = queue.pop()
        try:
            data = (root / rel).read_bytes()
        except OSError:
            continue
        for imported in sorted(_imported_modules(data, name, rel.endswith("/__init__.py"))):
            target = modules.get(imported)
            if target is None or target in seen:
                continue
            seen.add(target)
            if target in candidates:
                kept.add(target)
                queue.append((imported, target))

    kept_dirs = {str(Path(rel).parent.as_posix()) for rel in kept}
    removed: list[str] = []
    for rel in sorted(candidates):
        if rel in kept:
            continue
        if not rel.endswith(".py") and str(Path(rel).parent.as_posix()) in kept_dirs:
            continue  # data next to a kept helper
        path = root / rel
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        removed.append(rel)
    # drop the folders left empty
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        here = Path(dirpath)
        if here == root or ".git" in here.relative_to(root).parts:
            continue
        try:
            if not any(here.iterdir()):
                here.rmdir()
        except OSError:
            pass
    return removed, sorted(kept)


# --------------------------------------------------------------------------
# git
# --------------------------------------------------------------------------


def runner_git_dir(root: Path) -> Path:
    """The runner's repository of the workspace ``root``: ``<root>.git``, next to it."""
    root = Path(root)
    return root.parent / f"{root.name}.git"


#: What the runner's commits need on top of the hardened runner's environment: a fixed
#: identity and dates, so that a commit's sha depends only on its tree and parents.
COMMIT_ENV = {
    "GIT_AUTHOR_NAME": AUTHOR_NAME,
    "GIT_AUTHOR_EMAIL": AUTHOR_EMAIL,
    "GIT_COMMITTER_NAME": AUTHOR_NAME,
    "GIT_COMMITTER_EMAIL": AUTHOR_EMAIL,
    "GIT_AUTHOR_DATE": FIXED_DATE,
    "GIT_COMMITTER_DATE": FIXED_DATE,
}

#: ``info/attributes`` of the runner's repository: precedes every ``.gitattributes`` of the
#: work tree, so no conversion, filter or re-encoding an agent declares applies to a commit.
NO_ATTRIBUTES = "* -text -eol -filter -ident -working-tree-encoding\n"

#: The runner's repository configuration, written whole (nothing else is ever read).
RUNNER_CONFIG = (
    "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n"
    "\tautocrlf = false\n\tsymlinks = true\n"
    "[gc]\n\tauto = 0\n"
    f"[user]\n\tname = {AUTHOR_NAME}\n\temail = {AUTHOR_EMAIL}\n"
    "[commit]\n\tgpgsign = false\n"
)


def _run_git(argv: list[str], cwd: Path, input: Optional[bytes] = None, env: Optional[dict] = None) -> bytes:
    """The hardened runner, isolated (a repository of the runner's own), with :data:`COMMIT_ENV`
    and ``env`` (a scratch ``GIT_INDEX_FILE``); raises GitError, a UsageError."""
    return run_git(argv, cwd, env={**COMMIT_ENV, **(env or {})}, input=input, isolated=True)


def _git(root: Path, *args: str, input: Optional[bytes] = None, env: Optional[dict] = None,
         work_tree: Optional[Path] = None) -> bytes:
    """Git on the runner's repository of the workspace ``root`` (never on ``root/.git``)."""
    root = Path(root)
    tree = Path(work_tree) if work_tree is not None else root
    argv = [f"--git-dir={runner_git_dir(root)}", f"--work-tree={tree}", *args]
    return _run_git(argv, tree, input=input, env=env)


def _write_runner_config(git_dir: Path) -> None:
    """The runner's repository configuration and attributes, whatever they were."""
    (git_dir / "config").write_text(RUNNER_CONFIG, encoding="utf-8")
    info = git_dir / "info"
    info.mkdir(exist_ok=True)
    (info / "attributes").write_text(NO_ATTRIBUTES, encoding="utf-8")
    hooks = git_dir / "hooks"
    if hooks.is_dir() and not hooks.is_symlink():
        shutil.rmtree(hooks, ignore_errors=True)


def _remove(path: Path) -> None:
    """Delete ``path`` (a link is removed, never followed)."""
    if path.is_symlink() or (path.exists() and not path.is_dir()):
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def _is_junk(rel: str) -> bool:
    parts = rel.split("/")
    return any(p in _JUNK_DIRS for p in parts) or rel.endswith((".pyc", ".pyo"))


def _stage_all(root: Path) -> None:
    """Stage every change, including deletions and files the repository's own .gitignore would
    skip (an sdist's generated _version.py...), but not caches (:data:`GITIGNORE_LINES`)."""
    _git(root, "add", "-A")
    out = _git(root, "ls-files", "-z", "--others", "--ignored", "--exclude-standard")
    force = [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p and not _is_junk(p)]
    if force:
        data = "\0".join(force).encode("utf-8", "surrogateescape")
        _git(root, "add", "-f", "--pathspec-from-file=-", "--pathspec-file-nul", input=data)


def _write_gitignore(root: Path) -> None:
    path = root / ".gitignore"
    if path.is_file() and not path.is_symlink():
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        present = {line.strip() for line in text.splitlines()}
        missing = [line for line in GITIGNORE_LINES if line not in present]
        if missing:
            sep = "" if not text or text.endswith("\n") else "\n"
            path.write_text(text + sep + "\n".join(missing) + "\n", encoding="utf-8", errors="surrogateescape")
    else:
        if path.is_symlink() or path.exists():
            path.unlink()
        path.write_text("\n".join(GITIGNORE_LINES) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------
# the workspace
# --------------------------------------------------------------------------


def _copy_ignore(folder: str, names: list[str]) -> list[str]:
    here = Path(folder)
    return [n for n in names if ignored_name(n) or (here / n / "pyvenv.cfg").exists()]


def _last_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else "no output"


def _dist_name(package: str) -> str:
    return re.sub(r"[-_.]+", "_", package)


class Workspace:
    """A prepared workspace folder (see the module docstring).  Build one with :meth:`prepare`,
    or reopen a finished one with :meth:`open`."""

    def __init__(
        self,
        root: Path,
        import_root: Path,
        import_name: str,
        chain_id: str,
        baseline: str,
        source_digest: str,
        site_dir: Optional[Path] = None,
        removed_tests: Iterable[str] = (),
        kept_helpers: Iterable[str] = (),
    ) -> None:
        self.root = Path(root)
        self.import_root = Path(import_root)
        self.import_name = import_name
        self.chain_id = chain_id
        self.baseline = baseline
        self.source_digest = source_digest
        self.site_dir = site_dir
        self.removed_tests = tuple(removed_tests)
        self.kept_helpers = tuple(kept_helpers)
        self._repo = None

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r}, chain={self.chain_id!r}, baseline={self.baseline[:12]})"

    # ---- environment -----------------------------------------------------

    @property
    def python_path(self) -> list[Path]:
        """The folders the workspace puts on ``PYTHONPATH``, in order: the import root, the workspace
        root (when different) and the release's dist-info folder (when there is one)."""
        out = [self.import_root]
        if self.root != self.import_root:
            out.append(self.root)
        if self.site_dir is not None:
            out.append(self.site_dir)
        return out

    @property
    def env(self) -> dict[str, str]:
        """Variables every subprocess running in the workspace must get (on top of ``os.environ``)."""
        entries = [str(p) for p in self.python_path]
        existing = os.environ.get("PYTHONPATH")
        if existing:
            entries.append(existing)
        return {
            "PYTHONPATH": os.pathsep.join(entries),
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1",
            NO_BACKGROUND: "1",
        }

    def subprocess_env(self, extra: Optional[dict] = None) -> dict[str, str]:
        """``os.environ`` plus :attr:`env` (plus ``extra``): a full environment for ``subprocess``."""
        env = dict(os.environ)
        env.update(self.env)
        if extra:
            env.update(extra)
        return env

    def tree_python_path(self, tree: Path) -> list[Path]:
        """:attr:`python_path` for a copy of the workspace at ``tree`` (see :meth:`export`)."""
        tree = Path(tree)
        out = [tree / self.import_root.relative_to(self.root)] if self.import_root != self.root else [tree]
        if self.import_root != self.root:
            out.append(tree)
        if self.site_dir is not None:
            out.append(self.site_dir)
        return out

    def tree_env(self, tree: Path) -> dict[str, str]:
        """:attr:`env` for a copy of the workspace at ``tree``: its own import root and nothing of
        the workspace, nor of an outer ``PYTHONPATH``."""
        return {
            "PYTHONPATH": os.pathsep.join(str(p) for p in self.tree_python_path(tree)),
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1",
        }

    # ---- git -------------------------------------------------------------

    @property
    def git_dir(self) -> Path:
        """The runner's repository (outside the workspace; see the module docstring)."""
        return runner_git_dir(self.root)

    @property
    def repo(self):
        """The runner's :class:`git.Repo` (gitpython), its git commands hardened as the runner's."""
        if self._repo is None:
            import git

            self._repo = harden_gitpython(git.Repo(self.git_dir), isolated=True)
        return self._repo

    def agent_git(self, head: Optional[str] = None) -> None:
        """Give the agent a fresh ``.git`` in the workspace at the runner's ``HEAD``, whatever it
        did to the last one (see the module docstring).  Written by hand (a few milliseconds):
        ``HEAD``, a configuration, the branch, the objects borrowed through
        ``objects/info/alternates`` and a copy of the runner's index, which matches the work
        tree right after a reset."""
        head = head or self.head()
        dot_git = self.root / ".git"
        _remove(dot_git)
        for folder in ("objects/info", "objects/pack", "refs/heads", "refs/tags", "info"):
            (dot_git / folder).mkdir(parents=True, exist_ok=True)
        (dot_git / "HEAD").write_text(f"ref: refs/heads/{BRANCH}\n", encoding="utf-8")
        (dot_git / "config").write_text(
            "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n"
            "\tlogallrefupdates = true\n"
            f"[user]\n\tname = {AUTHOR_NAME}\n\temail = {AUTHOR_EMAIL}\n[gc]\n\tauto = 0\n",
            encoding="utf-8",
        )
        (dot_git / "objects" / "info" / "alternates").write_text(str(self.git_dir / "objects") + "\n", encoding="utf-8")
        (dot_git / "refs" / "heads" / BRANCH).write_text(head + "\n", encoding="utf-8")
        index = self.git_dir / "index"
        if index.is_file():
            shutil.copyfile(index, dot_git / "index")

    def export(self, rev: str, dest: Path) -> Path:
        """Check commit ``rev`` out into ``dest`` (emptied first), a folder outside the workspace
        that no agent touched: what the turn's tests run on.  Returns ``dest``."""
        sha = self._commit_sha(rev)
        dest = Path(os.path.abspath(dest))
        if _is_within(dest, self.root) or _is_within(self.root, dest):
            raise UsageError(f"{dest}: an exported tree must be outside the workspace {self.root}")
        _remove(dest)
        dest.mkdir(parents=True)
        with self._scratch_index(".export-index-") as env:
            _git(self.root, "read-tree", sha, env=env, work_tree=dest)
            _git(self.root, "checkout-index", "-a", "-f", env=env, work_tree=dest)
        return dest

    @contextlib.contextmanager
    def _scratch_index(self, prefix: str) -> Iterator[dict]:
        """The variables that give the runner's git an index file of its own (never the
        workspace's), removed afterwards with its lock."""
        fd, index = tempfile.mkstemp(prefix=prefix, dir=str(self.git_dir))
        os.close(fd)
        os.unlink(index)
        try:
            yield {"GIT_INDEX_FILE": index}
        finally:
            for leftover in (index, index + ".lock"):
                try:
                    os.unlink(leftover)
                except OSError:
                    pass

    def head(self) -> str:
        return _git(self.root, "rev-parse", "--verify", "HEAD^{commit}").decode().strip()

    def _commit_sha(self, rev: str) -> str:
        if not isinstance(rev, str) or not rev or rev.startswith("-"):
            raise UsageError(f"{self.root}: not a commit: {rev!r}")
        try:
            return _git(self.root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").decode().strip()
        except UsageError:
            raise UsageError(f"{self.root}: not a commit: {rev!r}") from None

    def reset_to(self, sha: str) -> None:
        """Make the working tree exactly commit ``sha``: hard reset, then remove untracked and ignored
        files (so a turn starts from that commit and nothing else)."""
        sha = self._commit_sha(sha)
        _write_runner_config(self.git_dir)
        _git(self.root, "reset", "-q", "--hard", sha)
        _git(self.root, "clean", "-q", "-ffdx")
        self.agent_git(sha)

    def commit_turn(self, number: int) -> str:
        """Commit everything in the working tree (additions, changes, deletions) as ``turn N``,
        even when nothing changed; return the commit's sha."""
        _write_runner_config(self.git_dir)
        _stage_all(self.root)
        _git(self.root, "commit", "-q", "--no-verify", "--allow-empty", "--no-gpg-sign", "-m", f"turn {int(number)}")
        return self.head()  # the agent's .git is rebuilt when a turn starts (reset_to)

    def commit_with(self, base: str, path: str, source: str, number: int) -> str:
        """A commit ``turn N`` on ``base`` whose tree is ``base``'s with ``path`` as it is in commit
        ``source`` -- a regular file only; nothing when it is absent there or not a regular file
        (a link would make the next turn read what it points at).  Returns the commit (``base``
        itself when nothing is carried).  Neither the workspace nor ``HEAD`` change."""
        base, source = self._commit_sha(base), self._commit_sha(source)
        entry = _git(self.root, "ls-tree", "-z", source, "--", path).decode("utf-8", "surrogateescape").strip("\0")
        if not entry:
            return base
        meta, _, name = entry.partition("\t")
        mode, kind, blob = meta.split()
        if kind != "blob" or mode not in ("100644", "100755") or name != path:
            return base
        return self.commit_blob(base, path, mode, blob, number)

    def commit_blob(self, base: str, path: str, mode: str, blob: str, number: int) -> str:
        """The commit ``turn N`` on ``base`` whose tree is ``base``'s with ``path`` as the blob
        ``blob`` (file mode ``mode``); the workspace and ``HEAD`` do not change."""
        with self._scratch_index(".carry-index-") as env:
            _git(self.root, "read-tree", base, env=env)
            _git(self.root, "update-index", "--add", "--cacheinfo", f"{mode},{blob},{path}", env=env)
            tree = _git(self.root, "write-tree", env=env).decode().strip()
            return _git(self.root, "commit-tree", tree, "-p", base, "-m", f"turn {int(number)}", env=env).decode().strip()

    def diff_bytes(self, a: str, b: str) -> bytes:
        a, b = self._commit_sha(a), self._commit_sha(b)
        return _git(
            self.root,
            "diff",
            "--binary",
            "--full-index",
            "--find-renames",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "--src-prefix=a/",
            "--dst-prefix=b/",
            a,
            b,
            "--",
        )

    def diff(self, a: str, b: str) -> str:
        """``git diff --binary --full-index a b`` as text (bytes of other encodings survive as
        surrogate escapes, as :func:`reuse_audit.api.decode_patch` reads patches)."""
        return decode_patch(self.diff_bytes(a, b))

    def changed_files(self, a: str, b: str) -> list[str]:
        """Paths added, changed or deleted between commits ``a`` and ``b`` (a rename is both paths), sorted."""
        a, b = self._commit_sha(a), self._commit_sha(b)
        out = _git(self.root, "diff", "--name-only", "-z", "--no-renames", a, b, "--")
        return sorted(p for p in out.decode("utf-8", "surrogateescape").split("\0") if p)

    # ---- preparation -------------------------------------------------------

    @classmethod
    def open(cls, dest: Union[str, Path]) -> "Workspace":
        """Reopen a finished workspace from its record."""
        root = Path(dest).resolve()
        _migrate(root)
        record = _read_marker(root)
        if record is None:
            raise UsageError(f"{root}: not a prepared reuse-audit workspace (no {runner_git_dir(root).name}/{MARKER})")
        return cls._from_record(root, record)

    @classmethod
    def _from_record(cls, root: Path, record: dict) -> "Workspace":
        site = record.get("site_dir")
        return cls(
            root=root,
            import_root=(root / record["import_root"]).resolve() if record["import_root"] != "." else root,
            import_name=record["import_name"],
            chain_id=record["chain"],
            baseline=record["baseline"],
            source_digest=record["source_digest"],
            site_dir=(runner_git_dir(root) / SITE_DIR) if site else None,
            removed_tests=record.get("removed_tests", ()),
            kept_helpers=record.get("kept_helpers", ()),
        )

    @classmethod
    def prepare(
        cls,
        chain: Chain,
        dest: Union[str, Path],
        cache_dir: Union[str, Path, None] = None,
        *,
        source: Optional[FetchedSource] = None,
    ) -> "Workspace":
        """Prepare (or reuse) the workspace of ``chain`` in ``dest``; see the module docstring.

        ``source`` is the chain's fetched source (fetched here when None, with ``cache_dir``).
        """
        fetched = source if source is not None else fetch_chain(chain, cache_dir)
        root = Path(dest).expanduser().resolve()
        git_dir = runner_git_dir(root)
        _migrate(root)
        if root.exists() and not root.is_dir():
            raise UsageError(f"{root}: the workspace folder is a file")
        src = fetched.root.resolve()
        if _is_within(root, src) or _is_within(src, root):
            raise UsageError(f"{root}: the workspace folder must be outside the source folder {src} (and not contain it)")
        if (root.is_dir() and any(root.iterdir())) or git_dir.exists():
            record = _read_marker(root)
            preparing = (git_dir / PREPARING).exists()
            if record is not None and not preparing:
                if (
                    record.get("chain") == chain.id
                    and record.get("source_digest") == fetched.digest
                    and record.get("import_name") == fetched.import_name
                    and _has_commit(root, record.get("baseline", ""))
                ):
                    ws = cls._from_record(root, record)
                    _write_runner_config(git_dir)
                    return ws
            elif not preparing and not (git_dir / MARKER).is_file():
                what = root if root.is_dir() and any(root.iterdir()) else git_dir
                raise UsageError(
                    f"{what}: the folder is not empty and is not a reuse-audit workspace: "
                    "choose an empty or new folder"
                )
            # half-prepared, or prepared for another chain or source
            _remove(root)
            _remove(git_dir)
        return cls._build(chain, fetched, root)

    @classmethod
    def _build(cls, chain: Chain, fetched: FetchedSource, root: Path) -> "Workspace":
        git_dir = runner_git_dir(root)
        git_dir.mkdir(parents=True, exist_ok=True)
        root.mkdir(parents=True, exist_ok=True)
        (git_dir / PREPARING).write_text(json.dumps({"chain": chain.id}) + "\n", encoding="utf-8")

        # 1. the source, without history, caches and environments
        shutil.copytree(fetched.root, root, symlinks=True, dirs_exist_ok=True, ignore=_copy_ignore)
        import_root = root / fetched.import_root.relative_to(fetched.root)

        # 2. without the repository's tests
        removed, kept = remove_tests(root, import_root, fetched.import_name)

        # 3. the release's metadata, as an editable install would provide it
        site_dir = None
        if fetched.version and fetched.origin != "installed":
            site_dir = git_dir / SITE_DIR
            info = site_dir / f"{_dist_name(fetched.package)}-{fetched.version}.dist-info"
            info.mkdir(parents=True, exist_ok=True)
            meta = None
            if fetched.metadata is not None:
                try:
                    meta = fetched.metadata.read_text(encoding="utf-8", errors="replace")
                except OSError:
                    meta = None
            if not meta:
                meta = f"Metadata-Version: 2.1\nName: {fetched.package}\nVersion: {fetched.version}\n"
            (info / "METADATA").write_text(meta, encoding="utf-8")

        # 3b. the release's own runtime dependencies, as an install would bring them (deps.py)
        requirements = install_requirements(_metadata_text(fetched), git_dir / SITE_DIR, fetched.package)
        if requirements:
            site_dir = git_dir / SITE_DIR

        ws = cls(
            root=root,
            import_root=import_root,
            import_name=fetched.import_name,
            chain_id=chain.id,
            baseline="",
            source_digest=fetched.digest,
            site_dir=site_dir,
            removed_tests=removed,
            kept_helpers=kept,
        )

        # 4. the package imports, from the workspace
        ws.check_import(chain.id)

        # 5. a fresh repository with a deterministic baseline commit
        _run_git(["init", "-q", "--bare", "--template=", f"--initial-branch={BRANCH}", str(git_dir)], root)
        _write_runner_config(git_dir)
        _write_gitignore(root)
        _stage_all(root)
        message = f"baseline: {chain.id} ({fetched.package}{' ' + fetched.version if fetched.version else ''})"
        _git(root, "commit", "-q", "--no-verify", "--allow-empty", "--no-gpg-sign", "-m", message)
        ws.baseline = ws.head()
        ws.agent_git()

        record = {
            "format": WORKSPACE_FORMAT,
            "chain": chain.id,
            "source_digest": fetched.digest,
            "source": {
                "kind": chain.source.kind,
                "package": chain.source.package,
                "version": chain.source.version,
                "origin": fetched.origin,
                "sha256": fetched.sha256,
            },
            "import_name": fetched.import_name,
            "import_root": import_root.relative_to(root).as_posix(),
            "baseline": ws.baseline,
            "site_dir": site_dir is not None,
            "requirements": requirements,
            "removed_tests": removed,
            "kept_helpers": kept,
        }
        tmp = git_dir / (MARKER + ".tmp")
        tmp.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, git_dir / MARKER)
        (git_dir / PREPARING).unlink()
        return ws

    def check_import(self, label: str = "") -> Path:
        """Import the package in a subprocess with :attr:`env`; return the file it was loaded from.

        Raises UsageError (with the error's last line) when it does not import, or loads a copy
        outside the workspace."""
        code = (
            "import importlib, sys\n"
            "m = importlib.import_module(sys.argv[1])\n"
            "print(getattr(m, '__file__', None) or '')\n"
        )
        who = f"{label}: " if label else ""
        with tempfile.TemporaryDirectory(prefix="reuse-audit-import-") as cwd:
            try:
                proc = subprocess.run(
                    [sys.executable, "-c", code, self.import_name],
                    cwd=cwd,
                    env=self.subprocess_env(),
                    capture_output=True,
                    text=True,
                    errors="replace",
                    timeout=300,
                )
            except subprocess.TimeoutExpired:
                raise UsageError(f"{who}importing {self.import_name} in the workspace {self.root} timed out") from None
        if proc.returncode != 0:
            raise UsageError(
                f"{who}the package {self.import_name} does not import in the workspace {self.root}: "
                f"{_last_line(proc.stderr)}"
            )
        loaded = Path(_last_line(proc.stdout)).resolve() if proc.stdout.strip() else None
        if loaded is None or not _is_within(loaded, self.root):
            raise UsageError(
                f"{who}`import {self.import_name}` loads {loaded or 'a namespace package'}, "
                f"not the workspace copy under {self.import_root}"
            )
        return loaded


def _metadata_text(fetched: FetchedSource) -> Optional[str]:
    """The release's core metadata: from its tree, else from the running environment's install of it."""
    if fetched.metadata is not None:
        try:
            return fetched.metadata.read_text(encoding="utf-8", errors="replace")
        except OSError:
            pass
    if fetched.origin == "installed":
        from importlib import metadata

        try:
            return metadata.distribution(fetched.package).read_text("METADATA")
        except Exception:
            return None
    return None


def _is_within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _migrate(root: Path) -> None:
    """A workspace of the earlier layout (the runner's repository in ``root/.git``, where the
    agent could change it): its repository moves next to it, configuration rewritten."""
    old = root / ".git"
    new = runner_git_dir(root)
    if new.exists() or old.is_symlink() or not (old / MARKER).is_file():
        return
    os.rename(old, new)
    _write_runner_config(new)
    for name in ("index.lock", "HEAD.lock"):
        try:
            (new / name).unlink()
        except OSError:
            pass
    try:
        record = _read_marker(root)
        if record is not None:
            Workspace._from_record(root, record).agent_git()
    except (UsageError, OSError):
        pass


def _read_marker(root: Path) -> Optional[dict]:
    try:
        data = json.loads((runner_git_dir(root) / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != WORKSPACE_FORMAT:
        return None
    if not all(k in data for k in ("chain", "baseline", "source_digest", "import_name", "import_root")):
        return None
    return data


def _has_commit(root: Path, sha: str) -> bool:
    if not sha:
        return False
    try:
        _git(root, "cat-file", "-e", f"{sha}^{{commit}}")
    except UsageError:
        return False
    return True
