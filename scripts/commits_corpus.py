"""Precision on the 812 agent commits of ``../shared/realworld/commits/``: run the check on each, join the hand verdicts.

Development-time only (CI has none of these repositories). For each row of
``commits.tsv`` it runs, in a clone of the row's repository,

    reuse-audit check --base COMMIT^ --head COMMIT --repo CLONE --format json

(``CLONE``: ``--clones/<owner>+<name>``, a ``git clone`` of a full-history
copy; the clone needs no work tree). The results go to ``--out`` (JSON lines,
one a commit; a commit already there is not run again, so an interrupted run
resumes), then every finding is joined with the verdicts of ``--verdicts``
(TSV: repo, commit, rule, function, target, verdict, reason; verdict TRUE or
FALSE) and the precision is printed, with the findings nobody has judged yet.

    python scripts/commits_corpus.py --exe /path/to/venv/bin/reuse-audit --out /tmp/main.jsonl
    python scripts/commits_corpus.py --out /tmp/new.jsonl --sample 300   # a fixed random 300
    python scripts/commits_corpus.py --out /tmp/new.jsonl --unjudged U.tsv  # write what is left to read
    python scripts/commits_corpus.py --out /tmp/new.jsonl --no-run --list  # tally what is there

``--jobs N`` runs N checks at once (default 2: the machine's cores).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = Path("/work/shared/realworld/commits/commits.tsv")
VERDICTS = HERE / "verdicts" / "commits.tsv"
#: RA004's (preview) verdicts, read with the default ``--verdicts`` (repo, commit, function, target, score, relation, verdict, ...)
RA004_VERDICTS = HERE / "verdicts" / "similar_logic_ra004.tsv"
SEED = 20261201  # of --sample: the same rows for every script that samples the corpus


def read_rows(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def read_verdicts(path: Path) -> dict[tuple[str, str, str, str], tuple[str, str]]:
    """(commit, rule, function, target) -> (verdict, reason)."""
    out: dict[tuple[str, str, str, str], tuple[str, str]] = {}
    if not path.is_file():
        return out
    with path.open(encoding="utf-8", newline="") as fh:
        for rec in csv.reader(fh, delimiter="\t"):
            if not rec or rec[0].startswith("#") or rec[0] == "repo":
                continue
            _repo, commit, rule, function, target, verdict, reason = (rec + [""] * 7)[:7]
            out[(commit, rule, function, target)] = (verdict.upper(), reason)
    return out


def read_ra004_verdicts(path: Path) -> dict[tuple[str, str, str, str], tuple[str, str]]:
    """RA004's verdicts as :func:`read_verdicts` keys them."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return {
        (r["commit"], "RA004", r["function"], r["target"]): (r["verdict"].upper(), r["reason"])
        for r in csv.DictReader(lines, delimiter="\t")
    }


def sample(rows: list[dict], n: int, seed: int) -> list[dict]:
    if n <= 0 or n >= len(rows):
        return rows
    return random.Random(seed).sample(rows, n)


def run_one(row: dict, exe: str, clones: Path, extra: list[str]) -> dict:
    clone = clones / row["repo"].replace("/", "+")
    commit = row["commit"]
    cmd = [exe, "check", "--base", row["parent"], "--head", commit, "--repo", str(clone), "--format", "json", *extra]
    # no background index build after each check: 812 of them would fill both cores
    env = {**os.environ, "REUSE_AUDIT_NO_BACKGROUND": "1"}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    result = {"repo": row["repo"], "commit": commit, "exit": proc.returncode, "findings": []}
    if proc.returncode not in (0, 1):
        result["error"] = proc.stderr.strip()[-500:]
        return result
    report = json.loads(proc.stdout)
    result["checked"] = report["summary"]["functions_checked"]
    for f in report["findings"]:
        result["findings"].append(
            {
                "code": f["code"],
                "path": f["path"],
                "line": f["line"],
                "function": f["function"],
                "target": f["target"]["name"],
                "target_path": f["target"].get("path"),
                "target_line": f["target"].get("line"),
                "ratio": f["ratio"],
                "message": f["message"],
                "shared": f.get("shared_callees", []),
                "details": f.get("details", {}),
            }
        )
    return result


def load_results(path: Path) -> dict[str, dict]:
    out: dict[str, dict] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                out[rec["commit"]] = rec
    return out


