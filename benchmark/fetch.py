"""Getting a chain's pinned source into a local cache.

``kind: pypi`` sources are looked up in this order:

1. the cache: ``<cache>/<package>-<version>/`` with its record
   ``<cache>/<package>-<version>.json`` (written last, so a folder without a
   record is an interrupted fetch and is fetched again).  Once there, every
   later run works offline;
2. the running environment: when ``importlib.metadata.version(package)`` is
   exactly the pinned version, the installed top-level import package is
   copied (from the distribution's ``files`` list) into
   ``<cache>/installed/<package>-<version>/``, with no download at all.  This
   is how the tests run chains over the installed click without a network.
   There is no archive then, so ``sha256`` cannot be checked (it is None);
3. the package index: ``pip download --no-deps --no-binary <package>
   <package>==<version>`` (the source distribution), or the wheel
   (``--only-binary :all:``) when the release has no sdist, run with the
   tool's own interpreter.  The archive's sha256 is checked against the
   chain's ``sha256`` (when it records one) and recorded; the archive is
   unpacked safely (no absolute paths, ``..``, links leaving the folder or
   special files) and an sdist's single top folder is stripped.

The cache folder is the ``cache_dir`` argument, else the environment variable
``REUSE_AUDIT_BENCH_CACHE``, else ``platformdirs.user_cache_dir("reuse-audit")/sources``.

``kind: path`` sources are used in place (the workspace copies them).

Every fetch returns a :class:`FetchedSource`: the source folder, its import
root (the folder holding ``<import_name>/__init__.py`` or
``<import_name>.py``, e.g. ``src/`` in a src layout) and a content digest of
the tree, which the workspace uses to recognise a workspace built from the
same source.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable, Optional, Union

from reuse_audit.errors import UsageError

from reuse_audit.benchmark.chain import default_import_name
from reuse_audit.benchmark.model import Chain, Source

CACHE_ENV = "REUSE_AUDIT_BENCH_CACHE"
RECORD_FORMAT = 1

#: Folders never copied from a source and never part of its digest.
IGNORED_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", ".bzr", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
        ".tox", ".nox", ".venv", ".eggs",
    }
)
#: Version-control folders (removed from a workspace).
VCS_DIRS = frozenset({".git", ".hg", ".svn", ".bzr"})


@dataclass(frozen=True)
class FetchedSource:
    """A source on local disk, ready to be copied into a workspace."""

    root: Path  # the source tree
    import_root: Path  # folder holding <import_name>/__init__.py (or <import_name>.py); root or below it
    import_name: str
    origin: str  # "path" | "cache" | "download" | "installed"
    digest: str  # tree_digest(root)
    sha256: Optional[str] = None  # of the downloaded archive (pypi), else None
    archive: Optional[str] = None  # file name of that archive
    package: str = ""
    version: Optional[str] = None
    metadata: Optional[Path] = None  # PKG-INFO / METADATA of the release, when the tree has one


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def default_cache_dir() -> Path:
    """``$REUSE_AUDIT_BENCH_CACHE``, else ``<user cache dir>/reuse-audit/sources``."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("reuse-audit")) / "sources"


def resolve_cache_dir(cache_dir: Union[str, Path, None]) -> Path:
    return Path(cache_dir).expanduser() if cache_dir else default_cache_dir()


def ignored_name(name: str) -> bool:
    """True for a file or folder name that is never copied nor digested."""
    return name in IGNORED_DIRS or name.endswith((".pyc", ".pyo"))


def iter_tree(root: Path):
    """Relative POSIX paths of the files and symlinks under ``root``, sorted, skipping ignored names
    and virtual environments."""
    out: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        current = Path(dirpath)
        keep = []
        for d in dirnames:
            full = current / d
            if ignored_name(d) or (full / "pyvenv.cfg").exists():
                continue
            if full.is_symlink():
                filenames.append(d)  # a link to a folder is recorded as a link, not followed
                continue
            keep.append(d)
        dirnames[:] = sorted(keep)
        for f in filenames:
            if not ignored_name(f):
                out.append((current / f).relative_to(root).as_posix())
    return sorted(out)


