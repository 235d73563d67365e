"""Issue 29 (development only): what the similar-logic probe's best matches on the agent commits are.

    python scripts/similar_logic_probe.py commits --clones CLONES > probe.jsonl     # (per repo: --repo)
    python scripts/similar_logic_pairs.py probe.jsonl [more.jsonl ...] --clones CLONES
    python scripts/similar_logic_pairs.py probe.jsonl --clones CLONES --sample 104 --out sample.json
    python scripts/similar_logic_pairs.py probe.jsonl --clones CLONES --verdicts scripts/verdicts/similar_logic.tsv

Each new function of an agent commit whose best existing match scores >= 0.7 (the probe's
records) is put in one class, from the two qualified names and the target's body after the commit:

* ``nested``: either is a function inside a function;
* ``sibling-override``: two methods of one name in different classes (a backend pasted from another);
* ``same-name``: the same name elsewhere (a copy or a move into another module);
* ``delegate``: the target, after the commit, calls the new function (a move that left a delegate);
* ``other``: none of these.

It prints the counts by score and margin (the best score less the second best), and with
``--verdicts`` (id, verdict, remedy, reason, joined to the sample by id) the share read true in
each class.  ``--sample N`` writes a fixed sample of the pairs at score >= 0.8, margin >= 0.1
(every ``other`` pair, a few of each other class) for reading.
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from reuse_audit.source.gitrun import GitError, run_git

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "realworld" / "commits" / "commits.tsv"
QUOTA = {"other": 1000, "same-name": 20, "sibling-override": 15, "delegate": 8, "nested": 7}


def load(paths: list[Path]) -> tuple[dict[str, int], dict[tuple[str, str], dict]]:
    """(commit -> new functions, (commit, function) -> the probe's record); a later file's commit wins."""
    added: dict[str, int] = {}
    records: dict[tuple[str, str], dict] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "added" in record:
                added[record["commit"]] = record["added"]
            elif "top" in record:
                records[(record["commit"], record["function"])] = record
    return added, records


def local_parts(qualname: str, path: str) -> list[str]:
    module = path[:-3].replace("/", ".").removesuffix(".__init__")
    rest = qualname[len(module) + 1 :] if qualname.startswith(module + ".") else qualname.split(".")[-1]
    return rest.split(".")


def body_of(text: str, name: str) -> str | None:
    found = re.search(rf"^([ \t]*)(?:async[ \t]+)?def[ \t]+{re.escape(name)}\b.*$", text, re.MULTILINE)
    if not found:
        return None
    indent, lines = len(found.group(1)), []
    for line in text[found.end() :].splitlines()[1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        lines.append(line)
    return "\n".join(lines)


def classify(record: dict, clones: Path) -> str:
    _, target, target_path, _, _ = record["top"][0]
    mine, theirs = local_parts(record["function"], record["path"]), local_parts(target, target_path)
    if "<locals>" in mine or "<locals>" in theirs:
        return "nested"
    if len(mine) >= 2 and len(theirs) >= 2 and mine[-1] == theirs[-1] and mine[:-1] != theirs[:-1]:
        return "sibling-override"
    if mine[-1] == theirs[-1]:
        return "same-name"
    try:
        after = run_git(["show", f"{record['commit']}:{target_path}"], clones / record["repo"].replace("/", "+"))
    except GitError:
        return "other"
    body = body_of(after.decode("utf-8", "replace"), theirs[-1])
    if body is not None and re.search(rf"\b{re.escape(mine[-1])}\s*\(", body):
        return "delegate"
    return "other"


def pairs(records: dict[tuple[str, str], dict], clones: Path) -> list[dict]:
    out = []
    for record in records.values():
        best = record["top"][0][0]
        second = record["top"][1][0] if len(record["top"]) > 1 else 0.0
        out.append({**record, "score": best, "margin": round(best - second, 3), "kind": classify(record, clones)})
    return out


def counts(found: list[dict]) -> None:
    for low in (0.7, 0.8, 0.9):
        for margin in (0.0, 0.1):
            chosen = [p for p in found if p["score"] >= low and p["margin"] >= margin]
            by_kind = collections.Counter(p["kind"] for p in chosen)
            print(f"score >= {low} margin >= {margin}: {len(chosen)} ({', '.join(f'{k} {n}' for k, n in by_kind.most_common())})")


def sample(found: list[dict], corpus: Path, seed: int = 29) -> list[dict]:
    parents = {r["commit"]: r["parent"] for r in csv.DictReader(corpus.open(encoding="utf-8"), delimiter="\t")}
    chosen = [p for p in found if p["score"] >= 0.8 and p["margin"] >= 0.1]
    rng = random.Random(seed)
    picked: list[dict] = []
    for kind, quota in QUOTA.items():
        pool = sorted((p for p in chosen if p["kind"] == kind), key=lambda p: (p["repo"], p["commit"], p["function"]))
        picked += pool if len(pool) <= quota else rng.sample(pool, quota)
    rng.shuffle(picked)
    return [
        {
            "id": f"P{i:03d}", "repo": p["repo"], "commit": p["commit"], "parent": parents[p["commit"]],
            "new_function": p["function"], "new_path": p["path"], "new_line": p["line"],
            "target": p["top"][0][1], "target_path": p["top"][0][2], "target_line": p["top"][0][3],
            "score": round(p["score"], 3), "margin": p["margin"], "lexical_literals_syntax": p["top"][0][4], "kind": p["kind"],
        }
        for i, p in enumerate(picked, 1)
    ]


def token_entry(data: bytes, name: str, line: int) -> tuple | None:
    """RA003's token entry (``tokens.file_entries``) of the def of ``name`` nearest ``line``."""
    import ast

    from reuse_audit.index.tokens import file_entries

    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return None
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name]
    if not defs:
        return None
    node = min(defs, key=lambda n: abs(n.lineno - line))
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    found = file_entries(data, [(name, start, node.col_offset, node.end_lineno or node.lineno)])
    return found[0] if found else None


