import types
from array import array
from collections import Counter, OrderedDict, UserList, defaultdict, deque, namedtuple

import pytest

from pretty_dump.shape import braces_of, dump

CONFIG = {
    "name": "rich",
    "versions": [(14, 0, 0), (13, 9, 4)],
    "tags": deque(["a", "b"], maxlen=5),
    "one": (1,),
    "deps": defaultdict(list, {"x": [1, 2]}),
    "empty": set(),
}


def test_deques():
    assert braces_of(deque()) == ("deque([", "])", "deque()")
    assert braces_of(deque([1], maxlen=3)) == ("deque([", "], maxlen=3)", "deque(maxlen=3)")


def test_defaultdicts_show_their_factory():
    assert braces_of(defaultdict(list)) == ("defaultdict(<class 'list'>, {", "})", "defaultdict(<class 'list'>, {})")
    assert braces_of(defaultdict(None)) == ("defaultdict(None, {", "})", "defaultdict(None, {})")


def test_arrays_show_their_type_code():
    assert braces_of(array("i", [1])) == ("array('i', [", "])", "array('i')")


def test_builtin_containers():
    assert braces_of(set()) == ("{", "}", "set()")
    assert braces_of(frozenset()) == ("frozenset({", "})", "frozenset()")
    assert braces_of(()) == ("(", ")", "()")
    assert braces_of(Counter()) == ("Counter({", "})", "Counter()")
    assert braces_of(types.MappingProxyType({})) == ("mappingproxy({", "})", "mappingproxy({})")


def test_subclasses_take_their_base_braces():
    assert braces_of(OrderedDict()) == ("{", "}", "{}")
    assert braces_of(namedtuple("P", "x y")(1, 2)) == ("(", ")", "()")
    assert braces_of(UserList()) == ("[", "]", "[]")


def test_other_objects_are_not_containers():
    for obj in ("x", 1, None, object()):
        with pytest.raises(ValueError):
            braces_of(obj)


def test_dump_on_one_line_each_item():
    assert dump(CONFIG) == (
        "{\n"
        "    'name': 'rich',\n"
        "    'versions': [(14, 0, 0), (13, 9, 4)],\n"
        "    'tags': deque(['a', 'b'], maxlen=5),\n"
        "    'one': (1,),\n"
        "    'deps': defaultdict(<class 'list'>, {'x': [1, 2]}),\n"
        "    'empty': set()\n"
        "}"
    )


def test_dump_expands_what_does_not_fit():
    assert dump(CONFIG, 40, 2).splitlines() == [
        "{",
        "  'name': 'rich',",
        "  'versions': [(14, 0, 0), (13, 9, 4)],",
        "  'tags': deque(['a', 'b'], maxlen=5),",
        "  'one': (1,),",
        "  'deps': defaultdict(<class 'list'>, {",
        "    'x': [1, 2]",
        "  }),",
        "  'empty': set()",
        "}",
    ]


def test_the_separator_counts_in_the_width():
    assert dump({"tags": deque(["a", "b"], maxlen=5), "x": 1}, 40).splitlines()[1:5] == [
        "    'tags': deque([", "        'a',", "        'b'", "    ], maxlen=5),"]


def test_unfolding_all_and_tuples_of_one():
    assert dump([1, (2,)], unfold=True) == "[\n    1,\n    (\n        2,\n    )\n]"
    assert dump("x" * 10, 5) == "'xxxxxxxxxx'"
    with pytest.raises(ValueError):
        dump([1], 0)