def tree_digest(root: Path) -> str:
    """SHA-256 over the tree's relative paths, executable bits, and file contents (link targets)."""
    h = hashlib.sha256()
    for rel in iter_tree(root):
        full = root / rel
        if full.is_symlink():
            h.update(f"L {rel}\0{os.readlink(full)}\0".encode("utf-8", "surrogateescape"))
            continue
        try:
            mode = full.stat().st_mode
        except OSError:
            continue
        if not stat.S_ISREG(mode):
            continue
        h.update(f"F {rel}\0{'x' if mode & 0o111 else '-'}\0".encode("utf-8", "surrogateescape"))
        h.update(hashlib.sha256(full.read_bytes()).digest())
    return h.hexdigest()


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _has_import(folder: Path, import_name: str) -> bool:
    return (folder / import_name / "__init__.py").is_file() or (folder / f"{import_name}.py").is_file()


_NOT_ROOTS = frozenset({"tests", "test", "testing", "docs", "doc", "examples", "build", "dist", "benchmarks"})


def find_import_root(root: Path, import_name: str) -> Path:
    """The folder under ``root`` that holds ``<import_name>/__init__.py`` (or ``<import_name>.py``):
    ``root`` itself, ``root/src``, ``root/lib``, else the shallowest one (down to 3 levels)."""
    for candidate in (root, root / "src", root / "lib"):
        if _has_import(candidate, import_name):
            return candidate
    level = [root]
    for _ in range(3):
        nxt: list[Path] = []
        for folder in level:
            try:
                children = sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())
            except OSError:
                continue
            for child in children:
                if ignored_name(child.name) or child.name.startswith(".") or child.name in _NOT_ROOTS:
                    continue
                if child.name.endswith((".egg-info", ".dist-info")):
                    continue
                if _has_import(child, import_name):
                    return child
                nxt.append(child)
        level = nxt
    raise UsageError(
        f"{root}: no import package {import_name!r} found (looked for {import_name}/__init__.py and "
        f"{import_name}.py, in the folder, src/, lib/ and below); set source.import_name in the chain"
    )


def _find_metadata(root: Path, import_root: Path) -> Optional[Path]:
    """The release's core metadata in the tree: an sdist's PKG-INFO or a wheel's *.dist-info/METADATA."""
    if (root / "PKG-INFO").is_file():
        return root / "PKG-INFO"
    for folder in (root, import_root):
        for info in sorted(folder.glob("*.dist-info")):
            if (info / "METADATA").is_file():
                return info / "METADATA"
    return None


# --------------------------------------------------------------------------
# safe unpacking
# --------------------------------------------------------------------------


def _check_member(name: str, archive: str) -> PurePosixPath:
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise UsageError(f"{archive}: refusing to unpack member {name!r}: absolute path")
    if ".." in pure.parts:
        raise UsageError(f"{archive}: refusing to unpack member {name!r}: it leaves the folder ('..')")
    return pure


def safe_extract(archive: Path, dest: Path) -> None:
    """Unpack a .tar(.gz/.bz2/.xz) or .zip/.whl archive into ``dest``, rejecting members with absolute
    paths or ``..``, links that leave ``dest`` and device/fifo members."""
    dest.mkdir(parents=True, exist_ok=True)
    shown = archive.name
    name = archive.name.lower()
    if name.endswith((".zip", ".whl")):
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                _check_member(info.filename, shown)
                mode = (info.external_attr >> 16) & 0xFFFF
                if stat.S_ISLNK(mode):
                    raise UsageError(f"{shown}: refusing to unpack member {info.filename!r}: symbolic link")
            zf.extractall(dest)
        return
    try:
        tf = tarfile.open(archive)
    except (tarfile.TarError, OSError) as exc:
        raise UsageError(f"{shown}: cannot open the archive: {exc}") from None
    with tf:
        members = tf.getmembers()
        for m in members:
            pure = _check_member(m.name, shown)
            if m.isdev() or m.isfifo():
                raise UsageError(f"{shown}: refusing to unpack member {m.name!r}: special file")
            if m.issym() or m.islnk():
                link = PurePosixPath(m.linkname)
                target = link if m.islnk() else pure.parent / link
                if link.is_absolute() or ".." in PurePosixPath(os.path.normpath(str(target))).parts or str(
                    os.path.normpath(str(target))
                ).startswith(".."):
                    raise UsageError(f"{shown}: refusing to unpack member {m.name!r}: link leaves the folder")
        if hasattr(tarfile, "data_filter"):
            tf.extractall(dest, members=members, filter="data")
        else:  # pragma: no cover - Python < 3.11.4
            tf.extractall(dest, members=members)


