from collections import defaultdict, deque, namedtuple
from dataclasses import dataclass

import pytest
from rich.pretty import traverse

from pretty_dump.outline import cut_count, fitting_outline, outline


@dataclass
class Job:
    name: str
    steps: list


P = namedtuple("P", "x y")
STATE = {
    "name": "a very long name indeed",
    "jobs": [Job("build", [1, 2, 3, 4, 5]), Job("test", [])],
    "matrix": {"py": ["3.10", "3.11", "3.12", "3.13"], "os": {"linux": {"x": 1}}},
    "p": P(1, [2]),
}
WHOLE = [
    "# {4 items}",
    "{",
    "  'name': 'a very long name indeed',",
    "  'jobs': [",
    "    Job(name='build', steps=[1, 2, 3, 4, 5]),",
    "    Job(name='test', steps=[])",
    "  ],",
    "  'matrix': {",
    "    'py': ['3.10', '3.11', '3.12', '3.13'],",
    "    'os': {'linux': {'x': 1}}",
    "  },",
    "  'p': P(x=1, y=[2])",
    "}",
]
DEPTH_2 = [
    "# {4 items}",
    "{",
    "  'name': 'a very long name indeed',",
    "  'jobs': [Job(...), Job(...)],",
    "  'matrix': {'py': [...], 'os': {...}},",
    "  'p': P(x=1, y=[...])",
    "}",
]


def test_the_whole_outline():
    assert outline(STATE, 60, 2) == WHOLE


def test_cut_at_a_depth():
    assert outline(STATE, 60, 2, depth=1) == [
        "# {4 items}", "{", "  'name': 'a very long name indeed',", "  'jobs': [...],", "  'matrix': {...},",
        "  'p': P(...)", "}"]
    assert outline(STATE, 60, 2, depth=2) == DEPTH_2
    assert outline(STATE, depth=0) == ["# {4 items}", "{...}"]


def test_cut_after_some_items():
    assert outline(STATE, 60, 2, items=2) == [
        "# {4 items}", "{", "  'name': 'a very long name indeed',", "  'jobs': [",
        "    Job(name='build', steps=[1, 2, ... +3]),", "    Job(name='test', steps=[])", "  ],", "  ... +2", "}"]


def test_long_strings_are_cut_keys_included():
    lines = outline(STATE, 60, 2, chars=5)
    assert lines[2] == "  'name': 'a ver'+18,"
    assert lines[7] == "  'matri'+1: {"


def test_every_limit_at_once():
    assert outline(STATE, 20, items=1, chars=3) == ["# {4 items}", "{", "    'nam'+1: 'a v'+20,", "    ... +3", "}"]


def test_plain_values_and_empty_containers():
    assert outline("x" * 30, 10, chars=4) == ["# 'xxxxxxxx…", "'xxxx'+26"]
    assert outline([], 10, depth=0) == ["# []", "[...]"]


def test_negative_limits_are_refused():
    for limits in ({"depth": -1}, {"items": -1}, {"chars": -2}):
        with pytest.raises(ValueError):
            outline(STATE, **limits)


def test_the_whole_outline_when_it_fits():
    assert fitting_outline(STATE, 13, 60, 2) == WHOLE
    assert fitting_outline(STATE, 100, 60, 2) == WHOLE
    assert fitting_outline(1, 1) == ["# 1", "1"]


def test_the_deepest_outline_that_fits():
    assert fitting_outline(STATE, 8, 60, 2) == DEPTH_2
    assert fitting_outline(STATE, 12, 60, 2) == DEPTH_2


def test_the_shallowest_outline_when_nothing_fits():
    assert fitting_outline(STATE, 6, 60, 2) == ["# {4 items}", "{...}"]
    assert fitting_outline(STATE, 1, 60, 2) == ["# {4 items}", "{...}"]
    with pytest.raises(ValueError):
        fitting_outline(STATE, 0)


def test_what_an_outline_leaves_out():
    assert cut_count(STATE) == (0, 0, 0)
    assert cut_count(STATE, depth=1) == (3, 0, 0)
    assert cut_count(STATE, depth=2) == (5, 0, 0)
    assert cut_count(STATE, depth=0) == (1, 0, 0)
    assert cut_count(STATE, items=2) == (0, 5, 0)
    assert cut_count(STATE, chars=5) == (0, 0, 19)
    assert cut_count(STATE, items=1, chars=3) == (0, 3, 21)


def test_what_is_left_out_of_odd_containers_keys_and_bytes():
    odd = [1, [2, [3, []]], "wait...", (), deque([1], maxlen=2), defaultdict(list, {"k": [1]})]
    odd.append(odd)
    assert cut_count(odd, depth=1) == (4, 0, 0)
    assert cut_count(odd, depth=3) == (1, 0, 0)
    assert cut_count(odd, chars=2) == (0, 0, 5)
    assert cut_count({"abcdef": b"xyzxyz"}, chars=2) == (0, 0, 8)


def test_nodes_already_made_are_outlined_as_they_are():
    node = traverse(STATE, max_depth=1)
    assert outline(node, 60, 2, depth=3)[1:] == outline(STATE, 60, 2, depth=1)[1:]
    assert cut_count(node, items=1) == (3, 0, 0)
    assert cut_count(traverse("x" * 9, max_string=4)) == (0, 0, 5)
