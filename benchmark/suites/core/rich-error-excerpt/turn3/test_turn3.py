import collections
import json

import pytest

from excerpt.values import frame_report, is_kind, type_names


class Job:
    def __repr__(self):
        return "Job()"


def run(config):
    Items = [Job(), Job()]
    big = list(range(20))
    text = "y" * 100
    __secret = 1
    _private = "p"
    helper = len
    return config["port"]


def failure():
    try:
        run({"host": "x"})
    except KeyError as error:
        return error


def source():
    with open(__file__, encoding="utf-8") as handle:
        return handle.read()


def test_type_names_of_values():
    assert type_names(1) == ["builtins.int", "builtins.object"]
    assert type_names(collections.OrderedDict()) == ["collections.OrderedDict", "builtins.dict", "builtins.object"]
    assert type_names(None) == ["builtins.NoneType", "builtins.object"]


def test_type_names_of_classes_are_their_own():
    assert type_names(int) == ["builtins.int", "builtins.object"]
    assert type_names(json.JSONDecoder) == ["json.decoder.JSONDecoder", "builtins.object"]
    assert type_names(Job) == ["test_turn3.Job", "builtins.object"]


def test_kinds_by_name():
    assert is_kind(True, ["builtins.int"])
    assert is_kind(json.JSONDecoder(), ("json.decoder.JSONDecoder",))
    assert not is_kind(int, ["builtins.type"])
    assert not is_kind(1, [])


def test_kinds_need_a_collection_of_names():
    with pytest.raises(TypeError):
        is_kind(1, "builtins.int")


def test_a_frame_report():
    number = run.__code__.co_firstlineno + 7
    assert number == 21
    assert frame_report(failure(), source(), 70) == [
        "File test_turn3.py, line 21, in run",
        "20 │     helper = len",
        '21 │     return config["port"]',
        "   │     ^^^^^^^^^^^^^^^^^^^^^",
        "22 │",
        "locals:",
        "  _private = 'p' [builtins.str]",
        "  big = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ... +10] [builtins.list]",
        "  config = {'host': 'x'} [builtins.dict]",
        "  helper = <built-in function len> [builtins.builtin_function_or_meth…",
        "  Items = [Job(), Job()] [builtins.list]",
        "  text = 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…",
        "raised KeyError: 'port'",
    ]


def test_long_strings_are_cut_as_tracebacks_cut_them():
    report = frame_report(failure(), source(), 200)
    assert "  text = '" + "y" * 80 + "'+20 [builtins.str]" in report


def test_a_narrow_report_without_context():
    assert frame_report(failure(), source(), 30, 0) == [
        "File test_turn3.py, line 21, …",
        '21 │     return config["port"]',
        "   │     ^^^^^^^^^^^^^^^^^^^^^",
        "locals:",
        "  _private = 'p' [builtins.st…",
        "  big = [0, 1, 2, 3, 4, 5, 6,…",
        "  config = {'host': 'x'} [bui…",
        "  helper = <built-in function…",
        "  Items = [Job(), Job()] [bui…",
        "  text = 'yyyyyyyyyyyyyyyyyyy…",
        "raised KeyError: 'port'",
    ]


def test_a_chained_exception_reports_the_last_one():
    try:
        try:
            run({})
        except KeyError as error:
            raise ValueError("no port") from error
    except ValueError as error:
        report = frame_report(error, source(), 60)
    assert report[-1] == "raised ValueError: no port"
    assert report[0].startswith("File test_turn3.py, line ") and report[0].endswith(", in test_a_chained_exception_r…")


def test_an_exception_never_raised():
    assert frame_report(ValueError("x"), "", 40) == ["raised ValueError: x"]


def test_too_narrow():
    with pytest.raises(ValueError):
        frame_report(failure(), source(), 9)
