import attr
import pytest

from attrs_settings.env import env_class, from_env
from attrs_settings.export import to_env
from attrs_settings.schema import settings_class

SPEC = {
    "debug": {"kind": "bool", "default": "no"},
    "host": "str",
    "port": {"kind": "int", "default": 8080},
    "_token": "str",
    "tags": {"kind": "list", "default": ""},
    "ratio": {"kind": "float", "nullable": True, "default": None},
}

App = env_class("App", SPEC)

BASIC = App(APP_HOST='h', APP_TOKEN='t')
FULL = App(APP_HOST='example.org', APP_TOKEN='s3', APP_DEBUG='yes', APP_PORT='81', APP_TAGS='x, y', APP_RATIO='0.25')
Plain = settings_class('Plain', {'_a': 'int', 'b': {'kind': 'bool', 'default': True}})


def test_every_set_field_by_variable_name():
    assert to_env(BASIC) == {'APP_DEBUG': 'false', 'APP_HOST': 'h', 'APP_PORT': '8080', 'APP_TOKEN': 't', 'APP_TAGS': ''}


def test_field_order():
    assert list(to_env(FULL)) == ['APP_DEBUG', 'APP_HOST', 'APP_PORT', 'APP_TOKEN', 'APP_TAGS', 'APP_RATIO']


def test_rendering_by_kind():
    assert to_env(FULL) == {
        'APP_DEBUG': 'true',
        'APP_HOST': 'example.org',
        'APP_PORT': '81',
        'APP_TOKEN': 's3',
        'APP_TAGS': 'x,y',
        'APP_RATIO': '0.25',
    }
    assert to_env(App(APP_HOST='h', APP_TOKEN='t', APP_TAGS=[1, 2]))['APP_TAGS'] == '1,2'
    assert to_env(App(APP_HOST='h', APP_TOKEN='t', APP_RATIO=1))['APP_RATIO'] == '1.0'


def test_none_is_left_out():
    assert 'APP_RATIO' not in to_env(BASIC)


def test_without_defaults():
    assert to_env(BASIC, include_defaults=False) == {'APP_HOST': 'h', 'APP_TOKEN': 't'}
    assert to_env(FULL, include_defaults=False) == to_env(FULL)


def test_defaults_compare_after_conversion():
    same = App(APP_HOST='h', APP_TOKEN='t', APP_PORT='8080', APP_DEBUG='0')
    assert to_env(same, include_defaults=False) == {'APP_HOST': 'h', 'APP_TOKEN': 't'}


def test_round_trip():
    assert from_env(App, to_env(BASIC)) == BASIC
    assert from_env(App, to_env(FULL)) == FULL


def test_round_trip_without_defaults():
    assert from_env(App, to_env(FULL, include_defaults=False)) == FULL
    assert from_env(App, to_env(BASIC, include_defaults=False)) == BASIC


def test_plain_settings_classes():
    assert to_env(Plain(a='1')) == {'a': '1', 'b': 'true'}
    assert to_env(Plain(a='1'), include_defaults=False) == {'a': '1'}


def test_plain_round_trip():
    assert from_env(Plain, to_env(Plain(a=3, b='off'))) == Plain(a=3, b=False)
