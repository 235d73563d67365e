from typing import Optional

import attr
import pytest

from attrs_settings.schema import settings_class

SPEC = {
    "debug": {"kind": "bool", "default": "no"},
    "host": "str",
    "port": {"kind": "int", "default": 8080, "help": "TCP port"},
    "timeout": {"kind": "float", "nullable": True, "default": None},
    "_token": "str",
}

App = settings_class("App", SPEC)


def test_values_and_defaults_are_parsed():
    assert repr(App(host=' localhost ', token='s3cret')) == (
        "App(debug=False, host='localhost', port=8080, timeout=None, _token='s3cret')"
    )
    assert repr(App(host='h', token='t', debug='ON', port='81', timeout='2.5')) == (
        "App(debug=True, host='h', port=81, timeout=2.5, _token='t')"
    )


def test_fields_follow_the_spec_and_private_names_lose_the_underscore():
    assert [f.name for f in attr.fields(App)] == ['debug', 'host', 'port', 'timeout', '_token']
    assert [f.alias for f in attr.fields(App)] == ['debug', 'host', 'port', 'timeout', 'token']
    with pytest.raises(TypeError):
        App(host='h', token='t', _token='x')


def test_initialiser_is_keyword_only():
    with pytest.raises(TypeError):
        App('h', 't')
    with pytest.raises(TypeError):
        App(host='h')


def test_initialiser_annotations():
    assert App.__init__.__annotations__ == {
        'return': None,
        'debug': str,
        'host': str,
        'port': str,
        'timeout': Optional[str],
        'token': str,
    }


def test_frozen_equal_and_hashable():
    with pytest.raises(attr.exceptions.FrozenInstanceError):
        App(host='h', token='t').port = 1
    assert App(host='h', token='t') == App(host='h', token='t', port='8080')
    assert hash(App(host='h', token='t')) == hash(App(host='h', token='t', port='8080'))


def test_ordering_follows_the_fields():
    assert App(host='a', token='t') < App(host='b', token='t')
    assert App(host='z', token='t') < App(host='a', token='t', debug=True)


def test_class_name_module_and_metadata():
    assert settings_class('\uff21\uff50\uff50', {'x': 'int'}).__name__ == 'App'
    assert App.__module__ == 'attrs_settings.schema'
    assert attr.fields(App).port.metadata == {'kind': 'int', 'help': 'TCP port'}


def test_options_reach_the_class_factory():
    slim = settings_class('Slim', {'a': 'int', 'b': 'list'}, slots=True)
    assert repr(slim(a='1', b='x,y')) == "Slim(a=1, b=['x', 'y'])"
    assert not hasattr(slim(a=1, b=''), '__dict__')
    assert hasattr(App(host='h', token='t'), '__dict__')


def test_options_override_the_defaults():
    loose = settings_class('Loose', {'a': 'int'}, frozen=False, kw_only=False)
    value = loose('5')
    value.a = 6
    assert repr(value) == 'Loose(a=6)'
    unordered = settings_class('NoOrder', {'a': 'int'}, order=False)
    with pytest.raises(TypeError):
        unordered(a=1) < unordered(a=2)


def test_unknown_kind():
    with pytest.raises(ValueError):
        settings_class('X', {'a': 'date'})
