"""The jscpd side of scripts/consolidations.py, without jscpd: locating a row's functions and pairing a report's clones.

Hermetic: the tree is written to a temporary folder and the jscpd report is a literal;
the script's real runs (git archive, jscpd 5.3.3, reuse-audit) are development-time only.
"""

from __future__ import annotations

from script_support import load_script

consolidations = load_script("consolidations.py")

PY3 = '''\
import functools


class Plugin:
    @functools.cache
    def query(self, lib):
        def slug(text):
            return text.lower()

        return slug(lib)


def helper(
    value,
):
    return value
'''

PY2 = '''\
class Graph(object):
    def union(self, G1, overlap_ok=False):
        if not overlap_ok:
            raise NetworkXError, "Graphs node sets overlap in union."
        return self.union_sub(G1)

    def union_sub(self, G1):
        G = self.copy()
        return G

def flatten(l):
    print "flat"
    return l
'''


def test_outline_names_methods_and_locals_as_qualname_with_decorators():
    spans = consolidations.outline(PY3)
    assert spans["Plugin.query"] == (5, 10)
    assert spans["Plugin.query.<locals>.slug"] == (7, 8)
    assert spans["helper"] == (13, 16)


def test_outline_falls_back_to_indentation_for_python_2():
    spans = consolidations.outline(PY2)
    assert spans["Graph.union"] == (2, 5)
    assert spans["Graph.union_sub"] == (7, 9)
    assert spans["flatten"] == (11, 13)
    assert spans["Graph"] == (1, 9)


def test_locate_takes_the_module_from_a_suffix_of_the_path(tmp_path):
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "__init__.py").write_text("def top():\n    return 1\n")
    (tmp_path / "src" / "pkg" / "plugins.py").write_text(PY3)
    cache: dict = {}
    assert consolidations.locate(tmp_path, "pkg.plugins.Plugin.query.<locals>.slug", cache) == ("src/pkg/plugins.py", 7, 8)
    assert consolidations.locate(tmp_path, "src.pkg.plugins.helper", cache) == ("src/pkg/plugins.py", 13, 16)
    assert consolidations.locate(tmp_path, "pkg.top", cache) == ("src/pkg/__init__.py", 1, 2)
    assert consolidations.locate(tmp_path, "pkg.plugins.missing", cache) is None


def _clone(first: tuple[str, int, int], second: tuple[str, int, int]) -> dict:
    return {
        "firstFile": {"name": first[0], "start": first[1], "end": first[2]},
        "secondFile": {"name": second[0], "start": second[1], "end": second[2]},
    }


def test_a_clone_counts_only_when_it_pairs_the_copys_lines_with_the_targets():
    copy, target = ("a/copy.py", 10, 20), ("b/target.py", 100, 110)
    report = [
        _clone(("b/target.py", 95, 101), ("a/copy.py", 18, 24)),  # either order, partial overlap
        _clone(("a/copy.py", 1, 9), ("b/target.py", 100, 110)),  # before the copy
        _clone(("a/copy.py", 10, 20), ("c/other.py", 1, 11)),  # another file
    ]
    assert consolidations.jscpd_pairs(report, copy, target) == [[18, 24, 95, 101]]
    assert consolidations.jscpd_pairs(report[1:], copy, target) == []
    assert consolidations.coverage([[18, 24, 95, 101]], copy) == 0.27
    assert consolidations.coverage([], copy) == 0.0


def _outcome(rules: list[str], jscpd: bool | None) -> dict:
    return {
        "repo": "o/r",
        "introduced": "0" * 40,
        "function": "m.f",
        "target": "m.g",
        "kind": "verbatim",
        "inside_definition": "no",
        "found": bool(rules),
        "rules": rules,
        "error": None,
        "jscpd": None if jscpd is None else {"found": jscpd, "files_paired": jscpd, "coverage": 1.0 if jscpd else 0.0, "clones": [], "error": None},
    }


def test_side_by_side_counts_both_and_neither():
    outcomes = [_outcome(["RA003"], True), _outcome([], True), _outcome(["RA001"], False), _outcome([], False)]
    assert [consolidations.verdict(o) for o in outcomes] == ["both", "jscpd only", "reuse-audit only", "neither"]
    lines = consolidations.side_by_side(outcomes)
    assert "jscpd finds 2, reuse-audit finds 2, of jscpd's 2 reuse-audit finds 1 (of 4 rows)" in lines
    assert "  both 1, reuse-audit only 1, jscpd only 1, neither 1" in lines
    assert "  jscpd's clone covers at least half of the copy's lines in 2 of its 2 (reuse-audit finds 1 of those)" in lines
