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
messages (dedup, duplicate, DRY, reuse, use existing, instead of, redundant...),
from histories scanned for same-named functions with near-identical bodies of
which a commit removed one copy or both, and from commits that delete a function
and point its callers at one that already existed; the introducing commit is
the one that added the copy while the target was already in the tree, and each
pair was then read and kept only when calling or merging the target was the
right fix (not: both added by one commit, a deliberate extract-then-replace, a
copy inside a string literal, a target outside the repository, a wrapper that
calls the target).  ``function``,
``target`` and ``target_callees`` come from the engine's index of the tree at
``introduced`` (``function`` is new there, ``target`` exists at its parent).
``kind``: verbatim / near-verbatim (pasted), parametrize (pasted with one
constant, class or step swapped), receiver-variant (the same method pasted into
another class, on its own attributes), rewrite (same job, written anew),
small-utility.

A commit is checked once even when several rows share it; ``--out`` keeps the
per-row results as JSON lines (written afresh each run).  ``--jobs N`` runs N
checks at once (default 2).

Side by side with jscpd (the copy/paste detector people run in CI):

    python scripts/consolidations.py --exe .venv/bin/reuse-audit --jscpd /path/to/node_modules/.bin/jscpd

(jscpd 5.3.3: ``npm install jscpd@5.3.3`` in a scratch folder).  For each
introducing commit the ``.py`` files of its tree (``git archive INTRODUCED --
'*.py'``) are unpacked into a temporary folder and scanned with
``jscpd --format python --reporters json`` at jscpd's default thresholds; a row
counts as found by jscpd when one reported clone has one fragment on the lines
of ``function`` and the other on the lines of ``target`` (each at least one line
of the function's span, decorators included, in its file at ``introduced``); the
summary also says in how many of those the clone covers at least half of the copy.
The functions are located by their qualified names (module path suffix, then
``Class.method`` / ``f.<locals>.g`` as Python's ``__qualname__``), with ``ast``,
or by indentation for sources ``ast`` cannot read (Python 2).  Then one table:
per row, found by reuse-audit (the rules), by jscpd, both or neither, and the
counts "jscpd finds N, reuse-audit finds M, of jscpd's N reuse-audit finds K".
"""

from __future__ import annotations

import argparse
import ast
import csv
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reuse_audit.source.gitrun import GitError, run_git

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
        {"code": f["code"], "function": f["function"], "target": f["target"]["name"], "ratio": f["ratio"], "details": f.get("details", {})}
        for f in report["findings"]
    ]
    return out


def outline(source: str) -> dict[str, tuple[int, int]]:
    """The defs and classes of a module: qualified name (``C.m``, ``f.<locals>.g``) -> (first line, last line).

    The first line is the first decorator's.  Sources ``ast`` cannot read (Python 2)
    are outlined by indentation instead.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return _outline_by_indent(source)
    spans: dict[str, tuple[int, int]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                spans.setdefault(name, (first, child.end_lineno or child.lineno))
                inner = name + (".<locals>." if not isinstance(child, ast.ClassDef) else ".")
                visit(child, inner)
            else:
                visit(child, prefix)

    visit(tree, "")
    return spans


_DEF = re.compile(r"^(\s*)(?:async\s+)?(def|class)\s+(\w+)")


def _outline_by_indent(source: str) -> dict[str, tuple[int, int]]:
    """``outline`` for sources ``ast`` cannot read: a block ends at the next code line indented no deeper than its header."""
    spans: dict[str, tuple[int, int]] = {}
    blocks: list[tuple[int, str, str, int]] = []  # indent, def or class, qualified name, first line
    last_code = 0
    decorator = 0  # first line of the decorators above the next header
    depth = 0  # open brackets of a header or statement spanning lines

    def close(indent: int) -> None:
        while blocks and blocks[-1][0] >= indent:
            _, _, name, first = blocks.pop()
            spans.setdefault(name, (first, max(first, last_code)))

    for number, text in enumerate(source.splitlines(), 1):
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if depth <= 0:
            close(len(text) - len(text.lstrip()))
            match = _DEF.match(text)
            if match:
                parent = blocks[-1] if blocks else None
                prefix = "" if parent is None else parent[2] + (".<locals>." if parent[1] == "def" else ".")
                blocks.append((len(match.group(1)), match.group(2), prefix + match.group(3), decorator or number))
            decorator = (decorator or number) if stripped.startswith("@") else 0
        depth = max(0, depth + len(re.findall(r"[([{]", stripped)) - len(re.findall(r"[)\]}]", stripped)))
        last_code = number
    close(0)
    return spans


def locate(root: Path, qualname: str, cache: dict) -> tuple[str, int, int] | None:
    """Where the function named ``qualname`` is in the tree at ``root``: (path, first line, last line)."""
    modules = cache.get("modules")
    if modules is None:
        modules = cache["modules"] = {}
        for path in sorted(root.rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            for start in range(len(parts)):
                modules.setdefault(".".join(parts[start:]), []).append(path.relative_to(root).as_posix())
    parts = qualname.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        inner = ".".join(parts[cut:])
        for rel in modules.get(".".join(parts[:cut]), []):
            spans = cache.get(rel)
            if spans is None:
                spans = cache[rel] = outline((root / rel).read_text(encoding="utf-8", errors="replace"))
            if inner in spans:
                return (rel, *spans[inner])
    return None


def jscpd_pairs(duplicates: list[dict], copy: tuple[str, int, int], target: tuple[str, int, int]) -> list[list[int]]:
    """The clones of a jscpd report with one fragment on the copy's lines and the other on the target's."""

    def on(fragment: dict, place: tuple[str, int, int]) -> bool:
        name = os.path.normpath(fragment["name"]).replace(os.sep, "/")
        return name == place[0] and fragment["start"] <= place[2] and fragment["end"] >= place[1]

    pairs = []
    for clone in duplicates:
        first, second = clone["firstFile"], clone["secondFile"]
        for a, b in ((first, second), (second, first)):
            if on(a, copy) and on(b, target):
                pairs.append([a["start"], a["end"], b["start"], b["end"]])
                break
    return pairs


def coverage(pairs: list[list[int]], copy: tuple[str, int, int]) -> float:
    """The largest share of the copy's lines one pairing clone covers."""
    size = copy[2] - copy[1] + 1
    return round(max((min(end, copy[2]) - max(start, copy[1]) + 1) / size for start, end, _, _ in pairs), 2) if pairs else 0.0


def run_jscpd(exe: str, clone: Path, commit: str, rows: list[dict]) -> dict[tuple[str, str], dict]:
    """jscpd on the ``.py`` files of ``commit``: for each row, whether a clone pairs ``function`` with ``target``."""
    results: dict[tuple[str, str], dict] = {}

    def fail(message: str) -> dict[tuple[str, str], dict]:
        return {(r["function"], r["target"]): {"found": False, "files_paired": False, "clones": [], "error": message} for r in rows}

    try:
        archive = run_git(["archive", "--format=tar", commit, "--", "*.py"], clone)
    except GitError as exc:
        return fail("git archive: " + (exc.stderr.strip() or str(exc))[-300:])
    with tempfile.TemporaryDirectory(prefix="consolidations-jscpd-") as tmp:
        root, out = Path(tmp) / "tree", Path(tmp) / "report"
        root.mkdir()
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(root, filter="data")
            else:  # pragma: no cover - Python < 3.11.4
                tar.extractall(root)
        proc = subprocess.run(
            [exe, "--format", "python", "--reporters", "json", "--output", str(out), "--silent", "."],
            cwd=root,
            capture_output=True,
            text=True,
        )
        report_file = out / "jscpd-report.json"
        if not report_file.is_file():
            return fail(f"jscpd exit {proc.returncode}: " + (proc.stderr or proc.stdout).strip()[-300:])
        duplicates = json.loads(report_file.read_text(encoding="utf-8")).get("duplicates", [])
        cache: dict = {}
        for r in rows:
            copy, target = locate(root, r["function"], cache), locate(root, r["target"], cache)
            if copy is None or target is None:
                missing = " and ".join(q for q, place in ((r["function"], copy), (r["target"], target)) if place is None)
                results[(r["function"], r["target"])] = {"found": False, "files_paired": False, "clones": [], "error": f"not located: {missing}"}
                continue
            pairs = jscpd_pairs(duplicates, copy, target)
            files = {copy[0], target[0]}
            paired_files = any(
                {os.path.normpath(c["firstFile"]["name"]), os.path.normpath(c["secondFile"]["name"])} == files
                or (len(files) == 1 and os.path.normpath(c["firstFile"]["name"]) in files and os.path.normpath(c["secondFile"]["name"]) in files)
                for c in duplicates
            )
            results[(r["function"], r["target"])] = {
                "found": bool(pairs),
                "files_paired": paired_files,
                "coverage": coverage(pairs, copy),
                "clones": pairs,
                "copy_lines": list(copy),
                "target_lines": list(target),
                "error": None,
            }
    return results


def judge(row: dict, result: dict, jscpd: dict | None = None) -> dict:
    """The row's outcome: found (by which rules), what else the check said of the copy, and jscpd's answer."""
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
        "scores": {f["code"]: f["ratio"] for f in on_function if f["target"] == row["target"]},
        "details": {f["code"]: f.get("details", {}) for f in on_function if f["target"] == row["target"]},
        "other_targets": others,
        "error": result.get("error"),
        "jscpd": jscpd,
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


def verdict(outcome: dict) -> str:
    by_jscpd = bool(outcome["jscpd"] and outcome["jscpd"]["found"])
    return {(True, True): "both", (True, False): "reuse-audit only", (False, True): "jscpd only"}.get((outcome["found"], by_jscpd), "neither")


def side_by_side(outcomes: list[dict]) -> list[str]:
    """One line a row (reuse-audit's rules, jscpd's answer, both or neither), then the counts."""
    lines = [f"{'reuse-audit':<12} {'jscpd':<6} {'verdict':<17} row"]
    for o in outcomes:
        j = o["jscpd"] or {}
        mark = ("error" if j.get("error") else "yes" if j.get("found") else "no") if o["jscpd"] is not None else "-"
        rules = "ERROR" if o["error"] else ",".join(o["rules"]) or "-"
        lines.append(
            f"{rules:<12} {mark:<6} {verdict(o):<17} {o['repo']} {o['introduced'][:12]} {o['function']} -> {o['target']}"
            f" [{o['kind']}, inside={o['inside_definition']}]"
        )
    by_jscpd = [o for o in outcomes if o["jscpd"] and o["jscpd"]["found"]]
    found = [o for o in outcomes if o["found"]]
    both = [o for o in by_jscpd if o["found"]]
    counts = {v: sum(verdict(o) == v for o in outcomes) for v in ("both", "reuse-audit only", "jscpd only", "neither")}
    lines.append(
        f"jscpd finds {len(by_jscpd)}, reuse-audit finds {len(found)}, of jscpd's {len(by_jscpd)} reuse-audit finds {len(both)}"
        f" (of {len(outcomes)} rows)"
    )
    lines.append("  " + ", ".join(f"{v} {n}" for v, n in counts.items()))
    half = [o for o in by_jscpd if o["jscpd"].get("coverage", 0) >= 0.5]
    lines.append(
        f"  jscpd's clone covers at least half of the copy's lines in {len(half)} of its {len(by_jscpd)}"
        f" (reuse-audit finds {sum(o['found'] for o in half)} of those)"
    )
    files = sum(bool(o["jscpd"] and o["jscpd"]["files_paired"]) for o in outcomes)
    lines.append(f"  jscpd pairs the copy's file with the target's (any lines) in {files}")
    failed = [o for o in outcomes if o["jscpd"] and o["jscpd"]["error"]]
    if failed:
        lines.append(f"  jscpd could not judge {len(failed)} rows: " + "; ".join(sorted({o['jscpd']['error'][:120] for o in failed})))
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
    parser.add_argument("--jscpd", default=None, metavar="PATH", help="also run jscpd (5.3.3) on each introducing tree and compare")
    args = parser.parse_args(argv)
    rows = read_rows(args.corpus)
    commits = sorted({(r["repo"], r["introduced"]) for r in rows})
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = dict(zip(commits, pool.map(lambda c: check(c[0], c[1], args.exe, args.clones, args.extra.split()), commits)))
        clones = {}
        if args.jscpd:
            by_commit = {c: [r for r in rows if (r["repo"], r["introduced"]) == c] for c in commits}
            scan = lambda c: run_jscpd(args.jscpd, args.clones / c[0].replace("/", "+"), c[1], by_commit[c])  # noqa: E731
            clones = dict(zip(commits, pool.map(scan, commits)))
    outcomes = [
        judge(r, results[(r["repo"], r["introduced"])], clones[(r["repo"], r["introduced"])][(r["function"], r["target"])] if clones else None)
        for r in rows
    ]
    if args.out is not None:
        with args.out.open("w", encoding="utf-8") as fh:
            for o in outcomes:
                fh.write(json.dumps(o, sort_keys=True) + "\n")
    for o in outcomes:
        if (args.list and not args.jscpd) or o["error"]:
            mark = "ERROR " + o["error"][-200:] if o["error"] else ("found " + ",".join(o["rules"]) if o["found"] else "missed")
            extra = f" (other findings: {', '.join(o['other_targets'])})" if o["other_targets"] else ""
            print(f"{o['repo']} {o['introduced'][:12]} {o['function']} -> {o['target']} [{o['kind']}, inside={o['inside_definition']}]: {mark}{extra}")
    if args.jscpd:
        print("\n".join(side_by_side(outcomes)))
    print("\n".join(report(outcomes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
