import re

import pytest

from pygments.util import ClassNotFound

from lexlab.keywords import objective_changes, word_pattern


def test_keywords_share_prefixes():
    assert word_pattern(["if", "else", "elif", "in", "int"]) == '(?:el(?:if|se)|i(?:nt|[fn]))'
    assert word_pattern(["for", "foreach", "form"], r"\b", r"\b") == '\\b(?:for(?:(?:each|m)?))\\b'


def test_single_letters_become_a_class():
    assert word_pattern(["a", "b", "c"]) == '(?:[abc])'
    assert word_pattern(["+", "-", "*", "**"]) == '(?:\\*\\*|[*+\\-])'


def test_duplicates_and_empty_words():
    assert word_pattern(["a", "a", "ab"]) == '(?:a(?:(?:b)?))'
    assert word_pattern(["", "a", "b"]) == '(?:(?:[ab])?)'
    assert word_pattern([]) == ''
    assert word_pattern(["x"]) == '(?:x)'


def test_shared_suffixes():
    assert word_pattern(["reading", "writing"]) == '(?:(?:read|writ)ing)'
    assert word_pattern(["read", "bread", "thread"]) == '(?:(?:(?:b|th)?)read)'


def test_patterns_match_whole_words():
    assert ([w for w in ["in", "int", "i", "inti"] if re.fullmatch(word_pattern(["in", "int", "if"]), w)]) == ['in', 'int']
    assert re.compile(word_pattern(["a.b", "a|b"])).groups == 0


def test_objective_c_states():
    assert sorted(objective_changes("c")) == (
        ['attribute-args',
         'case-value',
         'function',
         'literal_array',
         'literal_array_inner',
         'literal_dictionary',
         'literal_number',
         'literal_number_inner',
         'method',
         'oc_classname',
         'oc_forward_classname',
         'oc_ivars',
         'root',
         'statement']
    )
    assert ({state: len(rules) for state, rules in objective_changes("c").items() if state.startswith("oc_")}) == {'oc_classname': 6, 'oc_forward_classname': 2, 'oc_ivars': 58}


def test_objective_c_forward_classes():
    assert objective_changes("c")["oc_forward_classname"] == (
        [('([a-zA-Z$_][\\w$]*)(\\s*,\\s*)', 'callback', ('oc_forward_classname',)),
         ('([a-zA-Z$_][\\w$]*)(\\s*;?)', 'callback', -1)]
    )
    assert objective_changes("c")["root"][:2] == (
        [('^([-+])(\\s*)(\\(.*?\\))?(\\s*)([a-zA-Z$_][\\w$]*:?)', 'callback', ('method',)),
         ('^#if\\s+0', 'Token.Comment.Preproc', ('if0',))]
    )


def test_objective_cpp_and_other_bases():
    assert sorted(objective_changes("cpp")) == (
        ['annotation-args',
         'attribute-args',
         'case-value',
         'function',
         'literal_array',
         'literal_array_inner',
         'literal_dictionary',
         'literal_number',
         'literal_number_inner',
         'method',
         'namespace',
         'namespace-body',
         'oc_classname',
         'oc_forward_classname',
         'oc_ivars',
         'root',
         'statement']
    )
    assert len(objective_changes("cuda")) == 17
    assert objective_changes("arduino")["method"][0] == ('^#if\\s+0', 'Token.Comment.Preproc', ('if0',))


def test_variant_messages():
    assert ([rule for rule in objective_changes("c")["statement"] if rule[1] == "Token.Literal.String"][:2]) == [('@"', 'Token.Literal.String', ('string',))]


def test_unknown_base():
    with pytest.raises(ClassNotFound):
        objective_changes("klingon")
