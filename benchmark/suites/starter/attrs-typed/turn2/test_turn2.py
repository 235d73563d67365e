import enum
from typing import Annotated, Any, Optional, Union

import attr
import pytest

from attrs_typed.convert import auto_convert, converter_for


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attr.define(field_transformer=auto_convert)
class Job:
    name: str
    retries: "int" = 0
    verbose: bool = False
    ratio: Optional[float] = None
    tags: "list[int]" = attr.Factory(list)
    color: Color = Color.RED
    note: Annotated[Optional[int], "n"] = None
    extra: Any = None
    label: str = attr.field(default="x", converter=str.upper)


def test_converters_of_plain_types():
    assert converter_for(bool)('Y') is True
    assert converter_for(int) is int
    assert converter_for(str) is str
    assert converter_for(Color) is Color


def test_types_without_a_converter():
    assert converter_for(Any) is None
    assert converter_for(dict) is None
    assert converter_for(Optional[Any]) is None
    assert converter_for(Union[int, str]) is None


def test_optional_types_pass_none():
    assert converter_for(Optional[int])('5') == 5
    assert converter_for(Optional[int])(None) is None
    assert converter_for(int | None)('6') == 6
    assert converter_for(Optional[bool]).__annotations__ == {}


def test_lists_and_annotated_types():
    assert converter_for(list)('ab') == ['a', 'b']
    assert converter_for(list[Any])('ab') == ['a', 'b']
    assert converter_for(list[bool])(['no', 'yes']) == [False, True]
    assert converter_for(Annotated[bool, 'x'])('on') is True


def test_defaults_are_converted():
    assert repr(Job(1)) == (
        "Job(name='1', retries=0, verbose=False, ratio=None, tags=[], color=<Color.RED: 'red'>, "
        "note=None, extra=None, label='X')"
    )


def test_text_is_converted_by_type():
    assert repr(Job('a', '3', 'yes', '0.5', ['1', '2'], 'blue', '7', 5, 'y')) == (
        "Job(name='a', retries=3, verbose=True, ratio=0.5, tags=[1, 2], color=<Color.BLUE: 'blue'>, "
        "note=7, extra=5, label='Y')"
    )


def test_boolean_values():
    assert Job('a', verbose='OFF').verbose is False
    assert Job('a', verbose=1.0).verbose is True
    with pytest.raises(ValueError):
        Job('a', verbose='maybe')


def test_conversion_errors():
    with pytest.raises(ValueError):
        Job('a', color='green')
    with pytest.raises(ValueError):
        Job('a', retries='x')


def test_existing_converters_are_kept():
    assert [(f.name, f.converter is not None) for f in attr.fields(Job)] == [
        ('name', True), ('retries', True), ('verbose', True), ('ratio', True), ('tags', True),
        ('color', True), ('note', True), ('extra', False), ('label', True),
    ]
    assert attr.fields(Job).label.converter is str.upper
    assert attr.fields(Job).retries.type is int


def test_assignment_and_initialiser_annotations():
    job = Job('a')
    job.retries = '9'
    assert job.retries == 9
    assert Job.__init__.__annotations__ == {'return': None, 'extra': Any}
