from collections import namedtuple
from dataclasses import dataclass, field
from typing import NamedTuple

import pytest

from pretty_dump.records import changed_fields, dump_diff, record_fields


@dataclass
class Job:
    name: str
    retries: int = 0
    secret: str = field(default="s", repr=False)


@dataclass(repr=False)
class Plain:
    x: int


@dataclass
class Custom:
    x: int

    def __repr__(self):
        return "Custom!"


Point = namedtuple("Point", "x y")


class Pair(NamedTuple):
    a: int
    b: int = 2


class Shown(Point):
    def __repr__(self):
        return "Shown!"


def test_dataclasses_open_into_their_shown_fields():
    assert record_fields(Job("build", 2)) == {"name": "build", "retries": 2}


def test_dataclasses_without_their_own_repr_stay_closed():
    assert record_fields(Plain(1)) is None
    assert record_fields(Custom(1)) is None


def test_classes_are_not_records():
    assert record_fields(Job) is None
    assert record_fields(Point) is None


def test_named_tuples():
    assert record_fields(Point(1, 2)) == {"x": 1, "y": 2}
    assert record_fields(Pair(1)) == {"a": 1, "b": 2}
    assert record_fields(Shown(1, 2)) is None
    assert record_fields((1, 2)) is None and record_fields({"x": 1}) is None


def test_changed_fields():
    assert changed_fields(Job("build", 0, "a"), Job("build", 3, "b")) == {"retries": (0, 3)}
    assert changed_fields(Point(1, 2), Point(1, 5)) == {"y": (2, 5)}
    assert changed_fields(Pair(1), Pair(1)) == {}


def test_changed_fields_needs_two_records_of_one_type():
    with pytest.raises(ValueError):
        changed_fields(Point(1, 2), Pair(1, 2))
    with pytest.raises(ValueError):
        changed_fields(Custom(1), Custom(2))


def test_diff_of_two_dumps():
    old = {"name": "rich", "deps": ["pygments", "markdown-it-py"], "v": 1}
    new = {"name": "rich", "deps": ["pygments"], "v": 2}
    assert dump_diff(old, new, 30) == [
        "--- {3 items}",
        "+++ {3 items}",
        "  {",
        "      'name': 'rich',",
        "+     'deps': ['pygments'],",
        "-     'deps': [",
        "-         'pygments',",
        "-         'markdown-it-py'",
        "-     ],",
        "-     'v': 1",
        "+     'v': 2",
        "  }",
    ]


def test_diff_of_equal_objects():
    assert dump_diff([1, 2], [1, 2]) == ["--- [1, 2]", "+++ [1, 2]", "  [1, 2]"]


def test_diff_of_plain_values():
    assert dump_diff("abc", "abd", 10) == ["--- 'abc'", "+++ 'abd'", "- 'abc'", "+ 'abd'"]


def test_diff_of_records():
    assert dump_diff(Job("a", 1), Job("a", 2), 12, 2) == [
        "--- Job(name='a…",
        "+++ Job(name='a…",
        "  Job(",
        "    name='a',",
        "-   retries=1",
        "+   retries=2",
        "  )",
    ]
