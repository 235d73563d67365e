import pytest

from robot_lint.steps import outline, read_rows

STEPS = [["First"], ["", "[Setup]", "Open", "x"], ["", "${r}=", "Get", "1"], ["", "Given user logs in"],
         ["", "${a}", "${b}=", "Two", "x"]]

SUITE = """*** Test Cases ***
T1
    [Tags]    a
    Given Log    x
    ${r}=    Get
*** Keywords ***
K
    [Arguments]    ${a}
    No Operation
*** Comments ***
C
    Hidden
"""


def test_steps_of_a_test():
    assert read_rows(STEPS) == (
        [[('First', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'),
          ('[', 'Token.Punctuation'),
          ('Setup', 'Token.Keyword.Namespace'),
          (']', 'Token.Punctuation'),
          ('Open', 'Token.Name.Function'),
          ('x', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          ('${r}=', 'Token.Punctuation'),
          ('Get', 'Token.Name.Function'),
          ('1', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          ('Given ', 'Token.Generic.Emph'),
          ('user logs in', 'Token.Name.Function')],
         [('', 'Token.Generic.Subheading'),
          ('${a}', 'Token.Punctuation'),
          ('${b}=', 'Token.Punctuation'),
          ('Two', 'Token.Name.Function'),
          ('x', 'Token.Literal.String')]]
    )


def test_old_and_new_loops():
    assert read_rows([["T"], ["", ":FOR", "${i}", "IN RANGE", "3"], ["", "\\", "Log", "${i}"], ["", "FOR", "${i}", "IN", "a"], ["", ": for", "${x}", "IN", "b"]]) == (
        [[('T', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'),
          (':FOR', 'Token.Punctuation'),
          ('${i}', 'Token.Punctuation'),
          ('IN RANGE', 'Token.Punctuation'),
          ('3', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          ('\\', 'Token.Punctuation'),
          ('Log', 'Token.Name.Function'),
          ('${i}', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          ('FOR', 'Token.Name.Function'),
          ('${i}', 'Token.Literal.String'),
          ('IN', 'Token.Literal.String'),
          ('a', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          (': for', 'Token.Punctuation'),
          ('${x}', 'Token.Punctuation'),
          ('IN', 'Token.Punctuation'),
          ('b', 'Token.Literal.String')]]
    )


def test_empty_cells():
    assert read_rows([["T"], ["", ""], ["", "", "x"], []]) == (
        [[('T', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'), ('', 'Token.Punctuation')],
         [('', 'Token.Generic.Subheading'), ('', 'Token.Punctuation'), ('x', 'Token.Name.Function')],
         []]
    )


def test_a_template_in_the_test():
    assert read_rows([["T"], ["", "[Template]", "Kw"], ["", "a", "b"], ["U"], ["", "Log", "x"]]) == (
        [[('T', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'),
          ('[', 'Token.Punctuation'),
          ('Template', 'Token.Keyword.Namespace'),
          (']', 'Token.Punctuation'),
          ('Kw', 'Token.Name.Function')],
         [('', 'Token.Generic.Subheading'), ('a', 'Token.Literal.String'), ('b', 'Token.Literal.String')],
         [('U', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'), ('Log', 'Token.Name.Function'), ('x', 'Token.Literal.String')]]
    )


def test_a_default_template():
    assert read_rows([["T"], ["", "a", "b"], ["", "[Template]", "NONE"], ["", "Log", "c"]], template="Kw") == (
        [[('T', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'), ('a', 'Token.Literal.String'), ('b', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          ('[', 'Token.Punctuation'),
          ('Template', 'Token.Keyword.Namespace'),
          (']', 'Token.Punctuation'),
          ('NONE', 'Token.Name.Function')],
         [('', 'Token.Generic.Subheading'), ('Log', 'Token.Name.Function'), ('c', 'Token.Literal.String')]]
    )
    assert read_rows([["T"], ["", "Log", "x"]], template="NONE") == (
        [[('T', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'), ('Log', 'Token.Name.Function'), ('x', 'Token.Literal.String')]]
    )


def test_keyword_tables():
    assert read_rows([["K"], ["", "[Arguments]", "${a}"], ["", "[Template]", "x"], ["", "Log", "${a}"]], "keywords") == (
        [[('K', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'),
          ('[', 'Token.Punctuation'),
          ('Arguments', 'Token.Keyword.Namespace'),
          (']', 'Token.Punctuation'),
          ('${a}', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'),
          ('[', 'Token.Punctuation'),
          ('Template', 'Token.Error'),
          (']', 'Token.Punctuation'),
          ('x', 'Token.Literal.String')],
         [('', 'Token.Generic.Subheading'), ('Log', 'Token.Name.Function'), ('${a}', 'Token.Literal.String')]]
    )
    assert read_rows([["K"], ["", "a", "b"]], "keywords", template="Kw") == (
        [[('K', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'), ('a', 'Token.Name.Function'), ('b', 'Token.Literal.String')]]
    )


def test_gherkin_names_and_unknown_tables():
    assert read_rows([["Given a name"], ["", "When I do", "x"]]) == (
        [[('Given ', 'Token.Generic.Emph'), ('a name', 'Token.Generic.Subheading')],
         [('', 'Token.Generic.Subheading'),
          ('When ', 'Token.Generic.Emph'),
          ('I do', 'Token.Name.Function'),
          ('x', 'Token.Literal.String')]]
    )
    with pytest.raises(ValueError):
        read_rows([["x"]], "settings")
    assert read_rows([]) == []


def test_outline_of_a_suite():
    assert outline(SUITE) == [('T1', 2, ['Log', 'Get'], ['Tags']), ('K', 7, ['No Operation'], ['Arguments'])]


def test_outline_with_pipes_and_templates():
    assert outline("*** Settings ***\nTest Template    Kw\n*** Test Cases ***\n| T | a | b |\n| U | [Template] | NONE |\n") == [('T', 4, [], []), ('U', 5, ['NONE'], ['Template'])]


def test_outline_of_nothing():
    assert outline("") == []
    assert outline("*** Test Cases ***\n    Log    orphan\n") == []