def _strip_single_top(folder: Path) -> Path:
    """The one folder an sdist unpacks to (``click-8.1.7/``), else ``folder`` itself."""
    entries = [p for p in folder.iterdir()]
    if len(entries) == 1 and entries[0].is_dir() and not entries[0].is_symlink():
        return entries[0]
    return folder


# --------------------------------------------------------------------------
# pip
# --------------------------------------------------------------------------


def _run_pip(args: list[str]) -> subprocess.CompletedProcess:
    """Run ``python -m pip <args>`` with the tool's interpreter (tests replace this)."""
    return subprocess.run(
        [sys.executable, "-m", "pip", *args],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=900,
    )


def _pip_error(proc: subprocess.CompletedProcess) -> str:
    lines = [ln.strip() for ln in (proc.stderr or "").splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith("ERROR:")]
    line = errors[-1] if errors else (lines[-1] if lines else f"pip exited with status {proc.returncode}")
    return line[len("ERROR:") :].strip() if line.startswith("ERROR:") else line


def _download(package: str, version: str, into: Path) -> Path:
    """Download the sdist (or the wheel when there is none) of ``package==version``; return the file."""
    spec = f"{package}=={version}"
    common = ["download", "--no-deps", "--disable-pip-version-check", "--no-input", "--ignore-requires-python"]
    attempts = [
        ["--no-binary", package, spec],  # the sdist; build tools may still come as wheels
        ["--only-binary", ":all:", spec],  # no sdist on the index: the wheel
    ]
    last = ""
    for extra in attempts:
        out = into / ("sdist" if extra[0] == "--no-binary" else "wheel")
        out.mkdir(parents=True, exist_ok=True)
        try:
            proc = _run_pip([*common, "-d", str(out), *extra])
        except subprocess.TimeoutExpired:
            last = "pip download timed out"
            continue
        except OSError as exc:
            last = f"cannot run pip: {exc}"
            continue
        files = sorted(p for p in out.iterdir() if p.is_file()) if proc.returncode == 0 else []
        if proc.returncode == 0 and len(files) == 1:
            return files[0]
        last = _pip_error(proc) if proc.returncode != 0 else f"pip saved {len(files)} files, expected one"
    raise UsageError(f"cannot fetch {spec} from the package index: {last}")


# --------------------------------------------------------------------------
# the installed release
# --------------------------------------------------------------------------


def installed_version(package: str) -> Optional[str]:
    try:
        from importlib import metadata

        return metadata.version(package)
    except Exception:
        return None


def copy_distribution_files(dist, dest: Path, keep: Callable[[tuple[str, ...]], bool]) -> int:
    """Copy the files an installed distribution's RECORD lists (as path parts, relative to
    its site folder) for which ``keep(parts)`` holds into ``dest``; returns how many."""
    copied = 0
    for entry in dist.files or ():
        parts = PurePosixPath(str(entry)).parts
        if not parts or not keep(parts):
            continue
        src = Path(dist.locate_file(entry))
        if not src.is_file():
            continue
        target = dest.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        copied += 1
    return copied


def _copy_installed(package: str, import_name: str, dest: Path) -> None:
    """Copy the installed top-level import package of distribution ``package`` into ``dest``."""
    from importlib import metadata

    dist = metadata.distribution(package)
    copied = copy_distribution_files(
        dist, dest, lambda parts: parts[0] in (import_name, f"{import_name}.py") and not any(ignored_name(p) for p in parts)
    )
    if not copied:  # no RECORD (or an editable install): find the package on sys.path
        spec = importlib.util.find_spec(import_name)
        if spec is None or not spec.origin:
            raise UsageError(f"{package}: installed, but its import package {import_name!r} was not found")
        if spec.submodule_search_locations:
            shutil.copytree(
                list(spec.submodule_search_locations)[0],
                dest / import_name,
                ignore=lambda d, names: [n for n in names if ignored_name(n)],
            )
        else:
            shutil.copy2(spec.origin, dest / f"{import_name}.py")


# --------------------------------------------------------------------------
# cache records
# --------------------------------------------------------------------------


