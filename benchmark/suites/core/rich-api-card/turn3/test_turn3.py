import collections
import dataclasses

import pytest

from api_card.echo import echo_card, echo_text


@dataclasses.dataclass
class Job:
    name: str
    steps: list


def test_short_values_echo_on_one_line():
    assert echo_text(1) == "1"
    assert echo_text("text") == "'text'"
    assert echo_text([1, 2, 3]) == "[1, 2, 3]"
    assert echo_text(None) is None


def test_values_too_wide_start_on_a_new_line_expanded():
    assert echo_text({"a": [1, 2, {"b": "x" * 30}]}, 40) == (
        "\n{\n    'a': [\n        1,\n        2,\n        {\n            'b': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n        }\n    ]\n}")
    assert echo_text(list(range(30)), 40).startswith("\n[\n    0,\n")


def test_limits_and_expansion():
    assert echo_text(list(range(30)), 40, items=5) == "[0, 1, 2, 3, 4, ... +25]"
    assert echo_text("y" * 100, 40, chars=10) == "'yyyyyyyyyy'+90"
    assert echo_text([1, [2]], expand=True) == "\n[\n    1,\n    [\n        2\n    ]\n]"


def test_long_strings_are_not_wrapped():
    assert echo_text("y" * 100, 40) == "'" + "y" * 100 + "'"


def test_cards_of_containers_count_their_items():
    assert echo_card([1, 2, 3], 40) == ["list: 3 items", "[1, 2, 3]"]
    assert echo_card((1,), 40) == ["tuple: 1 item", "(1,)"]
    assert echo_card({}, 40) == ["dict: 0 items", "{}"]
    assert echo_card(collections.Counter("aab"), 40) == ["Counter: 2 items", "Counter({'a': 2, 'b': 1})"]


def test_cards_of_records():
    assert echo_card(collections.namedtuple("P", "x y")(1, 2), 40) == ["P: 2 items", "P(x=1, y=2)"]
    assert echo_card(Job("build", [1, 2]), 30) == ["Job: 2 items", "Job(", "    name='build',", "    steps=[1, 2]", ")"]
    assert echo_card(Job("build", [1, 2]), 60) == ["Job: 2 items", "Job(name='build', steps=[1, 2])"]


def test_cards_of_expanded_values_drop_the_blank_first_line():
    assert echo_card({"a": [1, 2, {"b": "x" * 30}]}, 40)[:3] == ["dict: 1 item", "{", "    'a': ["]


def test_cards_of_plain_values_and_of_nothing():
    assert echo_card(1) == ["1"]
    assert echo_card(None) == []


def test_classes_get_a_full_card():
    class Plain:
        """Plain."""

        size = 1

    card = echo_card(Plain, 60)
    assert card[0].endswith("Plain'>")
    assert card[1:] == ["class test_classes_get_a_full_card.<locals>.Plain():", "Plain.", "",
                        "class test_classes_get_a_full_card.<locals>.Plain():", "", "Plain.", "", "size = 1"]


def test_too_narrow():
    with pytest.raises(ValueError):
        echo_text(1, width=10)
    with pytest.raises(ValueError):
        echo_card([1], width=19)


def test_negative_limits():
    with pytest.raises(ValueError):
        echo_text([1, 2], items=-1)
    with pytest.raises(ValueError):
        echo_text("abc", chars=-2)
