"""RA003 near-clone: fixture repositories (as tests/test_ra001.py), the tokenizer, the clone index and its cache.

Each case is a folder ``tests/fixtures/ra003/<case>/`` with ``before/``,
``after/`` and ``expected.txt``, read and run exactly as RA001's cases are
(every rule runs: a case also shows that RA001 and RA003 do not report one
pair twice).

    REUSE_AUDIT_UPDATE_FIXTURES=1 python -m pytest tests/test_ra003.py

rewrites every ``expected.txt``; read each diff before committing it.
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_ra001 import check_expected, make_patch, read_tree, write_tree

from reuse_audit.index import body, clones, pool, tokens
from reuse_audit.facts.cache import FactsCache
from reuse_audit.app.cli import cli
from reuse_audit.index import build_index
from reuse_audit.settings import Settings
from reuse_audit.source.tree import FsTree, MemoryTree
from violation_support import finding

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "ra003"
CASES = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())


def load_case(case: str) -> tuple[dict[str, str], dict[str, str]]:
    folder = FIXTURES / case
    before = read_tree(folder / "before")
    after = dict(before)
    after.update(read_tree(folder / "after"))
    return before, after


def run_case(case: str, tmp_path: Path, *extra: str):
    before, after = load_case(case)
    repo = tmp_path / "repo"
    write_tree(repo, before)
    patch = tmp_path / "change.patch"
    patch.write_bytes(make_patch(before, after).encode("utf-8"))
    return CliRunner().invoke(cli, ["check", str(patch), "--repo", str(repo), *extra], catch_exceptions=False)


# ------------------------------------------------------------------ fixtures


def test_fixture_cases_exist():
    assert len(CASES) >= 10, CASES
    for case in CASES:
        before, after = load_case(case)
        assert before and after != before, case
        assert (FIXTURES / case / "expected.txt").is_file(), case


@pytest.mark.parametrize("case", CASES)
def test_ra003_fixture(case: str, tmp_path: Path):
    result = run_case(case, tmp_path, "--no-cache")
    assert result.exit_code in (0, 1), f"exit {result.exit_code}\n{result.stdout}\n{result.stderr}"
    assert result.stderr == "", result.stderr
    body, summary, expected = check_expected(FIXTURES / case, result.stdout)
    assert result.exit_code == (1 if expected.strip() else 0), (result.exit_code, summary)
    match = re.search(r"\((\d+) suppressed\)", summary)
    assert (int(match.group(1)) if match else 0) == (1 if case.startswith("suppressed_") else 0), summary
    if case.startswith("negative_"):
        assert "RA003" not in body, body
    elif not case.startswith("suppressed_") and case != "ra001_reports_first":
        assert "RA003" in body, body


def test_ra001_wins_the_pair(tmp_path: Path):
    body = run_case("ra001_reports_first", tmp_path, "--no-cache").stdout
    assert re.search(r"RA001 (\[\*\] )?'tidy' re-implements 'textkit.normalize.clean_lines'", body), body
    assert "RA003" not in body
    # with RA001 off, RA003 reports the copy itself
    body = run_case("ra001_reports_first", tmp_path / "alone", "--no-cache", "--ignore", "RA001").stdout
    assert re.search(r"RA003 (\[\*\] )?'tidy' is a near-copy of 'textkit.normalize.clean_lines'", body), body


def test_cache_gives_the_same_findings(tmp_path: Path):
    from reuse_audit.index import background

    cache = tmp_path / "cache"
    cold = run_case("two_matches_best_first", tmp_path / "a", "--cache-dir", str(cache))  # lazy: no clone cache
    warm = run_case("two_matches_best_first", tmp_path / "b", "--cache-dir", str(cache))
    # what the background build after a lazy check stores: the full index and the clone cache
    background.build(tmp_path / "a" / "repo", cache, 1, (), clones=True)
    assert list(cache.glob("clones-*.sqlite"))
    stored = run_case("two_matches_best_first", tmp_path / "a", "--cache-dir", str(cache))
    none = run_case("two_matches_best_first", tmp_path / "c", "--no-cache")
    assert cold.stdout == warm.stdout == stored.stdout == none.stdout
    assert "RA003" in cold.stdout


def test_json_and_sarif_carry_the_similarity(tmp_path: Path):
    import json

    result = run_case("copied_algorithm_renamed", tmp_path, "--no-cache", "--format", "json")
    finding = next(f for f in json.loads(result.stdout)["findings"] if f["code"] == "RA003")
    assert finding["details"] == {"similarity": "1.00", "tokens": str(finding["details"]["tokens"]), "status": "added"}
    assert int(finding["details"]["tokens"]) >= 40
    assert finding["ratio"] == 1.0
    assert finding["target"]["name"] == "textkit.encode.run_length_encode"
    sarif = json.loads(run_case("copied_algorithm_renamed", tmp_path / "s", "--no-cache", "--format", "sarif").stdout)
    rules = {r["id"]: r for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["RA003"]["name"] == "near-clone"
    assert rules["RA003"]["helpUri"].endswith("docs/rules/RA003-near-clone.md")
    assert any(r["ruleId"] == "RA003" for r in sarif["runs"][0]["results"])


# ------------------------------------------------------------------ tokenizer


def seq(source: str) -> str:
    return tokens.normalise(source.encode())


def test_renamed_variables_and_reformatting_do_not_matter():
    a = "def f(items, limit=3):\n    total = 0\n    for item in items:\n        total += item * 2\n    return total\n"
    b = (
        'def g(values, cap=3):\n    """Doubled sum."""\n    acc = 0  # running sum\n'
        "    for v in values:\n        acc += v \\\n                * 2\n    return acc\n"
    )
    assert seq(a) == seq(b)


def test_what_a_copy_keeps_is_kept():
    base = "def f(x):\n    return helper(x) + CONSTANT + x.attribute\n"
    assert seq(base) != seq(base.replace("helper(", "other("))  # called names
    assert seq(base) != seq(base.replace("CONSTANT", "OTHER"))  # globals
    assert seq(base) != seq(base.replace(".attribute", ".other"))  # attributes
    assert seq(base) != seq(base.replace("+ CONSTANT", "- CONSTANT"))  # operators
    assert seq(base) == seq(base.replace("(x)", "(y)").replace("+ x.", "+ y."))  # the parameter


def test_strings_numbers_and_comments():
    s = seq(
        "def f(a):\n"
        "    '''doc'''\n"
        "    # a comment with 'quotes'\n"
        "    x = rb'raw' + f\"{a!r}\" + '''tri\nple''' + 0x1F + 1_000.5e-3 + .5j\n"
        "    return x  \\\n        + 1\n"
    )
    described = tokens.describe(s)
    assert described.split().count("S") == 3, described
    assert described.split().count("0") == 4, described
    assert "doc" not in described and "comment" not in described
    assert described.startswith("def N ( N ) : N =")


def test_docstring_only_the_first_statement():
    with_doc = seq('def f(a):\n    """doc"""\n    return "x".join(a)\n')
    without = seq('def f(a):\n    return "x".join(a)\n')
    assert with_doc == without
    assert tokens.describe(without).count("S") == 1  # a string that starts an expression stays


def test_literals_are_meaning_but_raise_messages_are_not():
    code = 'def f(x):\n    if x < 0:\n        raise ValueError("negative: %s" % x)\n    return x * 2 + "k"\n'
    reworded = code.replace("negative: %s", "x must not be negative (%s)")
    other = code.replace('"k"', '"m"')
    new, old, variant = (tokens.tokenize(c.encode()) for c in (reworded, code, other))
    assert new[0] == old[0] == variant[0]
    assert tokens.coverage(new, old) == 1.0
    assert tokens.coverage(variant, old) < 1.0


def test_fingerprints_are_stable_and_bounded():
    long_code = "def f(a):\n" + "".join(f"    a = g{i}(a) + {i}\n" for i in range(200)) + "    return a\n"
    s = seq(long_code)
    prints = tokens.fingerprints(s)
    assert prints == tokens.fingerprints(s) == tuple(sorted(prints))
    assert 0 < len(prints) <= tokens.SKETCH
    assert tokens.fingerprints(seq("def f(): pass\n"))  # shorter than K: one gram


def test_unterminated_and_odd_sources_do_not_raise():
    for source in (b"def f(:\n  '''never closed", b"def f():\n  x = 'open\n  $ ? `\n", b"\xff\xfe def \x00", b""):
        tokens.tokenize(source)
        tokens.file_entries(source, [("f", 1, 0, 3)])


# ------------------------------------------------------------------ index and cache

SOURCES = {
    "pkg/__init__.py": b"",
    "pkg/a.py": (FIXTURES / "copied_algorithm_renamed" / "before" / "textkit" / "encode.py").read_bytes(),
    "pkg/b.py": (FIXTURES / "copied_algorithm_renamed" / "after" / "textkit" / "compress.py").read_bytes(),
    "pkg/c.py": (FIXTURES / "copied_algorithm_renamed" / "before" / "textkit" / "distance.py").read_bytes(),
}


def test_similar_comes_from_the_index():
    tree = MemoryTree(SOURCES)
    index = build_index(tree)
    found = clones.build_clone_index(tree, index, Settings())
    matches = found.similar("pkg.b.rle", 0.9)
    assert [m.qualname for m in matches] == ["pkg.a.run_length_encode"]
    assert matches[0].similarity == 1.0 and matches[0].coverage == 1.0 and matches[0].extra == 1.0
    assert found.candidates("pkg.b.rle") == {"pkg.a.run_length_encode"}  # not the unrelated levenshtein
    assert found.similar("pkg.a.run_length_decode", 0.5) == []  # under min_tokens
    assert found.tokens("pkg.nothing") is None and found.similar("pkg.nothing", 0.9) == []


def test_warm_run_reads_the_cache(tmp_path: Path):
    root = tmp_path / "repo"
    write_tree(root, {p: t.decode() for p, t in SOURCES.items()})
    tree = FsTree(root)
    cache = FactsCache(tmp_path / "cache")
    index = build_index(tree, Settings(), cache)
    cold = clones.build_clone_index(tree, index, Settings(), cache)
    assert cold.similar("pkg.b.rle", 0.9)
    cold.close()

    def boom(*args, **kwargs):
        raise AssertionError("a warm run tokenized a file")

    original = tokens.file_entries
    tokens.file_entries = boom
    try:
        warm = clones.build_clone_index(FsTree(root), index, Settings(), cache)
        assert [m.qualname for m in warm.similar("pkg.b.rle", 0.9)] == ["pkg.a.run_length_encode"]
        warm.close()
    finally:
        tokens.file_entries = original
    cache.close()


def test_damaged_entries_and_files_are_rebuilt(tmp_path: Path):
    root = tmp_path / "repo"
    write_tree(root, {p: t.decode() for p, t in SOURCES.items()})
    cache = FactsCache(tmp_path / "cache")
    index = build_index(FsTree(root), Settings(), cache)
    clones.build_clone_index(FsTree(root), index, Settings(), cache).close()
    path = next((tmp_path / "cache").glob("clones-*.sqlite"))
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE files SET blob = ?", (b"not marshal",))
    db.close()
    again = clones.build_clone_index(FsTree(root), index, Settings(), cache)
    assert [m.qualname for m in again.similar("pkg.b.rle", 0.9)] == ["pkg.a.run_length_encode"]
    assert not again.notes
    again.close()
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    again = clones.build_clone_index(FsTree(root), index, Settings(), cache)
    assert [m.qualname for m in again.similar("pkg.b.rle", 0.9)] == ["pkg.a.run_length_encode"]
    again.close()
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM files").fetchone()[0] > 0
    cache.close()


def test_unusable_cache_directory_is_a_note_not_a_failure(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    tree = MemoryTree(SOURCES)
    index = build_index(tree)
    found = clones.build_clone_index(tree, index, Settings(), cache_dir=blocker / "sub")
    assert found.similar("pkg.b.rle", 0.9)
    assert found.notes and "clone cache disabled" in found.notes[0].message


def _die(numbers):  # pragma: no cover - runs in a forked worker, which it ends
    os._exit(3)


def test_a_tokenizer_process_that_dies_does_not_hang_the_run(monkeypatch):
    """A worker that dies (killed, or failing as it starts) must not leave the
    run waiting forever, as a multiprocessing.Pool would: the files are
    tokenized in this process instead, with the same entries."""
    source = b"def f(a, b):\n    total = 0\n    for x in a:\n        total += x * b\n    return total\n"
    work = [(f"d{i}", source, [("f", 1, 0, 5)]) for i in range(pool.PARALLEL_THRESHOLD + 6)]
    serial = pool.compute_entries(work, jobs=1)
    monkeypatch.setattr(pool, "_work_chunk", _die)
    assert pool.compute_entries(work, jobs=2) == serial


def _raw_work(count: int) -> list[tuple[str, bytes, int, int]]:
    source = b"def f(a, b):\n    total = 0\n    for x in a:\n        total += x * b\n    return total\n"
    return [(f"d{i}", source * (1 + i % 5), 0, len(source) * (1 + i % 5)) for i in range(count)]


def test_work_begun_beside_this_process_equals_the_work_done_here():
    """RA003's raw symbols are begun in forked processes while the rules before it run, and
    collected when it needs them (``pool.Begun``): the same values as made here."""
    work = _raw_work(pool.PARALLEL_THRESHOLD * 3)
    serial = {key: tokens.raw_symbols(*rest) for key, *rest in work}
    assert pool.Begun(work, tokens.raw_symbols, jobs=2).result() == serial
    assert pool.Begun(work, tokens.raw_symbols, jobs=1).result() == serial  # one core: made here
    assert pool.Begun(work[:3], tokens.raw_symbols, jobs=2).result() == {k: serial[k] for k, *_ in work[:3]}


def test_a_begun_process_that_dies_does_not_hang_the_run(monkeypatch):
    work = _raw_work(pool.PARALLEL_THRESHOLD + 6)
    serial = {key: tokens.raw_symbols(*rest) for key, *rest in work}
    monkeypatch.setattr(pool, "_work_chunk", _die)
    assert pool.Begun(work, tokens.raw_symbols, jobs=2).result() == serial


def test_work_begun_and_never_collected_is_stopped():
    # RA003 did not search after all (the function is a delegate, the index went full): closed
    begun = pool.Begun(_raw_work(pool.PARALLEL_THRESHOLD * 3), tokens.raw_symbols, jobs=2)
    begun.close()
    assert begun._pool is None


def _many_modules(count: int) -> dict[str, str]:
    """A package of ``count`` modules, each with a function, a class with a method, a
    nested function, a duplicate def, and a module without functions."""
    files = {"pkg/__init__.py": "", "pkg/constants.py": "LIMIT = 3\n"}
    for i in range(count):
        files[f"pkg/m{i:03d}.py"] = (
            f"def f{i}(items, scale):\n    total = 0\n    for x in items:\n        total += x * scale + {i}\n"
            f"    return total\n\n\nclass C{i}:\n    def m(self, text):\n        def inner(a):\n"
            f"            return a.strip().lower()\n        return [inner(t) for t in text.split(',')]\n\n\n"
            f"def twice(a):\n    return a\n\n\ndef twice(a, b):  # the index keeps this one\n    return a + b\n"
        )
    return files


def test_entries_made_by_the_parser_processes_equal_those_made_here(tmp_path: Path):
    """With RA003 on, the parser processes tokenize the files they parsed while
    they have them; the clone index they give is the one made without them."""
    files = _many_modules(pool.PARALLEL_THRESHOLD + 10)
    tree = MemoryTree({k: v.encode() for k, v in files.items()})
    made = build_index(tree, Settings(), None, jobs=2, tokens=True)
    if made.token_entries is None:
        pytest.skip("no parser processes here")
    plain = build_index(tree, Settings(), None, jobs=1)
    assert plain.token_entries is None
    for path in plain.module_of_path:
        if path in plain.by_path:
            data = tree.read(path)
            digest, entries = made.token_entries[path]
            assert entries == tokens.file_entries(data, clones._spans(plain, path)), path
    one = clones.build_clone_index(tree, made, Settings(), jobs=1)
    other = clones.build_clone_index(tree, plain, Settings(), jobs=1)
    assert one.qualnames() == other.qualnames()
    assert [one.tokens(q) for q in one.qualnames()] == [other.tokens(q) for q in other.qualnames()]


def test_a_near_copy_of_one_function_is_not_also_told_to_call_another(tmp_path):
    """A verbatim copy of a module calls its own copies of the original's helpers: its callee
    overlap with the original is low, and RA001 finds another function that shares its callees;
    RA003 names the original.  One function, one function to call: RA003's (Rule.yields_to)."""
    from reuse_audit.lint.engine import one_target_a_function
    from reuse_audit.lint.model import Finding
    from reuse_audit.facts.model import Location
    from reuse_audit.rules import RULES

    here = Location("pkg/copy.py", 3)
    ra001 = finding("RA001", here, "pkg.copy.f", "m", "pkg.other.g", Location("pkg/other.py", 1))
    ra003 = finding("RA003", here, "pkg.copy.f", "m", "pkg.orig.f", Location("pkg/orig.py", 1))
    same = finding("RA001", here, "pkg.copy.f", "m", "pkg.orig.f", Location("pkg/orig.py", 1))
    rules = RULES.values()
    assert one_target_a_function([ra001, ra003], rules) == [ra003]
    assert one_target_a_function([same, ra003], rules) == [same, ra003]
    assert one_target_a_function([ra001], rules) == [ra001]


