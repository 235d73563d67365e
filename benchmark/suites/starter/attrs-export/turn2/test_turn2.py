import attr

from attrs_export.diff import differences


@attr.define
class Point:
    x: int
    y: int


@attr.define
class Reading:
    value: object
    unit: str = "m"


@attr.s
class Holder:
    value = attr.ib()


@attr.define
class Base:
    a: int
    b: int


@attr.define
class Child(Base):
    c: int
    a: int = 0


def test_equal_instances():
    assert differences(Point(1, 2), Point(1, 2)) == {}


def test_changed_number_and_tolerance():
    assert differences(Point(1, 2), Point(1, 3)) == {'y': (2, 3)}
    assert differences(Point(1, 2), Point(1, 3), tolerance=1) == {}
    assert differences(Reading(1.0), Reading(1.05), tolerance=0.1) == {}


def test_default_tolerance_is_exact():
    assert differences(Reading(1.0), Reading(1.0000001)) == {'value': (1.0, 1.0000001)}


def test_values_of_different_classes_always_differ():
    assert differences(Reading(1), Reading(1.0), tolerance=0.5) == {'value': (1, 1.0)}
    assert differences(Reading(True), Reading(1)) == {'value': (True, 1)}
    assert differences(Reading(None), Reading(0)) == {'value': (None, 0)}


def test_booleans_are_numbers_of_their_own_class():
    assert differences(Reading(True), Reading(False), tolerance=1) == {}


def test_text_is_compared_exactly():
    assert differences(Reading(None, 'km'), Reading(None, 'KM')) == {'unit': ('km', 'KM')}


def test_nested_values_are_compared_as_plain_data():
    assert differences(Holder(Point(1, 2)), Holder(Point(1, 2.0))) == {}
    assert differences(Holder(Point(1, 2)), Holder(Point(1, 2.5)), tolerance=1) == {
        'value': ({'x': 1, 'y': 2}, {'x': 1, 'y': 2.5})
    }


def test_collections_compare_after_conversion():
    assert differences(Holder((1, 2)), Holder([1, 2])) == {}
    assert differences(Holder({1, 2}), Holder([1, 2])) == {}


def test_result_follows_field_order():
    out = differences(Child(1, 2, 3), Child(9, 2, 7))
    assert out == {'b': (1, 9), 'a': (3, 7)}
    assert list(out) == ['b', 'a']


def test_dropped_fields_are_not_compared():
    assert differences(Child(1, 2, 3), Child(9, 2, 7), drop=['b']) == {'a': (3, 7)}
    assert differences(Child(1, 2, 3), Child(9, 8, 7), drop=[int]) == {}
    assert differences(Reading(2, 'm'), Reading(2.0, 'km'), tolerance=1, drop=['unit']) == {'value': (2, 2.0)}
