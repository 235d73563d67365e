"""Which distribution a file belongs to, and what that distribution requires: read off the
nearest ``pyproject.toml`` above it (PEP 621's ``[project]``), so that a rule can tell a function
one can call from one of a distribution it does not require.

A monorepo holds several distributions (``python/packages/autogen-ext`` beside
``autogen-agentchat``): code of one calls another's only if it requires it (an extra of it,
``[project.optional-dependencies]``, is not enough: the code would fail without it).
"""

from __future__ import annotations

import posixpath
import re
import sys
from dataclasses import dataclass
from typing import Callable, Iterable, Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def normalize(name: str) -> str:
    """A distribution or top-level module name as PEP 503 compares them (``autogen_agentchat``
    and ``Autogen-AgentChat`` are one name)."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Distribution:
    root: str  # the folder of its pyproject.toml, relative to the repository ("" at the top)
    name: str  # normalized
    required: frozenset[str]  # normalized names of [project].dependencies
    optional: frozenset[str]  # normalized names of every extra's dependencies


def _names(requirements: object) -> frozenset[str]:
    if not isinstance(requirements, list):
        return frozenset()
    found = (_NAME.match(r) for r in requirements if isinstance(r, str))
    return frozenset(normalize(m.group(1)) for m in found if m)


def parse(root: str, text: bytes) -> Optional[Distribution]:
    """The distribution a ``pyproject.toml`` declares, or None when it declares no ``[project]``
    name (a tool's settings only) or cannot be read."""
    try:
        data = tomllib.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    project = data.get("project")
    if not isinstance(project, dict) or not isinstance(project.get("name"), str):
        return None
    extras = project.get("optional-dependencies")
    optional = frozenset().union(*(_names(v) for v in extras.values())) if isinstance(extras, dict) else frozenset()
    return Distribution(root, normalize(project["name"]), _names(project.get("dependencies")), optional)


def distribution_of(path: str, read: Callable[[str], bytes]) -> Optional[Distribution]:
    """The distribution of the nearest ``pyproject.toml`` above ``path`` that declares one
    (``read``: repository path -> bytes, raising when there is no such file)."""
    folder = posixpath.dirname(path)
    while True:
        candidate = posixpath.join(folder, "pyproject.toml") if folder else "pyproject.toml"
        try:
            text = read(candidate)
        except Exception:
            text = None
        if text is not None:
            found = parse(folder, text)
            if found is not None:
                return found
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def private(qualname: str) -> bool:
    """Is a function private to its distribution: a part of its module path or name with a
    leading underscore (``autogen_core.code_executor._func_with_reqs._strip_decorator``), not a
    dunder (``__init__``)?"""
    return any(p.startswith("_") and not (p.startswith("__") and p.endswith("__")) for p in qualname.split("."))


def missing_requirement(
    new_path: str, target_path: str, new_imports: Iterable[str], read: Callable[[str], bytes], target_private: bool = False,
) -> Optional[str]:
    """The distribution code at ``new_path`` would have to require to call a function of
    ``target_path``, and does not: the target's, when it is another distribution of the
    repository that the new code's distribution does not require (an extra of it, or nothing)
    and the new module (``new_imports``: its top-level module names) does not import.  None when
    nothing is missing or either distribution is unknown.

    (A module that imports a package only an extra installs is not counted: on agent commits,
    of three copies between two optional backends' modules, one was a copy to extract into a
    shared module, which reviewers want to hear of.)"""
    mine = distribution_of(new_path, read)
    theirs = distribution_of(target_path, read)
    if mine is None or theirs is None or theirs.root == mine.root:
        return None
    if target_private:
        return theirs.name  # another distribution's internals are no API of it, required or not
    if theirs.name in {mine.name} | mine.required | {normalize(m) for m in new_imports}:
        return None
    return theirs.name
