"""What becomes of the fix of each finding on the agent commits: offered, refused before it is
built, or built and refused by its verification (issue 28: whether the text report's ``[*]``
marks need the verification they pay for).

Development-time only. Reads the results of ``scripts/commits_corpus.py`` (``--results``: JSON
lines, one a commit) and, for every commit with a finding, runs in its clone

    reuse-audit check --base PARENT --head COMMIT --repo CLONE              # the [*] marks
    reuse-audit check --base PARENT --head COMMIT --repo CLONE --diff --unsafe-fixes

then counts the findings, the ``[*]`` marks (safe fixes), the fixes ``--diff --unsafe-fixes``
would make, and the reasons of the others: a reason given before the fix is built ("no fix
for ...: <reason>") or by the verification ("fix of ... not offered: <reason>": the fixed tree
has a new finding, or two fixes conflict).

    python scripts/fix_outcomes.py --exe VENV/bin/reuse-audit --results RUN.jsonl --clones CLONES
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from commits_corpus import (  # (this folder: python scripts/fix_outcomes.py)
    CORPUS,
    read_rows,
)


def run_commit(exe: str, row: dict, clones: Path) -> dict:
    clone = clones / row["repo"].replace("/", "+")
    base = [exe, "check", "--base", row["parent"], "--head", row["commit"], "--repo", str(clone)]
    text = subprocess.run(base, check=False, capture_output=True, text=True)
    diff = subprocess.run(base + ["--diff", "--unsafe-fixes"], check=False, capture_output=True, text=True)
    return {"repo": row["repo"], "commit": row["commit"], "text": text.stdout, "diff": diff.stdout + diff.stderr}


def tally(records: list[dict]) -> tuple[collections.Counter, collections.Counter, list[tuple[str, str]]]:
    counts: collections.Counter = collections.Counter()
    before: collections.Counter = collections.Counter()
    verification: list[tuple[str, str]] = []
    for rec in records:
        counts["findings"] += len(re.findall(r": RA0\d\d ", rec["text"]))
        counts["[*] marks (safe fixes)"] += len(re.findall(r": RA0\d\d \[\*\]", rec["text"]))
        offered = re.search(r"Would fix (\d+) finding", rec["diff"])
        counts["fixes --diff --unsafe-fixes makes"] += int(offered.group(1)) if offered else 0
        for line in rec["diff"].splitlines():
            if " not offered: " in line:
                verification.append((rec["repo"], line.split(" not offered: ", 1)[1]))
            elif "no fix for " in line and "not offered" not in line:
                why = line.split("': ", 1)[-1]
                if why.startswith(("the fixed code has", "it conflicts")):
                    continue  # (the same refusal, said again on the finding's line)
                before[re.sub(r"'[^']*'", "X", why)[:80]] += 1
    counts["refused by the verification"] = len(verification)
    counts["refused before building"] = sum(before.values())
    return counts, before, verification


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", required=True, help="the reuse-audit executable")
    parser.add_argument("--results", type=Path, required=True, help="scripts/commits_corpus.py --out of the same revision")
    parser.add_argument("--clones", type=Path, default=Path("/work/rw/clones"))
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    rows = {r["commit"]: r for r in read_rows(args.corpus)}
    flagged = []
    with args.results.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec.get("findings"):
                flagged.append(rows[rec["commit"]])
    with ThreadPoolExecutor(args.jobs) as pool:
        records = list(pool.map(lambda row: run_commit(args.exe, row, args.clones), flagged))
    counts, before, verification = tally(records)
    print(f"{len(flagged)} commits with a finding")
    for key, value in counts.items():
        print(f"  {key}: {value}")
    print("refused by the verification:")
    for repo, why in verification:
        print(f"  {repo}: {why[:160]}")
    print("refused before building:")
    for why, n in before.most_common():
        print(f"  {n} {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
