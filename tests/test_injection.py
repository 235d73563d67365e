"""RA001's recall on injected re-implementations of real functions (scripts/injection.py).

A small sample of the injection corpus: functions and methods of three installed
packages (click, attrs, pluggy: dependencies of the test extra, pure Python), each
re-implemented under a new name in a new module of its package, and checked with the
engine in process as a diff.  Hermetic: the packages are read from site-packages, no
network, no subprocess.  The full corpus is ``python scripts/injection.py``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from script_support import load_script

from reuse_audit import api

PACKAGES = ("click", "attr", "pluggy")
PER_PACKAGE = 6
SEED = 0
KINDS = ("verbatim", "renamed", "alias-imported", "reuse-call", "wrapper")


injection = load_script("injection.py")


@pytest.fixture(scope="module")
def summary():
    return injection.run_corpus(PACKAGES, PER_PACKAGE, SEED, KINDS, jobs=2, log=lambda message: None)


def test_the_sample_is_what_was_asked(summary):
    results = summary["results"]
    assert {r["package"] for r in results} == set(PACKAGES)
    assert {r["kind"] for r in results} == set(KINDS)
    per_kind = Counter(r["kind"] for r in results)
    # every sampled target gets a verbatim copy and both negatives
    assert per_kind["verbatim"] == per_kind["reuse-call"] == per_kind["wrapper"] == len({r["target"] for r in results})
    for r in results:
        assert r["new_function"].startswith(r["path"][:-3].replace("/", ".") + ".")
        assert r["new_function"].rsplit(".", 1)[-1] != r["target"].rsplit(".", 1)[-1]  # a new name
        assert "/_injected_" in r["path"]  # a new module of the package


@pytest.mark.parametrize("kind", ["verbatim", "renamed", "alias-imported"])
def test_recall_of_copies(summary, kind):
    rate = summary["by_kind"][kind]
    missed = [(r["target"], r["reason"]) for r in summary["results"] if r["kind"] == kind and not r["found"]]
    assert rate["cases"] >= 12
    # the acceptance figure (0.95) is the full corpus's (scripts/injection.py); on this sample of
    # 18 or so a kind, one known miss of the distinctiveness guard is allowed
    assert rate["recall"] >= 0.94, missed


def test_misses_are_the_known_ones(summary):
    """Whatever the rules miss on the sample, they miss for a known reason of the rule (the
    ranking of equal candidates), and a verbatim copy's calls resolve as the original's do (no
    import lost, no name resolved to another function; a method called on a module-level object
    imported from the target's module is the same callee as in the original), or for the
    distinctiveness guard (``max-common``: other functions of the package already share the
    combination, as ``pluggy._caller.HookCaller.call_historic``'s three callees)."""
    reasons = Counter(r["reason"].split(" (")[0] for r in summary["results"] if r["positive"] and not r["found"])
    known = ("another target named", "a combination ")
    assert all(r.startswith(known) for r in reasons), reasons
    for r in summary["results"]:
        if r["kind"] == "verbatim":
            shared, total = map(int, r["overlap"].split("/"))
            assert shared / total >= 0.8, r  # the copy calls what its original calls


def test_no_negative_is_reported(summary):
    reported = [(r["kind"], r["new_function"], r["reason"]) for r in summary["results"] if not r["positive"] and r["found"]]
    assert summary["negatives"] >= 2 * len(PACKAGES)
    assert reported == []


def test_cases_are_deterministic_and_compile():
    """The same seed makes the same cases, byte for byte; every injected module compiles."""
    settings = api.Settings()
    files = injection.package_files("pluggy")

    def build():
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            _, _, cases, _ = injection.build_cases("pluggy", files, 3, 7, injection.KINDS, settings, api.FactsCache(Path(tmp)))
        return [(c.kind, c.target, c.new_function, c.path, c.source) for c in cases]

    first = build()
    assert first == build()
    assert {kind for kind, *_ in first} >= {"verbatim", "renamed", "embedded", "reuse-call", "wrapper"}
    for _, _, _, path, source in first:
        compile(source, path, "exec", dont_inherit=True)


def test_relative_imports_become_absolute():
    info = injection.ModuleInfo("pkg/sub/mod.py", b"from . import a\nfrom ..b import c as d\nimport os.path\n\ndef f():\n    return a.x(d(os.path.join('', '')))\n")
    assert info.header == ["from pkg.sub import a", "from pkg.b import c as d", "import os.path"]
    fn = info.find("f", 5)
    new, lines, how = injection.alias_imports(fn, info, {}, set())
    code = injection._code(new)
    assert "import os.path as o_path" in lines and "from pkg.b import c as c_c" in lines
    assert "o_path.join" in code and "c_c(" in code
