import pytest
from jinja2 import Environment, pass_context, pass_environment
from markupsafe import Markup

from precompute.folding import fold_all, fold_filter


def test_filters_on_literals_are_computed_in_advance():
    assert fold_filter("'abc'|upper") == (True, "ABC")
    assert fold_filter("[3, 1, 2]|sort|first") == (True, 1)
    assert fold_filter("'%s-%s'|format(1, 2)") == (True, "1-2")
    assert fold_filter("{'b': 1, 'a': 2}|dictsort") == (True, [("a", 2), ("b", 1)])


def test_tests_on_literals_are_computed_in_advance():
    assert fold_filter("3 is odd") == (True, True)
    assert fold_filter("'x' is number") == (True, False)


def test_anything_that_depends_on_a_variable_waits_for_rendering():
    assert fold_filter("missing|default(3)") == (False, None)
    assert fold_filter("[1, x]|max") == (False, None)


def test_filters_that_need_the_render_context_wait():
    assert fold_filter("[1, 2]|random") == (False, None)
    assert fold_filter("[{'a': 1}]|map(attribute='a')|list") == (False, None)


def test_failing_or_unknown_filters_are_left_to_rendering_without_an_error():
    assert fold_filter("{'a': 1}|dictsort(by='x')") == (False, None)
    assert fold_filter("'x'|no_such_filter") == (False, None)


def test_an_async_environment_computes_fewer_filters():
    env = Environment(enable_async=True)
    assert fold_filter("[1, 2]|sum", env) == (False, None)
    assert fold_filter("[1, 2]|join(',')", env) == (False, None)
    assert fold_filter("'abc'|reverse", env) == (True, "cba")
    assert fold_filter("[1, 2]|sum") == (True, 3)


def test_values_are_what_the_filters_return():
    assert fold_filter("'<b>'|e") == (True, Markup("&lt;b&gt;"))
    assert fold_filter("1|float") == (True, 1.0)
    foldable, value = fold_filter("'x'|attr('y')")
    assert foldable is True and str(value) == "" and not value


def test_environment_filters():
    env = Environment()
    env.filters["twice"] = lambda value: value * 2
    env.filters["named"] = pass_environment(lambda environment, value: f"{value}@{environment.block_start_string}")
    env.filters["ctx"] = pass_context(lambda context, value: value)
    assert fold_filter("'ab'|twice", env) == (True, "abab")
    assert fold_filter("'v'|named", env) == (True, "v@{%")
    assert fold_filter("'v'|ctx", env) == (False, None)


def test_only_a_single_filter_or_test_is_accepted():
    with pytest.raises(ValueError):
        fold_filter("1 + 2")
    with pytest.raises(ValueError):
        fold_filter("'a'|upper }}{{ 'b'|upper")


def test_fold_all_lists_every_application_by_line():
    source = "{{ 'a'|upper|lower }} {{ x|default(1) }}\n{% if 3 is odd %}{{ [1, 2]|random }}{% endif %}{{ [1, 2]|sum }}"
    assert fold_all(source) == [
        (1, "lower", True, "a"),
        (1, "upper", True, "A"),
        (1, "default", False, None),
        (2, "odd", True, True),
        (2, "random", False, None),
        (2, "sum", True, 3),
    ]


def test_fold_all_with_loops_and_no_filters():
    assert fold_all("{% for i in [2, 1]|sort %}{{ i|string }}{% endfor %}") == [(1, "sort", True, [1, 2]), (1, "string", False, None)]
    assert fold_all("plain text {{ name }}") == []
    assert fold_all("{{ [1, 2]|sum }}", Environment(enable_async=True)) == [(1, "sum", False, None)]
