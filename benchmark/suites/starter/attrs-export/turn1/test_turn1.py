import collections

import attr
import pytest

from attrs_export.plain import to_plain


@attr.define
class Point:
    x: int
    y: int


@attr.define
class Shape:
    name: str
    corners: tuple
    tags: set = attr.field(factory=set)


@attr.define
class Base:
    a: int
    b: int


@attr.define
class Child(Base):
    c: int
    a: int = 0


@attr.s
class Holder:
    value = attr.ib()


class Label(str):
    pass


@attr.define
class Flags:
    count: int
    enabled: bool
    ratio: float


@attr.define
class Secret:
    _token: str
    user: str


Pair = collections.namedtuple("Pair", "left right")


def test_field_order_follows_the_library_with_inheritance():
    assert to_plain(Child(2, 3, 1)) == {'b': 2, 'c': 3, 'a': 1}
    assert list(to_plain(Child(2, 3, 1))) == ['b', 'c', 'a']


def test_nested_instances_become_dicts():
    assert to_plain(Holder(Holder(Point(1, 2)))) == {'value': {'value': {'x': 1, 'y': 2}}}


def test_collections_become_lists():
    out = to_plain(Shape('tri', (Point(0, 0), Point(1, 0)), {3}))
    assert out == {'name': 'tri', 'corners': [{'x': 0, 'y': 0}, {'x': 1, 'y': 0}], 'tags': [3]}
    assert type(out['corners']) is list and type(out['tags']) is list


def test_collection_keys_of_dicts_become_tuples():
    out = to_plain(Holder({(1, 2): 'a', frozenset({3}): [Point(1, 1)], 'k': (4, 5)}))
    assert out == {'value': {(1, 2): 'a', (3,): [{'x': 1, 'y': 1}], 'k': [4, 5]}}


def test_keep_collections_keeps_each_type():
    out = to_plain(Shape('sq', (Point(0, 0),), frozenset({1})), keep_collections=True)
    assert out == {'name': 'sq', 'corners': ({'x': 0, 'y': 0},), 'tags': frozenset({1})}
    assert type(out['corners']) is tuple and type(out['tags']) is frozenset
    keyed = to_plain(Holder({frozenset({3}): (1, 2)}), keep_collections=True)
    assert keyed == {'value': {frozenset({3}): (1, 2)}}
    assert type(next(iter(keyed['value']))) is frozenset


def test_named_tuples():
    kept = to_plain(Holder(Pair(Point(1, 2), [3])), keep_collections=True)
    assert kept == {'value': Pair(left={'x': 1, 'y': 2}, right=[3])}
    assert type(kept['value']) is Pair
    plain = to_plain(Holder(Pair(Point(1, 2), [3])))
    assert plain == {'value': [{'x': 1, 'y': 2}, [3]]}
    assert type(plain['value']) is list


def test_dropped_names_apply_at_every_level():
    assert to_plain(Holder(Holder(Point(1, 2))), drop=['y']) == {'value': {'value': {'x': 1}}}
    assert to_plain(Holder([Point(1, 2), {'p': Point(3, 4)}]), drop=['x']) == {'value': [{'y': 2}, {'p': {'y': 4}}]}


def test_dropped_types_match_the_exact_class():
    assert to_plain(Flags(3, True, 0.5), drop=[int]) == {'enabled': True, 'ratio': 0.5}
    out = to_plain(Holder(Label('x')), drop=[str])
    assert out == {'value': 'x'} and type(out['value']) is Label
    assert to_plain(Holder('x'), drop=[str]) == {}


def test_dropped_types_do_not_filter_collection_items():
    assert to_plain(Holder([1, 2, Point(3, 4), True]), drop=[int]) == {'value': [1, 2, {}, True]}


def test_private_fields_use_their_attribute_name():
    assert to_plain(Secret('t', 'u'), drop=['token']) == {'_token': 't', 'user': 'u'}
    assert to_plain(Secret('t', 'u'), drop=['_token', float]) == {'user': 'u'}
    assert to_plain(Flags(0, False, 1.0), drop=('count', float)) == {'enabled': False}


def test_not_an_attrs_instance():
    with pytest.raises(attr.exceptions.NotAnAttrsClassError):
        to_plain({'a': 1})
