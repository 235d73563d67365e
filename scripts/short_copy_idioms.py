"""How common is a short copy's code in its own tree?  Issue 29's idiom test, measured on read findings.

Development-time only.  For each row of a verdicts file with ``at`` (path:line of the new
function at ``commit``), this reads the ``.py`` files of the tree at ``commit`` (``git archive``
in ``--clones/<owner>+<name>``), normalises every function of at most 20 lines with RA003's
tokenizer (``tokens.normalise``: names and literals reduced as RA003 compares them) and counts
the functions whose sequence is the new function's: 2 when the copy and its target are the only
ones, more when the same code is written in many places (a framework's hook, a convention).
Then it prints each row's count beside its verdict, and the verdicts by count.

    python scripts/short_copy_idioms.py --verdicts scripts/verdicts/short_copies.tsv --clones /work/rw/clones

Figures (2026-12-07, the 37 findings of ``--min-tokens 20`` read in short_copies.tsv): the 17
whose code occurs 3 to 8 times in the tree are all false (autogen's ``_from_config``, ``pass`` and
``return self`` hooks, example runners' ``_require_env``...); of the 20 that occur at most twice,
12 are true.  Counted with ``ast`` spans, the count can differ from the engine's by a decorator
or a docstring: the one 41-token row (false) counts 1.
"""

from __future__ import annotations

import argparse
import ast
import collections
import csv
import io
import sys
import tarfile
import textwrap
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from reuse_audit.index.tokens import normalise
from reuse_audit.source.gitrun import run_git

MAX_LINES = 20  # a short copy has at most 39 tokens: no function of more lines can equal it


def sequences(clone: Path, commit: str) -> tuple[collections.Counter, dict[tuple[str, int], str]]:
    """(sequence -> how many functions have it, (path, line) -> sequence) over the tree at ``commit``."""
    data = run_git(["archive", "--format=tar", commit, "--", "*.py"], clone)
    count: collections.Counter = collections.Counter()
    at: dict[tuple[str, int], str] = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            if not member.isfile() or not member.name.endswith(".py"):
                continue
            handle = archive.extractfile(member)
            if handle is None:
                continue
            source = handle.read()
            try:
                tree = ast.parse(source)
            except (SyntaxError, ValueError):
                continue
            lines = source.splitlines(keepends=True)
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                    if node.end_lineno - node.lineno > MAX_LINES:
                        continue
                    text = textwrap.dedent(b"".join(lines[node.lineno - 1 : node.end_lineno]).decode("utf-8", "replace"))
                    seq = normalise(text.encode())
                    count[seq] += 1
                    at[(member.name, node.lineno)] = seq
    return count, at


def counts(job: tuple[tuple[str, str], list[tuple[str, str, int]]], clones: Path) -> list[tuple[str, int]]:
    (repo, commit), rows = job
    count, at = sequences(clones / repo.replace("/", "+"), commit)
    return [(ident, count[at[(path, line)]] if (path, line) in at else 0) for ident, path, line in rows]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verdicts", type=Path, required=True, help="TSV with id, repo, commit, at, verdict (short_copies.tsv)")
    parser.add_argument("--clones", type=Path, required=True, help="folder of <owner>+<name> full-history clones")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rows = list(csv.DictReader(args.verdicts.open(encoding="utf-8"), delimiter="\t"))
    jobs: dict[tuple[str, str], list[tuple[str, str, int]]] = collections.defaultdict(list)
    for row in rows:
        path, line = row["at"].rsplit(":", 1)
        jobs[(row["repo"], row["commit"])].append((row["id"], path, int(line)))
    with ProcessPoolExecutor(args.jobs) as pool:
        found = dict(pair for part in pool.map(counts, jobs.items(), [args.clones] * len(jobs)) for pair in part)
    by_count: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for row in sorted(rows, key=lambda r: (found[r["id"]], r["id"])):
        n = found[row["id"]]
        print(f"{row['id']}\t{n}\t{row['verdict']}\t{row.get('relation', '')}\t{row['function']}")
        by_count["at most 2" if n <= 2 else "3 or more"][row["verdict"]] += 1
    for key in ("at most 2", "3 or more"):
        tally = by_count[key]
        print(f"code in the tree {key} times: {tally['TRUE']} true, {tally['FALSE']} false", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
