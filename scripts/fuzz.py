#!/usr/bin/env python
"""Coverage-guided fuzzing of reuse-audit with atheris (libFuzzer).  Not run in CI.

    pip install atheris
    python scripts/fuzz.py -max_total_time=1800                 # 30 minutes
    nice -n 10 python scripts/fuzz.py -max_total_time=1800 -print_final_stats=1
    python scripts/fuzz.py --stop-on-failure CRASH_FILE          # replay one input

The first byte of each input picks the target, the rest is its data:

* ``0`` the patch parser + the in-memory apply (mutated real diffs, random
  unified-diff headers): :func:`fuzz_support.check_patch`;
* ``1`` the source parser (random bytes as Python source):
  :func:`fuzz_support.check_source`;
* ``2`` ``reuse-audit check PATCH --repo R`` in process, in one of the four
  formats: :func:`fuzz_support.check_cli`;
* ``3`` both parsers on the same bytes: the data as a patch, and a patch that
  adds it as a new module, through the whole command line.

Seeds (real diffs and this project's own sources) are written to
``<workdir>/seeds`` and read together with the growing corpus
``<workdir>/corpus``; ``<workdir>`` is ``$REUSE_AUDIT_FUZZ_DIR`` or
``$TMPDIR/reuse-audit-fuzz``.  An input that breaks an invariant is saved as
``<workdir>/failures/<sha1>`` with a ``.txt`` beside it that says what broke;
the run goes on (``--stop-on-failure`` makes it a libFuzzer crash instead).
Every 500 executions (and at each failure) ``<workdir>/stats.json`` records
the executions, failures and distinct failures so far; libFuzzer prints its own
totals at the end (``-print_final_stats=1``).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import atheris  # noqa: E402

with atheris.instrument_imports(include=["reuse_audit"]):
    import reuse_audit.app.cli  # noqa: F401,E402
    import reuse_audit.lint.engine  # noqa: F401,E402
    import reuse_audit.source.git  # noqa: F401,E402
    import reuse_audit.index  # noqa: F401,E402
    import reuse_audit.facts.parse  # noqa: F401,E402
    import reuse_audit.source.patch  # noqa: F401,E402
    import reuse_audit.report  # noqa: F401,E402
    import reuse_audit.index.resolve  # noqa: F401,E402
    import reuse_audit.rules  # noqa: F401,E402
    import reuse_audit.source.tree  # noqa: F401,E402

import fuzz_support  # noqa: E402
from reuse_audit.source.tree import MemoryTree  # noqa: E402

FORMATS = ("text", "json", "sarif", "github")

WORKDIR = Path(os.environ.get("REUSE_AUDIT_FUZZ_DIR") or Path(tempfile.gettempdir()) / "reuse-audit-fuzz")
STOP_ON_FAILURE = "--stop-on-failure" in sys.argv
if STOP_ON_FAILURE:
    sys.argv.remove("--stop-on-failure")

STATS = {"executions": 0, "failures": 0}
SEEN: set[str] = set()
STARTED = time.monotonic()


def _setup() -> tuple[Path, MemoryTree]:
    for sub in ("seeds", "corpus", "failures", "scratch"):
        (WORKDIR / sub).mkdir(parents=True, exist_ok=True)
    files = fuzz_support.fuzz_repo_files()
    repo = WORKDIR / "scratch" / "repo"
    if not repo.is_dir():
        fuzz_support.write_files(repo, files)
    seeds = WORKDIR / "seeds"
    for k, text in enumerate(fuzz_support.seed_patches()):
        for target in (b"\x00", b"\x02"):
            (seeds / f"patch-{target[0]}-{k:03d}").write_bytes(target + text.encode("utf-8", "surrogateescape"))
    for k, data in enumerate(fuzz_support.seed_sources()):
        if len(data) <= 60_000:
            (seeds / f"source-{k:03d}").write_bytes(b"\x01" + data)
            if k % 4 == 0:
                (seeds / f"both-{k:03d}").write_bytes(b"\x03" + data)
    return repo, MemoryTree(files)


REPO, TREE = _setup()
PATCH_FILE = WORKDIR / "scratch" / f"input-{os.getpid()}.patch"


def _cli(patch_bytes: bytes, fmt: str) -> None:
    PATCH_FILE.write_bytes(patch_bytes)
    argv = ["check", str(PATCH_FILE), "--repo", str(REPO), "--no-cache", "--jobs", "1", "--format", fmt]
    code, out, err = fuzz_support.run_main(argv)
    fuzz_support.check_cli(code, out, err)


def _new_module_patch(source: bytes) -> bytes:
    lines = source.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    body = b"".join(b"+" + line + b"\n" for line in lines)
    return (
        b"diff --git a/shop/fuzzed.py b/shop/fuzzed.py\nnew file mode 100644\n--- /dev/null\n+++ b/shop/fuzzed.py\n"
        + (b"@@ -0,0 +1,%d @@\n" % len(lines) if lines else b"")
        + body
    )


def _write_stats() -> None:
    stats = dict(STATS, distinct=len(SEEN), seconds=round(time.monotonic() - STARTED, 1))
    (WORKDIR / "stats.json").write_text(json.dumps(stats) + "\n", encoding="utf-8")


def one_input(data: bytes) -> None:
    STATS["executions"] += 1
    if STATS["executions"] % 500 == 0:
        _write_stats()
    if not data:
        return
    target, payload = data[0] % 4, data[1:]
    try:
        if target == 0:
            fuzz_support.check_patch(payload.decode("utf-8", "surrogateescape"), TREE)
        elif target == 1:
            fuzz_support.check_source(payload)
        elif target == 2:
            fmt = FORMATS[len(payload) % len(FORMATS)]
            _cli(payload, fmt)
        else:
            fuzz_support.check_source(payload)
            _cli(_new_module_patch(payload), "json")
    except Exception as exc:  # noqa: BLE001 - every escape is a finding
        _failure(data, exc)


def _failure(data: bytes, exc: BaseException) -> None:
    STATS["failures"] += 1
    summary = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300]
    # one file per distinct kind of failure (the message without numbers and paths)
    key = "".join(c for c in summary if not c.isdigit())[:120]
    digest = hashlib.sha1(data).hexdigest()
    if key not in SEEN:
        SEEN.add(key)
        folder = WORKDIR / "failures"
        (folder / digest).write_bytes(data)
        (folder / f"{digest}.txt").write_text(
            f"{summary}\n\n{''.join(traceback.format_exception(exc))}", encoding="utf-8"
        )
        print(f"\nfuzz: FAILURE {digest}: {summary}", file=sys.stderr, flush=True)
    _write_stats()
    if STOP_ON_FAILURE:
        raise exc


def _report() -> None:
    print(
        f"\nfuzz: executions={STATS['executions']} failures={STATS['failures']} distinct={len(SEEN)} "
        f"workdir={WORKDIR}",
        file=sys.stderr,
        flush=True,
    )


def main() -> None:
    atexit.register(_report)
    argv = list(sys.argv)
    corpus_given = any(not a.startswith("-") for a in argv[1:])
    if not corpus_given:
        argv += [str(WORKDIR / "corpus"), str(WORKDIR / "seeds")]
    if not any(a.startswith("-artifact_prefix=") for a in argv):
        argv.append(f"-artifact_prefix={WORKDIR / 'failures'}/")
    if not any(a.startswith("-max_len=") for a in argv):
        argv.append("-max_len=65536")
    if not any(a.startswith("-timeout=") for a in argv):
        argv.append("-timeout=60")
    if not any(a.startswith("-rss_limit_mb=") for a in argv):
        argv.append("-rss_limit_mb=4096")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
