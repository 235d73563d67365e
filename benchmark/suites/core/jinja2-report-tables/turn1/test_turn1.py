import pytest

from tables.fields import extreme, field


class Box:
    def __init__(self, **values):
        self.__dict__.update(values)


ROW = {"name": "bob", "tags": ["x", "y"], "d": {"0": "zero", "k": 1}}


def test_dotted_paths_through_dicts_lists_and_objects():
    assert field(ROW, "d.k") == 1
    assert field(Box(a=Box(b=2)), "a.b") == 2
    assert field({"a": [{"b": "deep"}]}, "a.0.b") == "deep"


def test_digit_parts_are_positions():
    assert field(ROW, "tags.1") == "y"
    assert field([10, 20], "1") == 20
    assert field([10, 20], 1) == 20


def test_digit_parts_do_not_match_text_keys():
    assert field(ROW, "d.0") is None
    assert field(ROW, "d.0", default="?") == "?"


def test_missing_values_give_the_default_but_none_is_a_value():
    assert field(ROW, "tags.5") is None
    assert field({"a": {}}, "a.b", 0) == 0
    assert field({"a": None}, "a", "fallback") is None
    assert field(ROW, None) is ROW


def test_items_come_before_attributes():
    assert field({"items": 9}, "items") == 9
    assert list(field({"keys": 1}, "values")()) == [1]
    assert callable(field(ROW, "items"))


def test_extreme_of_plain_values_ignores_case_by_default():
    assert extreme(["B", "a"]) == "B"
    assert extreme(["B", "a"], cased=True) == "a"
    assert extreme(["b", "A", "a"], largest=False) == "A"


def test_extreme_by_path():
    rows = [{"name": "bob", "score": 3}, {"name": "Alice", "score": 7}, {"name": "carl", "score": 7}]
    assert extreme(rows, "score") == {"name": "Alice", "score": 7}
    assert extreme(rows, "score", largest=False) == {"name": "bob", "score": 3}
    assert extreme(rows, "name")["name"] == "carl"


def test_extreme_by_a_position_in_a_list():
    assert extreme([{"p": [3, 1]}, {"p": [2, 5]}], "p.1") == {"p": [2, 5]}
    assert extreme([{"p": [3, 1]}, {"p": [2, 5]}], "p.0", largest=False) == {"p": [2, 5]}


def test_extreme_of_nothing_is_none():
    assert extreme([]) is None
    assert extreme(iter([]), "x") is None
    assert extreme(iter([4, 9, 2])) == 9


def test_values_that_cannot_be_compared():
    with pytest.raises(TypeError):
        extreme([{"n": 1}, {"n": "a"}], "n")
