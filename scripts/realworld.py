"""Precision on real agent patches: run ``reuse-audit check`` on every row of a corpus.

Development-time only (CI has none of these repositories). For each row of
``index.jsonl`` (default /work/shared/realworld/index.jsonl) it runs

    reuse-audit check PATCH --repo TREE --format json

with TREE the row's base tree, ``TREES/<owner>+<name>@<base_commit[:12]>``
(extract it with ``git -C MIRROR archive BASE | tar -x -C TREE``). It prints
one line a patch (exit status, functions checked, findings), each finding, and
joins the findings with the hand verdicts of ``realworld_verdicts.tsv``
(beside this script: patch, function, rule, target, verdict, reason) to print
the precision. A finding without a verdict is listed as ``unjudged``.

    python scripts/realworld.py                       # the whole corpus
    python scripts/realworld.py --only sphinx-8595    # rows whose id contains it
    python scripts/realworld.py --extra ARGS          # e.g. --extra="--include-tests"
"""

from __future__ import annotations

import argparse
import csv
import json
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VERDICTS = HERE / "realworld_verdicts.tsv"


def patch_key(row: dict) -> str:
    return f"{row['agent']}/{row['instance_id']}"


def read_verdicts(path: Path) -> dict[tuple[str, str, str, str], tuple[str, str]]:
    verdicts = {}
    if not path.is_file():
        return verdicts
    with path.open(encoding="utf-8", newline="") as fh:
        for rec in csv.reader(fh, delimiter="\t"):
            if not rec or rec[0].startswith("#") or rec[0] == "patch":
                continue
            patch, function, rule, target, verdict, reason = (rec + [""] * 6)[:6]
            verdicts[(patch, function, rule, target)] = (verdict, reason)
    return verdicts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/shared/realworld"))
    parser.add_argument("--trees", type=Path, default=Path("/work/rw/trees"))
    parser.add_argument("--verdicts", type=Path, default=VERDICTS)
    parser.add_argument("--only", default="", help="run only rows whose instance id contains this")
    parser.add_argument("--extra", default="", help="more arguments for reuse-audit check")
    parser.add_argument("--exe", default="reuse-audit")
    args = parser.parse_args(argv)

    rows = [json.loads(line) for line in (args.corpus / "index.jsonl").read_text().splitlines() if line.strip()]
    verdicts = read_verdicts(args.verdicts)
    errors = 0
    tally = {"true": 0, "false": 0, "unjudged": 0}
    checked = 0
    for row in rows:
        if args.only and args.only not in row["instance_id"]:
            continue
        owner, name = row["repo"].split("/")
        tree = args.trees / f"{owner}+{name}@{row['base_commit'][:12]}"
        patch = args.corpus / row["patch_path"]
        cmd = [args.exe, "check", str(patch), "--repo", str(tree), "--format", "json", *shlex.split(args.extra)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        key = patch_key(row)
        if proc.returncode not in (0, 1):
            errors += 1
            print(f"ERROR {key}: exit {proc.returncode}: {proc.stderr.strip()[:300]}")
            continue
        report = json.loads(proc.stdout)
        findings = report["findings"]
        checked += report["summary"]["functions_checked"]
        print(f"{key}: exit {proc.returncode}, {report['summary']['functions_checked']} checked, {len(findings)} findings")
        for f in findings:
            status = f.get("details", {}).get("status", "?")
            verdict, reason = verdicts.get((key, f["function"], f["code"], f["target"]["name"]), ("unjudged", ""))
            tally[verdict if verdict in tally else "unjudged"] += 1
            print(f"  {f['code']} [{status}] {f['function']} -> {f['target']['name']} ({f['ratio']}): {verdict} {reason}")
            print(f"      shared: {', '.join(f['shared_callees'])}")
    total = sum(tally.values())
    judged = tally["true"] + tally["false"]
    precision = f"{tally['true'] / judged:.2f}" if judged else "n/a"
    print(
        f"\n{errors} errors; {checked} functions checked; {total} findings: "
        f"{tally['true']} true, {tally['false']} false, {tally['unjudged']} unjudged; precision {precision}"
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