def _read_record(path: Path) -> Optional[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("format") == RECORD_FORMAT else None


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _install_folder(tmp_tree: Path, final: Path) -> None:
    if final.exists() or final.is_symlink():
        shutil.rmtree(final, ignore_errors=True)
    final.parent.mkdir(parents=True, exist_ok=True)
    os.replace(tmp_tree, final)


def _sha_mismatch(source: Source, archive: str, actual: str) -> UsageError:
    return UsageError(
        f"{source.package}=={source.version}: sha256 of {archive} is {actual}, "
        f"but the chain records {source.sha256}"
    )


def _fetched(source: Source, root: Path, origin: str, record: Optional[dict] = None) -> FetchedSource:
    import_name = source.import_name or default_import_name(source.package)
    import_root = find_import_root(root, import_name)
    digest = record.get("digest") if record and record.get("digest") else tree_digest(root)
    return FetchedSource(
        root=root,
        import_root=import_root,
        import_name=import_name,
        origin=origin,
        digest=digest,
        sha256=(record or {}).get("sha256"),
        archive=(record or {}).get("archive"),
        package=source.package,
        version=source.version,
        metadata=_find_metadata(root, import_root),
    )


# --------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------


def fetch_source(
    source: Source,
    *,
    base_dir: Union[str, Path, None] = None,
    cache_dir: Union[str, Path, None] = None,
    use_installed: bool = True,
) -> FetchedSource:
    """Make ``source`` available on local disk (see the module docstring for the order of look-ups).

    ``base_dir`` resolves a relative ``kind: path`` folder (the chain file's folder).
    Raises :class:`UsageError` when the source cannot be had or its checksum differs.
    """
    if source.kind == "path":
        if not source.path:
            raise UsageError(f"source {source.package}: kind path needs a path")
        folder = Path(source.path).expanduser()
        if not folder.is_absolute():
            folder = Path(base_dir or ".") / folder
        folder = folder.resolve()
        if not folder.is_dir():
            raise UsageError(f"source {source.package}: folder {folder} not found")
        return _fetched(source, folder, "path")
    if source.kind != "pypi":
        raise UsageError(f"source {source.package}: unknown kind {source.kind!r} (expected pypi or path)")
    if not source.version:
        raise UsageError(f"source {source.package}: kind pypi needs an exact version")

    cache = resolve_cache_dir(cache_dir)
    key = f"{source.package}-{source.version}"
    folder, record_path = cache / key, cache / f"{key}.json"

    # 1. the cache
    record = _read_record(record_path)
    if record and folder.is_dir():
        if source.sha256 and record.get("sha256") and record["sha256"].lower() != source.sha256.lower():
            raise _sha_mismatch(source, record.get("archive") or key, record["sha256"])
        return _fetched(source, folder, "cache", record)

    # 2. the installed release
    if use_installed and installed_version(source.package) == source.version:
        import_name = source.import_name or default_import_name(source.package)
        ifolder, irecord_path = cache / "installed" / key, cache / "installed" / f"{key}.json"
        irecord = _read_record(irecord_path)
        if not (irecord and ifolder.is_dir()):
            ifolder.parent.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=f".{key}.", dir=ifolder.parent))
            try:
                _copy_installed(source.package, import_name, tmp / "tree")
                irecord = {
                    "format": RECORD_FORMAT,
                    "package": source.package,
                    "version": source.version,
                    "origin": "installed",
                    "digest": tree_digest(tmp / "tree"),
                }
                _install_folder(tmp / "tree", ifolder)
                _write_json(irecord_path, irecord)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
        return _fetched(source, ifolder, "installed", irecord)

    # 3. the package index
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{key}.", dir=cache))
    try:
        archive = _download(source.package, source.version, tmp / "download")
        actual = file_sha256(archive)
        if source.sha256 and actual != source.sha256.lower():
            raise _sha_mismatch(source, archive.name, actual)
        safe_extract(archive, tmp / "unpacked")
        tree = _strip_single_top(tmp / "unpacked") if not archive.name.endswith(".whl") else tmp / "unpacked"
        record = {
            "format": RECORD_FORMAT,
            "package": source.package,
            "version": source.version,
            "origin": "download",
            "archive": archive.name,
            "sha256": actual,
            "digest": tree_digest(tree),
        }
        if _read_record(record_path) and folder.is_dir():  # another process got there first
            return _fetched(source, folder, "cache", _read_record(record_path))
        _install_folder(tree, folder)
        _write_json(record_path, record)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return _fetched(source, folder, "download", record)


def fetch_chain(chain: Chain, cache_dir: Union[str, Path, None] = None, *, use_installed: bool = True) -> FetchedSource:
    """:func:`fetch_source` of a chain's source (a relative path source is relative to the chain file)."""
    return fetch_source(chain.source, base_dir=chain.file.parent, cache_dir=cache_dir, use_installed=use_installed)
