"""Chain files: the schema, every validation message (file + field), suites."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest
import yaml

from reuse_audit.benchmark import chain as chain_mod
from reuse_audit.benchmark.chain import chain_schema, load_chain, load_suite, module_of_path
from reuse_audit.benchmark.model import Target
from reuse_audit.errors import UsageError


def base_data() -> dict:
    return {
        "id": "click-format-1",
        "description": "helpers over click's formatting",
        "source": {"kind": "pypi", "package": "click", "version": "8.1.7", "import_name": "click"},
        "turns": [
            {
                "requirement": "Write wrap_help.\n",
                "path": "click_tools/formatting.py",
                "module": "click_tools.formatting",
                "signatures": ["def wrap_help(text: str, width: int = 78) -> str"],
                "tests": "turn1/test_turn1.py",
                "solution": "turn1/solution.py",
                "reinvent": "turn1/reinvent.py",
                "targets": {"repo": ["click.formatting.wrap_text"], "self": []},
            },
            {
                "requirement": "Write help_block.\n",
                "path": "click_tools/blocks.py",
                "module": "click_tools.blocks",
                "signatures": ["def help_block(title: str, body: str) -> str", "async def later(x) -> None"],
                "tests": "turn2/test_turn2.py",
                "solution": "turn2/solution.py",
                "targets": {"repo": ["click.formatting.HelpFormatter.write_heading"], "self": ["click_tools.formatting.wrap_help"]},
            },
            {
                "requirement": "Write page.\n",
                "path": "click_tools/page/__init__.py",
                "module": "click_tools.page",
                "signatures": ["def page(items: list) -> str"],
                "tests": "turn3/test_turn3.py",
                "solution": "turn3/solution.py",
                "targets": {"self": ["click_tools.blocks.help_block", "click_tools.formatting.wrap_help"]},
            },
        ],
    }


def make_chain(folder: Path, data, name: str = "chain.yaml", files=None) -> Path:
    """Write a chain folder: the chain file plus every turn file it names (unless ``files`` is given)."""
    folder.mkdir(parents=True, exist_ok=True)
    if files is None:
        files = []
        if isinstance(data, dict):
            for turn in data.get("turns", []) if isinstance(data.get("turns"), list) else []:
                if isinstance(turn, dict):
                    files += [turn.get(k) for k in ("tests", "solution", "reinvent") if isinstance(turn.get(k), str)]
    for rel in files:
        path = folder / rel
        if ".." in Path(rel).parts or Path(rel).is_absolute():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("# turn file\n")
    file = folder / name
    if isinstance(data, str):
        file.write_text(data)
    elif name.endswith(".json"):
        file.write_text(json.dumps(data))
    else:
        file.write_text(yaml.safe_dump(data, sort_keys=False))
    return file


def load_error(file: Path) -> str:
    with pytest.raises(UsageError) as info:
        load_chain(file.parent)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{file}: ") or message.startswith(f"{file}:"), message
    return message[len(str(file)) + 2 :] if message.startswith(f"{file}: ") else message[len(str(file)) :]


# ---------------------------------------------------------------------------
# a valid chain
# ---------------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12():
    from jsonschema import Draft202012Validator

    schema = chain_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    turn = schema["$defs"]["turn"]["properties"]
    for name, prop in turn.items():
        assert prop.get("description") or "$ref" in prop, name


def test_load_valid_chain(tmp_path):
    file = make_chain(tmp_path / "c", base_data())
    chain = load_chain(tmp_path / "c")
    assert chain.id == "click-format-1"
    assert chain.file == file.resolve()
    assert chain.description == "helpers over click's formatting"
    assert chain.source.kind == "pypi" and chain.source.version == "8.1.7" and chain.source.import_name == "click"
    assert [t.number for t in chain.turns] == [1, 2, 3]
    t1, t2, t3 = chain.turns
    assert t1.tests == (tmp_path / "c/turn1/test_turn1.py").resolve() and t1.tests.is_absolute()
    assert t1.solution == (tmp_path / "c/turn1/solution.py").resolve()
    assert t1.reinvent == (tmp_path / "c/turn1/reinvent.py").resolve()
    assert t2.reinvent is None
    assert t1.targets == (Target("click.formatting.wrap_text", "repo"),)
    assert t2.targets == (
        Target("click.formatting.HelpFormatter.write_heading", "repo"),
        Target("click_tools.formatting.wrap_help", "self"),
    )
    assert t2.qualnames == ("click_tools.blocks.help_block", "click_tools.blocks.later")
    assert t3.module == "click_tools.page" and t3.targets[0].kind == "self"
    assert isinstance(t1.signatures, tuple)
    # the chain file itself is accepted too, and gives the same chain
    assert load_chain(file) == chain


def test_level_provenance_and_docs_only(tmp_path):
    data = base_data()
    assert load_chain(make_chain(tmp_path / "a", data).parent).level == "study"  # the default
    data["level"] = "smoke"
    data["provenance"] = {"method": "authored", "author": "ann", "reviewed_by": "bob", "date": "2026-01-02"}
    data["turns"][0]["docs_only"] = "turn1/docs_only.py"
    folder = tmp_path / "b"
    make_chain(folder, data)
    (folder / "turn1" / "docs_only.py").write_text("# from the docs\n")
    chain = load_chain(folder)
    assert chain.level == "smoke"
    assert (chain.provenance.method, chain.provenance.author, chain.provenance.reviewed_by) == ("authored", "ann", ("bob",))
    assert chain.turns[0].docs_only == (folder / "turn1" / "docs_only.py").resolve() and chain.turns[1].docs_only is None


def test_json_chain_and_defaults(tmp_path):
    data = base_data()
    data["source"] = {"kind": "pypi", "package": "python-dateutil", "version": "2.9.0"}
    data.pop("description")
    data["turns"] = data["turns"][:1]
    data["turns"][0]["targets"] = {"repo": ["python_dateutil.parser.parse"]}
    make_chain(tmp_path / "c", data, name="chain.json")
    chain = load_chain(tmp_path / "c")
    assert chain.source.import_name == "python_dateutil"  # default: the package name as an identifier
    assert chain.description == ""
    assert chain.file.name == "chain.json"


def test_targets_may_be_omitted_and_x_keys_ignored(tmp_path):
    data = base_data()
    data["x-provenance"] = {"pipeline": "manual"}
    data["turns"][0].pop("targets")
    data["turns"][0]["x-note"] = "free text"
    data["turns"][1]["targets"] = {"self": ["click_tools.formatting.wrap_help"]}
    make_chain(tmp_path / "c", data)
    chain = load_chain(tmp_path / "c")
    assert chain.turns[0].targets == ()
    assert chain.turns[1].targets == (Target("click_tools.formatting.wrap_help", "self"),)


def test_path_source_relative_to_chain_file(tmp_path):
    (tmp_path / "repo" / "mylib").mkdir(parents=True)
    data = base_data()
    data["source"] = {"kind": "path", "path": "../repo", "package": "mylib", "import_name": "click"}
    make_chain(tmp_path / "c", data)
    chain = load_chain(tmp_path / "c")
    assert chain.source.kind == "path" and chain.source.path == "../repo" and chain.source.version is None


def test_module_of_path():
    assert module_of_path("a/b.py") == "a.b"
    assert module_of_path("a/b/__init__.py") == "a.b"
    assert module_of_path("top.py") == "top"


# ---------------------------------------------------------------------------
# every error names the file and the field
# ---------------------------------------------------------------------------


def _set(data, path, value):
    obj = data
    for part in path[:-1]:
        obj = obj[part]
    if value is _DELETE:
        del obj[path[-1]]
    else:
        obj[path[-1]] = value


_DELETE = object()

CASES = [
    # (path to change, new value, expected message after "file: ")
    (("turns", 2, "targets", "self"), "click_tools.formatting.wrap_help",
     "turns[2].targets.self: expected a list of qualified names, got 'click_tools.formatting.wrap_help'"),
    (("turns", 1, "tests"), "turn2/test_missing.py", "turns[1].tests: file turn2/test_missing.py not found"),
    (("turns", 0, "solution"), _DELETE, "turns[0].solution: required field is missing"),
    (("turns", 0, "tset"), "x", "turns[0].tset: unknown field (expected one of: "),
    (("extra",), 1, "extra: unknown field (expected one of: description, id, level, provenance, source, turns)"),
    (("level",), "strict", "level: 'strict' is not one of: study, smoke"),
    (("provenance",), "me", "provenance: expected a mapping with method, author, reviewed_by and date, got 'me'"),
    (("provenance",), {"method": "typed"}, "provenance.method: 'typed' is not one of: authored, built"),
    (("provenance",), {"method": "authored", "date": "2026-01-02"}, "provenance.author: required field is missing"),
    (("provenance",), {"method": "authored", "author": "ann", "date": "2026-1-2"},
     "provenance.date: expected a quoted date YYYY-MM-DD, got '2026-1-2'"),
    (("provenance",), {"method": "authored", "author": "ann", "date": "2026-02-30"}, "provenance.date: '2026-02-30' is not a date"),
    (("provenance",), {"method": "authored", "author": "Ann", "date": "2026-01-02", "reviewed_by": ["bob", "ann"]},
     "provenance.reviewed_by: 'Ann' is the author; a review is by someone who did not write the chain"),
    (("turns", 0, "docs_only"), "turn1/docs.py", "turns[0].docs_only: file turn1/docs.py not found"),
    (("turns",), _DELETE, "turns: required field is missing"),
    (("turns",), [], "turns: expected at least 1 item, got 0"),
    (("turns",), "one", "turns: expected a list of turns, got 'one'"),
    (("turns", 1), "a turn", "turns[1]: expected a mapping describing a turn, got 'a turn'"),
    (("id",), "bad id!", "id: expected an identifier of letters, digits"),
    (("id",), 12, "id: expected an identifier of letters, digits, '.', '_' and '-' (such as click-format-1), got the number 12"),
    (("source", "version"), 8.1, 'source.version: expected a version string; quote it, e.g. "8.1.7", got the number 8.1'),
    (("source", "version"), _DELETE, "source.version: required field is missing for kind pypi"),
    (("source", "kind"), "svn", "source.kind: 'svn' is not one of: pypi, path"),
    (("source", "path"), "../repo", "source.path: not allowed for kind pypi (only for kind path)"),
    (("source", "sha256"), "abc", "source.sha256: expected 64 hexadecimal digits, got 'abc'"),
    (("source", "import_name"), "my-lib", "source.import_name: expected a Python identifier, got 'my-lib'"),
    (("source", "url"), "http://x", "source.url: unknown field"),
    (("source",), "click", "source: expected a mapping with kind, package and version or path, got 'click'"),
    (("turns", 0, "targets", "self"), ["click_tools.formatting.wrap_help"],
     "turns[0].targets.self: turn 1 cannot have self targets"),
    (("turns", 1, "targets", "self"), ["click_tools.blocks.help_block"],
     "turns[1].targets.self[0]: 'click_tools.blocks.help_block' is not a function required by an earlier turn "
     "(earlier turns require: click_tools.formatting.wrap_help)"),
    (("turns", 2, "targets", "self", 1), "click_tools.formatting.other",
     "turns[2].targets.self[1]: 'click_tools.formatting.other' is not a function required by an earlier turn"),
    (("turns", 1, "targets", "self", 0), "wrap_help",
     "turns[1].targets.self[0]: expected a qualified name such as package.module.function, got 'wrap_help'"),
    (("turns", 0, "targets", "repo"), ["click.formatting.wrap_text", "click.formatting.wrap_text"],
     "turns[0].targets.repo: 'click.formatting.wrap_text' is listed twice"),
    (("turns", 0, "targets", "repo", 0), "textwrap.wrap",
     "turns[0].targets.repo[0]: 'textwrap.wrap' is not in the repository's import package 'click'"),
    (("turns", 0, "targets", "other"), [], "turns[0].targets.other: unknown field (expected one of: repo, self)"),
    (("turns", 0, "module"), "click_tools.format",
     "turns[0].module: 'click_tools.format' does not match turns[0].path 'click_tools/formatting.py' "
     "(expected 'click_tools.formatting')"),
    (("turns", 0, "module"), "click-tools.x", "turns[0].module: expected a dotted module name, got 'click-tools.x'"),
    (("turns", 0, "path"), "click_tools/formatting.txt",
     "turns[0].path: expected a workspace-relative path of a .py file, got 'click_tools/formatting.txt'"),
    (("turns", 0, "path"), "/abs/formatting.py", "turns[0].path: '/abs/formatting.py' must be relative to the workspace root"),
    (("turns", 0, "path"), "../formatting.py", "turns[0].path: '../formatting.py' is not a normalised relative path"),
    (("turns", 0, "path"), "click-tools/formatting.py",
     "turns[0].path: 'click-tools/formatting.py' is not importable: every part must be a Python identifier"),
    (("turns", 0, "path"), "click_tools\\formatting.py", "turns[0].path: use '/' as the separator"),
    (("turns", 0, "signatures"), [], "turns[0].signatures: expected at least 1 item, got 0"),
    (("turns", 0, "signatures"), "def f()", "turns[0].signatures: expected a list of function signatures, got 'def f()'"),
    (("turns", 0, "signatures", 0), "wrap_help(text)",
     "turns[0].signatures[0]: expected a signature such as \"def name(arg: int) -> str\", got 'wrap_help(text)'"),
    (("turns", 0, "signatures", 0), "def wrap_help(text: str,, x)", "turns[0].signatures[0]: not a valid Python def line"),
    (("turns", 1, "signatures", 1), "def help_block(x)", "turns[1].signatures[1]: function 'help_block' is declared twice"),
    (("turns", 0, "requirement"), "", "turns[0].requirement: expected the requirement text, got ''"),
    (("turns", 0, "requirement"), None, "turns[0].requirement: expected the requirement text, got an empty value"),
    (("turns", 0, "tests"), "/etc/passwd", "turns[0].tests: '/etc/passwd' must be a path relative to the chain folder"),
    (("turns", 0, "tests"), "../outside.py", "turns[0].tests: '../outside.py' leaves the chain folder"),
    (("turns", 0, "reinvent"), "turn1/nope.py", "turns[0].reinvent: file turn1/nope.py not found"),
    (("turns", 0, "tests"), "turn1", "turns[0].tests: file turn1 is not a file"),
]


@pytest.mark.parametrize("path,value,expected", CASES, ids=[c[2][:50] for c in CASES])
def test_error_names_file_and_field(tmp_path, path, value, expected):
    data = base_data()
    files = [t[k] for t in data["turns"] for k in ("tests", "solution", "reinvent") if k in t]
    _set(data, path, value if value is _DELETE else copy.deepcopy(value))
    file = make_chain(tmp_path / "chains" / "x", data, files=files)
    (tmp_path / "outside.py").write_text("")
    assert load_error(file).startswith(expected)


def test_error_message_uses_the_path_as_given(tmp_path, monkeypatch):
    data = base_data()
    data["turns"][2]["targets"]["self"] = "nope"
    make_chain(tmp_path / "chains" / "x", data)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError) as info:
        load_chain("chains/x")
    assert str(info.value) == (
        "chains/x/chain.yaml: turns[2].targets.self: expected a list of qualified names, got 'nope'"
    )


def test_two_turns_cannot_write_one_file_or_module(tmp_path):
    data = base_data()
    data["turns"][1]["path"] = "click_tools/formatting.py"
    data["turns"][1]["module"] = "click_tools.formatting"
    file = make_chain(tmp_path / "c", data)
    assert load_error(file) == "turns[1].path: 'click_tools/formatting.py' is already the file of turn 1"
    data["turns"][1]["path"] = "click_tools/formatting/__init__.py"
    file = make_chain(tmp_path / "c", data)
    assert load_error(file) == "turns[1].module: 'click_tools.formatting' is already the module of turn 1"


def test_top_level_not_a_mapping(tmp_path):
    file = make_chain(tmp_path / "c", "- a\n- b\n")
    assert load_error(file) == "expected a mapping at the top level, got a list"


def test_path_source_folder_missing(tmp_path):
    data = base_data()
    data["source"] = {"kind": "path", "path": "../nope", "package": "mylib", "import_name": "click"}
    file = make_chain(tmp_path / "c", data)
    assert load_error(file).startswith("source.path: folder ../nope not found (resolved to ")


def test_path_source_needs_path_and_no_sha(tmp_path):
    data = base_data()
    data["source"] = {"kind": "path", "package": "mylib"}
    file = make_chain(tmp_path / "c", data)
    assert load_error(file) == "source.path: required field is missing for kind path"
    (tmp_path / "repo").mkdir()
    data["source"] = {"kind": "path", "package": "mylib", "path": "../repo", "sha256": "a" * 64}
    file = make_chain(tmp_path / "c", data)
    assert load_error(file) == "source.sha256: not allowed for kind path (only for kind pypi)"


def test_default_import_name_must_be_an_identifier(tmp_path):
    data = base_data()
    data["source"] = {"kind": "pypi", "package": "9lives", "version": "1.0"}
    file = make_chain(tmp_path / "c", data)
    assert load_error(file).startswith("source.import_name: the default '9lives' derived from the package name")


def test_turn_file_symlink_leaving_the_folder(tmp_path):
    data = base_data()
    file = make_chain(tmp_path / "c", data)
    (tmp_path / "secret.py").write_text("")
    target = tmp_path / "c" / "turn1" / "test_turn1.py"
    target.unlink()
    os.symlink(tmp_path / "secret.py", target)
    assert load_error(file) == "turns[0].tests: 'turn1/test_turn1.py' leaves the chain folder"


def test_yaml_syntax_error_has_line_and_column(tmp_path):
    file = make_chain(tmp_path / "c", "id: x\nsource: {kind: pypi\nturns: []\n")
    with pytest.raises(UsageError) as info:
        load_chain(file)
    message = str(info.value)
    assert message.startswith(f"{file}:3:") and "invalid YAML" in message, message


def test_yaml_duplicate_key(tmp_path):
    text = yaml.safe_dump(base_data(), sort_keys=False) + "id: again\n"
    file = make_chain(tmp_path / "c", text, files=[])
    with pytest.raises(UsageError) as info:
        load_chain(file)
    assert "duplicate key 'id' (first given on line 1)" in str(info.value)
    assert str(info.value).startswith(f"{file}:")


def test_invalid_json(tmp_path):
    file = make_chain(tmp_path / "c", '{"id": "x",', name="chain.json", files=[])
    with pytest.raises(UsageError) as info:
        load_chain(file)
    assert str(info.value).startswith(f"{file}:1:") and "invalid JSON" in str(info.value)


def test_missing_chain_file_or_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="no chain file in the folder"):
        load_chain(tmp_path / "empty")
    with pytest.raises(UsageError, match="chain file or folder not found"):
        load_chain(tmp_path / "nope")


# ---------------------------------------------------------------------------
# suites
# ---------------------------------------------------------------------------


def _suite(root: Path, ids_by_folder: dict) -> Path:
    for folder, chain_id in ids_by_folder.items():
        data = base_data()
        data["id"] = chain_id
        make_chain(root / folder, data)
    return root


def test_load_suite_sorted_by_id(tmp_path):
    suite = _suite(tmp_path / "suite", {"a": "zeta-1", "b": "alpha-1", "c": "mid-1"})
    (suite / "_shared").mkdir()  # helper folders without a chain file are skipped
    (suite / "notes").mkdir()
    (suite / "README.md").write_text("suite\n")
    chains = load_suite(suite)
    assert [c.id for c in chains] == ["alpha-1", "mid-1", "zeta-1"]
    assert [c.id for c in load_suite(str(suite))] == ["alpha-1", "mid-1", "zeta-1"]


def test_load_suite_of_one_chain_folder(tmp_path):
    _suite(tmp_path, {"only": "only-1"})
    assert [c.id for c in load_suite(tmp_path / "only")] == ["only-1"]


def test_load_suite_duplicate_ids(tmp_path):
    suite = _suite(tmp_path / "suite", {"a": "same", "b": "same"})
    with pytest.raises(UsageError) as info:
        load_suite(suite)
    assert "id: 'same' is also the id of" in str(info.value)
    assert str(info.value).startswith(str((suite / "b" / "chain.yaml").resolve()))


def test_load_suite_errors(tmp_path, monkeypatch):
    monkeypatch.setattr(chain_mod, "SUITES_DIR", tmp_path / "shipped")
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="no chains in the suite"):
        load_suite(tmp_path / "empty")
    with pytest.raises(UsageError, match=r"suite 'nosuch': no such folder, and no shipped suite of that name \(shipped: none\)"):
        load_suite("nosuch")
    # a bad chain in a suite is reported with its own file
    suite = _suite(tmp_path / "suite", {"a": "a-1"})
    data = base_data()
    data["turns"][0]["module"] = "wrong.module"
    bad = make_chain(suite / "b", data)
    with pytest.raises(UsageError) as info:
        load_suite(suite)
    assert str(info.value).startswith(f"{bad}: turns[0].module:")


def test_load_suite_by_shipped_name(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    _suite(shipped / "mini", {"one": "one-1", "two": "two-1"})
    monkeypatch.setattr(chain_mod, "SUITES_DIR", shipped)
    monkeypatch.chdir(tmp_path)
    assert chain_mod.shipped_suites() == ["mini"]
    assert [c.id for c in load_suite("mini")] == ["one-1", "two-1"]


def test_shipped_suites_are_package_data():
    text = (Path(chain_mod.__file__).parent.parent / "pyproject.toml").read_text()
    assert '"reuse_audit.benchmark" = ["suites/**/*", "*.json"]' in text
    assert chain_mod.SUITES_DIR == Path(chain_mod.__file__).with_name("suites")
    assert chain_mod.SCHEMA_PATH.is_file()
