"""Do the lazy and the full index give the same reports on a big repository?

Prints figures; it is not a test (tests/test_lazy.py is, on smaller packages).

    python scripts/lazy_check.py /tmp/perf/sympy-1.14.0 --package sympy --patches 60

Each patch adds, next to a module of PACKAGE, a renamed copy of one of its
functions (or the first half of one, which may not parse), as
``tests/test_lazy.py`` makes them.  Each is checked twice (RA001, or the rules
``--select`` names): lazily
(a cache of parsed facts and no snapshot: ``lazy.py``), and from the full
index (its snapshot, updated for the patch).  Prints how many reports agree,
the findings, and what the lazy checks parsed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path)
    parser.add_argument("--package", required=True, help="the package folder under REPO whose functions are copied")
    parser.add_argument("--patches", type=int, default=60)
    parser.add_argument("--select", default="RA001", help="rule codes, comma-separated, or 'all' (default: RA001)")
    args = parser.parse_args(argv)

    from test_lazy import _copy_patches

    from reuse_audit.facts.cache import FactsCache
    from reuse_audit.source.change import change_from_patch
    from reuse_audit.api import run
    from reuse_audit.settings import Settings

    settings = Settings() if args.select == "all" else Settings(select=tuple(args.select.split(",")))
    patches = _copy_patches(args.repo, args.package, args.patches)
    agree, findings, parsed, searched, lazy_s, full_s = 0, 0, [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        lazy_cache, full_cache = FactsCache(Path(tmp) / "lazy"), FactsCache(Path(tmp) / "full")
        try:
            for i, patch in enumerate(patches):
                change = change_from_patch(args.repo, patch, f"p{i}.patch")
                started = time.perf_counter()
                lazy = run(change, settings, cache=lazy_cache)
                lazy_s.append(time.perf_counter() - started)
                build = dict(lazy.index.build)
                assert build["mode"] == "lazy", build
                parsed.append(build["parsed"])
                searched.append(build.get("searched", 0))
                started = time.perf_counter()
                full = run(change, settings, cache=full_cache, lazy=False)
                full_s.append(time.perf_counter() - started)
                same = lazy.report == full.report
                agree += same
                findings += len(full.report.findings)
                if not same:
                    print(f"DIFFER: patch {i}\n{patch[:400]}\nlazy: {lazy.report}\nfull: {full.report}")
        finally:
            lazy_cache.close()
            full_cache.close()
    print(f"{len(patches)} patches: {agree} reports agree; {findings} findings in all")
    print(f"lazy: files searched median {statistics.median(searched)}, max {max(searched)};"
          f" parsed median {statistics.median(parsed)}, max {max(parsed)} (with earlier checks' facts cached)")
    print(f"seconds a check (in process, caches warm after the first): lazy median {statistics.median(lazy_s):.2f},"
          f" full median {statistics.median(full_s):.2f}")
    return 0 if agree == len(patches) else 1


if __name__ == "__main__":
    sys.exit(main())
