from jinja2 import pass_context, pass_environment, select_autoescape

from precompute.pieces import compiled_pieces, render_work

PAGE = "<p>{{ '<b>' }} {{ 3|string }} {{ x|title }}\n{{ none }} {{ [1, 2] }} {{ 'a'|upper }}</p>"


def test_text_and_constant_expressions_are_written_in_advance():
    assert compiled_pieces(PAGE) == [
        (1, "<p>"), (1, "<b>"), (1, " "), (1, "3"), (1, " "), (1, None), (1, "\n"),
        (2, "None"), (2, " "), (2, "[1, 2]"), (2, " "), (2, "A"), (2, "</p>"),
    ]


def test_escaping_applies_to_constant_expressions_not_to_template_text():
    pieces = compiled_pieces("<i>{{ '<b>' }}</i>{{ x }}", autoescape=True)
    assert pieces == [(1, "<i>"), (1, "&lt;b&gt;"), (1, "</i>"), (1, None)]
    assert compiled_pieces("{{ '<' }}", autoescape=select_autoescape()) == [(1, "&lt;")]
    assert compiled_pieces("{{ '<' }}", autoescape=lambda name: False) == [(1, "<")]


def test_a_finalize_function_applies_to_expressions_only():
    pieces = compiled_pieces("a{{ none }}b{{ 0 }}", finalize=lambda v: "" if v is None else v)
    assert pieces == [(1, "a"), (1, ""), (1, "b"), (1, "0")]


def test_escaping_comes_before_finalize_in_advance():
    pieces = compiled_pieces("{{ '<b>' }}", autoescape=True, finalize=lambda v: f"<{v}>")
    assert pieces == [(1, "<&lt;b&gt;>")]


def test_finalize_with_the_environment_or_the_context():
    assert compiled_pieces("{{ 1 }}x", finalize=pass_environment(lambda env, v: f"{v}{env.variable_end_string}")) == [(1, "1}}"), (1, "x")]
    assert compiled_pieces("{{ 1 }}x", finalize=pass_context(lambda ctx, v: v)) == [(1, None), (1, "x")]


def test_expressions_that_fail_are_left_to_rendering():
    pieces = compiled_pieces("{{ 1/0 }}{{ 'x'|nope }}{{ 2**3 }}{{ 'a' ~ 1 }}{{ {'a': 1}.a }}{{ [3]|random }}")
    assert pieces == [(1, None), (1, None), (1, "8"), (1, "a1"), (1, "1"), (1, None)]


def test_pieces_inside_loops_and_blocks():
    source = "{% for i in [1, 2]|random %}{{ i }}-{{ loop.index|string }}{% endfor %}\n{% block b %}{{ 1 }}{% endblock %}"
    assert compiled_pieces(source) == [(1, None), (1, "-"), (1, None), (1, "\n"), (2, "1")]
    assert compiled_pieces("") == []


def test_render_work_counts_what_every_render_computes():
    assert render_work(PAGE) == {"static": 27, "dynamic": 1, "filters": ["title"]}
    assert render_work("") == {"static": 0, "dynamic": 0, "filters": []}


def test_render_work_lists_filters_applied_at_render():
    source = "{% for i in [1, 2]|random %}{{ i }}-{{ loop.index|string }}{% endfor %}{{ 'a'|upper }}"
    assert render_work(source) == {"static": 2, "dynamic": 2, "filters": ["random", "string"]}


def test_render_work_with_a_context_finalize():
    assert render_work(PAGE, finalize=pass_context(lambda c, v: v)) == {"static": 12, "dynamic": 6, "filters": ["title"]}
    assert render_work("{{ '<b>' }}", autoescape=True) == {"static": 9, "dynamic": 0, "filters": []}
