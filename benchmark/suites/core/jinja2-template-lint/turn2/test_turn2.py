from jinja2 import Environment, pass_context, pass_environment

from lint.constants import constant_findings, lint

PAGE = """{{ "<b>Hi</b>" }} {{ 1 + 1 }} {{ "a"|upper }} {{ x }}
{{ [1, 2]|random }} {{ "<i>"|safe }} {{ "a" ~ "<" }}"""


def test_constant_prints_with_their_written_text():
    assert constant_findings(PAGE) == [
        (1, "constant-print", "2"), (1, "constant-print", "A"), (2, "constant-print", "<i>"), (2, "constant-print", "a<"),
    ]


def test_escaping_of_constants_in_an_autoescaping_environment():
    assert constant_findings(PAGE, Environment(autoescape=True)) == [
        (1, "escaped-literal", "&lt;b&gt;Hi&lt;/b&gt;"),
        (1, "constant-print", "2"), (1, "constant-print", "A"),
        (2, "constant-print", "<i>"),
        (2, "constant-print", "a&lt;"), (2, "escaped-literal", "a&lt;"),
    ]


def test_finalize_is_part_of_the_written_text():
    assert constant_findings("{{ 2 }}{{ none }}", Environment(finalize=lambda v: "" if v is None else f"[{v}]")) == [
        (1, "constant-print", "[2]"), (1, "constant-print", ""),
    ]
    env = Environment(finalize=pass_environment(lambda e, v: f"{v}{e.block_end_string}"))
    assert constant_findings("{{ 2 }}", env) == [(1, "constant-print", "2%}")]


def test_escaping_happens_before_finalize():
    env = Environment(autoescape=True, finalize=lambda v: f"<{v}>")
    assert constant_findings("{{ '&' }}", env) == [(1, "escaped-literal", "<&amp;>")]


def test_a_finalize_taking_the_context_leaves_everything_to_the_render():
    assert constant_findings(PAGE, Environment(finalize=pass_context(lambda c, v: v))) == []


def test_prints_computed_at_render_are_not_findings():
    assert constant_findings("{{ x|upper }}{{ 1/0 }}{{ [3]|random }}{{ 'x'|nope }}") == []
    assert constant_findings("") == []


def test_constants_inside_blocks_and_loops():
    assert constant_findings("{% for i in l %}{{ 3 * 3 }}{% endfor %}\n{% block b %}{{ 'b'|title }}{% endblock %}") == [
        (1, "constant-print", "9"), (2, "constant-print", "B"),
    ]


def test_lint_merges_the_findings_by_line():
    result = lint(PAGE, Environment(autoescape=True))
    assert result["findings"] == [
        (1, "literal-print", "<b>Hi</b>"), (1, "escaped-literal", "&lt;b&gt;Hi&lt;/b&gt;"),
        (1, "constant-print", "2"), (1, "constant-print", "A"),
        (2, "constant-print", "<i>"), (2, "constant-print", "a&lt;"), (2, "escaped-literal", "a&lt;"),
    ]


def test_lint_gives_the_token_summary():
    assert lint("{{ a|nope }}")["tokens"] == {"begin of print statement": 1, "end of print statement": 1, "name": 2, "|": 1}
    assert lint("{{ a|nope }}\n{{ 'x' }}")["findings"] == [(1, "unknown-filter", "nope"), (2, "literal-print", "x")]


def test_lint_of_an_empty_template():
    assert lint("") == {"findings": [], "tokens": {}}
