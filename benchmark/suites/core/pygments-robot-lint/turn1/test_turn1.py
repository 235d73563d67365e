from robot_lint.rows import row_cells, row_tables

SUITE = """*** Settings ***
Library    OperatingSystem
Suite Setup    Log    hi
Bogus    x

*** Variables ***
${NAME}    value
bad    x

*** Test Cases ***
First
    [Documentation]    Doc ${x}
    ${r}=    Set Variable    1
    Given user logs in    ${NAME}
# comment    here

*** Keywords ***
My Kw
    [Arguments]    ${a}
    Log    ${a}
"""


def test_settings_rows():
    assert row_cells(SUITE)[:5] == (
        [[('*** Settings ***', 'Token.Generic.Heading')],
         [('Library', 'Token.Keyword.Namespace'),
          ('    ', 'Token.Punctuation'),
          ('OperatingSystem', 'Token.Name.Namespace')],
         [('Suite Setup', 'Token.Keyword.Namespace'),
          ('    ', 'Token.Punctuation'),
          ('Log', 'Token.Name.Function'),
          ('    ', 'Token.Punctuation'),
          ('hi', 'Token.Literal.String')],
         [('Bogus', 'Token.Error'), ('    ', 'Token.Punctuation'), ('x', 'Token.Literal.String')],
         []]
    )


def test_variables_rows():
    assert row_cells(SUITE)[6:9] == (
        [[('${NAME}', 'Token.Punctuation'), ('    ', 'Token.Punctuation'), ('value', 'Token.Literal.String')],
         [('bad', 'Token.Error'), ('    ', 'Token.Punctuation'), ('x', 'Token.Literal.String')],
         []]
    )


def test_test_case_rows():
    assert row_cells(SUITE)[10:16] == (
        [[('First', 'Token.Generic.Subheading')],
         [('    ', 'Token.Punctuation'),
          ('[', 'Token.Punctuation'),
          ('Documentation', 'Token.Keyword.Namespace'),
          (']', 'Token.Punctuation'),
          ('    ', 'Token.Punctuation'),
          ('Doc ${x}', 'Token.Literal.String')],
         [('    ', 'Token.Punctuation'),
          ('${r}=', 'Token.Punctuation'),
          ('    ', 'Token.Punctuation'),
          ('Set Variable', 'Token.Name.Function'),
          ('    ', 'Token.Punctuation'),
          ('1', 'Token.Literal.String')],
         [('    ', 'Token.Punctuation'),
          ('Given ', 'Token.Generic.Emph'),
          ('user logs in', 'Token.Name.Function'),
          ('    ', 'Token.Punctuation'),
          ('${NAME}', 'Token.Literal.String')],
         [('# comment', 'Token.Comment'), ('    ', 'Token.Comment'), ('here', 'Token.Comment')],
         []]
    )


def test_keyword_rows():
    assert row_cells(SUITE)[16:] == (
        [[('*** Keywords ***', 'Token.Generic.Heading')],
         [('My Kw', 'Token.Generic.Subheading')],
         [('    ', 'Token.Punctuation'),
          ('[', 'Token.Punctuation'),
          ('Arguments', 'Token.Keyword.Namespace'),
          (']', 'Token.Punctuation'),
          ('    ', 'Token.Punctuation'),
          ('${a}', 'Token.Literal.String')],
         [('    ', 'Token.Punctuation'),
          ('Log', 'Token.Name.Function'),
          ('    ', 'Token.Punctuation'),
          ('${a}', 'Token.Literal.String')]]
    )


def test_pipe_separated_rows():
    assert row_cells("| *Test Cases* |\n| Second | Log | x |\n") == (
        [[('| ', 'Token.Punctuation'), ('*Test Cases*', 'Token.Generic.Heading'), (' |', 'Token.Punctuation')],
         [('| ', 'Token.Punctuation'),
          ('Second', 'Token.Generic.Subheading'),
          (' | ', 'Token.Punctuation'),
          ('Log', 'Token.Name.Function'),
          (' | ', 'Token.Punctuation'),
          ('x', 'Token.Literal.String'),
          (' |', 'Token.Punctuation')]]
    )
    assert row_cells("|Not | pipes\n") == [[('|Not | pipes', 'Token.Comment')]]


def test_a_template_makes_steps_arguments():
    assert row_cells("*** Settings ***\nTest Template    My Kw\n*** Test Cases ***\nT\n    Log    x\n")[3:] == (
        [[('T', 'Token.Generic.Subheading')],
         [('    ', 'Token.Punctuation'),
          ('Log', 'Token.Literal.String'),
          ('    ', 'Token.Punctuation'),
          ('x', 'Token.Literal.String')]]
    )


def test_tables_of_each_line():
    assert row_tables(SUITE) == (
        ['settings',
         'settings',
         'settings',
         'settings',
         'settings',
         'variables',
         'variables',
         'variables',
         'variables',
         'testcases',
         'testcases',
         'testcases',
         'testcases',
         'testcases',
         'testcases',
         'testcases',
         'keywords',
         'keywords',
         'keywords',
         'keywords']
    )


def test_table_heading_spellings():
    assert row_tables("*Setting*\n***Test Case***\n*** Tasks ***\n*** Comments ***\n*** Keyword ***\n") == ['settings', 'testcases', 'testcases', 'unknown', 'keywords']
    assert row_tables("x\n  *** Settings ***\n") == ['unknown', 'unknown']


def test_comments_and_nothing():
    assert row_cells("# only a comment\n") == [[('# only a comment', 'Token.Comment')]]
    assert row_cells("") == []
    assert row_tables("") == []


def test_unknown_table_rows():
    assert row_cells("*** Comments ***\nanything    goes\n") == (
        [[('*** Comments ***', 'Token.Generic.Heading')],
         [('anything', 'Token.Comment'), ('    ', 'Token.Punctuation'), ('goes', 'Token.Comment')]]
    )
