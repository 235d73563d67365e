"""Calibrate RA003 near-clone: how many pairs it would report on a tree if every function were new.

    python scripts/ra003_calibrate.py /tmp/perf/sympy-1.14.0
    python scripts/ra003_calibrate.py TREE --sample 20 --at 0.9 --size 40 --recall 400

Builds the repository index and the clone index of TREE (with the cache in
``--cache-dir``, default a temporary folder), then queries every function of
at least the smallest size as if a change had added it, and applies RA003's
exclusions: not itself, not a function nested in it, not a function it calls
or that calls it.  A pair RA001 would report (the new function calls at least
``min-overlap`` of the other's callees, and the other has at least
``min-callees``) is counted apart: RA003 leaves it to RA001.

Prints a table, for each minimum similarity and minimum size: the pairs
reported (each unordered pair once), the functions that would get a finding,
and their share of the functions of that size.  ``--sample N`` prints N random
pairs reported at ``--at``/``--size``, with both functions' source, to judge
by eye whether they are real clones.  ``--recall N`` checks the fingerprint
index against a brute-force comparison of N random functions with every
other (rapidfuzz ``process.extract``): the share of the pairs it finds.

Prints figures; it is not a test, and asserts nothing.
"""

from __future__ import annotations

import argparse
import ast
import random
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reuse_audit.facts.cache import FactsCache  # noqa: E402
from reuse_audit.index.clones import build_clone_index  # noqa: E402
from reuse_audit.index import build_index  # noqa: E402
from reuse_audit.settings import Settings  # noqa: E402
from reuse_audit.source.tree import FsTree  # noqa: E402
from rules.callees import calls_function, is_reimplementation, nested, overlap  # noqa: E402

