from typing import Annotated, Optional

import attr
import pytest

from attrs_typed.order import sort_key


@attr.define
class Person:
    name: str
    age: Optional[int] = None
    city: "Optional[str]" = None
    score: float = 0.0
    code: bytes = b""
    nick: Annotated[str, "shown"] = ""


PEOPLE = [
    Person("bob", 30, "paris", 1, b"b"),
    Person("Alice", None, None, 0.5, b"B"),
    Person("carol", 25, "Berlin", 2, b"a"),
    Person("alice", 41, "berlin", 1.5, b"c"),
    Person("Dave", None, "Paris", 0, b"A"),
]


def names(people):
    return [p.name for p in people]


def test_text_fields_ignore_case_and_keep_input_order_on_ties():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'name'))) == ['Alice', 'alice', 'bob', 'carol', 'Dave']


def test_none_sorts_first():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'age'))) == ['Alice', 'Dave', 'carol', 'bob', 'alice']


def test_reverse_puts_none_last():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'age'), reverse=True)) == ['alice', 'bob', 'carol', 'Alice', 'Dave']


def test_several_fields_and_resolved_string_annotations():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'city', 'name'))) == ['Alice', 'alice', 'carol', 'bob', 'Dave']
    assert max(PEOPLE, key=sort_key(Person, 'city')).name == 'bob'


def test_numbers_of_different_classes():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'score'))) == ['Dave', 'Alice', 'bob', 'alice', 'carol']
    assert sort_key(Person, 'score')(Person('x', score=1)) == sort_key(Person, 'score')(Person('y', score=1.0))


def test_bytes_are_not_text():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'code'))) == ['Dave', 'Alice', 'carol', 'bob', 'alice']


def test_all_fields_when_none_are_named():
    assert names(sorted(PEOPLE, key=sort_key(Person))) == ['Alice', 'alice', 'bob', 'carol', 'Dave']


def test_annotated_text():
    assert names(sorted(PEOPLE, key=sort_key(Person, 'nick', 'age'))) == ['Alice', 'Dave', 'carol', 'bob', 'alice']
    assert names(sorted([Person('b', nick='Zed'), Person('a', nick='amy')], key=sort_key(Person, 'nick'))) == ['a', 'b']


def test_keys_compare_directly():
    by_name, by_age = sort_key(Person, 'name'), sort_key(Person, 'age')
    assert by_name(Person('ALICE')) == by_name(Person('alice'))
    assert by_name(Person('ALICE')) < by_name(Person('bob'))
    assert by_age(Person('x')) == by_age(Person('y'))
    assert by_age(Person('x')) <= by_age(Person('y', 3))
    assert by_age(Person('x', 3)) > by_age(Person('y'))


def test_unknown_field_and_class():
    with pytest.raises(KeyError):
        sort_key(Person, 'nope')
    with pytest.raises(attr.exceptions.NotAnAttrsClassError):
        sort_key(dict, 'a')
