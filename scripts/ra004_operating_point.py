"""RA004's precision and recall together, at each operating point (issue 29): one command.

Development-time only.  It reads two runs made with RA004 selected at a low bar, so that every
operating point above it can be read off the same findings:

    printf '[tool.reuse-audit]\\nselect = ["RA001", "RA003", "RA004"]\\nmin-logic-score = 0.5\\nmin-nodes = 5\\n' > low.toml
    python scripts/commits_corpus.py --exe VENV/bin/reuse-audit --clones CLONES --out commits.jsonl --jobs 2 --extra "--config low.toml"
    python scripts/consolidations.py --exe VENV/bin/reuse-audit --clones CONSOL --out consol.jsonl --list --jobs 2 --extra "--config low.toml"
    python scripts/ra004_operating_point.py --commits commits.jsonl --consolidations consol.jsonl

For each (``min-logic-score``, ``min-nodes``) of the grid it prints:

* **precision** on the agent commits (``../shared/realworld/commits``): RA004's findings at that
  point, joined by (commit, function, target) to the hand verdicts of
  ``scripts/verdicts/similar_logic_ra004.tsv``; findings nobody has read are counted apart, never
  as true or false;
* **recall** on the consolidated duplicates (``scripts/corpora/consolidations.tsv``): the rows
  RA001 or RA003 find, plus those RA004 finds at that point with the row's target.

A finding is at a point when its score is at least the score and both functions have at least
the nodes (its ``nodes`` detail, ``new/target``).  The margin test and the choice of candidates
do not move with the bar above 5 nodes except where a small candidate stood second: a run at
the defaults (``--select RA001,RA003,RA004``) gives the exact figures of that one point.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from commits_corpus import RA004_VERDICTS, read_ra004_verdicts  # (this folder: python scripts/ra004_operating_point.py)

SCORES = (0.8, 0.85, 0.9, 0.95)
NODES = (5, 8, 10, 15, 20, 40)


def smallest(details: dict) -> int:
    """The smaller of the two functions' node counts (``nodes`` detail: ``new/target``)."""
    new, _, target = str(details.get("nodes", "0/0")).partition("/")
    return min(int(new or 0), int(target or 0))


def commit_findings(path: Path) -> list[tuple[tuple[str, str, str, str], float, int, bool]]:
    """RA004's findings of a commits_corpus.py run: (key as commits_corpus.read_verdicts keys a verdict,
    score, nodes, one protocol)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        for f in record.get("findings", []):
            if f["code"] == "RA004":
                key = (record["commit"], "RA004", f["function"], f["target"])
                out.append((key, float(f["ratio"]), smallest(f["details"]), f["details"].get("relation") == "one protocol"))
    return out


def consolidation_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def found_at(row: dict, score: float, nodes: int, protocol: bool = True) -> bool:
    """Whether the row is found at the point (``protocol``: RA004's pairs of one protocol count)."""
    if {"RA001", "RA003"} & set(row["rules"]):
        return True
    if "RA004" not in row["rules"]:
        return False
    details = row.get("details", {}).get("RA004", {})
    if not protocol and details.get("relation") == "one protocol":
        return False
    return float(row["scores"]["RA004"]) >= score and smallest(details) >= nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=Path, required=True, help="a commits_corpus.py run (JSON lines) with RA004 at a low bar")
    parser.add_argument("--consolidations", type=Path, required=True, help="a consolidations.py --out run at the same bar")
    parser.add_argument("--verdicts", type=Path, default=RA004_VERDICTS)
    parser.add_argument("--protocol", choices=("in", "out"), default="in", help="out: leave the pairs of one protocol out")
    args = parser.parse_args()
    verdicts = {key: verdict for key, (verdict, _reason) in read_ra004_verdicts(args.verdicts).items()}
    findings = [f for f in commit_findings(args.commits) if args.protocol == "in" or not f[3]]
    rows = consolidation_rows(args.consolidations)
    base = sum(bool({"RA001", "RA003"} & set(r["rules"])) for r in rows)
    print(f"consolidations: {len(rows)} rows, {base} found by RA001 or RA003; commits: {len(findings)} RA004 findings at the run's bar")
    print("min-logic-score  min-nodes  commits: findings  read  true  precision  unread   consolidations: recall")
    for score in SCORES:
        for nodes in NODES:
            kept = [f for f in findings if f[1] >= score and f[2] >= nodes]
            read = [verdicts[f[0]] for f in kept if f[0] in verdicts]
            true = sum(v == "TRUE" for v in read)
            precision = f"{true / len(read):.2f}" if read else "-"
            found = sum(found_at(r, score, nodes, args.protocol == "in") for r in rows)
            print(
                f"{score:>15}  {nodes:>9}  {len(kept):>17}  {len(read):>4}  {true:>4}  {precision:>9}  {len(kept) - len(read):>6}"
                f"   {found}/{len(rows)} = {found / max(1, len(rows)):.2f}"
            )


if __name__ == "__main__":
    main()