def token_similarity(pair: dict, clones: Path) -> tuple[float, int] | None:
    """RA003's token similarity of the pair and the shorter one's tokens (None: unreadable)."""
    from rapidfuzz.distance import Indel

    clone = clones / pair["repo"].replace("/", "+")
    try:
        mine = run_git(["show", f"{pair['commit']}:{pair['new_path']}"], clone)
        theirs = run_git(["show", f"{pair['parent']}:{pair['target_path']}"], clone)
    except GitError:
        return None
    a = token_entry(mine, pair["new_function"].split(".")[-1], pair["new_line"])
    b = token_entry(theirs, pair["target"].split(".")[-1], pair["target_line"])
    if a is None or b is None:
        return None
    return Indel.normalized_similarity(a[4], b[4]), min(len(a[4]), len(b[4]))


def read_verdicts(path: Path) -> dict[str, dict]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return {row["id"]: row for row in csv.DictReader(lines, delimiter="\t")}


def precision(picked: list[dict], verdicts: dict[str, dict], clones: Path) -> None:
    by_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    remedies: collections.Counter = collections.Counter()
    ra003_like = [0, 0]  # RA003's bar without its guards: token similarity >= 0.9, >= 40 tokens
    for p in picked:
        verdict = verdicts.get(p["id"])
        if verdict is None:
            continue
        true = verdict["verdict"] == "TRUE"
        tokens = token_similarity(p, clones)
        if tokens is not None and tokens[0] >= 0.9 and tokens[1] >= 40:
            ra003_like[0] += true
            ra003_like[1] += 1
        by_kind[p["kind"]][0] += true
        by_kind[p["kind"]][1] += 1
        if true:
            remedies[verdict["remedy"]] += 1
    total = [sum(v[0] for v in by_kind.values()), sum(v[1] for v in by_kind.values())]
    for kind, (true, read) in sorted(by_kind.items()) + [("all", total)]:
        print(f"{kind:<17} {true:>3} true of {read:>3} read ({true / read:.2f})" if read else f"{kind}: none read")
    print("remedies of the true ones:", dict(remedies.most_common()))
    true, read = ra003_like
    print(f"at RA003's bar (token similarity >= 0.9, >= 40 tokens): {true} true of {read} read")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("probe", nargs="+", type=Path, help="the probe's output (commits mode), one or more files")
    parser.add_argument("--clones", type=Path, required=True, help="folder of git clones named owner+name")
    parser.add_argument("--sample", type=int, default=0, help="write the reading sample (score >= 0.8, margin >= 0.1) to --out")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the commits' table (its parents)")
    parser.add_argument("--verdicts", type=Path, help="the verdicts of the sample (id, verdict, remedy, reason)")
    args = parser.parse_args()
    added, records = load(args.probe)
    found = pairs(records, args.clones)
    print(f"{len(added)} commits, {sum(added.values())} new functions, {len(found)} whose best match scores >= 0.7")
    counts(found)
    picked = sample(found, args.corpus)
    if args.sample and args.out:
        args.out.write_text(json.dumps(picked[: args.sample], indent=1), encoding="utf-8")
    if args.verdicts:
        precision(picked, read_verdicts(args.verdicts), args.clones)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