THRESHOLDS = (0.80, 0.85, 0.90, 0.95)
SIZES = (30, 40, 60)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--cache-dir", type=Path, default=None)
    parser.add_argument("--thresholds", default=",".join(str(t) for t in THRESHOLDS))
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    parser.add_argument("--sample", type=int, default=0, help="print N random pairs reported at --at/--size")
    parser.add_argument("--at", type=float, default=0.9)
    parser.add_argument("--size", type=int, default=40)
    parser.add_argument("--recall", type=int, default=0, help="check the index against brute force on N functions")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    thresholds = sorted(float(t) for t in args.thresholds.split(","))
    sizes = sorted(int(s) for s in args.sizes.split(","))

    with tempfile.TemporaryDirectory() as scratch:
        cache = FactsCache(args.cache_dir or Path(scratch))
        settings = Settings(min_tokens=sizes[0])
        started = time.perf_counter()
        tree = FsTree(args.tree)
        index = build_index(tree, settings, cache)
        clones = build_clone_index(tree, index, settings, cache, in_memory=True)
        names = [q for q in clones.qualnames() if q in index.functions]
        tokens = {q: len(clones.tokens(q) or b"") for q in names}
        print(f"{args.tree}: {len(index.functions)} functions, {sum(1 for q in names if tokens[q] >= sizes[0])} "
              f"of at least {sizes[0]} tokens; indexed in {time.perf_counter() - started:.1f} s")

        started = time.perf_counter()
        pairs: dict[frozenset, tuple[float, str, str]] = {}  # qualifying pair -> (similarity, a, b)
        ways: dict[frozenset, list] = {}  # qualifying pair -> [(coverage, extra)] each way round it was found
        left_to_ra001: dict[frozenset, float] = {}
        for q in names:
            if tokens[q] < sizes[0]:
                continue
            fn = index.functions[q]
            for match in clones.similar(q, thresholds[0]):
                t = match.qualname
                key = frozenset((q, t))
                if key in pairs:
                    ways[key].append((match.coverage, match.extra))
                if t == q or nested(t, q) or key in pairs or key in left_to_ra001:
                    continue
                target = index.functions[t]
                if calls_function(fn.callees, t, index) or calls_function(target.callees, q, index):
                    continue
                if _ra001(fn.callees, target.callees, index, settings) or _ra001(target.callees, fn.callees, index, settings):
                    left_to_ra001[key] = match.similarity
                    continue
                pairs[key] = (match.similarity, q, t)
                ways[key] = [(match.coverage, match.extra)]
        print(f"queried every function as new in {time.perf_counter() - started:.1f} s\n")

        print("| min-similarity | min-tokens | functions judged | pairs similar | pairs reported "
              "| functions flagged | share flagged | pairs left to RA001 |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for threshold in thresholds:
            for size in sizes:
                judged = sum(1 for q in names if tokens[q] >= size)
                similar = [
                    key for key, (s, a, b) in pairs.items() if s + 1e-9 >= threshold and tokens[a] >= size and tokens[b] >= size
                ]
                kept = [key for key in similar if _means_the_same(ways[key], threshold)]
                flagged = {x for pair in kept for x in pair}
                ra001_count = sum(
                    1 for key, s in left_to_ra001.items() if s + 1e-9 >= threshold and all(tokens[x] >= size for x in key)
                )
                share = len(flagged) / judged if judged else 0.0
                print(f"| {threshold:.2f} | {size} | {judged} | {len(similar)} | {len(kept)} | {len(flagged)} | {share:.1%} | {ra001_count} |")

        at = [
            (a, b)
            for key, (s, a, b) in pairs.items()
            if s + 1e-9 >= args.at and tokens[a] >= args.size and tokens[b] >= args.size and _means_the_same(ways[key], args.at)
        ]
        tests = sum(1 for a, b in at if _is_test(index, a) and _is_test(index, b))
        same = sum(1 for a, b in at if all(c >= 1 - 1e-9 and e >= 1 - 1e-9 for c, e in ways[frozenset((a, b))]))
        some_test = sum(1 for a, b in at if _is_test(index, a) != _is_test(index, b))
        same_file = sum(1 for a, b in at if index.functions[a].location.path == index.functions[b].location.path)
        print(f"\nat {args.at} / {args.size} tokens: {len(at)} pairs; {tests} between two test functions, "
              f"{some_test} between a test and another function, {len(at) - tests - some_test} between two other functions; "
              f"{same_file} within one file; {same} with the same meaning both ways (neither does more)")

        if args.sample:
            rng = random.Random(args.seed)
            chosen = sorted(
                (s, a, b)
                for key, (s, a, b) in pairs.items()
                if s + 1e-9 >= args.at and tokens[a] >= args.size and tokens[b] >= args.size and _means_the_same(ways[key], args.at)
            )
            print(f"\n{min(args.sample, len(chosen))} random pairs of {len(chosen)} at {args.at} / {args.size} tokens:")
            for s, a, b in sorted(rng.sample(chosen, min(args.sample, len(chosen))), key=lambda x: x[1]):
                way = max(ways[frozenset((a, b))])
                print(f"\n=== {s:.3f} (coverage {way[0]:.2f}, extra {way[1]:.2f})  {a} ({tokens[a]} tokens)  ~  {b} ({tokens[b]} tokens)")
                for q in (a, b):
                    print(_source(tree, index, q))

        if args.recall:
            _recall(clones, names, tokens, thresholds, sizes[0], args.recall, args.seed)
    return 0


def _means_the_same(ways: list, threshold: float) -> bool:
    """RA003's meaning test, either way round: the new function has all of the other's meaning,
    and the other at least ``threshold`` of the new one's."""
    return any(c >= 1 - 1e-9 and e + 1e-9 >= threshold for c, e in ways)


def _is_test(index, qualname: str) -> bool:
    """A test function: ``test*`` in a test module (``test_*.py``, ``*_test.py``, or under ``tests/``)."""
    path = index.functions[qualname].location.path
    name = qualname.rpartition(".")[2]
    file = path.rpartition("/")[2]
    in_tests = file.startswith("test_") or file.endswith("_test.py") or "/tests/" in "/" + path
    return in_tests and name.startswith("test")


def _ra001(callees, target_callees, index, settings) -> bool:
    shared, _ = overlap(target_callees, callees, index)
    return is_reimplementation(len(shared), len(target_callees), settings)


def _source(tree, index, qualname: str, limit: int = 30) -> str:
    """The function's source, its docstring left out, at most ``limit`` lines."""
    loc = index.functions[qualname].location
    lines = tree.read(loc.path).decode("utf-8", "replace").splitlines()[loc.line - 1 : loc.end_line]
    try:
        node = ast.parse(textwrap.dedent("\n".join(lines))).body[0]
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            del lines[first.lineno - 1 : first.end_lineno]
    except (SyntaxError, IndexError, AttributeError):
        pass
    shown = lines[:limit] + ([f"    ... ({len(lines) - limit} more lines)"] if len(lines) > limit else [])
    return f"--- {loc.path}:{loc.line}\n" + "\n".join(shown)


def _recall(clones, names, tokens, thresholds, size, count, seed) -> None:
    """The share of the pairs a brute-force comparison finds that the index finds too."""
    from rapidfuzz import process
    from rapidfuzz.distance import Indel

    pool = [q for q in names if tokens[q] >= size]
    seqs = [clones.tokens(q) for q in pool]
    rng = random.Random(seed)
    sample = rng.sample(pool, min(count, len(pool)))
    started = time.perf_counter()
    truth, found = [], []
    for q in sample:
        seq = clones.tokens(q)
        for _, sim, i in process.extract(seq, seqs, scorer=Indel.normalized_similarity, score_cutoff=thresholds[0], limit=None):
            if pool[i] != q:
                truth.append((sim, q, pool[i]))
        found.extend((m.similarity, q, m.qualname) for m in clones.similar(q, thresholds[0]))
    print(f"\nrecall of the fingerprint index on {len(sample)} random functions of at least {size} tokens, "
          f"against brute force ({time.perf_counter() - started:.1f} s):")
    print("| min-similarity | pairs (brute force) | found by the index | recall |")
    print("| --- | --- | --- | --- |")
    got = {(q, t) for _, q, t in found}
    for threshold in thresholds:
        true = [(q, t) for s, q, t in truth if s + 1e-9 >= threshold]
        hit = sum(1 for pair in true if pair in got)
        print(f"| {threshold:.2f} | {len(true)} | {hit} | {hit / len(true) if true else 1.0:.3f} |")


if __name__ == "__main__":
    sys.exit(main())
