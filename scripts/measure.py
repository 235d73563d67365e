"""Precision and recall of two revisions of the rules, side by side, in one command.

    python scripts/measure.py --before 9092850 --after HEAD
    python scripts/measure.py --before 9092850 --after HEAD --sample 300 --only commits,injection

Development-time only: the corpora of real code are not in CI. For each revision it makes a
git worktree and a virtual environment under ``--work`` (kept, so a revision measured once is
not measured again; results are cached there by commit), then runs

* **commits**: ``scripts/commits_corpus.py`` on the agent commits of
  ``../shared/realworld/commits`` (all 812, or a fixed ``--sample``), joined with the hand
  verdicts of ``scripts/verdicts/commits.tsv``: precision, true and false findings, and how many
  findings nobody has judged yet (read them: ``--unjudged`` of that script writes them out);
* **patches**: ``scripts/realworld.py`` on the 31 SWE-bench patches of ``../shared/realworld``
  (its verdicts: ``scripts/realworld_verdicts.tsv``);
* **injection**: ``scripts/injection.py`` (the *after* revision's corpus, run with each
  revision's engine, so both are measured on the same cases): recall by kind, the
  standard-library-only targets apart, and the negatives reported;
* **consolidations**: ``scripts/consolidations.py`` on the real duplicates that maintainers later
  removed (``scripts/corpora/consolidations.tsv``): recall inside and outside the definition.

A rule change reports all of them, before and after: a guard that buys precision by dropping a
class of true copies shows here as lost recall.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PARTS = ("commits", "patches", "injection", "consolidations")


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def prepare(rev: str, work: Path) -> tuple[str, Path]:
    """(full sha, venv) of ``rev``: a worktree and an editable install of it."""
    sha = sh(["git", "-C", str(ROOT), "rev-parse", rev]).stdout.strip()
    if not sha:
        sys.exit(f"measure.py: {rev}: not a revision of {ROOT}")
    tree, venv = work / f"tree-{sha[:12]}", work / f"venv-{sha[:12]}"
    if not tree.is_dir():
        sh(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), sha], check=True)
    if not (venv / "bin" / "pytest").exists():
        sh([sys.executable, "-m", "venv", str(venv)], check=True)
        # [test]: pytest and pre-commit are packages of the injection corpus (scripts/injection.py)
        sh([str(venv / "bin" / "pip"), "install", "-q", "-e", f"{tree}[test]"], check=True)
    return sha, venv


def last_line(text: str, pattern: str) -> str:
    lines = [line for line in text.splitlines() if re.search(pattern, line)]
    return lines[-1].strip() if lines else "(no result: " + text.strip()[-200:] + ")"


def fresh_cache(out: Path) -> str:
    """Check options that give every check of a revision its own cache folder: a cache that other
    revisions or background builds wrote has given other answers (langgraph ba12c826: no finding
    with the shared default cache, the near-copy with a fresh one)."""
    return f"-j 1 --cache-dir {out / 'cache'}"


def commits(venv: Path, out: Path, args) -> str:
    cmd = [sys.executable, str(HERE / "commits_corpus.py"), "--exe", str(venv / "bin" / "reuse-audit"), "--out", str(out / "commits.jsonl"), "--extra", fresh_cache(out)]
    if args.sample:
        cmd += ["--sample", str(args.sample)]
    return last_line(sh(cmd).stdout, r"precision")


def patches(venv: Path, out: Path, args) -> str:
    cached = out / "patches.txt"
    if not cached.is_file():
        done = sh(
            [sys.executable, str(HERE / "realworld.py"), "--exe", str(venv / "bin" / "reuse-audit"), f"--extra={fresh_cache(out)}"],
            env={**os.environ, "REUSE_AUDIT_NO_BACKGROUND": "1"},
        )
        cached.write_text(done.stdout, encoding="utf-8")
    return last_line(cached.read_text(encoding="utf-8"), r"precision")


def injection(venv: Path, out: Path, args) -> str:
    result = out / "injection.json"
    if not result.is_file():
        cmd = [str(venv / "bin" / "python"), str(HERE / "injection.py"), "--out", str(result)]
        if args.injection_per_package:
            cmd += ["--per-package", str(args.injection_per_package)]
        done = sh(cmd)
        if not result.is_file():
            return "(injection failed: " + (done.stderr or done.stdout).strip()[-300:] + ")"
    return summarise_injection(json.loads(result.read_text(encoding="utf-8")))


def summarise_injection(doc: dict) -> str:
    """Recall by kind, the standard-library-only targets apart, and the negatives reported."""
    parts = [f"recall {doc['recall']['recall']} ({doc['recall']['found']}/{doc['recall']['cases']})"]
    parts += [f"{kind} {row['recall']}" for kind, row in doc.get("by_kind", {}).items()]
    stdlib = doc.get("by_callees", {}).get("stdlib-only")
    if stdlib:
        parts.append(f"stdlib-only {stdlib['found']}/{stdlib['cases']}")
    reported = sum(r.get("reported", 0) for r in doc.get("negatives_reported", {}).values())
    parts.append(f"negatives reported {reported}/{doc.get('negatives', '?')}")
    return "; ".join(parts)


def consolidations(venv: Path, out: Path, args) -> str:
    script = HERE / "consolidations.py"
    if not script.is_file():
        return "(no scripts/consolidations.py)"
    cached = out / "consolidations.txt"
    if not cached.is_file():
        done = sh(
            [sys.executable, str(script), "--exe", str(venv / "bin" / "reuse-audit"), "--out", str(out / "consolidations.jsonl"), "--extra", fresh_cache(out)],
            env={**os.environ, "REUSE_AUDIT_NO_BACKGROUND": "1"},
        )
        cached.write_text(done.stdout + done.stderr, encoding="utf-8")
    return last_line(cached.read_text(encoding="utf-8"), r"recall")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--work", type=Path, default=Path("/work/rw/measure"))
    parser.add_argument("--sample", type=int, default=0, help="commits: a fixed random sample of N (0: all 812)")
    parser.add_argument("--injection-per-package", type=int, default=0, help="injection: targets a package (0: the script's default)")
    parser.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts of {', '.join(PARTS)}")
    args = parser.parse_args(argv)
    wanted = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in wanted if p not in PARTS]
    if unknown:
        parser.error(f"--only: unknown part(s) {', '.join(unknown)} (known: {', '.join(PARTS)})")
    args.work.mkdir(parents=True, exist_ok=True)
    rows: dict[str, dict[str, str]] = {p: {} for p in wanted}
    labels = []
    for side, rev in (("before", args.before), ("after", args.after)):
        sha, venv = prepare(rev, args.work)
        out = args.work / f"results-{sha[:12]}{'-s' + str(args.sample) if args.sample else ''}"
        out.mkdir(exist_ok=True)
        labels.append(f"{side} {sha[:12]}")
        for part in wanted:
            rows[part][side] = globals()[part](venv, out, args)
    for part in wanted:
        print(f"{part}:")
        for label, side in zip(labels, ("before", "after")):
            print(f"  {label}: {rows[part][side]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
