import pytest

from pygments.lexer import RegexLexer, include
from pygments.lexers.configs import IniLexer
from pygments.lexers.objective import ObjectiveCLexer
from pygments.lexers.python import PythonLexer
from pygments.lexers.shell import BatchLexer
from pygments.token import Name, Text

from lexlab.states import begin_rules, unreached_states


class Island(RegexLexer):
    tokens = {"root": [include("common"), (r"x", Name, "inner")], "common": [(r"\s+", Text)],
              "inner": [(r"y", Name, "#pop")], "island": [(r"z", Name)]}


def test_plain_command_start():
    assert len(begin_rules()) == 22
    assert begin_rules()[0][1:] == ('Token.Comment.Single', None)
    assert ([rule[2] for rule in begin_rules()]) == (
        [None,
         ('follow',),
         None,
         None,
         None,
         None,
         ('root/compound',),
         None,
         ('follow',),
         ('follow',),
         ('follow',),
         ('call',),
         None,
         ('for/f', 'for'),
         ('for/l', 'for'),
         ('for2', 'for'),
         ('label',),
         ('(?', 'if'),
         ('follow',),
         ('arithmetic',),
         ('follow',),
         ('follow',)]
    )


def test_command_start_inside_parentheses():
    assert begin_rules(True)[0] == ('\\)', 'Token.Punctuation', -1)
    assert ([rule[2] for rule in begin_rules(compound=True)]) == (
        [-1,
         ('follow/compound',),
         None,
         None,
         None,
         None,
         ('root/compound',),
         None,
         ('follow/compound',),
         ('follow/compound',),
         ('follow/compound',),
         ('call/compound',),
         None,
         ('for/f', 'for'),
         ('for/l', 'for'),
         ('for2', 'for'),
         ('label/compound',),
         ('(?', 'if'),
         ('follow/compound',),
         ('arithmetic/compound',),
         ('follow/compound',),
         ('follow/compound',)]
    )


def test_both_starts_share_their_commands():
    assert ([a[0] == b[0] for a, b in zip(begin_rules(), begin_rules(True))].count(True)) == 8
    assert begin_rules()[12][1:] == ('Token.Keyword', None)


def test_redirections_are_included():
    assert ([rule[1] for rule in begin_rules()][3:6]) == ['callback', 'callback', 'Token.Text']


def test_unreached_batch_states():
    assert unreached_states(BatchLexer) == ['bqstring', 'redirect', 'redirect/compound', 'sqstring', 'text', 'variable', 'variable-or-escape']


def test_unreached_python_states():
    assert unreached_states(PythonLexer)[:6] == ['builtins', 'bytesescape', 'dqf', 'expr', 'expr-inside-fstring', 'expr-inside-fstring-inner']
    assert len(unreached_states(PythonLexer)) == 23


def test_inherited_states_count():
    assert unreached_states(ObjectiveCLexer) == ['keywords', 'statements', 'types', 'whitespace']


def test_a_lexer_of_our_own():
    assert unreached_states(Island) == ['common', 'island']
    assert unreached_states(IniLexer) == []


def test_not_a_regex_lexer():
    with pytest.raises(TypeError):
        unreached_states(IniLexer())
    with pytest.raises(TypeError):
        unreached_states(dict)


def test_last_rules():
    assert begin_rules()[-1][1:] == (None, ('follow',))
    assert begin_rules(True)[-1][1:] == (None, ('follow/compound',))
    assert len(begin_rules(True)) == 22
