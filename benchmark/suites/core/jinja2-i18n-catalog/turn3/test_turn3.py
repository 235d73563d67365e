from jinja2 import Environment
from jinja2.ext import Extension
from jinja2.lexer import Token

from catalog.coverage import coverage_report, untranslated_text

PAGE = """<h1>Welcome</h1>
{% trans %}Hello {{ name }}{% endtrans %}
<p>
   Plain text here {{ _("Open") }} and {{ pgettext("menu", "Open") }}</p>
{# a comment #}{% raw %}raw words{% endraw %} 42 <br/>
{% trans count=n %}One{% pluralize %}{{ count }} many{% endtrans %}{{ _(x) }}"""


class HideDrafts(Extension):
    """Drops the text of ``{% draft %}`` ... ``{% enddraft %}`` from the token stream."""

    tags = set()

    def filter_stream(self, stream):
        hidden = False
        for token in stream:
            if token.type == "name" and token.value in ("draft", "enddraft"):
                hidden = token.value == "draft"
                next(stream)
                continue
            if token.type == "block_begin" and stream.current.type == "name" and stream.current.value in ("draft", "enddraft"):
                continue
            if not hidden:
                yield token


def test_text_outside_translation_blocks():
    assert untranslated_text(PAGE) == [
        (1, "<h1>Welcome</h1>"),
        (3, "<p>\n   Plain text here"),
        (4, "and"),
        (5, "raw words"),
    ]


def test_markup_numbers_and_white_space_alone_are_not_text():
    assert untranslated_text("<br/> 42 {{ x }}  \n  <hr>") == []
    assert untranslated_text("") == []
    assert untranslated_text("¡Olé!") == [(1, "¡Olé!")]


def test_the_line_is_where_the_words_start():
    assert untranslated_text("{% if a %}\n\n   Words{% endif %}") == [(3, "Words")]


def test_line_statements():
    env = Environment(extensions=["jinja2.ext.i18n"], line_statement_prefix="#")
    assert untranslated_text("# trans\nHidden words\n# endtrans\nShown words\n", env) == [(4, "Shown words")]


def test_the_environment_syntax_and_newlines():
    env = Environment(extensions=["jinja2.ext.i18n"], block_start_string="<%", block_end_string="%>", newline_sequence="\r\n")
    assert untranslated_text("<% trans %>x<% endtrans %>one\ntwo", env) == [(1, "one\r\ntwo")]


def test_extensions_that_filter_the_stream_are_applied():
    env = Environment(extensions=["jinja2.ext.i18n", HideDrafts])
    assert untranslated_text("Kept{% draft %}Dropped words{% enddraft %}", env) == [(1, "Kept")]


def test_coverage_counts_and_missing_entries():
    report = coverage_report(PAGE, {"Open": "Offen", "Hello %(name)s": "Hallo %(name)s"}, {"name": "Ann", "n": 2, "x": "X"})
    assert report["messages"] == 5
    assert report["missing"] == ["menu\x04Open", ("One", "%(count)s many")]
    assert report["untranslated"] == untranslated_text(PAGE)


def test_coverage_renders_with_the_catalog():
    report = coverage_report(PAGE, {"Open": "Offen", "Hello %(name)s": "Hallo %(name)s"}, {"name": "Ann", "n": 2, "x": "X"})
    assert report["rendered"] == "<h1>Welcome</h1>\nHallo Ann\n<p>\n   Plain text here Offen and Open</p>\nraw words 42 <br/>\n2 manyX"


def test_missing_entries_are_listed_once():
    source = '{{ _("a") }}{{ _("a") }}{{ ngettext("b", "bs", 2) }}{% trans %}c{% endtrans %}'
    assert coverage_report(source, {"c": "C"}) == {"messages": 4, "missing": ["a", ("b", "bs")], "untranslated": [], "rendered": "aabsC"}


def test_percent_signs_in_ids_without_variables():
    assert coverage_report("{% trans %}100% sure{% endtrans %}", {"100% sure": "100% sicher"}) == {
        "messages": 1, "missing": [], "untranslated": [], "rendered": "100% sicher"}
    assert coverage_report("{% trans %}100% sure{% endtrans %}", {"100%% sure": "x"})["missing"] == ["100% sure"]
