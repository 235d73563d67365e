import pytest

from robot_lint.settings import setting_kind, template_settings

SETTINGS = """*** Settings ***
Test Template    My Kw
Task Template    X
Test Template    NONE
Test Template
Library    OS
*** Test Cases ***
Test Template    Y
*** Settings ***
| Test Template | Other Kw |
"""


def test_imports_and_keywords():
    assert ([setting_kind(n) for n in ("Library", "Resource", "Variables", "Suite Setup", "suitesetup", "Test Teardown")]) == ['import', 'import', 'import', 'keyword', 'keyword', 'keyword']


def test_other_and_unknown_settings():
    assert ([setting_kind(n) for n in ("Documentation", "Metadata", "Force Tags", "Default Tags", "Test Timeout", "Bogus")]) == ['other', 'other', 'other', 'other', 'other', 'error']


def test_newer_names():
    assert ([setting_kind(n) for n in ("Test Tags", "Task Template", "Task Timeout", "Suite Precondition", "Keyword Tags")]) == ['error', 'keyword', 'other', 'keyword', 'error']


def test_test_case_settings():
    assert ([setting_kind(n, "testcases") for n in ("Setup", "Teardown", "Template", "Tags", "Timeout", "Arguments", "Precondition")]) == ['keyword', 'keyword', 'keyword', 'other', 'other', 'error', 'keyword']


def test_keyword_settings():
    assert ([setting_kind(n, "keywords") for n in ("Setup", "Teardown", "Template", "Tags", "Arguments", "Return", "Documentation")]) == ['error', 'keyword', 'error', 'other', 'other', 'other', 'other']


def test_unknown_table():
    with pytest.raises(ValueError):
        setting_kind("Library", "variables")
    assert setting_kind("") == 'error'
    assert setting_kind("DOCUMENTATION") == 'other'


def test_templates_recorded():
    assert template_settings(SETTINGS) == [(2, 'My Kw', True), (4, 'NONE', False), (10, 'Other Kw', True)]


def test_template_values_that_set_none():
    assert template_settings("*** Settings ***\nTest Template    ${EMPTY}\nTest Template    \\\nTest Template    none\n") == [(2, '${EMPTY}', False), (3, '\\', False), (4, 'none', False)]


def test_no_templates():
    assert template_settings("") == []
    assert template_settings("*** Settings ***\nLibrary    OS\n") == []
    assert template_settings("Test Template    X\n") == []


def test_template_spellings():
    assert template_settings("*** Setting ***\ntest template    Kw A\nTestTemplate    Kw B\n") == [(2, 'Kw A', True), (3, 'Kw B', True)]
