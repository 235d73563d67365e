"""Recall on real duplicates that maintainers later consolidated (``scripts/corpora/consolidations.tsv``).

Development-time only (CI has none of these repositories). Each row of the corpus
names a commit that added a copy (``introduced``) of a function that already
existed (``target``), found by reading the history of a public repository: a
later commit (``removed``) merged the two. For each row this runs, in a clone
of the row's repository,

    reuse-audit check --base INTRODUCED^ --head INTRODUCED --repo CLONE --format json

(``CLONE``: ``--clones/<owner>+<name>``, a ``git clone --no-checkout`` of a
full-history copy) and says whether a finding is on ``function`` naming
``target``, and of which rule.  Then it prints the recall overall, inside and
outside RA001's definition (``inside_definition``: the target has at least 3
callees and the copy calls at least 80% of them) and by ``kind``.

    python scripts/consolidations.py --exe .venv/bin/reuse-audit
    python scripts/consolidations.py --exe /path/to/venv/bin/reuse-audit --out /tmp/consol.jsonl --list

How the rows were found (without reuse-audit, so that the corpus does not lean
towards what it already finds): consolidation commits were taken from commit
messages (dedup, duplicate, DRY, reuse, use existing...) and from histories
scanned for same-named functions with near-identical bodies of which a commit
removed one copy or both; the introducing commit is the one that added the copy
while the target was already in the tree, and each pair was then read and kept
only when calling or merging the target was the right fix.  ``function``,
``target`` and ``target_callees`` come from the engine's index of the tree at
``introduced`` (``function`` is new there, ``target`` exists at its parent).
``kind``: verbatim / near-verbatim (pasted), parametrize (pasted with one
constant, class or step swapped), receiver-variant (the same method pasted into
another class, on its own attributes), rewrite (same job, written anew),
small-utility.

A commit is checked once even when several rows share it; ``--out`` keeps the
per-row results as JSON lines (written afresh each run).  ``--jobs N`` runs N
checks at once (default 2).
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpora" / "consolidations.tsv"
COLUMNS = ("repo", "introduced", "function", "target", "removed", "target_callees", "inside_definition", "kind", "reason")


def read_rows(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t") if r.get("repo") and not r["repo"].startswith("#")]
    for r in rows:
        missing = [c for c in COLUMNS if c not in r]
        if missing:
            raise SystemExit(f"{path}: row {r} lacks {missing}")
    return rows


def check(repo: str, commit: str, exe: str, clones: Path, extra: list[str]) -> dict:
    clone = clones / repo.replace("/", "+")
    cmd = [exe, "check", "--base", f"{commit}^", "--head", commit, "--repo", str(clone), "--format", "json", *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    out: dict = {"exit": proc.returncode, "findings": []}
    if proc.returncode not in (0, 1):
        out["error"] = proc.stderr.strip()[-500:] or f"exit {proc.returncode}"
        return out
    report = json.loads(proc.stdout)
    out["checked"] = report["summary"]["functions_checked"]
    out["findings"] = [
        {"code": f["code"], "function": f["function"], "target": f["target"]["name"], "ratio": f["ratio"]}
        for f in report["findings"]
    ]
    return out


def judge(row: dict, result: dict) -> dict:
    """The row's outcome: found (by which rules), and what else the check said of the copy."""
    on_function = [f for f in result.get("findings", []) if f["function"] == row["function"]]
    hits = sorted({f["code"] for f in on_function if f["target"] == row["target"]})
    others = sorted({f"{f['code']}:{f['target']}" for f in on_function if f["target"] != row["target"]})
    return {
        "repo": row["repo"],
        "introduced": row["introduced"],
        "function": row["function"],
        "target": row["target"],
        "kind": row["kind"],
        "inside_definition": row["inside_definition"],
        "target_callees": int(row["target_callees"]),
        "found": bool(hits),
        "rules": hits,
        "other_targets": others,
        "error": result.get("error"),
    }


def share(outcomes: list[dict]) -> str:
    n = len(outcomes)
    k = sum(o["found"] for o in outcomes)
    return f"{k}/{n} = {k / n:.2f}" if n else "0/0"


def report(outcomes: list[dict]) -> list[str]:
    lines = [f"recall {share(outcomes)} ({len({o['repo'] for o in outcomes})} repositories)"]
    for label, value in (("inside the definition", "yes"), ("outside the definition", "no")):
        lines.append(f"  {label}: {share([o for o in outcomes if o['inside_definition'] == value])}")
    for rule in sorted({r for o in outcomes for r in o["rules"]}):
        lines.append(f"  found by {rule}: {sum(rule in o['rules'] for o in outcomes)}")
    lines.append("  by kind:")
    for kind in sorted({o["kind"] for o in outcomes}):
        lines.append(f"    {kind}: {share([o for o in outcomes if o['kind'] == kind])}")
    errors = [o for o in outcomes if o["error"]]
    if errors:
        lines.append(f"  {len(errors)} checks failed")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--clones", type=Path, default=Path("/work/rw/consol-clones"))
    parser.add_argument("--exe", default="reuse-audit")
    parser.add_argument("--out", type=Path, default=None, help="write each row's outcome here (JSON lines)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--extra", default="", help="more arguments for reuse-audit check")
    parser.add_argument("--list", action="store_true", help="print every row's outcome")
    args = parser.parse_args(argv)
    rows = read_rows(args.corpus)
    commits = sorted({(r["repo"], r["introduced"]) for r in rows})
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = dict(zip(commits, pool.map(lambda c: check(c[0], c[1], args.exe, args.clones, args.extra.split()), commits)))
    outcomes = [judge(r, results[(r["repo"], r["introduced"])]) for r in rows]
    if args.out is not None:
        with args.out.open("w", encoding="utf-8") as fh:
            for o in outcomes:
                fh.write(json.dumps(o, sort_keys=True) + "\n")
    for o in outcomes:
        if args.list or o["error"]:
            mark = "ERROR " + o["error"][-200:] if o["error"] else ("found " + ",".join(o["rules"]) if o["found"] else "missed")
            extra = f" (other findings: {', '.join(o['other_targets'])})" if o["other_targets"] else ""
            print(f"{o['repo']} {o['introduced'][:12]} {o['function']} -> {o['target']} [{o['kind']}, inside={o['inside_definition']}]: {mark}{extra}")
    print("\n".join(report(outcomes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
