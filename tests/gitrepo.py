"""Real, temporary git repositories for tests (no network, no user git config).

``isolated_git(tmp_path, monkeypatch)`` points HOME (and so the global git
config) at a fresh folder, ignores the system config, sets an author, and
removes git and pre-commit variables that a surrounding hook or CI job may
have set.  :class:`GitRepo` drives the git binary.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path
from typing import Optional

import pytest

LEAKY_VARIABLES = (
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_CEILING_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT", "PRE_COMMIT", "PRE_COMMIT_FROM_REF", "PRE_COMMIT_TO_REF", "PRE_COMMIT_SOURCE",
    "PRE_COMMIT_ORIGIN", "GITHUB_ACTIONS", "GITHUB_REF", "REUSE_AUDIT_DEBUG",
)


def isolated_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    for name in LEAKY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    values = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": str(home / ".gitconfig"),
        "GIT_AUTHOR_NAME": "Test Author",
        "GIT_AUTHOR_EMAIL": "author@example.com",
        "GIT_COMMITTER_NAME": "Test Committer",
        "GIT_COMMITTER_EMAIL": "committer@example.com",
        "GIT_TERMINAL_PROMPT": "0",
        "LC_ALL": "C",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return home


class GitRepo:
    """A work tree at ``path``: ``repo.write({...})``, ``repo.git("add", "-A")``, ``repo.commit("msg")``."""

    def __init__(self, path: Path, init: bool = True) -> None:
        self.path = path
        if init:
            path.mkdir(parents=True, exist_ok=True)
            self.git("init", "-q", "-b", "main")
            self.git("config", "user.email", "dev@example.com")
            self.git("config", "user.name", "Dev")
            self.git("config", "commit.gpgsign", "false")

    def git(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(
            ["git", *args], cwd=self.path, capture_output=True, text=True, check=False, env=os.environ.copy()
        )
        if check and done.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def write(self, files: dict[str, str]) -> None:
        for name, text in files.items():
            target = self.path / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")

    def remove(self, *names: str) -> None:
        for name in names:
            (self.path / name).unlink()

    def commit(self, message: str, files: Optional[dict[str, str]] = None) -> str:
        if files:
            self.write(files)
        self.git("add", "-A")
        self.git("commit", "-q", "--no-verify", "-m", message)
        return self.sha("HEAD")

    def sha(self, ref: str) -> str:
        return self.git("rev-parse", ref).strip()


# A small package: pkg.core.process calls four helpers of pkg.util.
UTIL = '''
    """Helpers."""


    def load(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()


    def clean(text):
        return text.strip().lower()


    def check(text):
        if not text:
            raise ValueError("empty")


    def emit(text):
        print(text)
        return text
'''

CORE = '''
    """The pipeline."""

    from pkg.util import check, clean, emit, load


    def process(path):
        """Load, clean, check and emit one file."""
        text = load(path)
        text = clean(text)
        check(text)
        return emit(text)
'''

# re-implements pkg.core.process (calls its four callees, never process itself)
REIMPL = '''
    """Written by a coding agent."""

    from pkg.util import check, clean, emit, load


    def handle(path):
        raw = load(path)
        tidy = clean(raw)
        check(tidy)
        return emit(tidy)
'''

# reuses pkg.core.process
REUSE = '''
    """Written by a careful coding agent."""

    from pkg.core import process


    def handle(path):
        return process(path)
'''

BASE_FILES = {"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/core.py": CORE}
