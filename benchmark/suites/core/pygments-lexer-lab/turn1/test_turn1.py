import pytest

from pygments.lexer import RegexLexer, bygroups, default, include, inherit, this, using, words
from pygments.lexers.configs import IniLexer
from pygments.lexers.data import JsonLexer
from pygments.lexers.python import PythonLexer
from pygments.lexers.shell import BashLexer
from pygments.token import Keyword, Name, String, Text, Whitespace

from lexlab.rules import reachable_states, state_rules


class Demo(RegexLexer):
    tokens = {
        "root": [include("ws"), (words(("if", "else", "elif"), suffix=r"\b"), Keyword), (r'"', String, "str"),
                 (r"(a)(b)", bygroups(Name, Name)), (r"u", using(this)), default("#pop")],
        "ws": [(r"\s+", Whitespace)],
        "str": [(r'"', String, "#pop"), (r'[^"xyz]+', String), (r"x", String, "#pop:2"), (r"y", String, ("ws", "str")),
                (r"z", String, "#push")],
    }


class Sub(Demo):
    tokens = {"root": [(r"z", Name), inherit], "ws": [(r"[ ]+", Text)]}


def test_ini_root():
    assert state_rules(IniLexer) == (
        [('\\s+', 'Token.Text.Whitespace', None),
         ('[;#].*', 'Token.Comment.Single', None),
         ('(\\[.*?\\])([ \\t]*)$', 'callback', None),
         ('(.*?)([ \\t]*)([=:])([ \\t]*)(["\'])', 'callback', ('quoted_value',)),
         ('(.*?)([ \\t]*)([=:])([ \\t]*)([^;#\\n]*)(\\\\)(\\s+)', 'callback', ('value',)),
         ('(.*?)([ \\t]*)([=:])([ \\t]*)([^ ;#\\n]*(?: +[^ ;#\\n]+)*)', 'callback', None),
         ('(.+?)$', 'Token.Name.Attribute', None)]
    )


def test_includes_words_and_callbacks():
    assert state_rules(Demo) == (
        [('\\s+', 'Token.Text.Whitespace', None),
         ('(el(?:if|se)|if)\\b', 'Token.Keyword', None),
         ('"', 'Token.Literal.String', ('str',)),
         ('(a)(b)', 'callback', None),
         ('u', 'callback', None),
         ('', None, -1)]
    )


def test_transitions():
    assert state_rules(Demo, "str") == (
        [('"', 'Token.Literal.String', -1),
         ('[^"xyz]+', 'Token.Literal.String', None),
         ('x', 'Token.Literal.String', -2),
         ('y', 'Token.Literal.String', ('ws', 'str')),
         ('z', 'Token.Literal.String', '#push')]
    )


def test_inherited_rules():
    assert state_rules(Sub) == (
        [('z', 'Token.Name', None),
         ('[ ]+', 'Token.Text', None),
         ('(el(?:if|se)|if)\\b', 'Token.Keyword', None),
         ('"', 'Token.Literal.String', ('str',)),
         ('(a)(b)', 'callback', None),
         ('u', 'callback', None),
         ('', None, -1)]
    )
    assert state_rules(Sub, "ws") == [('[ ]+', 'Token.Text', None)]


def test_bash_states():
    assert ([rule[2] for rule in state_rules(BashLexer)]) == (
        [None,
         None,
         None,
         None,
         None,
         None,
         None,
         None,
         None,
         None,
         ('backticks',),
         None,
         ('string',),
         None,
         None,
         None,
         None,
         None,
         None,
         None,
         None,
         None,
         ('math',),
         ('paren',),
         ('curly',),
         None,
         None,
         None]
    )
    assert len(state_rules(BashLexer, "basic")) == 10


def test_bad_arguments():
    with pytest.raises(TypeError):
        state_rules(str)
    with pytest.raises(KeyError):
        state_rules(Demo, "nope")
    with pytest.raises(TypeError):
        state_rules(IniLexer())
    with pytest.raises(TypeError):
        state_rules(JsonLexer)


def test_reachable_from_root():
    assert reachable_states(Demo) == ['root', 'str', 'ws']
    assert reachable_states(Sub) == ['root', 'str', 'ws']
    assert reachable_states(Demo, "ws") == ['ws']


def test_reachable_in_real_lexers():
    assert reachable_states(PythonLexer) == ['classname', 'dqs', 'fromimport', 'funcname', 'import', 'root', 'soft-keywords-inner', 'sqs', 'tdqs', 'tsqs']
    assert reachable_states(IniLexer) == ['quoted_value', 'root', 'value']


def test_python_keywords_rule():
    assert ([rule for rule in state_rules(PythonLexer, "keywords")][:2]) == (
        [('(a(?:s(?:(?:sert|ync)?)|wait)|break|continue|del|e(?:l(?:if|se)|xcept)|f(?:inally|or)|global|if|lambda|nonlocal|pass|r(?:aise|eturn)|try|w(?:hile|ith)|yield(?:(?:\\ '
          'from)?))\\b',
          'Token.Keyword',
          None),
         ('((?:Fals|Non|Tru)e)\\b', 'Token.Keyword.Constant', None)]
    )


def test_bash_reachable():
    assert reachable_states(BashLexer) == ['backticks', 'curly', 'math', 'paren', 'root', 'string']
    assert reachable_states(BashLexer, "curly") == ['backticks', 'curly', 'math', 'paren', 'string']
