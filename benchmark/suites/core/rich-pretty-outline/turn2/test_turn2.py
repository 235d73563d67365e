from collections import defaultdict, deque

import pytest

from pretty_dump.lines import dump_lines, summary_line

CONFIG = {
    "name": "rich",
    "versions": [(14, 0, 0), (13, 9, 4)],
    "tags": deque(["a", "b"], maxlen=5),
    "one": (1,),
    "deps": defaultdict(list, {"x": [1, 2]}),
    "empty": set(),
}


def test_lines_with_their_depth():
    assert dump_lines(CONFIG, 40, 2) == [
        (0, "{"),
        (1, "  'name': 'rich',"),
        (1, "  'versions': [(14, 0, 0), (13, 9, 4)],"),
        (1, "  'tags': deque(['a', 'b'], maxlen=5),"),
        (1, "  'one': (1,),"),
        (1, "  'deps': defaultdict(<class 'list'>, {"),
        (2, "    'x': [1, 2]"),
        (1, "  }),"),
        (1, "  'empty': set()"),
        (0, "}"),
    ]


def test_depth_without_indentation():
    assert dump_lines([1, (2,)], 4, 0) == [(0, "["), (1, "1,"), (1, "("), (2, "2,"), (1, ")"), (0, "]")]


def test_deep_nesting():
    assert dump_lines({"a": {"b": {"c": [1, 2, 3]}}}, 12) == [
        (0, "{"), (1, "    'a': {"), (2, "        'b': {"), (3, "            'c': ["),
        (4, "                1,"), (4, "                2,"), (4, "                3"),
        (3, "            ]"), (2, "        }"), (1, "    }"), (0, "}"),
    ]


def test_what_cannot_be_expanded_stays_on_its_line():
    assert dump_lines("x" * 50, 10) == [(0, repr("x" * 50))]
    assert dump_lines([], 1) == [(0, "[]")]


def test_dump_lines_refuses_bad_sizes():
    with pytest.raises(ValueError):
        dump_lines([1], 0)
    with pytest.raises(ValueError):
        dump_lines([1], 10, -1)


def test_summary_of_what_fits():
    assert summary_line(CONFIG, 300) == (
        "{'name': 'rich', 'versions': [(14, 0, 0), (13, 9, 4)], 'tags': deque(['a', 'b'], maxlen=5), "
        "'one': (1,), 'deps': defaultdict(<class 'list'>, {'x': [1, 2]}), 'empty': set()}"
    )


def test_containers_that_do_not_fit_are_counted():
    assert summary_line(CONFIG) == "{6 items}"
    assert summary_line(deque(range(5), maxlen=5), 10) == "deque([5 items], maxlen=5)"
    assert summary_line({1, 2, 3}, 5) == "{3 items}"


def test_one_item():
    assert summary_line(defaultdict(list, {"a": 1}), 10) == "defaultdict(<class 'list'>, {1 item})"
    assert summary_line([1], 2) == "[1 item]"
    assert summary_line((1,), 3) == "(1 item)"


def test_empty_containers():
    assert summary_line([], 1) == "[]"
    assert summary_line(set(), 2) == "set()"


def test_other_values_are_cut():
    assert summary_line("a long string value", 10) == "'a long s…"
    assert summary_line(12345678901, 5) == "1234…"
    with pytest.raises(ValueError):
        summary_line([1], 0)
