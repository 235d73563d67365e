from robot_lint.variables import find_variables, robot_tokens, variable_uses

SUITE = """*** Variables ***
${A}    1
@{L}    a    b

*** Test Cases ***
T
    Log    ${A} ${B}
    Log    @{L}[0]    # ${C}
    ${r}=    Get    &{D}[key]

*** Comments ***
${E}
"""


def test_two_scalars():
    assert find_variables("${a} and ${b}") == (
        [{'identifier': '$', 'base': 'a', 'index': None, 'start': 0, 'end': 4},
         {'identifier': '$', 'base': 'b', 'index': None, 'start': 9, 'end': 13}]
    )
    assert find_variables("plain") == []
    assert find_variables("") == []


def test_items_of_lists_and_dicts():
    assert find_variables("@{list}[0]") == [{'identifier': '@', 'base': 'list', 'index': '0', 'start': 0, 'end': 10}]
    assert find_variables("&{d}[key] x") == [{'identifier': '&', 'base': 'd', 'index': 'key', 'start': 0, 'end': 9}]
    assert find_variables("${a}[1]") == [{'identifier': '$', 'base': 'a', 'index': None, 'start': 0, 'end': 4}]
    assert find_variables("@{l}[1") == [{'identifier': '@', 'base': 'l', 'index': None, 'start': 0, 'end': 4}]


def test_nested_and_escaped():
    assert find_variables("${a${b}}") == [{'identifier': '$', 'base': 'a${b}', 'index': None, 'start': 0, 'end': 8}]
    assert find_variables("\\${x}") == []
    assert find_variables("${a}}") == [{'identifier': '$', 'base': 'a', 'index': None, 'start': 0, 'end': 4}]


def test_unclosed_and_other_identifiers():
    assert find_variables("${a") == []
    assert find_variables("%{HOME}/x") == [{'identifier': '%', 'base': 'HOME', 'index': None, 'start': 0, 'end': 7}]
    assert find_variables("%{HOME}", "$@") == []
    assert find_variables("$x{y}") == []


def test_tokens_of_a_step():
    assert robot_tokens("*** Test Cases ***\nT\n    Log    ${x}[0] @{y}\n") == (
        [('Token.Generic.Heading', '*** Test Cases ***'),
         ('Token.Punctuation', '\n'),
         ('Token.Generic.Subheading', 'T'),
         ('Token.Punctuation', '\n    '),
         ('Token.Name.Function', 'Log'),
         ('Token.Punctuation', '    ${'),
         ('Token.Name.Variable', 'x'),
         ('Token.Punctuation', '}'),
         ('Token.Literal.String', '[0] '),
         ('Token.Punctuation', '@{'),
         ('Token.Name.Variable', 'y'),
         ('Token.Punctuation', '}\n')]
    )


def test_tokens_of_settings():
    assert robot_tokens("*** Settings ***\nLibrary    OS    ${arg}\n") == (
        [('Token.Generic.Heading', '*** Settings ***'),
         ('Token.Punctuation', '\n'),
         ('Token.Keyword.Namespace', 'Library'),
         ('Token.Punctuation', '    '),
         ('Token.Name.Namespace', 'OS'),
         ('Token.Punctuation', '    ${'),
         ('Token.Name.Variable', 'arg'),
         ('Token.Punctuation', '}\n')]
    )
    assert robot_tokens("") == []


def test_tokens_of_comments():
    assert (robot_tokens("# ${x} is not a variable here\n")) == [('Token.Comment', '# ${x} is not a variable here\n')]


def test_uses_in_a_suite():
    assert variable_uses(SUITE) == {'${A}': [2, 7], '${B}': [7], '${r}': [9], '&{D}[key]': [9], '@{L}': [3], '@{L}[0]': [8]}


def test_uses_counted_once_a_line():
    assert variable_uses("*** Test Cases ***\nT\n    Log    ${x}${x}    ${x}\n    Log    ${x}\n") == {'${x}': [3, 4]}


def test_uses_outside_known_tables():
    assert variable_uses("${X}\n*** Comments ***\n${Y}\n") == {}
    assert variable_uses("") == {}
