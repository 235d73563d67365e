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
    python scripts/realworld.py --near-misses 5       # and what looser settings would add
    python scripts/realworld.py --timing              # and each check's cold time (median, max)

``--commits FILE`` runs a second set: commits written by coding agents, one
``MIRROR COMMIT`` a line (MIRROR: a git directory); each is checked as
``git diff COMMIT^ COMMIT -- '*.py'`` against ``COMMIT^``'s Python files
(mirrors may lack big blobs; the rules read only Python), both written under
``--work`` (default /work/rw/commits). ``scripts/realworld_commits.txt`` is the
set used so far (aider's own repository: commits whose author is ``NAME
(aider)``, every fifth of those that add a function outside tests/ and
benchmark/).

``--timing`` gives each check an empty cache folder of its own (a cold check:
nothing parsed before), times it (wall seconds of the ``reuse-audit`` process,
the background build it leaves running not included), waits for that
background build to end before the next check (so that no check pays for the
last one's build), and prints the median and maximum.

``--near-misses N`` also checks every patch in-process with the thresholds and
guards loosened (``min-overlap`` 0.6, ``min-similarity`` 0.75,
``min-own-callees`` 0) and prints the N strongest findings that the real run
did not report: what the rules almost said.
"""

from __future__ import annotations

import argparse
import csv
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reuse_audit.source.gitrun import run_git

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
    parser.add_argument("--near-misses", type=int, default=0, metavar="N")
    parser.add_argument("--commits", type=Path, default=None, help="a second set: MIRROR COMMIT lines")
    parser.add_argument("--work", type=Path, default=Path("/work/rw/commits"))
    parser.add_argument("--timing", action="store_true", help="cold checks, each in an empty cache folder: median and max seconds")
    args = parser.parse_args(argv)
    misses: list[tuple] = []
    seconds: list[tuple[float, str]] = []

    if args.commits is not None:
        rows = [commit_row(line.split(), args.work) for line in args.commits.read_text().splitlines() if line.strip() and not line.startswith("#")]
    else:
        rows = [json.loads(line) for line in (args.corpus / "index.jsonl").read_text().splitlines() if line.strip()]
    verdicts = read_verdicts(args.verdicts)
    errors = 0
    tally = {"true": 0, "false": 0, "unjudged": 0}
    checked = 0
    for row in rows:
        if args.only and args.only not in row["instance_id"]:
            continue
        if "tree" in row:
            tree, patch = row["tree"], row["patch"]
        else:
            owner, name = row["repo"].split("/")
            tree = args.trees / f"{owner}+{name}@{row['base_commit'][:12]}"
            patch = args.corpus / row["patch_path"]
        cmd = [args.exe, "check", str(patch), "--repo", str(tree), "--format", "json", *shlex.split(args.extra)]
        key = patch_key(row)
        if args.timing:
            with tempfile.TemporaryDirectory(prefix="rw-cold-") as cache:
                started = time.perf_counter()
                proc = subprocess.run([*cmd, "--cache-dir", cache], capture_output=True, text=True)
                seconds.append((time.perf_counter() - started, key))
                background_wait(Path(cache))
        else:
            proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode not in (0, 1):
            errors += 1
            print(f"ERROR {key}: exit {proc.returncode}: {proc.stderr.strip()[:300]}")
            continue
        report = json.loads(proc.stdout)
        findings = report["findings"]
        checked += report["summary"]["functions_checked"]
        took = f", {seconds[-1][0]:.2f} s cold" if args.timing else ""
        print(f"{key}: exit {proc.returncode}, {report['summary']['functions_checked']} checked, {len(findings)} findings{took}")
        for f in findings:
            status = f.get("details", {}).get("status", "?")
            verdict, reason = verdicts.get((key, f["function"], f["code"], f["target"]["name"]), ("unjudged", ""))
            tally[verdict if verdict in tally else "unjudged"] += 1
            print(f"  {f['code']} [{status}] {f['function']} -> {f['target']['name']} ({f['ratio']}): {verdict} {reason}")
            print(f"      shared: {', '.join(f['shared_callees'])}")
        if args.near_misses:
            reported = {(f["code"], f["function"], f["target"]["name"]) for f in findings}
            misses.extend((key, *m) for m in near_misses(patch, tree) if m[1:4] not in reported)
    total = sum(tally.values())
    judged = tally["true"] + tally["false"]
    precision = f"{tally['true'] / judged:.2f}" if judged else "n/a"
    print(
        f"\n{errors} errors; {checked} functions checked; {total} findings: "
        f"{tally['true']} true, {tally['false']} false, {tally['unjudged']} unjudged; precision {precision}"
    )
    if seconds:
        times = sorted(t for t, _ in seconds)
        slowest = max(seconds)
        print(f"cold seconds over {len(times)} checks: median {statistics.median(times):.2f}, max {slowest[0]:.2f} ({slowest[1]})")
    if args.near_misses:
        misses.sort(key=lambda m: (-m[5], m[0], m[3]))
        print(f"\nthe {min(args.near_misses, len(misses))} strongest near-misses (of {len(misses)}):")
        for key, status, code, function, target, ratio, shared in misses[: args.near_misses]:
            print(f"  {key}: {code} [{status}] {function} -> {target} ({ratio})")
            print(f"      shared: {', '.join(shared)}")
    return 1 if errors else 0


def commit_row(fields: list[str], work: Path) -> dict:
    """A row of the second set: the commit's diff and its parent's tree, made once under ``work``."""
    mirror, commit = fields[0], fields[1]
    name = Path(mirror).parent.name if Path(mirror).name == "repo" else Path(mirror).name
    key = f"{name}@{commit[:12]}"
    tree, patch = work / key, work / f"{key}.patch"
    if not patch.is_file():
        work.mkdir(parents=True, exist_ok=True)
        diff = run_git(["diff", "--no-ext-diff", "--no-textconv", f"{commit}^", commit, "--", "*.py"], mirror)
        patch.write_bytes(diff)
    if not tree.is_dir():
        tree.mkdir(parents=True)
        archive = run_git(["archive", f"{commit}^", "--", ":(glob)**/*.py"], mirror)
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return {"agent": "git", "instance_id": key, "tree": tree, "patch": patch}


def background_wait(cache: Path) -> None:
    """Until the background build a lazy check started into ``cache`` is over."""
    sys.path.insert(0, str(HERE.parent))
    from reuse_audit.index.background import wait

    wait(cache, 1200)


def near_misses(patch: Path, tree: Path) -> list[tuple]:
    """(status, code, function, target, ratio, shared) of the findings of looser settings."""
    sys.path.insert(0, str(HERE.parent))
    from reuse_audit.facts.cache import FactsCache, default_cache_dir
    from reuse_audit.source.change import change_from_patch
    from reuse_audit.api import run
    from reuse_audit.source.patch import decode_patch
    from reuse_audit.api import load_settings

    settings = load_settings(tree).with_overrides(min_overlap=0.6, min_similarity=0.75, min_own_callees=0)
    change = change_from_patch(tree, decode_patch(patch.read_bytes()), str(patch), settings)
    report = run(change, settings, cache=FactsCache(default_cache_dir())).report
    return [
        (dict(f.violation.details()).get("status", "?"), f.rule, f.function, f.target, f.violation.score(), f.violation.shared_callees())
        for f in report.findings
    ]


if __name__ == "__main__":
    sys.exit(main())
