import pytest
from jinja2 import Environment, pass_context
from jinja2.exceptions import TemplateRuntimeError

from catalog.pseudo import pseudo_catalog, pseudo_proof

MAIL = """{# NOTE: the brand stays English #}
{% macro greet(name, title="Dr.") %}
{% trans %}Hello {{ title }} {{ name }}{% endtrans %}
  Acme Corp
{% endmacro %}
{% macro bye() %}{{ _("Bye") }} {{ ngettext("%(num)s day", "%(num)s days", 2) }} {{ pgettext("mail", "Regards") }}{% endmacro %}
{% macro wrap() %}<b>{{ caller() }}</b> {# NOTE: legal #}Fine print{% endmacro %}
{% macro pct() %}{% trans %}100% sure{% endtrans %} {% trans n=3 %}{{ n }}% off{% endtrans %}{% endmacro %}"""


def test_catalog_marks_every_literal_message():
    assert pseudo_catalog(MAIL) == {
        "Hello %(title)s %(name)s": "[HELLO %(title)s %(name)s]",
        "Bye": "[BYE]",
        ("%(num)s day", "%(num)s days"): ("[%(num)s DAY]", "[%(num)s DAYS]"),
        "mail\x04Regards": "[REGARDS]",
        "100% sure": "[100% SURE]",
        "%(n)s%% off": "[%(n)s%% OFF]",
    }


def test_catalog_with_another_marker_and_environment():
    env = Environment()
    env.filters["shout"] = lambda text: text.upper().replace(" ", "!")
    assert pseudo_catalog('{{ _("a b %(x)s c") }}', "shout", env) == {"a b %(x)s c": "[A!B!%(x)s!C]"}
    assert pseudo_catalog('{{ _("ab") }}', "reverse") == {"ab": "[ba]"}


def test_markers_that_cannot_be_applied():
    with pytest.raises(TemplateRuntimeError):
        pseudo_catalog('{{ _("a") }}', "no_such_filter")
    env = Environment()
    env.filters["ctx"] = pass_context(lambda context, text: text)
    with pytest.raises(TemplateRuntimeError):
        pseudo_catalog('{{ _("a") }}', "ctx", env)


def test_catalog_of_templates_without_literal_messages():
    assert pseudo_catalog("") == {}
    assert pseudo_catalog("{{ _(name) }} plain") == {}


def test_proof_of_a_snippet_with_parameters():
    lines = pseudo_proof(MAIL).splitlines()
    assert lines[:3] == [
        "== greet(name, title) ==",
        "text: [HELLO <title> <name>] Acme Corp",
        "untranslated line 4: Acme Corp -- the brand stays English",
    ]


def test_proof_of_calls_in_expressions():
    lines = pseudo_proof(MAIL).splitlines()
    assert lines[3:5] == ["== bye() ==", "text: [BYE] [%(num)s DAYS] [REGARDS]"]


def test_proof_of_a_snippet_taking_a_caller_and_a_note_on_its_line():
    lines = pseudo_proof(MAIL).splitlines()
    assert lines[5:8] == ["== wrap() ==", "text: <b><caller></b> Fine print", "untranslated line 7: Fine print -- legal"]


def test_proof_of_percent_signs():
    assert pseudo_proof(MAIL).splitlines()[8:] == ["== pct() ==", "text: [100% SURE] [3% OFF]"]


def test_proof_with_another_marker_and_tags():
    lines = pseudo_proof(MAIL, marker="title", tags=("TODO:",)).splitlines()
    assert lines[1:3] == ["text: [Hello <title> <name>] Acme Corp", "untranslated line 4: Acme Corp"]


def test_proof_of_templates_without_snippets():
    assert pseudo_proof("") == ""
    assert pseudo_proof("Top {{ _('x') }}") == ""
