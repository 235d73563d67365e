"""The pinned library's own runtime dependencies, installed into the workspace's environment.

The study installs each repository "in editable mode into an environment
shared by all configurations": an install brings the release's dependencies
with it.  python-dateutil 2.9.0.post0 needs ``six``, and without it every
module of dateutil that imports six fails to import.  So, when a workspace is
prepared, the release's ``Requires-Dist`` (markers evaluated for the running
interpreter, no extras) and, in turn, theirs, are put in the workspace's site
folder (``.git/reuse-audit/site/``, on the workspace's ``PYTHONPATH``):

* a requirement the running environment satisfies (installed, at a version the
  specifier allows) is copied from there, files and ``*.dist-info``, with no
  download: the tests work offline, and the workspace does not depend on what
  the tool's own environment happens to hold;
* any other is installed with ``pip install --target`` from the package index
  (the same index the source came from), with its dependencies.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.fetch import copy_distribution_files

Pip = Callable[[list[str]], subprocess.CompletedProcess]


def requirements_of(metadata_text: str) -> list:
    """The runtime requirements (``packaging.requirements.Requirement``) of a release's core metadata."""
    from email.parser import HeaderParser

    try:
        from packaging.requirements import InvalidRequirement, Requirement
    except ImportError:
        raise UsageError("the benchmark needs its extra: pip install 'reuse-audit[bench]' (packaging is not installed)") from None

    out = []
    for line in HeaderParser().parsestr(metadata_text).get_all("Requires-Dist") or ():
        try:
            req = Requirement(line)
        except InvalidRequirement:
            continue
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        out.append(req)
    return out


def _installed(name: str):
    from importlib import metadata

    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None


def _copy_distribution(dist, site: Path) -> int:
    """Copy an installed distribution's importable files and its dist-info into ``site``."""
    return copy_distribution_files(
        dist, site, lambda parts: not (parts[0] in ("..", "/") or parts[0].endswith(".data") or "__pycache__" in parts)
    )


def _run_pip(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=900)


def install_requirements(metadata_text: Optional[str], site: Path, package: str, pip: Pip = _run_pip) -> list[str]:
    """Put the runtime dependencies of the release whose metadata is ``metadata_text`` in ``site``.

    Returns ``name version (origin)`` for each one installed.  UsageError when
    one can be neither copied nor installed.
    """
    if not metadata_text:
        return []
    done: list[str] = []
    seen: set[str] = set()
    todo = requirements_of(metadata_text)
    download = []
    while todo:
        req = todo.pop(0)
        key = req.name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        dist = _installed(req.name)
        if dist is not None and req.specifier.contains(dist.version, prereleases=True) and _copy_distribution(dist, site):
            done.append(f"{dist.metadata['Name']} {dist.version} (copied from the running environment)")
            todo.extend(requirements_of(dist.read_text("METADATA") or ""))
        else:
            download.append(str(req))
    if download:
        site.mkdir(parents=True, exist_ok=True)
        args = ["install", "--target", str(site), "--no-input", "--disable-pip-version-check", "--no-warn-script-location",
                *download]
        try:
            proc = pip(args)
        except (OSError, subprocess.SubprocessError) as exc:
            raise UsageError(f"{package}: cannot install its requirements {', '.join(download)}: {exc}") from None
        if proc.returncode != 0:
            lines = [line for line in (proc.stderr or proc.stdout or "").splitlines() if line.strip()]
            why = lines[-1].strip() if lines else f"pip exited with status {proc.returncode}"
            raise UsageError(f"{package}: cannot install its requirements {', '.join(download)}: {why}")
        done.extend(f"{req} (installed from the package index)" for req in download)
    return done
