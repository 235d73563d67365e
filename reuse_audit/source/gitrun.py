"""The one way reuse-audit and its benchmark run git: :func:`run_git`.

    out = run_git(["diff-tree", "-r", "-z", a, b, "--"], root)              # the user's repository
    out = run_git(["--git-dir=...", "commit", ...], root, isolated=True,    # a repository of the tool's own
                  env={"GIT_AUTHOR_DATE": ...})

Every git command gets the same protections, wherever it runs: the engine on
the user's repository (``source/git.py``, ``source/blame.py``,
``app/history.py``), the benchmark on the runner's repository of a workspace
(``benchmark/workspace.py``) and on the agent's (``benchmark/agents/snapshot.py``).
GitPython, which runs git itself to read objects, gets them through
:func:`harden_gitpython`.  They are the union of what those three places each
forced before they shared this module, the stricter of each:

Configuration, given as ``-c`` options (they take precedence over every
configuration file and over ``GIT_CONFIG_PARAMETERS``/``GIT_CONFIG_COUNT``
inherited from a surrounding git): neither a repository's ``.git/config``
nor the user's can make a command run a program, prompt, or write what the
command does not need to write:

* ``core.fsmonitor=false``: a command line that ``git status``, ``diff`` and
  ``add`` run;
* ``core.hooksPath=/dev/null``: no hook (``post-commit`` runs even with
  ``--no-verify``; ``post-index-change``, ``reference-transaction``...);
* ``core.attributesFile=/dev/null`` (and ``GIT_ATTR_NOSYSTEM``): no user or
  system attributes file naming a filter, diff driver or textconv;
* ``core.pager=cat``, ``core.askPass=``, ``credential.helper=``: no pager,
  password prompt or credential program;
* ``log.showSignature=false``, ``commit.gpgsign=false``: no gpg;
* ``status.submoduleSummary=false``: ``git status`` does not run in submodules;
* ``core.untrackedCache=false``, ``core.splitIndex=false``: no index
  extension nor shared index file written next to an index;
* ``gc.auto=0``: no automatic ``git gc`` (a background process outliving
  the command, writing into the repository).

Variables: ``GIT_ATTR_NOSYSTEM=1``, ``GIT_PAGER=cat``,
``GIT_TERMINAL_PROMPT=0`` (never wait for a password),
``GIT_OPTIONAL_LOCKS=0`` (``git status`` does not write the index it
refreshes) and ``LC_ALL=C`` (messages in English, as GitPython asks too).
Standard input is empty unless ``input`` is given.

``isolated=True`` is for the repositories the tool makes and owns (the
benchmark's): nothing of the user's environment or configuration applies,
and content goes into and out of git byte for byte:

* every inherited ``GIT_*`` variable is dropped (``GIT_DIR``,
  ``GIT_INDEX_FILE``, ``GIT_CONFIG_PARAMETERS`` of a surrounding git);
* ``GIT_CONFIG_NOSYSTEM=1``, ``GIT_CONFIG_GLOBAL=/dev/null``: no system or
  user configuration;
* ``core.autocrlf=false``, ``core.safecrlf=false``, ``core.symlinks=true``.

Without it (the engine, on the user's repository) the user's environment and
configuration stay, under the protections: a pre-commit hook's
``GIT_INDEX_FILE``, the user's global excludes file, line-ending settings.

What a caller needs beyond that is an argument, never a copy of the above:
``env`` adds variables (the benchmark's fixed author and dates,
``GIT_INDEX_FILE`` of a scratch index), ``input`` is standard input,
``timeout`` bounds the command.  Every failure is one :class:`GitError`: git
could not start, timed out, or exited with a failure status.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union

from reuse_audit.errors import UsageError

__all__ = ["GitError", "SAFE_GIT_CONFIG", "SAFE_GIT_VARIABLES", "git_environment", "git_options", "harden_gitpython", "run_git"]

#: Configuration forced on every git command (see the module docstring).
SAFE_GIT_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", os.devnull),
    ("core.attributesFile", os.devnull),
    ("core.pager", "cat"),
    ("core.askPass", ""),
    ("credential.helper", ""),
    ("log.showSignature", "false"),
    ("commit.gpgsign", "false"),
    ("status.submoduleSummary", "false"),
    ("core.untrackedCache", "false"),
    ("core.splitIndex", "false"),
    ("gc.auto", "0"),
)

#: Environment forced on every git command.
SAFE_GIT_VARIABLES: Mapping[str, str] = {
    "GIT_ATTR_NOSYSTEM": "1",
    "GIT_PAGER": "cat",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_OPTIONAL_LOCKS": "0",
    "LC_ALL": "C",
}

#: Configuration added for the tool's own repositories: content byte for byte.
ISOLATED_GIT_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.autocrlf", "false"),
    ("core.safecrlf", "false"),
    ("core.symlinks", "true"),
)

#: Environment added for the tool's own repositories (inherited ``GIT_*`` variables are dropped first).
ISOLATED_GIT_VARIABLES: Mapping[str, str] = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}

PathLike = Union[str, "os.PathLike[str]"]


class GitError(UsageError):
    """A git command that could not start, timed out, or exited with a failure status.

    ``verb`` is the git command (``commit``, ``diff-tree``...), ``status`` its exit status (None
    when it did not start or timed out), ``stderr`` what it wrote there.  The message is
    ``<cwd>: git <verb> failed: <its last line on stderr>``."""

    def __init__(self, verb: str, cwd: PathLike, status: Optional[int], stderr: str = "", message: str = "") -> None:
        self.verb = verb
        self.cwd = Path(cwd)
        self.status = status
        self.stderr = stderr
        if not message:
            err = stderr.strip().splitlines()
            message = f"{cwd}: git {verb} failed: {err[-1] if err else f'status {status}'}"
        super().__init__(message)

    @property
    def lines(self) -> list[str]:
        """The non-empty lines git wrote on stderr, stripped."""
        return [line.strip() for line in self.stderr.splitlines() if line.strip()]

    @property
    def summary(self) -> str:
        """Git's first line on stderr; else ``exit status N``; else (git did not run) the message."""
        lines = self.lines
        if lines:
            return lines[0]
        return f"exit status {self.status}" if self.status is not None else self.message


