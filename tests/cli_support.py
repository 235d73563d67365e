"""Helpers for the end-to-end tests of the ``reuse-audit`` console script.

The tests run the installed script in a subprocess, so exit codes, standard
output and standard error are the real ones.  Every run gets
``REUSE_AUDIT_CACHE_DIR`` pointing into a temporary folder (and the tests pass
``--no-cache`` or ``--cache-dir``), so nothing touches the user's cache.

A repository is a dict {POSIX path: text or bytes}; :func:`make_patch` writes
the ``git diff`` that turns one such dict into another.
"""

from __future__ import annotations

import atexit
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence, Union

Content = Union[str, bytes]

# ---------------------------------------------------------------------------
# the console script


def script() -> str:
    """Path of the installed ``reuse-audit`` console script (next to this Python)."""
    name = "reuse-audit.exe" if os.name == "nt" else "reuse-audit"
    beside = Path(sys.executable).parent / name
    if beside.is_file():
        return str(beside)
    found = shutil.which("reuse-audit")
    assert found, "the reuse-audit console script is not installed (pip install -e .)"
    return found


# a cache for runs that are not given --no-cache or --cache-dir (never the user's)
_CACHE_HOME = tempfile.mkdtemp(prefix="reuse-audit-test-cache-")
atexit.register(shutil.rmtree, _CACHE_HOME, True)


@dataclass(frozen=True)
class Run:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        return (
            f"reuse-audit {' '.join(self.args)}\nexit {self.returncode}\n"
            f"--- stdout\n{self.stdout}--- stderr\n{self.stderr}"
        )


#: environment variables an in-process run can set for its duration; any other (PYTHONIOENCODING,
#: PYTHONHASHSEED, ...) is read when a Python process starts: that run gets a subprocess
_IN_PROCESS_ENV = frozenset({"REUSE_AUDIT_CACHE_DIR", "XDG_CACHE_HOME", "NO_COLOR", "FORCE_COLOR", "TERM"})


def run_cli(
    args: Sequence[Union[str, Path]],
    cwd: Optional[Path] = None,
    stdin: Optional[bytes] = None,
    env: Optional[Mapping[str, str]] = None,
    timeout: float = 120,
    in_process: bool = False,
) -> Run:
    """Run ``reuse-audit ARGS`` and return what it did.

    ``in_process``: call ``reuse_audit.app.cli.main`` in this process (no interpreter start:
    about ten times faster) with the same environment, folder, standard streams and exit
    status, where a subprocess proves nothing more; a run whose ``env`` must be seen by
    a starting interpreter still gets a subprocess.
    """
    if in_process and set(env or {}) <= _IN_PROCESS_ENV:
        return _run_in_process(args, cwd, stdin, env)
    environment = dict(os.environ)
    environment.pop("REUSE_AUDIT_DEBUG", None)
    environment["REUSE_AUDIT_CACHE_DIR"] = _CACHE_HOME
    environment["XDG_CACHE_HOME"] = _CACHE_HOME
    environment.update(env or {})
    argv = [str(a) for a in args]
    done = subprocess.run(
        [script(), *argv],
        cwd=str(cwd) if cwd is not None else None,
        input=stdin if stdin is not None else b"",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
        timeout=timeout,
    )
    return Run(
        tuple(argv),
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def _run_in_process(args, cwd, stdin, env) -> Run:
    import io

    from reuse_audit.app.cli import main

    argv = [str(a) for a in args]
    environment = {"REUSE_AUDIT_CACHE_DIR": _CACHE_HOME, "XDG_CACHE_HOME": _CACHE_HOME, **(env or {})}
    saved_env = {name: os.environ.get(name) for name in [*environment, "REUSE_AUDIT_DEBUG"]}
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_cwd = os.getcwd()
    out, err = io.BytesIO(), io.BytesIO()
    code = 0
    wrappers: tuple = ()
    try:
        os.environ.pop("REUSE_AUDIT_DEBUG", None)
        os.environ.update(environment)
        wrappers = (
            io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"),
            io.TextIOWrapper(out, encoding="utf-8", write_through=True),
            io.TextIOWrapper(err, encoding="utf-8", write_through=True),
        )
        sys.stdin, sys.stdout, sys.stderr = wrappers
        if cwd is not None:
            os.chdir(cwd)
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        os.chdir(saved_cwd)
        for wrapper in wrappers:
            wrapper.flush()
            wrapper.detach()  # closing the wrapper must not close the bytes read below
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return Run(tuple(argv), code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def assert_usage_error(run: Run, *needles: str) -> str:
    """Exit 2, nothing on stdout, one ``reuse-audit: error:`` line naming every needle."""
    assert run.returncode == 2, str(run)
    assert run.stdout == "", str(run)
    assert "Traceback" not in run.stderr, str(run)
    lines = run.stderr.splitlines()
    assert len(lines) == 1, str(run)
    assert run.stderr.endswith("\n"), str(run)
    line = lines[0]
    assert line.startswith("reuse-audit: error: "), str(run)
    assert "internal error" not in line, str(run)
    for needle in needles:
        assert needle in line, f"{needle!r} not in the message\n{run}"
    return line


# ---------------------------------------------------------------------------
# repositories and patches


def write_tree(root: Path, files: Mapping[str, Content]) -> Path:
    for path, content in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


def _text(content: Content) -> str:
    # surrogateescape keeps non-UTF-8 bytes exact through the patch text
    return content if isinstance(content, str) else content.decode("utf-8", "surrogateescape")


def _hunks(old: str, new: str) -> list[str]:
    out = []
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), n=3)
    for line in list(lines)[2:]:  # difflib's own ---/+++ lines
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return out


