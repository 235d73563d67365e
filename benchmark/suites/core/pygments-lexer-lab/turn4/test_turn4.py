import pytest

from pygments.lexers.configs import IniLexer
from pygments.lexers.python import PythonLexer

from lexlab.fortran import fixed_form_statements, transition

SOURCE = """C comment line
* star comment
   10 X = 1.0
     &  + 2
      PRINT *, 'HI'                                                     IGNORED
!  bang
      CALL FOO(A,\tB)
"""


def test_labels_and_continuations():
    assert fixed_form_statements(SOURCE)[:2] == (
        [{'line': 3,
          'label': '10',
          'continued': False,
          'code': [('Token.Name', 'X'),
                   ('Token.Text.Whitespace', ' '),
                   ('Token.Operator', '='),
                   ('Token.Text.Whitespace', ' '),
                   ('Token.Literal.Number.Float', '1.0')],
          'ignored': ''},
         {'line': 4,
          'label': '',
          'continued': True,
          'code': [('Token.Text.Whitespace', '  '),
                   ('Token.Operator', '+'),
                   ('Token.Text.Whitespace', ' '),
                   ('Token.Literal.Number.Integer', '2')],
          'ignored': ''}]
    )


def test_columns_past_72_are_ignored():
    assert fixed_form_statements(SOURCE)[2] == (
        {'line': 5,
         'label': '',
         'continued': False,
         'code': [('Token.Keyword', 'PRINT'),
                  ('Token.Text.Whitespace', ' '),
                  ('Token.Operator', '*'),
                  ('Token.Punctuation', ','),
                  ('Token.Text.Whitespace', ' '),
                  ('Token.Literal.String.Single', "'HI'"),
                  ('Token.Text.Whitespace', '                                                     ')],
         'ignored': 'IGNORED'}
    )


def test_tabs_and_keywords():
    assert fixed_form_statements(SOURCE)[3] == (
        {'line': 7,
         'label': '',
         'continued': False,
         'code': [('Token.Keyword', 'CALL '),
                  ('Token.Name', 'FOO'),
                  ('Token.Punctuation', '('),
                  ('Token.Name', 'A'),
                  ('Token.Punctuation', ','),
                  ('Token.Text.Whitespace', '\t'),
                  ('Token.Name', 'B'),
                  ('Token.Punctuation', ')')],
         'ignored': ''}
    )
    assert len(fixed_form_statements(SOURCE)) == 4


def test_comment_and_short_lines():
    assert fixed_form_statements("c lower\n    ! bang\n#define X\nshort\n") == []
    assert fixed_form_statements("") == []


def test_windows_line_ends():
    assert fixed_form_statements("      END\r\n      STOP 1\r\n") == (
        [{'line': 1, 'label': '', 'continued': False, 'code': [('Token.Keyword', 'END')], 'ignored': ''},
         {'line': 2,
          'label': '',
          'continued': False,
          'code': [('Token.Keyword', 'STOP '), ('Token.Literal.Number.Integer', '1')],
          'ignored': ''}]
    )


def test_pops_and_pushes():
    assert transition("#pop", IniLexer) == (-1, [])
    assert transition("#pop:3", IniLexer) == (-3, [])
    assert transition("#push", IniLexer) == ('#push', [])


def test_named_states():
    assert transition("value", IniLexer) == (('value',), ['value'])
    assert transition(("value", "quoted_value"), IniLexer) == (('value', 'quoted_value'), ['quoted_value', 'value'])
    assert transition(("#pop", "value"), IniLexer) == (('#pop', 'value'), ['value'])


def test_python_states():
    assert transition("funcname", PythonLexer) == (('funcname',), ['funcname'])
    assert transition(("root", "import"), PythonLexer)[0] == ('root', 'import')


def test_refused_transitions():
    with pytest.raises(ValueError):
        transition("nope", IniLexer)
    with pytest.raises(ValueError):
        transition(("value", "#pop:2"), IniLexer)
    with pytest.raises(ValueError):
        transition("#pop:x", IniLexer)
    with pytest.raises(ValueError):
        transition(3, IniLexer)


def test_not_a_regex_lexer():
    with pytest.raises(TypeError):
        transition("#pop", object)
    with pytest.raises(TypeError):
        transition("#pop", IniLexer())
