from robot_lint.calls import keyword_call, unused_keywords

SUITE = """*** Settings ***
Test Template    Templ KW
*** Test Cases ***
T
    Given My Step    x
*** Keywords ***
My Step
    [Arguments]    ${a}
    helper_kw
Helper KW
    No Operation
Unused One
    Log    x
templ kw
    Log    y
"""


def test_assignments_before_the_keyword():
    assert keyword_call(["${a}=", "Get", "x"]) == [('${a}=', 'Token.Punctuation'), ('Get', 'Token.Name.Function'), ('x', 'Token.Literal.String')]
    assert keyword_call(["${a} =", "${b}", "Get"]) == [('${a} =', 'Token.Punctuation'), ('${b}', 'Token.Punctuation'), ('Get', 'Token.Name.Function')]
    assert keyword_call(["@{l}=", "Split"]) == [('@{l}=', 'Token.Punctuation'), ('Split', 'Token.Name.Function')]


def test_what_is_not_an_assignment():
    assert keyword_call(["%{E}=", "Log"]) == [('%{E}=', 'Token.Name.Function'), ('Log', 'Token.Literal.String')]
    assert keyword_call(["${a}[0]=", "Set"]) == [('${a}[0]=', 'Token.Name.Function'), ('Set', 'Token.Literal.String')]
    assert keyword_call(["${a}x=", "Set"]) == [('${a}x=', 'Token.Name.Function'), ('Set', 'Token.Literal.String')]


def test_setting_values_take_no_assignments():
    assert keyword_call(["${a}=", "Get"], assign=False) == [('${a}=', 'Token.Name.Function'), ('Get', 'Token.Literal.String')]
    assert keyword_call(["Open", "${url}"], assign=False) == [('Open', 'Token.Name.Function'), ('${url}', 'Token.Literal.String')]


def test_gherkin_prefixes():
    assert keyword_call(["Given open", "x"]) == [('Given ', 'Token.Generic.Emph'), ('open', 'Token.Name.Function'), ('x', 'Token.Literal.String')]
    assert keyword_call(["and Then", "x"]) == [('and ', 'Token.Generic.Emph'), ('Then', 'Token.Name.Function'), ('x', 'Token.Literal.String')]
    assert keyword_call(["Givenopen"]) == [('Givenopen', 'Token.Name.Function')]
    assert keyword_call(["${r}=", "When I ask"]) == [('${r}=', 'Token.Punctuation'), ('When ', 'Token.Generic.Emph'), ('I ask', 'Token.Name.Function')]


def test_nothing_to_call():
    assert keyword_call([]) == []
    assert keyword_call(["${only}="]) == [('${only}=', 'Token.Punctuation')]
    assert keyword_call(["", "x"]) == [('', 'Token.Name.Function'), ('x', 'Token.Literal.String')]


def test_a_suite_with_a_default_template():
    assert unused_keywords(SUITE) == ['My Step', 'Unused One']


def test_keywords_used_by_tests():
    assert unused_keywords(SUITE.replace("Test Template    Templ KW\n", "")) == ['Unused One', 'templ kw']


def test_names_compared_loosely():
    assert unused_keywords("*** Test Cases ***\nT\n    do_it NOW\n*** Keywords ***\nDo It Now\n    No Operation\nNever\n    Do It Now\n") == ['Never']


def test_keywords_in_other_tables():
    assert unused_keywords("*** Test Cases ***\nLonely Test\n    Log    x\n") == []
    assert unused_keywords("") == []


def test_recursion_counts_as_use():
    assert unused_keywords("*** Keywords ***\nLoop\n    Loop\nTail\n    No Operation\n") == ['Tail']
