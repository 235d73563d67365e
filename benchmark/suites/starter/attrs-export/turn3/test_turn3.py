import attr
import pytest

from attrs_export.patch import patched


@attr.define
class Point:
    x: int
    y: int


@attr.define
class Account:
    owner: str
    balance: int = attr.field(converter=int, validator=attr.validators.instance_of(int))


@attr.frozen
class Version:
    major: int
    minor: int = 0


@attr.define
class Secret:
    _token: str
    user: str


@attr.define
class Reading:
    value: object
    unit: str = "m"


@attr.define
class Base:
    a: int
    b: int


@attr.define
class Child(Base):
    c: int
    a: int = 0


@attr.define
class Bag:
    items: list
    label: str = ""


def test_changed_field_and_delta():
    p = Point(1, 2)
    assert patched(p, {'y': 5}) == (Point(x=1, y=5), {'y': (2, 5)})
    assert p == Point(x=1, y=2)


def test_converters_are_not_run():
    new, delta = patched(Account('ann', 5), {'balance': '7'})
    assert repr(new) == "Account(owner='ann', balance='7')"
    assert type(new.balance) is str
    assert delta == {'balance': (5, '7')}


def test_validators_are_not_run():
    new, delta = patched(Account('ann', 5), {'balance': 'lots', 'owner': 'bob'})
    assert repr(new) == "Account(owner='bob', balance='lots')"
    assert delta == {'owner': ('ann', 'bob'), 'balance': (5, 'lots')}


def test_frozen_instances_can_be_patched():
    v = Version(1, 2)
    assert patched(v, {'minor': 3}) == (Version(major=1, minor=3), {'minor': (2, 3)})
    assert v.minor == 2


def test_private_fields_by_attribute_name():
    new, delta = patched(Secret('t', 'u'), {'_token': 'n'})
    assert new == Secret('n', 'u')
    assert repr(new) == "Secret(_token='n', user='u')"
    assert delta == {'_token': ('t', 'n')}
    with pytest.raises(attr.exceptions.AttrsAttributeNotFoundError):
        patched(Secret('t', 'u'), {'token': 'n'})


def test_unknown_field_is_a_value_error():
    with pytest.raises(ValueError, match='z is not an attrs attribute'):
        patched(Secret('t', 'u'), {'z': 1})


def test_delta_uses_tolerance_and_classes():
    assert patched(Reading(1.0), {'value': 1.05}, tolerance=0.1) == (Reading(value=1.05, unit='m'), {})
    assert patched(Reading(1.0), {'value': 1}, tolerance=0.1) == (Reading(value=1, unit='m'), {'value': (1.0, 1)})


def test_delta_follows_field_order():
    new, delta = patched(Child(1, 2, 3), {'a': 9, 'b': 8})
    assert new == Child(b=8, c=2, a=9)
    assert delta == {'b': (1, 8), 'a': (3, 9)}
    assert list(delta) == ['b', 'a']


def test_dropped_fields_are_changed_but_not_reported():
    assert patched(Child(1, 2, 3), {'a': 9, 'b': 8}, drop=['b']) == (Child(b=8, c=2, a=9), {'a': (3, 9)})


def test_copy_is_shallow_and_new():
    b = Bag([1], 'x')
    assert patched(b, {'label': 'y'}) == (Bag(items=[1], label='y'), {'label': ('x', 'y')})
    new, delta = patched(b, {})
    assert delta == {}
    assert new is not b and new == b
    assert new.items is b.items
