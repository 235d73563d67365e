"""RA004 similar-logic (preview): a new function that does what an existing one does, written anew.

Each case writes a small repository, a change to it as a patch, and checks it through the command
line as a user would (``--select`` naming RA004, which is in preview).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from click.testing import CliRunner
from test_ra001 import make_patch, write_tree

from reuse_audit.app.cli import cli
from reuse_audit.rules import RULES
from reuse_audit.facts.logic import bags_of, subwords
from reuse_audit.rules.logic import Rarity, cosine, likeness, weighted
from reuse_audit.settings import Settings

SELECT = ["--select", "RA001,RA003,RA004"]

UTIL = '''\
def is_wildcard_domain(domain):
    """Is the domain a wildcard domain (``*.example.com``)?"""
    if isinstance(domain, str):
        wildcard_marker = "*."
    else:
        wildcard_marker = b"*."
    return domain.startswith(wildcard_marker)


def parse_duration(text):
    total = 0
    for part in text.split():
        if part.endswith("h"):
            total += int(part[:-1]) * 3600
        elif part.endswith("m"):
            total += int(part[:-1]) * 60
    return total


def human_size(num_bytes):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if num_bytes < 1024:
            return f"{num_bytes:.1f} {unit}"
        num_bytes /= 1024
    return f"{num_bytes:.1f} TiB"
'''

OTHER = '''\
def load_rows(path):
    with open(path) as handle:
        return [line.rstrip("\\n").split("\\t") for line in handle]


def merge_settings(defaults, overrides):
    merged = dict(defaults)
    for key, value in overrides.items():
        if value is not None:
            merged[key] = value
    return merged


def slugify(title):
    return "-".join(word.lower() for word in title.split() if word.isalnum())
'''

CONFIGURATOR = '''\
class Configurator:
    def __init__(self, names):
        self.names = names

    def choose(self):
        return [n for n in self.names if n]
'''

REWRITE = '''\

    def _wildcard_domain(self, domain):
        """Checks whether the domain is a wildcard domain."""
        if isinstance(domain, str):
            marker = "*."
        else:
            marker = b"*."
        return domain.startswith(marker)
'''

BEFORE = {"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/other.py": OTHER, "pkg/configurator.py": CONFIGURATOR}


def check(tmp_path: Path, after: dict[str, str], *args: str, before: dict[str, str] = BEFORE):
    repo = tmp_path / "repo"
    write_tree(repo, before)
    patch = tmp_path / "change.patch"
    patch.write_text(make_patch(before, {**before, **after}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(patch), "--repo", str(repo), "--format", "json", *args], catch_exceptions=False)
    return result.exit_code, json.loads(result.output)["findings"]


def test_a_small_utility_written_anew_is_reported_with_what_is_alike(tmp_path):
    code, findings = check(tmp_path, {"pkg/configurator.py": CONFIGURATOR + REWRITE}, *SELECT)
    assert code == 1
    (finding,) = findings
    assert finding["code"] == "RA004"
    assert finding["function"] == "pkg.configurator.Configurator._wildcard_domain"
    assert finding["target"]["name"] == "pkg.util.is_wildcard_domain"
    assert "wildcard" in finding["message"] and "'*.'" in finding["message"]
    assert "protocol" not in finding["message"] and "relation" not in finding["details"]
    assert float(finding["details"]["score"]) >= 0.85


def test_it_is_in_preview_selected_only_by_its_code(tmp_path):
    after = {"pkg/configurator.py": CONFIGURATOR + REWRITE}
    assert check(tmp_path / "a", after)[1] == []  # not by default
    assert check(tmp_path / "b", after, "--select", "RA")[1] == []  # nor by a prefix
    assert [f["code"] for f in check(tmp_path / "c", after, "--select", "ra004")[1]] == ["RA004"]
    assert RULES["RA004"].preview and not any(RULES[c].preview for c in ("RA001", "RA002", "RA003"))
    assert [r.code for r in RULES.select(Settings())] == ["RA001", "RA003"]


def test_calling_the_target_is_reuse(tmp_path):
    calls = REWRITE.replace(
        '        return domain.startswith(marker)\n',
        '        from pkg.util import is_wildcard_domain\n        return domain.startswith(marker) and is_wildcard_domain(domain)\n',
    )
    assert check(tmp_path, {"pkg/configurator.py": CONFIGURATOR + calls}, *SELECT)[1] == []


def test_a_part_the_target_now_calls_is_an_extraction(tmp_path):
    # the change adds the function and makes the existing one call it: a refactoring, and the
    # target is modified by the change, so it is no target
    util = UTIL.replace(
        '    if isinstance(domain, str):\n        wildcard_marker = "*."\n    else:\n        wildcard_marker = b"*."\n'
        '    return domain.startswith(wildcard_marker)\n',
        '    return _marked(domain)\n\n\ndef _marked(domain):\n    """Checks whether the domain is a wildcard domain."""\n'
        '    marker = "*." if isinstance(domain, str) else b"*."\n    return domain.startswith(marker)\n',
    )
    assert check(tmp_path, {"pkg/util.py": util}, *SELECT)[1] == []


def test_an_async_version_is_not_reported(tmp_path):
    rewrite = REWRITE.replace("    def _wildcard_domain", "    async def _wildcard_domain")
    assert check(tmp_path, {"pkg/configurator.py": CONFIGURATOR + rewrite}, *SELECT)[1] == []


def test_one_of_a_family_of_alike_functions_is_not_named(tmp_path):
    # two existing functions as alike as the new one: no one function to name
    twin = UTIL.replace("def is_wildcard_domain(domain):", "def is_wildcard_host(domain):")
    before = {**BEFORE, "pkg/hosts.py": twin.split("\n\n\ndef parse_duration")[0] + "\n"}
    assert check(tmp_path, {"pkg/configurator.py": CONFIGURATOR + REWRITE}, *SELECT, before=before)[1] == []


def test_a_copy_ra003_reports_is_not_reported_again(tmp_path):
    body = "".join(f"    value = value.replace({str(i)!r}, {str(i + 1)!r}).strip()\n" for i in range(12))
    target = f"def normalise_code(value):\n{body}    return value\n"
    copy = f"def clean_code(value):\n{body}    return value\n"
    before = {**BEFORE, "pkg/codes.py": target}
    _, findings = check(tmp_path, {"pkg/other.py": OTHER + "\n\n" + copy}, *SELECT, before=before)
    assert [f["code"] for f in findings] == ["RA003"]


def test_min_nodes_and_min_logic_score_are_options(tmp_path):
    after = {"pkg/configurator.py": CONFIGURATOR + REWRITE}
    (tmp_path / "a").mkdir()
    strict = tmp_path / "strict.toml"
    strict.write_text('[tool.reuse-audit]\nselect = ["RA004"]\nmin-nodes = 200\n', encoding="utf-8")
    assert check(tmp_path / "a", after, "--config", str(strict))[1] == []
    loose = tmp_path / "loose.toml"
    loose.write_text('[tool.reuse-audit]\nselect = ["RA004"]\nmin-logic-score = 0.99\n', encoding="utf-8")
    assert check(tmp_path / "b", after, "--config", str(loose))[1] == []


# ------------------------------------------------------------------ the features


def _bags(source: str):
    (node,) = [n for n in ast.parse(source).body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return bags_of(node)


def test_subwords_split_identifiers_and_leave_out_stop_words():
    assert subwords("formatSizeHTTP") == ["format", "size", "http"]
    assert subwords("num_bytes") == ["num", "bytes"]
    assert subwords("self") == [] and subwords("x") == []


def test_trivial_literals_and_the_docstring_do_not_count():
    bags = _bags('def f(a):\n    """Sizes in kibibytes"""\n    return a[0] + a[1] + 1024 + len("") + None.__class__("KiB")\n')
    assert dict(bags.literals) == {"n:1024": 1, "s:KiB": 1}  # not the docstring, 0, 1, "", None
    assert bags.words["kibibytes"] == 1  # the docstring's words are words


def test_a_renamed_rewrite_scores_higher_than_another_function():
    a = _bags(UTIL.split("\n\n\n")[0])
    b = _bags(REWRITE.replace("    def", "def").replace("self, ", "").replace("\n    ", "\n"))
    c = _bags(UTIL.split("\n\n\n")[1])
    words = Rarity.of([a.words, b.words, c.words])
    structure = Rarity.of([a.structure, b.structure, c.structure])
    assert likeness(a, b, words, structure).score > 0.8 > likeness(a, c, words, structure).score
    assert abs(cosine(weighted(a.words, None), weighted(a.words, None)) - 1) < 1e-9


def test_two_same_name_functions_of_two_modules_are_judged_and_marked(tmp_path):
    # implementations of one protocol are judged (most real duplicates are of that kind), and said to be
    util = UTIL.replace("def is_wildcard_domain(domain):", "def wildcard(domain):")
    rewrite = REWRITE.replace("    def _wildcard_domain(self, domain):", "def wildcard(domain):").replace("\n        ", "\n    ")
    before = {**BEFORE, "pkg/util.py": util}
    _, findings = check(tmp_path, {"pkg/hosts.py": rewrite.lstrip("\n")}, *SELECT, before=before)
    (finding,) = findings
    assert (finding["function"], finding["target"]["name"]) == ("pkg.hosts.wildcard", "pkg.util.wildcard")
    assert finding["details"]["relation"] == "one protocol"
    assert "both implement one protocol" in finding["message"]


def test_special_methods_are_not_judged_and_overrides_are(tmp_path):
    # an override may re-do its base's method (a duplicate maintainers merged was one); a special
    # method is the protocol's, written alike in every class
    base = "class Base:\n" + REWRITE.lstrip("\n")
    before = {**BEFORE, "pkg/base.py": base}
    override = "from pkg.base import Base\n\n\nclass Proxy(Base):\n" + REWRITE.replace("marker = b\"*.\"", "marker = b\"*\"").lstrip("\n")
    _, findings = check(tmp_path / "a", {"pkg/proxy.py": override}, *SELECT, before=before)
    assert [(f["target"]["name"], f["details"]["relation"]) for f in findings] == [("pkg.base.Base._wildcard_domain", "one protocol")]
    point = (
        "class Point:\n    def __repr__(self):\n"
        "        shown = \", \".join(f\"{key}={value!r}\" for key, value in vars(self).items() if value is not None)\n"
        "        return f\"{type(self).__name__}({shown})\"\n"
    )
    line = point.replace("Point", "Line")  # (too short for RA003)
    before = {**BEFORE, "pkg/point.py": point}
    assert check(tmp_path / "c", {"pkg/line.py": line}, *SELECT, before=before)[1] == []


#: The repository without ``is_wildcard_domain``: the copies below then have one function to name.
WITHOUT_TARGET = {**BEFORE, "pkg/util.py": UTIL[UTIL.index("def parse_duration"):]}


def _module_function(name: str, decorator: str = "") -> str:
    """REWRITE as a module-level function ``name``, under ``decorator`` when given."""
    text = REWRITE.replace("    def _wildcard_domain(self, domain):", f"def {name}(domain):").replace("\n        ", "\n    ")
    return (f"@{decorator}\n" if decorator else "") + text.lstrip("\n")


def test_two_example_scripts_each_carry_their_helpers(tmp_path):
    # an example script is read and run on its own; a copy between two of them is no finding, a copy
    # in an example's library module (no __main__ block) still is
    main = '\n\nif __name__ == "__main__":\n    print(wildcard("*.example.com"))\n'
    example = UTIL.replace("def is_wildcard_domain(domain):", "def wildcard(domain):") + main
    before = {**WITHOUT_TARGET, "examples/first_example.py": example}
    assert check(tmp_path / "a", {"examples/second_example.py": _module_function("wildcard") + main}, *SELECT, before=before)[1] == []
    _, findings = check(tmp_path / "b", {"examples/helpers.py": _module_function("wildcard")}, *SELECT, before=before)
    assert [f["target"]["name"] for f in findings] == ["examples.first_example.wildcard"]


def test_a_command_of_each_application_is_no_finding(tmp_path):
    # a CLI command registered on each module's own application (a port from one framework to
    # another): the interface each application must have; a decorator from an imported module
    # (functools) registers nothing
    old = "from clikit import Typer\n\napp = Typer()\n\n\n" + _module_function("wildcard", "app.command()")
    before = {**WITHOUT_TARGET, "pkg/cli_old.py": old}
    new = "import cyclopts\n\napp: cyclopts.App = cyclopts.App()\n\n\n" + _module_function("wildcard", "app.command")
    assert check(tmp_path / "a", {"pkg/cli_new.py": new}, *SELECT, before=before)[1] == []
    cached = "import functools\n\n\n" + _module_function("wildcard", "functools.lru_cache()")
    _, findings = check(tmp_path / "b", {"pkg/cli_new.py": cached}, *SELECT, before=before)
    assert [f["target"]["name"] for f in findings] == ["pkg.cli_old.wildcard"]


def test_a_files_bags_are_kept_by_its_digest(tmp_path, monkeypatch):
    # each file's bags are made once and kept in the facts cache by its content: the next check
    # parses only the file its change touched, and reports the same
    from reuse_audit.facts import logic

    parsed = []

    def spy(tree):
        parsed.append(tree)
        return definitions(tree)

    definitions = logic.definitions
    monkeypatch.setattr(logic, "definitions", spy)
    cache = str(tmp_path / "cache")
    first = check(tmp_path / "a", {"pkg/configurator.py": CONFIGURATOR + REWRITE}, *SELECT, "--cache-dir", cache)[1]
    assert len(parsed) >= 2  # the new function's file and its candidates'
    parsed.clear()
    renamed = REWRITE.replace("def _wildcard_domain(", "def _is_wildcard(")
    second = check(tmp_path / "b", {"pkg/configurator.py": CONFIGURATOR + renamed}, *SELECT, "--cache-dir", cache)[1]
    assert len(parsed) == 1  # pkg/configurator.py, changed; pkg/util.py's bags were kept
    assert [(f["target"]["name"], f["details"]["score"]) for f in second] == [(f["target"]["name"], f["details"]["score"]) for f in first]


def test_kept_bags_that_do_not_read_back_are_made_again(tmp_path):
    from reuse_audit.facts.cache import FactsCache
    from reuse_audit.facts.logic import BAGS_KEY, FileBags

    cache = FactsCache(tmp_path / "cache")
    source = b"def f(a):\n    return a * 1024 + 7\n"

    class Facts:
        digest = "d1"

    made = FileBags(lambda path: source, lambda path: Facts(), cache)("m.py")
    assert made[1].literals == {"n:1024": 1, "n:7": 1}
    FileBags(lambda path: source, lambda path: Facts(), cache).keep()  # (nothing made: nothing kept)
    bags = FileBags(lambda path: source, lambda path: Facts(), cache)
    bags("m.py")
    bags.keep()
    assert FileBags(lambda path: b"", lambda path: Facts(), cache)("m.py")[1].literals == made[1].literals  # read back
    cache.put_derived([(BAGS_KEY + "d1", {"not": "bags"})])  # another form under the key: made again from the source
    assert FileBags(lambda path: b"", lambda path: Facts(), cache)("m.py") == {}
    cache.put_blobs([(BAGS_KEY + "d1", b"damaged")])
    assert FileBags(lambda path: source, lambda path: Facts(), cache)("m.py")[1].literals == made[1].literals


def test_the_name_parts_of_every_function_are_its_own():
    # RA004's words of every function come from the index's rows (no Function made for each):
    # the same names, method flags and callees as the functions the index makes
    from reuse_audit.index import build_index
    from reuse_audit.source.tree import MemoryTree

    files = {**BEFORE, "pkg/sub.py": "import os\nfrom pkg.util import human_size\n\n\nclass Box:\n    def size(self):\n        return human_size(os.path.getsize(self.path))\n"}
    index = build_index(MemoryTree({p: t.encode() for p, t in files.items()}), Settings(), None, 1)
    parts = {q: (method, frozenset(callees)) for q, method, callees in index.name_parts()}
    assert parts == {q: (fn.is_method, fn.callees) for q, fn in index.functions.items()}
    assert parts["pkg.sub.Box.size"] == (True, frozenset({"pkg.util.human_size", "os.path.getsize"}))
