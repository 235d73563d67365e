import attr
import pytest

from attrs_export.reshape import project


@attr.define
class Point3:
    x: int
    y: int
    z: int = 0


@attr.define
class Line:
    start: object
    end: object
    tags: tuple = ()


@attr.define
class Secret:
    _token: str
    user: str


POINT = Point3(1, 2, 3)


def test_kept_fields_in_the_given_order():
    assert repr(project(POINT, 'XY', ['x', 'y'])) == 'XY(x=1, y=2)'
    p = project(POINT, 'YX', ('y', 'x'))
    assert repr(p) == 'YX(y=2, x=1)'
    assert [f.name for f in attr.fields(type(p))] == ['y', 'x']


def test_values_are_plain_data():
    line = Line(Point3(0, 0), Point3(1, 1), ('a', 'b'))
    assert repr(project(line, 'Ends', ['start', 'end', 'tags'])) == (
        "Ends(start={'x': 0, 'y': 0, 'z': 0}, end={'x': 1, 'y': 1, 'z': 0}, tags=['a', 'b'])"
    )


def test_class_name_is_normalised_like_an_identifier():
    assert type(project(POINT, '\uff30\uff4f\uff49\uff4e\uff54', ['x'])).__name__ == 'Point'
    p = project(POINT, '\ufb01le', ['x'])
    assert type(p).__name__ == 'file'
    assert type(p).__qualname__ == 'file'
    assert repr(p) == 'file(x=1)'


def test_class_belongs_to_the_module():
    assert type(project(POINT, 'XY', ['x'])).__module__ == 'attrs_export.reshape'


def test_every_projection_is_its_own_class():
    first, second = project(POINT, 'P', ['x']), project(POINT, 'P', ['x'])
    assert type(first) is not type(second)
    assert first != second
    assert type(first)(1) == first


def test_ordering_mutability_and_hashing():
    p = project(POINT, 'P', ['x', 'y'])
    assert type(p)(0, 5) < p
    assert type(p)(1, 3) > p
    with pytest.raises(TypeError):
        hash(p)
    p.x = 7
    assert repr(p) == 'P(x=7, y=2)'


def test_private_fields_keep_their_name_and_init_alias():
    p = project(Secret('t', 'u'), 'S', ['_token'])
    assert repr(p) == "S(_token='t')"
    assert repr(type(p)(token='z')) == "S(_token='z')"


def test_field_definitions():
    assert repr(project(POINT, 'Z', {'z': attr.ib(converter=str), 'x': attr.ib()})) == "Z(z='3', x=1)"
    p = project(POINT, 'Z', {'z': attr.ib(converter=str), 'x': attr.ib(type=int)})
    assert attr.fields(type(p)).x.type is int


def test_unknown_field():
    with pytest.raises(KeyError):
        project(POINT, 'P', ['w'])
