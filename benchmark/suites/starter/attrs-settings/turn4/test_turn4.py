import attr
import pytest

from attrs_settings.env import env_class, env_names, from_env
from attrs_settings.schema import settings_class

SPEC = {
    "debug": {"kind": "bool", "default": "no"},
    "host": "str",
    "port": {"kind": "int", "default": 8080},
    "_token": "str",
    "tags": {"kind": "list", "default": ""},
}

App = env_class("App", SPEC)
ENV = {
    "APP_HOST": " example.org ",
    "APP_TOKEN": "s3",
    "APP_DEBUG": "yes",
    "HOME": "/root",
    "APP__TOKEN": "wrong",
    "app_port": "1",
}


def test_variable_names_in_field_order():
    assert env_names(App) == {
        'debug': 'APP_DEBUG',
        'host': 'APP_HOST',
        'port': 'APP_PORT',
        '_token': 'APP_TOKEN',
        'tags': 'APP_TAGS',
    }
    assert [f.name for f in attr.fields(App)] == ['debug', 'host', 'port', '_token', 'tags']


def test_private_and_mixed_case_names():
    bare = env_class('Bare', {'_db_url': 'str', 'Mixed_Case': 'int'}, prefix='')
    assert env_names(bare) == {'_db_url': 'DB_URL', 'Mixed_Case': 'MIXED_CASE'}


def test_prefix():
    svc = env_class('Svc', {'level': 'int'}, prefix='SVC_')
    assert env_names(svc) == {'level': 'SVC_LEVEL'}
    assert repr(from_env(svc, {'SVC_LEVEL': '3', 'APP_LEVEL': '4'})) == 'Svc(level=3)'


def test_from_env_takes_only_its_variables():
    assert repr(from_env(App, ENV)) == "App(debug=True, host='example.org', port=8080, _token='s3', tags=[])"


def test_initialiser_takes_variable_names():
    assert repr(App(APP_HOST='h', APP_TOKEN='t', APP_PORT='81')) == (
        "App(debug=False, host='h', port=81, _token='t', tags=[])"
    )
    with pytest.raises(TypeError):
        App(host='h', token='t')
    assert App.__init__.__annotations__ == {
        'return': None,
        'APP_DEBUG': str,
        'APP_HOST': str,
        'APP_PORT': str,
        'APP_TOKEN': str,
        'APP_TAGS': str,
    }


def test_copies_with_changes_use_variable_names():
    assert repr(attr.evolve(from_env(App, ENV), APP_PORT='9')) == (
        "App(debug=True, host='example.org', port=9, _token='s3', tags=[])"
    )


def test_still_a_settings_class():
    assert App.__module__ == 'attrs_settings.schema'
    with pytest.raises(attr.exceptions.FrozenInstanceError):
        from_env(App, ENV).host = 'x'


def test_missing_required_variable():
    with pytest.raises(TypeError):
        from_env(App, {'APP_HOST': 'h'})


def test_bad_value():
    with pytest.raises(ValueError):
        from_env(App, {'APP_HOST': 'h', 'APP_TOKEN': 't', 'APP_PORT': 'x'})


def test_plain_settings_classes_use_their_parameter_names():
    plain = settings_class('Plain', {'_a': 'int', 'b': 'str'})
    assert env_names(plain) == {'_a': 'a', 'b': 'b'}
    assert repr(from_env(plain, {'a': '1', 'b': 'x', '_a': '2'})) == "Plain(_a=1, b='x')"