def make_patch(before: Mapping[str, Content], after: Mapping[str, Content]) -> bytes:
    """The ``git diff`` from ``before`` to ``after`` (additions, deletions, edits)."""
    chunks: list[str] = []
    for path in sorted(set(before) | set(after)):
        old = _text(before[path]) if path in before else None
        new = _text(after[path]) if path in after else None
        if old == new:
            continue
        if old is None:
            chunks.append(f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n")
            chunks.extend(_hunks("", new or ""))
        elif new is None:
            chunks.append(f"diff --git a/{path} b/{path}\ndeleted file mode 100644\n--- a/{path}\n+++ /dev/null\n")
            chunks.extend(_hunks(old, ""))
        else:
            chunks.append(f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n")
            chunks.extend(_hunks(old, new))
    return "".join(chunks).encode("utf-8", "surrogateescape")


def snapshot(root: Path) -> dict[str, tuple[str, int, bytes]]:
    """Every entry under ``root``: relative path -> (kind, mtime_ns, bytes)."""
    out: dict[str, tuple[str, int, bytes]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            full = Path(dirpath) / name
            rel = full.relative_to(root).as_posix()
            st = full.lstat()
            if full.is_symlink():
                out[rel] = ("link", st.st_mtime_ns, os.readlink(full).encode())
            elif full.is_dir():
                out[rel] = ("dir", st.st_mtime_ns, b"")
            else:
                out[rel] = ("file", st.st_mtime_ns, full.read_bytes())
    return out


# ---------------------------------------------------------------------------
# the example repository: a package with one function of 5 callees

UTIL = '''\
"""Helpers."""


def parse_price(text):
    return float(text.strip())


def lookup_rate(country):
    return {"FR": 0.2, "DE": 0.19}.get(country, 0.0)


def apply_tax(amount, rate):
    return amount * (1 + rate)


def round_cents(amount):
    return round(amount, 2)


def format_price(amount, currency):
    return f"{amount:.2f} {currency}"
'''

PRICING = '''\
"""Prices."""

from shop.util import apply_tax, format_price, lookup_rate, parse_price, round_cents


def price_label(text, country):
    amount = parse_price(text)
    rate = lookup_rate(country)
    taxed = apply_tax(amount, rate)
    return format_price(round_cents(taxed), "EUR")
'''

IMPORTS = "from shop.util import apply_tax, format_price, lookup_rate, parse_price, round_cents\n"


def copy_module(def_line: str = "def label_for(text, country):", calls: int = 5, doc: str = "Reports.") -> str:
    """A new module whose one function calls ``calls`` (5, 4 or 3) of price_label's callees."""
    body = {
        5: [
            "    value = parse_price(text)",
            "    taxed = apply_tax(value, lookup_rate(country))",
            '    return format_price(round_cents(taxed), "EUR")',
        ],
        4: [  # no round_cents
            "    value = parse_price(text)",
            "    taxed = apply_tax(value, lookup_rate(country))",
            '    return format_price(taxed, "EUR")',
        ],
        3: [  # parse_price, lookup_rate, apply_tax
            "    return apply_tax(parse_price(text), lookup_rate(country))",
        ],
    }[calls]
    return f'"""{doc}"""\n\n{IMPORTS}\n\n{def_line}\n' + "\n".join(body) + "\n"


BASE: dict[str, Content] = {
    "shop/__init__.py": '"""A small shop."""\n',
    "shop/util.py": UTIL,
    "shop/pricing.py": PRICING,
    "README.txt": "not python\n",
}

#: the line and column of ``def label_for`` in :func:`copy_module`
COPY_LINE = 6

REUSING = '''\
"""Reports that reuse price_label."""

from shop.pricing import price_label


def label_for(text, country):
    return price_label(text, country).upper()
'''


@dataclass(frozen=True)
class Case:
    repo: Path
    patch: Path
    before: dict
    after: dict


def make_case(
    tmp_path: Path,
    added: Optional[Mapping[str, Content]] = None,
    base: Optional[Mapping[str, Content]] = None,
    name: str = "change.patch",
) -> Case:
    """Write ``base`` (default :data:`BASE`) to tmp_path/repo and a patch adding ``added``
    (default: shop/report.py, a copy of price_label) to tmp_path/<name>."""
    before = dict(BASE if base is None else base)
    after = dict(before)
    after.update({"shop/report.py": copy_module()} if added is None else added)
    repo = tmp_path / "repo"
    write_tree(repo, before)
    patch = tmp_path / name
    patch.write_bytes(make_patch(before, after))
    return Case(repo, patch, before, after)
