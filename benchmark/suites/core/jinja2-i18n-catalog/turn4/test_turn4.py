import pytest
from markupsafe import Markup

from catalog.snippets import render_snippet, snippet_report, snippet_signature

MAIL = """{% macro greet(name, title="Dr.") %}
{% trans %}Hello {{ title }} {{ name }}{% endtrans %} Welcome aboard
{% endmacro %}
{% macro _helper() %}x{% endmacro %}
{% macro bye() %}{{ _("Bye") }} {{ kwargs }} {{ varargs }}{% endmacro %}
{% macro wrap() %}<b>{{ caller() }}</b>{% endmacro %}
{% macro odd(caller) %}{% set kwargs = 1 %}{{ kwargs }}{% call wrap() %}{{ varargs }}{% endcall %}{% endmacro %}"""

CATALOG = {"Hello %(title)s %(name)s": "Hallo %(title)s %(name)s", "Bye": "Tschüss"}


def signature(parameters, positional=False, keywords=False, caller=False):
    return {"parameters": parameters, "extra_positional": positional, "extra_keywords": keywords, "caller": caller}


def test_signature_of_plain_snippets():
    assert snippet_signature(MAIL, "greet") == signature(["name", "title"])
    assert snippet_signature(MAIL, "wrap") == signature([], caller=True)


def test_a_snippet_accepts_extra_arguments_when_its_body_uses_them():
    assert snippet_signature(MAIL, "bye") == signature([], positional=True, keywords=True)


def test_names_set_in_the_body_and_nested_call_blocks():
    assert snippet_signature(MAIL, "odd") == signature(["caller"], positional=True, caller=True)


def test_private_and_unknown_snippets():
    for name in ["_helper", "nope"]:
        with pytest.raises(LookupError):
            snippet_signature(MAIL, name)
        with pytest.raises(LookupError):
            render_snippet(MAIL, name, CATALOG)


def test_render_with_arguments_by_name_and_defaults():
    assert render_snippet(MAIL, "greet", CATALOG, {"name": "<Ann>"}) == "\nHallo Dr. <Ann> Welcome aboard\n"
    assert render_snippet(MAIL, "greet", {}, {"name": "Bo", "title": "Ms."}) == "\nHello Ms. Bo Welcome aboard\n"


def test_render_with_autoescape_gives_markup():
    text = render_snippet(MAIL, "greet", CATALOG, {"name": "<Ann>"}, autoescape=True)
    assert isinstance(text, Markup)
    assert text == "\nHallo Dr. &lt;Ann&gt; Welcome aboard\n"
    assert not isinstance(render_snippet(MAIL, "greet", CATALOG, {"name": "x"}), Markup)


def test_extra_keywords_caller_and_unknown_arguments():
    assert render_snippet(MAIL, "bye", CATALOG, {"a": 1}) == "Tschüss {'a': 1} ()"
    assert render_snippet(MAIL, "wrap", CATALOG, {"caller": lambda: "in"}) == "<b>in</b>"
    with pytest.raises(TypeError):
        render_snippet(MAIL, "greet", CATALOG, {"nickname": "x"})


def test_report_per_snippet_in_source_order():
    report = snippet_report(MAIL, CATALOG)
    assert report["missing"] == []
    assert [(s["name"], s["line"]) for s in report["snippets"]] == [("greet", 1), ("bye", 5), ("wrap", 6), ("odd", 7)]
    assert report["snippets"][0] == {
        "name": "greet", "line": 1, "signature": signature(["name", "title"]),
        "text": "\nHallo Dr.  Welcome aboard\n", "untranslated": [(2, "Welcome aboard")],
    }


def test_report_texts_of_snippets_that_need_a_caller():
    snippets = {s["name"]: s for s in snippet_report(MAIL, CATALOG)["snippets"]}
    assert snippets["wrap"]["text"] is None
    assert snippets["odd"]["text"] == "1<b>()</b>"
    assert snippets["bye"]["text"] == "Tschüss {} ()"


def test_report_of_templates_without_snippets():
    assert snippet_report("", {}) == {"missing": [], "snippets": []}
    assert snippet_report('Top text {{ _("x") }}', {}) == {"missing": ["x"], "snippets": []}
