import typing
from typing import Annotated, ClassVar, Optional

import attr
import pytest

from attrs_typed.hints import field_types


@attr.define
class Node:
    value: int
    label: "str"
    parent: "Optional[Node]" = None
    children: "list[Node]" = attr.Factory(list)


@attr.define
class Measure:
    amount: Annotated[float, "unit: m"]
    note: "Annotated[str, 'free text']" = ""
    registry: ClassVar[dict] = {}


@attr.s
class Legacy:
    a = attr.ib()
    b = attr.ib(type=int, default=2)


@attr.define
class Base:
    a: "int"
    b: "str"


@attr.define
class Child(Base):
    c: "bytes"
    a: "float" = 0.0


@attr.define
class Broken:
    x: "Missing"


@attr.define
class Fresh:
    size: "int"
    ratio: "float" = 1.0


SEEN = []


def remember(cls, attributes):
    SEEN.append(field_types(cls, attributes))
    return attributes


@attr.define(field_transformer=remember)
class Watched:
    when: "int"
    what: "Optional[str]" = None


def test_annotations_and_forward_references():
    assert field_types(Node) == {'value': int, 'label': str, 'parent': Optional[Node], 'children': list[Node]}


def test_extra_annotation_metadata_is_kept():
    assert field_types(Measure) == {
        'amount': Annotated[float, 'unit: m'],
        'note': Annotated[str, 'free text'],
    }
    assert typing.get_args(field_types(Measure)['note']) == (str, 'free text')


def test_class_variables_are_not_fields():
    assert 'registry' not in field_types(Measure)


def test_fields_without_annotations():
    assert field_types(Legacy) == {'a': None, 'b': int}


def test_inherited_and_redefined_fields_in_field_order():
    assert field_types(Child) == {'b': str, 'c': bytes, 'a': float}
    assert list(field_types(Child)) == ['b', 'c', 'a']


def test_the_class_fields_are_resolved_in_place():
    assert [(f.name, f.type) for f in attr.fields(Fresh)] == [('size', 'int'), ('ratio', 'float')]
    assert field_types(Fresh) == {'size': int, 'ratio': float}
    assert [(f.name, f.type) for f in attr.fields(Fresh)] == [('size', int), ('ratio', float)]


def test_inside_a_field_transformer():
    assert SEEN == [{'when': int, 'what': Optional[str]}]


def test_transformed_class_keeps_the_resolved_types():
    assert field_types(Watched) == {'when': int, 'what': Optional[str]}
    assert [(f.name, f.type) for f in attr.fields(Watched)] == [('when', int), ('what', Optional[str])]


def test_unresolvable_annotation():
    with pytest.raises(NameError):
        field_types(Broken)


def test_not_an_attrs_class():
    with pytest.raises(attr.exceptions.NotAnAttrsClassError):
        field_types(dict)
