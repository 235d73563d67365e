import typing
from typing import Optional

import attr
import pytest

from attrs_settings.coerce import coercer


def parse_int(val: str) -> int:
    return int(val)


def halve(n: int) -> float:
    return n / 2


def shout(text: str) -> str:
    return text.upper() + "!"


def with_unit(value, inst):
    return f"{value}{inst.unit}"


@attr.define
class Box:
    unit: str
    size: object = attr.field(converter=coercer(float, attr.Converter(with_unit, takes_self=True)))


@attr.define
class MaybeBox:
    unit: str
    size: object = attr.field(
        default=None, converter=coercer(float, attr.Converter(with_unit, takes_self=True), nullable=True)
    )


@attr.define
class Port:
    number: int = attr.field(converter=coercer(str.strip, parse_int))
    fallback: Optional[int] = attr.field(default=None, converter=coercer(parse_int, nullable=True))
    plain: int = attr.field(default=0, converter=coercer(int))


def test_steps_run_left_to_right():
    assert coercer(str.strip, int)(' 42 ') == 42
    assert coercer(shout, shout, shout)('a') == 'A!!!'
    assert coercer(parse_int, halve)('5') == 2.5


def test_no_steps_is_the_identity():
    value = object()
    assert coercer()(value) is value
    assert coercer()('x') == 'x'


def test_identity_is_annotated_with_one_type_variable():
    ann = coercer().__annotations__
    assert isinstance(ann['val'], typing.TypeVar)
    assert ann['val'] is ann['return']
    assert ann['val'].__name__ == 'A'
    nullable = coercer(nullable=True).__annotations__
    var, none = typing.get_args(nullable['val'])
    assert isinstance(var, typing.TypeVar) and var.__name__ == 'A' and none is type(None)


def test_nullable_passes_none_through():
    assert coercer(int, nullable=True)(None) is None
    assert coercer(int, nullable=True)('7') == 7
    with pytest.raises(TypeError):
        coercer(int)(None)


def test_errors_of_steps_propagate():
    with pytest.raises(ValueError):
        coercer(parse_int)('x')


def test_annotations_come_from_the_first_and_last_steps():
    assert coercer(parse_int, halve).__annotations__ == {'val': str, 'return': float}
    assert coercer(parse_int, int).__annotations__ == {'val': str}
    assert coercer(str.strip, shout).__annotations__ == {'return': str}
    assert coercer(str.strip, int).__annotations__ == {}


def test_nullable_annotations_are_optional():
    assert coercer(parse_int, halve, nullable=True).__annotations__ == {
        'val': Optional[str],
        'return': Optional[float],
    }
    assert coercer(str.strip, int, nullable=True).__annotations__ == {}


def test_steps_that_take_the_instance():
    assert isinstance(coercer(float, attr.Converter(with_unit, takes_self=True)), attr.Converter)
    assert not isinstance(coercer(float, str), attr.Converter)
    assert repr(Box('cm', '2')) == "Box(unit='cm', size='2.0cm')"


def test_nullable_steps_that_take_the_instance():
    assert repr(MaybeBox('cm')) == "MaybeBox(unit='cm', size=None)"
    assert repr(MaybeBox('cm', 3)) == "MaybeBox(unit='cm', size='3.0cm')"


def test_initialiser_annotations_follow_the_coercers():
    assert Port.__init__.__annotations__ == {'return': None, 'fallback': Optional[str]}
    assert repr(Port(' 8080 ', '1')) == 'Port(number=8080, fallback=1, plain=0)'