@pytest.mark.parametrize(
    "source, delegate",
    [
        (b'def f(self, *, db: Optional["X"] = None, hard: bool = False) -> bool:\n    """Doc."""\n    return _storage.delete(self, db=db, hard_delete=hard)\n', True),
        (b"async def f(self, a):\n    return await _r.g(self, a=a, b=None, *args, **kw)\n", True),
        (b'def f(self, a):\n    _r.g(self, a.b, "x", 3)\n', True),
        (b"def f(a=(1, 2), b=lambda x: x) -> Dict[str, int]:\n    return g(a, b)\n", True),
        (b"def f(self, a):\n    return _r.g(self, h(a))\n", False),  # computes an argument
        (b"def f(self, a):\n    x = 1\n    return _r.g(self, x)\n", False),  # two statements
        (b'def f(self, a):\n    return {"role": "assistant", "content": a}\n', False),  # no call
        (b"def f(self, a):\n    return _r.g(self, a) + 1\n", False),  # computes with the result
        (b"def f(a):\n    return g(a)\n    g(a)\n", False),
        (b"def f(self, run, stream=False):\n    yield from _r.g(self, run, stream=stream)\n", True),  # hands on a generator
        (b"def f(self, run):\n    yield _r.g(self, run)\n", False),  # yields one item it computed
    ],
)
def test_a_delegate_is_one_call_passing_on_its_arguments(source: bytes, delegate: bool):
    assert body.forwards(tokens.tokenize(source)[0]) is delegate
