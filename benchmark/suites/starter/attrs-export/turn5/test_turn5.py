import typing
from typing import Annotated, Optional

import attr
import pytest

from attrs_export.typed import typed_project


@attr.define
class Measure:
    value: "float"
    unit: "Unit"
    note: Annotated[str, "free text"] = ""
    count: "Optional[int]" = attr.field(default=None, metadata={"help": "how many"})


@attr.define
class Unit:
    symbol: str


@attr.s
class Legacy:
    a = attr.ib()
    b = attr.ib(type=int, default=2)


@attr.define
class Broken:
    x: "Missing"


@attr.define
class Base:
    a: "int"
    b: "str"


@attr.define
class Child(Base):
    c: "bytes"
    a: "float" = 0.0


@attr.define
class Sample:
    size: "int"
    label: str = "x"


MEASURE = Measure(1.5, Unit("m"), "hi", 3)


def test_values_are_plain_data():
    assert repr(typed_project(MEASURE, 'M', ['value', 'unit'])) == "M(value=1.5, unit={'symbol': 'm'})"


def test_string_annotations_are_resolved():
    p = typed_project(MEASURE, 'M', ['value', 'unit'])
    assert [(f.name, f.type) for f in attr.fields(type(p))] == [('value', float), ('unit', Unit)]
    assert type(p).__annotations__ == {'value': float, 'unit': Unit}


def test_extra_annotation_metadata_is_kept():
    p = typed_project(MEASURE, 'N', ['note', 'count'])
    assert [(f.name, f.type) for f in attr.fields(type(p))] == [
        ('note', Annotated[str, 'free text']),
        ('count', Optional[int]),
    ]
    assert typing.get_args(attr.fields(type(p)).note.type) == (str, 'free text')


def test_field_metadata_is_copied():
    assert attr.fields(type(typed_project(MEASURE, 'N', ['count']))).count.metadata == {'help': 'how many'}
    assert attr.fields(type(typed_project(MEASURE, 'N', ['value']))).value.metadata == {}


def test_source_class_is_resolved_in_place():
    assert attr.fields(Sample).size.type == 'int'
    typed_project(Sample(3), 'S', ['label'])
    assert [(f.name, f.type) for f in attr.fields(Sample)] == [('size', int), ('label', str)]


def test_untyped_fields():
    p = typed_project(Legacy(1), 'L', ['b', 'a'])
    assert repr(p) == 'L(b=2, a=1)'
    assert [(f.name, f.type) for f in attr.fields(type(p))] == [('b', int), ('a', None)]
    assert type(p).__annotations__ == {'b': int}


def test_inherited_and_redefined_fields():
    p = typed_project(Child(b='x', c=b'c', a=1.5), 'C', ['c', 'a', 'b'])
    assert repr(p) == "C(c=b'c', a=1.5, b='x')"
    assert [(f.name, f.type) for f in attr.fields(type(p))] == [('c', bytes), ('a', float), ('b', str)]


def test_class_name_and_module_as_for_projections():
    assert type(typed_project(MEASURE, '\uff2d', ['value'])).__name__ == 'M'
    assert type(typed_project(MEASURE, 'M', ['value'])).__module__ == 'attrs_export.reshape'


def test_unknown_field():
    with pytest.raises(KeyError):
        typed_project(MEASURE, 'M', ['nope'])


def test_unresolvable_annotation():
    with pytest.raises(NameError):
        typed_project(Broken(1), 'B', ['x'])