def _settings(isolated: bool) -> list[str]:
    config = SAFE_GIT_CONFIG + (ISOLATED_GIT_CONFIG if isolated else ())
    return [f"{key}={value}" for key, value in config]


def _variables(isolated: bool) -> dict[str, str]:
    return {**SAFE_GIT_VARIABLES, **(ISOLATED_GIT_VARIABLES if isolated else {})}


def git_options(isolated: bool = False) -> list[str]:
    """The ``-c key=value`` options every git command gets (see the module docstring)."""
    return [option for setting in _settings(isolated) for option in ("-c", setting)]


def git_environment(
    env: Optional[Mapping[str, str]] = None,
    isolated: bool = False,
    environ: Optional[Mapping[str, str]] = None,
) -> dict[str, str]:
    """The whole environment of a git command: ``environ`` (default ``os.environ``; without its
    ``GIT_*`` variables when ``isolated``), the forced variables, then the caller's ``env``."""
    inherited = os.environ if environ is None else environ
    out = {k: v for k, v in inherited.items() if not (isolated and k.startswith("GIT_"))}
    out.update(_variables(isolated))
    if env:
        out.update(env)
    return out


def _verb(args: Sequence[str]) -> str:
    """The git command of ``args``: its first word that is no option (nor the value of ``-c``)."""
    words = iter(args)
    for word in words:
        if word == "-c":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return "?"


def run_git(
    args: Sequence[str],
    cwd: PathLike,
    *,
    env: Optional[Mapping[str, str]] = None,
    input: Optional[bytes] = None,
    isolated: bool = False,
    timeout: Optional[float] = None,
) -> bytes:
    """Run ``git ARGS`` in ``cwd`` with the protections of the module docstring; return its
    standard output.  ``env`` adds variables, ``input`` is its standard input (else empty),
    ``isolated`` is for the tool's own repositories.  Raises :class:`GitError`."""
    verb = _verb(args)
    stdin: dict[str, Any] = {"input": input} if input is not None else {"stdin": subprocess.DEVNULL}
    try:
        proc = subprocess.run(
            ["git", *git_options(isolated), *args],
            cwd=cwd,
            env=git_environment(env, isolated),
            capture_output=True,
            timeout=timeout,
            **stdin,
        )
    except subprocess.TimeoutExpired:
        raise GitError(verb, cwd, None, message=f"{cwd}: git {verb} timed out after {timeout:g} s") from None
    except OSError as exc:
        raise GitError(verb, cwd, None, message=f"cannot run git: {exc}") from None
    if proc.returncode != 0:
        raise GitError(verb, cwd, proc.returncode, proc.stderr.decode("utf-8", "replace"))
    return proc.stdout


def harden_gitpython(repo: Any, isolated: bool = False) -> Any:
    """Give a GitPython repository's own git commands (its object reads through ``cat-file``,
    ``remote get-url``...) the options and forced variables of :func:`run_git`; returns ``repo``.
    GitPython starts from ``os.environ``: ``isolated`` adds its variables and options, but cannot
    drop inherited ``GIT_*`` variables there."""
    repo.git.set_persistent_git_options(c=_settings(isolated))
    repo.git.update_environment(**_variables(isolated))
    return repo
