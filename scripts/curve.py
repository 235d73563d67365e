"""RA001's precision/recall curve over its confidence: where the default ``min-confidence`` comes from.

Development-time only. Both corpora are run once with every finding the guards let through
(``--min-confidence 0``), and each finding's ``confidence`` (JSON ``details``) is then held
against a range of operating points:

    python scripts/commits_corpus.py --out C.jsonl --extra "--min-confidence 0 --cache-dir FRESH"
    python scripts/injection.py --min-confidence 0 --out I.json
    python scripts/curve.py --commits C.jsonl --injection I.json

For each operating point it prints, on the agent commits (precision: the hand verdicts of
``scripts/verdicts/commits.tsv``), RA001's true and false findings and the precision of all
rules together, and on the injection corpus the recall of each kind (a case RA003 found counts
at every point: the operating point is RA001's). A finding without a confidence (its code could
not be read) is kept at every point, as the rule keeps it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from commits_corpus import VERDICTS, read_verdicts

POINTS = (0.0, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)


def confidence(details: dict) -> float:
    value = details.get("confidence")
    return 1.0 if value is None else float(value)


def commit_findings(path: Path, verdicts: dict) -> list[tuple[str, str, float]]:
    """(rule, verdict, confidence) of every finding of a ``commits_corpus.py`` output."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        result = json.loads(line)
        for f in result.get("findings") or []:
            verdict = verdicts.get((result["commit"], f["code"], f["function"], f.get("target") or ""), ("?", ""))[0]
            out.append((f["code"], verdict, confidence(f.get("details") or {})))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commits", type=Path, required=True, help="commits_corpus.py output, run with --min-confidence 0")
    parser.add_argument("--injection", type=Path, required=True, help="injection.py --out, run with --min-confidence 0")
    parser.add_argument("--verdicts", type=Path, default=VERDICTS)
    parser.add_argument("--points", default=",".join(str(p) for p in POINTS), help="operating points (comma-separated)")
    args = parser.parse_args(argv)
    points = [float(p) for p in args.points.split(",")]
    findings = commit_findings(args.commits, read_verdicts(args.verdicts))
    results = json.loads(args.injection.read_text(encoding="utf-8"))["results"]
    cases = [c for c in results if c["positive"]]
    negatives = [c for c in results if not c["positive"]]
    kinds = sorted({c["kind"] for c in cases})
    unjudged = sum(1 for _, v, _ in findings if v not in ("TRUE", "FALSE"))
    header = ["point", "RA001 true", "RA001 false", "all true", "all false", "precision"] + kinds + ["all kinds", "negatives"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for point in points:
        kept = [(rule, v) for rule, v, c in findings if rule != "RA001" or c + 1e-9 >= point]
        true = sum(1 for _, v in kept if v == "TRUE")
        false = sum(1 for _, v in kept if v == "FALSE")
        ra001 = [v for rule, v in kept if rule == "RA001"]
        found = defaultdict(int)
        total = defaultdict(int)
        for c in cases:
            total[c["kind"]] += 1
            if c["found"] and (c["rule"] != "RA001" or confidence(c.get("details") or {}) + 1e-9 >= point):
                found[c["kind"]] += 1
        reported = sum(1 for c in negatives if c["found"] and (c["rule"] != "RA001" or confidence(c.get("details") or {}) + 1e-9 >= point))
        row = [f"{point:.2f}", str(ra001.count("TRUE")), str(ra001.count("FALSE")), str(true), str(false),
               f"{true / (true + false):.2f}" if true + false else "-"]
        row += [f"{found[k] / total[k]:.3f}" for k in kinds]
        row += [f"{sum(found.values()) / sum(total.values()):.3f}", f"{reported}/{len(negatives)}"]
        print("| " + " | ".join(row) + " |")
    if unjudged:
        print(f"({unjudged} commit findings without a verdict are left out of the precision)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