def run(rows: list[dict], exe: str, clones: Path, out: Path, jobs: int, extra: list[str]) -> dict[str, dict]:
    done = load_results(out)
    todo = [r for r in rows if r["commit"] not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as fh, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for i, result in enumerate(pool.map(lambda r: run_one(r, exe, clones, extra), todo), 1):
            fh.write(json.dumps(result, sort_keys=True) + "\n")
            fh.flush()
            done[result["commit"]] = result
            if i % 50 == 0:
                print(f"  {i}/{len(todo)} run", file=sys.stderr)
    return done


def tally(rows: list[dict], results: dict[str, dict], verdicts: dict) -> tuple[dict, list[tuple[dict, dict]]]:
    counts = {"TRUE": 0, "FALSE": 0, "unjudged": 0, "errors": 0, "commits": 0, "by_rule": {}}
    unjudged = []
    for row in rows:
        rec = results.get(row["commit"])
        if rec is None:
            continue
        counts["commits"] += 1
        if "error" in rec:
            counts["errors"] += 1
            continue
        for f in rec["findings"]:
            verdict = verdicts.get((rec["commit"], f["code"], f["function"], f["target"]), ("unjudged", ""))[0]
            key = verdict if verdict in ("TRUE", "FALSE") else "unjudged"
            counts[key] += 1
            per = counts["by_rule"].setdefault(f["code"], {"TRUE": 0, "FALSE": 0, "unjudged": 0})
            per[key] += 1
            if key == "unjudged":
                unjudged.append((rec, f))
    return counts, unjudged


def summary(counts: dict) -> str:
    judged = counts["TRUE"] + counts["FALSE"]
    precision = f"{counts['TRUE'] / judged:.2f}" if judged else "n/a"
    parts = []
    for code, c in sorted(counts["by_rule"].items()):
        part = f"{code} {c['TRUE']}/{c['TRUE'] + c['FALSE']} true"
        if c["unjudged"]:
            part += f" (+{c['unjudged']} unjudged)"
        parts.append(part)
    rules = ", ".join(parts)
    return (
        f"{counts['commits']} commits, {counts['errors']} errors; findings: {counts['TRUE']} true, {counts['FALSE']} false, "
        f"{counts['unjudged']} unjudged; precision {precision}" + (f" [{rules}]" if rules else "")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--clones", type=Path, default=Path("/work/rw/clones"))
    parser.add_argument("--exe", default="reuse-audit")
    parser.add_argument("--out", type=Path, required=True, help="JSON lines of results (resumed when it exists)")
    parser.add_argument("--verdicts", type=Path, default=VERDICTS)
    parser.add_argument("--sample", type=int, default=0, help="a fixed random sample of N rows (0: all)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--extra", default="", help="more arguments for reuse-audit check")
    parser.add_argument("--unjudged", type=Path, default=None, help="write the unjudged findings here (TSV, verdict empty)")
    parser.add_argument("--list", action="store_true", help="print every finding with its verdict")
    parser.add_argument("--no-run", action="store_true", help="run nothing: tally the results already in --out")
    args = parser.parse_args(argv)
    rows = sample(read_rows(args.corpus), args.sample, args.seed)
    if args.no_run:
        results = load_results(args.out)
    else:
        results = run(rows, args.exe, args.clones, args.out, args.jobs, args.extra.split())
    verdicts = read_verdicts(args.verdicts)
    if args.verdicts == VERDICTS and RA004_VERDICTS.is_file():
        verdicts.update(read_ra004_verdicts(RA004_VERDICTS))
    counts, unjudged = tally(rows, results, verdicts)
    if args.list:
        for row in rows:
            rec = results.get(row["commit"], {})
            for f in rec.get("findings", []):
                v = verdicts.get((rec["commit"], f["code"], f["function"], f["target"]), ("unjudged", ""))
                print(f"{row['repo']} {rec['commit'][:12]} {f['code']} {f['function']} -> {f['target']} ({f['ratio']}): {v[0]} {v[1]}")
    for row in rows:
        rec = results.get(row["commit"], {})
        if "error" in rec:
            print(f"ERROR {row['repo']} {row['commit'][:12]}: exit {rec['exit']}: {rec['error'][-200:]}")
    if args.unjudged is not None:
        with args.unjudged.open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh, delimiter="\t", lineterminator="\n")
            w.writerow(["repo", "commit", "rule", "function", "target", "verdict", "reason"])
            for rec, f in unjudged:
                w.writerow([rec["repo"], rec["commit"], f["code"], f["function"], f["target"], "", ""])
    print(summary(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
