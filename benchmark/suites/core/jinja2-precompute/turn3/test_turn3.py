from jinja2 import pass_context
from jinja2.nativetypes import NativeEnvironment
from markupsafe import Markup

from precompute.native import native_pieces, native_value


def test_values_are_kept_as_python_objects():
    assert native_pieces("{{ 1 }}{{ [1, 2] }}") == [(1, "1", True, 1), (1, "[1, 2]", True, [1, 2])]
    assert native_pieces("{{ (1, 'a') }}\n{{ none }}") == [(1, "(1, 'a')", True, (1, "a")), (1, "\n", True, "\n"), (2, "None", True, None)]


def test_a_string_piece_stays_a_string():
    assert native_pieces("{{ '1' }}") == [(1, "1", True, "1")]
    assert native_pieces("{{ 'a'|e }}") == [(1, "a", True, Markup("a"))]


def test_pieces_computed_at_render():
    assert native_pieces("{{ x }}-{{ [3]|random }}") == [(1, None, False, None), (1, "-", True, "-"), (1, None, False, None)]


def test_objects_without_a_literal_form_wait_for_the_render_even_when_text_is_known():
    rows = native_pieces("{{ 'x'|attr('y') }}{{ [1, 2]|batch(1) }}")
    assert [(line, known, value) for line, _, known, value in rows] == [(1, False, None), (1, False, None)]
    assert rows[0][1] == ""
    assert rows[1][1].startswith("<generator object")


def test_finalize_applies_to_values_not_to_text():
    assert native_pieces("a{{ 2 }}", finalize=lambda v: v * 10) == [(1, "a", True, "a"), (1, "20", True, 20)]
    assert native_pieces("a{{ 2 }}", finalize=pass_context(lambda c, v: v)) == [(1, "a", True, "a"), (1, None, False, None)]


def test_one_piece_is_its_value_several_are_read_back_from_their_text():
    assert native_value("{{ 1 }}") == (True, 1)
    assert native_value("{{ '1' }}") == (True, 1)
    assert native_value("{{ 1 }}{{ 2 }}") == (True, 12)
    assert native_value("{{ [1, 2] }}") == (True, [1, 2])
    assert native_value("{{ 'a' }}{{ 'b' }}") == (True, "ab")


def test_white_space_is_kept():
    assert native_value("{{ 1 }} {{ 2 }}") == (True, "1 2")
    assert native_value(" {{ 1 }}") == (True, " 1")


def test_empty_and_plain_templates():
    assert native_value("") == (True, None)
    assert native_pieces("") == []
    assert native_value("text") == (True, "text")


def test_agrees_with_a_native_render_when_settled():
    for source in ["{{ 0.1 + 0.2 }}", "{{ true }}", "{{ {'a': [1]} }}", "x{{ 1 }}"]:
        known, value = native_value(source)
        assert known and value == NativeEnvironment().from_string(source).render()


def test_otherwise_the_render_work_is_given():
    assert native_value("{{ x }}{{ [3]|random }}") == (False, {"static": 0, "dynamic": 2, "filters": ["random"]})
    assert native_value("{{ 'x'|attr('y') }}") == (False, {"static": 0, "dynamic": 0, "filters": []})
    assert native_value("{{ 2 }}", finalize=pass_context(lambda c, v: v)) == (False, {"static": 0, "dynamic": 1, "filters": []})
