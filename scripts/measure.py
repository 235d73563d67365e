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

``--identical`` compares instead the complete outputs of the two revisions, byte for byte: the
JSON report (every finding's code, path, line, message, target, details... in order) and the
text report, and the exit status, of ``reuse-audit check`` on

* **fixtures**: each case of the rules' fixtures (``tests/fixtures/<rule>/<case>/``, of this
  checkout: both revisions check the same inputs), its tree and patch made as the tests make them;
* **patches**: the 31 SWE-bench patches of ``../shared/realworld`` on their base trees;
* **commits**: the agent commits of ``--commits-corpus`` (all, or the fixed ``--sample``).

    python scripts/measure.py --identical --before main~2 --after main --sample 20

It prints the first differences (``--show``) and exits 1 when any output differs (2 when
checks could not run: a missing tree or clone; 0 when every output is the same). A
revision's outputs are kept under ``--work`` like the other results, by case and inputs.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from reuse_audit.source.gitrun import GitError, run_git

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PARTS = ("commits", "patches", "injection", "consolidations")
IDENTICAL = ("fixtures", "patches", "commits")  # the parts of --identical
FORMATS = ("json", "text")
if str(HERE) not in sys.path:  # the other scripts (realworld.py, commits_corpus.py), when imported
    sys.path.insert(0, str(HERE))


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def resolve(rev: str) -> str:
    """The full sha of ``rev``."""
    try:
        sha = run_git(["rev-parse", rev], ROOT).decode().strip()
    except GitError:
        sha = ""
    if not sha:
        sys.exit(f"measure.py: {rev}: not a revision of {ROOT}")
    return sha


def prepare(rev: str, work: Path) -> tuple[str, Path]:
    """(full sha, venv) of ``rev``: a worktree and an editable install of it."""
    sha = resolve(rev)
    tree, venv = work / f"tree-{sha[:12]}", work / f"venv-{sha[:12]}"
    if not tree.is_dir():
        run_git(["worktree", "add", "--detach", str(tree), sha], ROOT)
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


# --------------------------------------------------------------------------- --identical


