"""Two installs of reuse-audit on ``perf.py --realistic``'s patches, alternated: best wall and CPU seconds.

    python scripts/perf_compare.py --before VENV_A --after VENV_B --sympy DIR [--rounds 3] [--patch sqrt]

Prints figures; asserts nothing (development only: it is not a test).  ``perf.py --realistic``
runs one revision; comparing two of its runs taken minutes apart compares the machine's load as
much as the code.  Here each round runs both installs one after the other (their order swapped
every round), each on its own cache: **cold** (an empty cache), **again** (the same check at
once), **other** (the change in another new file), then, after the background build, **warm**
(the first check again) and **new** (the change in a third file).  Each command's CPU seconds
(``os.wait4``: the process and the children it waited for) are printed beside its wall
seconds: CPU moves less with the load.  Best of the rounds per column.

Give each revision its own virtual environment with a wheel or ``pip install DIR`` (an editable
install compiles the project on every run where ``PYTHONDONTWRITEBYTECODE`` is set).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import perf  # REALISTIC and renamed_file (the patches of perf.py --realistic), measure

COLUMNS = ("cold", "again", "other", "warm", "new")
WAIT = """
try:
    from reuse_audit.index.background import wait
except ImportError:  # before the layout of issue 28
    from reuse_audit.background import wait
wait({cache!r}, 1200)
"""


def timed(venv: Path, patch: Path, repo: Path, cache: Path) -> tuple[float, float, int]:
    """(wall s, CPU s, exit status) of one quiet check (``perf.measure``)."""
    command = [str(venv / "bin" / "reuse-audit"), "check", str(patch), "--repo", str(repo), "--cache-dir", str(cache), "-q"]
    sample = perf.measure(command)
    return sample.seconds, sample.cpu, sample.status


def wait_background(venv: Path, cache: Path) -> None:
    subprocess.run([str(venv / "bin" / "python"), "-c", WAIT.format(cache=str(cache))], check=False)


def one_round(venv: Path, text: str, repo: Path, work: Path, tag: str) -> dict[str, tuple[float, float, int]]:
    cache = work / f"cache-{tag}"
    shutil.rmtree(cache, ignore_errors=True)
    patches = {}
    for name, changed in (("first", text), ("other", perf.renamed_file(text, f"_o{tag}")), ("new", perf.renamed_file(text, f"_n{tag}"))):
        patches[name] = work / f"{name}-{tag}.patch"
        patches[name].write_text(changed, encoding="utf-8")
    row = {
        "cold": timed(venv, patches["first"], repo, cache),
        "again": timed(venv, patches["first"], repo, cache),
        "other": timed(venv, patches["other"], repo, cache),
    }
    wait_background(venv, cache)
    row["warm"] = timed(venv, patches["first"], repo, cache)
    row["new"] = timed(venv, patches["new"], repo, cache)
    wait_background(venv, cache)  # (no build of this revision runs into the other's next check)
    shutil.rmtree(cache, ignore_errors=True)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the virtual environment of the first revision")
    parser.add_argument("--after", type=Path, required=True, help="the virtual environment of the second revision")
    parser.add_argument("--sympy", type=Path, required=True, help="unpacked sympy 1.14.0 source (perf.py fetches it)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--patch", default="", help="only the realistic patches whose label holds this")
    args = parser.parse_args()
    installs = [("before", args.before), ("after", args.after)]
    best: dict[tuple[str, str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="reuse-audit-compare-") as tmp:
        work = Path(tmp)
        for label, template in perf.REALISTIC:
            if args.patch not in label:
                continue
            text = template.format(prefix="")
            for run in range(args.rounds):
                for name, venv in installs if run % 2 == 0 else installs[::-1]:
                    row = one_round(venv, text, args.sympy, work, f"{name}{run}")
                    cells = " ".join(f"{c} {w:.2f}/{cpu:.2f}/{e}" for c, (w, cpu, e) in row.items())
                    print(f"{label[:24]:<24} {run + 1} {name:<6} {cells}  load {os.getloadavg()[0]:.1f}", flush=True)
                    for column, (wall, cpu, _) in row.items():
                        cell = best.setdefault((label, column, name), [wall, cpu])
                        cell[0], cell[1] = min(cell[0], wall), min(cell[1], cpu)
    print(f"\nbest of {args.rounds}, wall s (CPU s), before -> after")
    for label, _ in perf.REALISTIC:
        if args.patch not in label:
            continue
        cells = []
        for column in COLUMNS:
            (bw, bc), (aw, ac) = best[(label, column, "before")], best[(label, column, "after")]
            cells.append(f"{column} {bw:.2f} ({bc:.2f}) -> {aw:.2f} ({ac:.2f})")
        print(f"{label[:24]:<24} " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
