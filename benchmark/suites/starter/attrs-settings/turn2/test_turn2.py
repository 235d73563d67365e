from typing import Optional

import attr
import pytest

from attrs_settings.fields import setting


@attr.define
class Server:
    host = setting("str", help="host name")
    port = setting("int", default="8080")
    debug = setting("bool", default=False)
    ratio = setting("float", default=None, nullable=True)
    tags = setting("list", default="")


@attr.s
class Flag:
    value = setting("bool")


def test_text_values_are_parsed_by_kind():
    assert repr(Server('h', ' 9000 ', 'YES', '0.5', 'a, b ,,c')) == (
        "Server(host='h', port=9000, debug=True, ratio=0.5, tags=['a', 'b', 'c'])"
    )


def test_defaults_are_parsed_too():
    assert repr(Server(' example.org ')) == "Server(host='example.org', port=8080, debug=False, ratio=None, tags=[])"


def test_none_means_the_default_unless_nullable():
    assert repr(Server('h', None, None, None, None)) == "Server(host='h', port=8080, debug=False, ratio=None, tags=[])"
    with pytest.raises(ValueError):
        Flag(None)


def test_boolean_text():
    assert [Flag(v).value for v in ['true', 'T', 'y', 'On', '1', 1, True, 1.0, ' yes ']] == [True] * 9
    assert [Flag(v).value for v in ['false', 'F', 'n', 'OFF', '0', 0, False, 0.0]] == [False] * 8


def test_boolean_text_that_is_rejected():
    for bad in ['2', '', 2, 'enabled']:
        with pytest.raises(ValueError):
            Flag(bad)


def test_values_that_are_not_text():
    assert repr(Server('h', 1, 1, 2, ('x', 'y'))) == "Server(host='h', port=1, debug=True, ratio=2.0, tags=['x', 'y'])"
    with pytest.raises(ValueError):
        Server('h', 'x')


def test_list_defaults_are_not_shared():
    first, second = Server('a'), Server('b')
    assert first.tags == [] and first.tags is not second.tags


def test_definition_keeps_kind_help_and_raw_default():
    fields = attr.fields(Server)
    assert fields.host.metadata == {'kind': 'str', 'help': 'host name'}
    assert fields.port.metadata == {'kind': 'int', 'help': ''}
    assert fields.port.default == '8080'
    assert fields.ratio.default is None
    assert fields.host.default is attr.NOTHING
    assert [f.name for f in fields] == ['host', 'port', 'debug', 'ratio', 'tags']


def test_initialiser_takes_text():
    assert Server.__init__.__annotations__ == {
        'return': None,
        'host': str,
        'port': str,
        'debug': str,
        'ratio': Optional[str],
        'tags': str,
    }


def test_unknown_kind_and_missing_value():
    with pytest.raises(ValueError):
        setting('date')
    with pytest.raises(TypeError):
        Server()