@dataclass(frozen=True)
class Case:
    """One check: ``reuse-audit ARGV --format F`` for each format."""

    key: str  # part/case
    argv: tuple[str, ...]
    inputs: str = ""  # a digest of inputs that may change under the same arguments (a fixture's)

    @property
    def ident(self) -> str:
        return hashlib.sha256(json.dumps([self.argv, self.inputs]).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Output:
    exit: int
    stdout: bytes
    stderr: str = ""  # not compared (progress, warnings); shown when a check could not run


def fixture_cases(fixtures: Path, work: Path) -> list[Case]:
    """Each case of the rules' fixtures (a folder with ``before/`` and ``after/``), written under
    ``work`` as a tree and a patch, as the tests make them, and checked as they check it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_ra001 import load_case, make_patch, write_tree

    cases = []
    for folder in sorted(p.parent for p in fixtures.glob("*/*/before") if (p.parent / "after").is_dir()):
        before, after = load_case(folder.name, folder.parent)
        patch = make_patch(before, after)
        place = work / f"fixtures-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:8]}" / folder.parent.name / folder.name
        shutil.rmtree(place, ignore_errors=True)
        write_tree(place / "repo", before)
        (place / "change.patch").write_bytes(patch.encode("utf-8"))
        inputs = hashlib.sha256(json.dumps([sorted(before.items()), patch]).encode()).hexdigest()
        argv = ("check", str(place / "change.patch"), "--repo", str(place / "repo"), "--no-cache")
        cases.append(Case(f"fixtures/{folder.parent.name}/{folder.name}", argv, inputs))
    return cases


def patch_cases(corpus: Path, trees: Path) -> list[Case]:
    """The patches of ``corpus/index.jsonl`` on their base trees (``scripts/realworld.py``'s)."""
    from realworld import patch_key

    cases = []
    for line in (corpus / "index.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            tree = trees / f"{row['repo'].replace('/', '+')}@{row['base_commit'][:12]}"
            patch = corpus / row["patch_path"]
            inputs = hashlib.sha256(patch.read_bytes()).hexdigest() if patch.is_file() else ""
            cases.append(Case(f"patches/{patch_key(row)}", ("check", str(patch), "--repo", str(tree), "--no-cache", "-j", "1"), inputs))
    return cases


def commit_cases(corpus: Path, clones: Path, sample: int) -> list[Case]:
    """The commits of ``corpus`` (``scripts/commits_corpus.py``'s; its fixed sample of ``sample``)."""
    from commits_corpus import SEED, read_rows
    from commits_corpus import sample as sampled

    cases = []
    for row in sampled(read_rows(corpus), sample, SEED):
        clone = clones / row["repo"].replace("/", "+")
        argv = ("check", "--base", row["parent"], "--head", row["commit"], "--repo", str(clone), "--no-cache", "-j", "1")
        cases.append(Case(f"commits/{row['repo']}@{row['commit'][:12]}", argv))
    return cases


def check(exe: Path, case: Case, output_format: str) -> Output:
    env = {**os.environ, "REUSE_AUDIT_NO_BACKGROUND": "1"}
    proc = subprocess.run([str(exe), *case.argv, "--format", output_format], capture_output=True, env=env)
    return Output(proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")[-2000:])


def outputs(exe: Path, cases: list[Case], store: Path, jobs: int) -> dict[str, Output]:
    """``case [format]`` -> the revision's output; kept in ``store`` (JSON lines) by case and
    inputs, so that a revision's checks run once (but those that could not run: a tree or a
    clone may have been missing)."""
    done: dict[tuple[str, str], Output] = {}
    if store.is_file():
        for line in store.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["exit"] in (0, 1):
                done[(rec["ident"], rec["format"])] = Output(rec["exit"], rec["stdout"].encode("utf-8", "surrogateescape"), rec["stderr"])
    todo = [(case, f) for case in cases for f in FORMATS if (case.ident, f) not in done]
    with store.open("a", encoding="utf-8") as fh, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for i, ((case, f), out) in enumerate(zip(todo, pool.map(lambda t: check(exe, *t), todo)), 1):
            stdout = out.stdout.decode("utf-8", "surrogateescape")
            fh.write(json.dumps({"key": case.key, "ident": case.ident, "format": f, "exit": out.exit, "stdout": stdout, "stderr": out.stderr}) + "\n")
            fh.flush()
            done[(case.ident, f)] = out
            if i % 50 == 0:
                print(f"  {i}/{len(todo)} checks run", file=sys.stderr)
    return {f"{case.key} [{f}]": done[(case.ident, f)] for case in cases for f in FORMATS}


def finding_differences(before: bytes, after: bytes) -> list[str]:
    """Of two JSON reports: how many findings, the first finding (in order) that differs and
    its fields that do, and the other keys of the report that differ."""
    try:
        old, new = json.loads(before), json.loads(after)
    except ValueError:
        return []
    if not isinstance(old, dict) or not isinstance(new, dict):
        return []
    lines = []
    old_findings, new_findings = old.get("findings", []), new.get("findings", [])
    if len(old_findings) != len(new_findings):
        lines.append(f"{len(old_findings)} findings -> {len(new_findings)}")
    for i, (a, b) in enumerate(zip(old_findings, new_findings), 1):
        if a != b:
            fields = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
            lines.append(f"finding {i} ({a.get('code')} {a.get('function')}): {', '.join(fields)} differ")
            break
    others = sorted(k for k in old.keys() | new.keys() if k != "findings" and old.get(k) != new.get(k))
    if others:
        lines.append(f"{', '.join(others)} differ")
    return lines


def describe(before: Optional[Output], after: Optional[Output], lines: int = 30) -> list[str]:
    """How two outputs of one check differ (nothing: they are the same): the exit status, the
    findings of a JSON report, then the first lines of a diff of the two outputs."""
    if before is None or after is None:
        return ["checked by one revision only"]
    out = []
    if before.exit != after.exit:
        out.append(f"exit status {before.exit} -> {after.exit}")
    if before.stdout != after.stdout:
        out += finding_differences(before.stdout, after.stdout)
        old = before.stdout.decode("utf-8", "replace").splitlines()
        new = after.stdout.decode("utf-8", "replace").splitlines()
        diff = list(difflib.unified_diff(old, new, "before", "after", lineterm="", n=1))
        out += diff[:lines] + ([f"... ({len(diff) - lines} more lines of diff)"] if len(diff) > lines else [])
    return out


def differences(before: dict[str, Output], after: dict[str, Output]) -> list[tuple[str, list[str]]]:
    """(key, how) of each check whose outputs differ, in the order of the checks."""
    keys = list(before) + [k for k in after if k not in before]
    found = ((key, describe(before.get(key), after.get(key))) for key in keys)
    return [(key, how) for key, how in found if how]


def not_run(results: Iterable[dict[str, Output]]) -> list[str]:
    """The checks that could not run (exit status 2 or worse) in any of ``results``."""
    return sorted({key for result in results for key, out in result.items() if out.exit not in (0, 1)})


def identical(args, wanted: list[str], labels: dict[str, str]) -> int:
    cases: list[Case] = []
    if "fixtures" in wanted:
        cases += fixture_cases(args.fixtures, args.work / "identical")
    if "patches" in wanted:
        cases += patch_cases(args.realworld, args.trees)
    if "commits" in wanted:
        cases += commit_cases(args.commits_corpus, args.clones, args.sample)
    results = []
    for rev in (args.before, args.after):
        sha, venv = prepare(rev, args.work)
        out = args.work / f"results-{sha[:12]}"
        out.mkdir(exist_ok=True)
        results.append(outputs(venv / "bin" / "reuse-audit", cases, out / "identical.jsonl", args.jobs))
    found = differences(*results)
    broken = not_run(results)
    counts = ", ".join(f"{part} {sum(c.key.startswith(part + '/') for c in cases)}" for part in wanted)
    print(f"{labels['before']} against {labels['after']}: {len(cases)} checks ({counts}), each as {' and '.join(FORMATS)}")
    for key, how in found[: args.show]:
        print(f"DIFFERENT {key}")
        print("".join(f"    {line}\n" for line in how), end="")
    for key in broken[: args.show]:
        side = results[0].get(key) or results[1][key]
        print(f"NOT RUN {key}: exit {side.exit}: {side.stderr.strip()[-300:]}")
    total = len(results[0])
    print(f"{len(found)} of {total} outputs differ" + (f" (the first {args.show} shown)" if len(found) > args.show else ""))
    if broken:
        print(f"{len(broken)} of {total} checks could not run")
    return 1 if found else 2 if broken else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--work", type=Path, default=Path("/work/rw/measure"))
    parser.add_argument("--sample", type=int, default=0, help="commits: a fixed random sample of N (0: all 812)")
    parser.add_argument("--injection-per-package", type=int, default=0, help="injection: targets a package (0: the script's default)")
    parser.add_argument("--only", default=None, help=f"comma-separated parts of {', '.join(PARTS)} (--identical: of {', '.join(IDENTICAL)})")
    identical_options = parser.add_argument_group("--identical: the complete outputs of the two revisions, compared")
    identical_options.add_argument("--identical", action="store_true", help="compare the outputs byte for byte; exit 1 when any differs")
    identical_options.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures")
    identical_options.add_argument("--realworld", type=Path, default=Path("/work/shared/realworld"), help="the patches' corpus (index.jsonl)")
    identical_options.add_argument("--trees", type=Path, default=Path("/work/rw/trees"), help="the patches' base trees")
    identical_options.add_argument("--commits-corpus", type=Path, default=Path("/work/shared/realworld/commits/commits.tsv"))
    identical_options.add_argument("--clones", type=Path, default=Path("/work/rw/clones"), help="the commits' repositories")
    identical_options.add_argument("--jobs", type=int, default=2, help="checks run at once")
    identical_options.add_argument("--show", type=int, default=10, help="print the first N differences")
    args = parser.parse_args(argv)
    parts = IDENTICAL if args.identical else PARTS
    wanted = [p.strip() for p in (args.only or ",".join(parts)).split(",") if p.strip()]
    unknown = [p for p in wanted if p not in parts]
    if unknown:
        parser.error(f"--only: unknown part(s) {', '.join(unknown)} (known: {', '.join(parts)})")
    args.work.mkdir(parents=True, exist_ok=True)
    # both named now: a branch that moves while the first revision is measured (main~2, main)
    # would have the second measured at its new place
    labels = {"before": f"{args.before} ({resolve(args.before)[:12]})", "after": f"{args.after} ({resolve(args.after)[:12]})"}
    args.before, args.after = resolve(args.before), resolve(args.after)
    if args.identical:
        return identical(args, wanted, labels)
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
