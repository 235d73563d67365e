from typing import Literal, Optional

import attr
import pytest

from attrs_typed.build import typed_class
from attrs_typed.hints import field_types

Point = typed_class("Point", {"x": float, "y": float, "label": (Optional[str], None)})
Job = typed_class(
    "Job",
    {
        "name": str,
        "retries": (int, 0),
        "verbose": (bool, "no"),
        "tags": (list[int], attr.Factory(list)),
        "status": (Literal["new", "done"], "new"),
    },
)


def test_values_are_converted_by_type():
    assert repr(Point('1', '2.5')) == 'Point(x=1.0, y=2.5, label=None)'
    assert repr(Point(1, 2, 3)) == "Point(x=1.0, y=2.0, label='3')"
    assert repr(Job(5)) == "Job(name='5', retries=0, verbose=False, tags=[], status='new')"
    assert repr(Job('a', '3', 'YES', ['1', 2], 'done')) == "Job(name='a', retries=3, verbose=True, tags=[1, 2], status='done')"


def test_values_are_validated_after_conversion():
    with pytest.raises(ValueError):
        Job('a', status='NEW')
    assert repr(attr.fields(Job).status.validator) == "<in_ validator with options ('new', 'done')>"
    assert attr.fields(Job).status.converter is None


def test_conversion_errors():
    for bad in [{'retries': 'x'}, {'verbose': 'maybe'}]:
        with pytest.raises(ValueError):
            Job('a', **bad)
    with pytest.raises(TypeError):
        Point(None, 1)


def test_field_types_and_annotations():
    assert [(f.name, f.type) for f in attr.fields(Job)] == [
        ('name', str), ('retries', int), ('verbose', bool), ('tags', list[int]), ('status', Literal['new', 'done']),
    ]
    assert Job.__annotations__ == {
        'name': str, 'retries': int, 'verbose': bool, 'tags': list[int], 'status': Literal['new', 'done'],
    }
    assert field_types(Job) == Job.__annotations__


def test_initialiser_annotations():
    assert Job.__init__.__annotations__ == {'return': None, 'status': Literal['new', 'done']}


def test_factory_defaults_do_not_guard_assignment():
    point = Point(1, 2)
    point.x = 'oops'
    assert repr(point) == "Point(x='oops', y=2.0, label=None)"
    assert Point(1, 2) < Point(1, 3)


def test_options_reach_the_factory():
    guarded = typed_class('S', {'a': int}, on_setattr=[attr.setters.convert, attr.setters.validate])
    value = guarded('1')
    value.a = '5'
    assert repr(value) == 'S(a=5)'
    frozen = typed_class('F', {'a': int}, frozen=True)('1')
    assert repr(frozen) == 'F(a=1)'
    with pytest.raises(attr.exceptions.FrozenInstanceError):
        frozen.a = 2


def test_keyword_only_option():
    keyed = typed_class('K', {'a': int, 'b': (int, 0)}, kw_only=True)
    assert repr(keyed(b='2', a='1')) == 'K(a=1, b=2)'
    with pytest.raises(TypeError):
        keyed(1)


def test_mandatory_field_after_a_default():
    with pytest.raises(ValueError):
        typed_class('Bad', {'a': (int, 0), 'b': int})


def test_name_and_module():
    assert Job.__module__ == 'attrs_typed.build'
    assert typed_class('\uff2a\uff4f\uff42', {'a': int}).__name__ == 'Job'
