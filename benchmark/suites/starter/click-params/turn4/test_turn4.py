import os
import pathlib

import pytest

from click_params.paths import parse_value


@pytest.fixture
def tree(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text("hi")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def error(value, spec):
    with pytest.raises(ValueError) as info:
        parse_value(value, spec)
    return str(info.value)


def test_existing_path_is_returned(tree):
    assert parse_value("a.txt", {"path": {"exists": True}}) == "a.txt"


def test_missing_path_is_fine_unless_it_must_exist(tree):
    assert parse_value("nope.txt", {"path": {}}) == "nope.txt"
    assert error("nope.txt", {"path": {"exists": True}}) == "Path 'nope.txt' does not exist."


def test_message_names_the_kind_of_path(tree):
    assert error("nope.txt", {"path": {"exists": True, "dir_okay": False}}) == "File 'nope.txt' does not exist."
    assert error("nope", {"path": {"exists": True, "file_okay": False}}) == "Directory 'nope' does not exist."


def test_files_and_directories(tree):
    assert error("sub", {"path": {"dir_okay": False}}) == "File 'sub' is a directory."
    assert error("a.txt", {"path": {"file_okay": False}}) == "Directory 'a.txt' is a file."


def test_dash(tree):
    assert parse_value("-", {"path": {"allow_dash": True, "exists": True}}) == "-"
    assert error("-", {"path": {"exists": True}}) == "Path '-' does not exist."
    assert error("-", {"path": {"allow_dash": True, "file_okay": False, "exists": True}}) == (
        "Directory '-' does not exist."
    )


def test_resolving_follows_links(tree):
    os.symlink("a.txt", "link.txt")
    result = parse_value("sub/../link.txt", {"path": {"resolve_path": True}})
    assert result == str(tree.resolve() / "a.txt")


def test_result_types(tree):
    assert parse_value("a.txt", {"path": {"path_type": pathlib.Path}}) == pathlib.Path("a.txt")
    assert parse_value("a.txt", {"path": {"path_type": bytes}}) == b"a.txt"
    assert parse_value(pathlib.Path("a.txt"), {"path": {"path_type": str}}) == "a.txt"


def test_undisplayable_names_in_messages(tree):
    assert error("caf\udce9.txt", {"path": {"exists": True}}) == "Path 'caf\ufffd.txt' does not exist."


def test_executable_check(tree):
    assert error("a.txt", {"path": {"executable": True}}) == "Path 'a.txt' is not executable."


def test_other_specs_behave_as_before(tree):
    assert parse_value(None, {"path": {}, "default": "x"}) == "x"
    assert parse_value("5", {"min": 1}) == 5
    assert error("0", {"min": 1}) == "0 is not in the range x>=1."
