import pytest
from jinja2 import Environment
from markupsafe import Markup

from catalog.calls import gettext_call, install_catalog

CATALOG = {
    "Hello %(name)s": "Hallo %(name)s",
    ("%(num)s apple", "%(num)s apples"): ("%(num)s Apfel", "%(num)s Äpfel"),
    "menu\x04Open": "Öffnen",
    "Open": "Offen",
    "100%% sure": "100%% sicher",
}


def call(function, args, count=None, keywords=(), format=None, safe=False):
    return {"function": function, "args": list(args), "count": count, "keywords": list(keywords),
            "format": None if format is None else list(format), "safe": safe}


def test_old_style_block_with_a_variable():
    assert gettext_call("Hello {{ name }}") == call("gettext", ["Hello %(name)s"], format=["name"], safe=True)


def test_old_style_block_without_variables_is_not_formatted():
    assert gettext_call("100% sure") == call("gettext", ["100% sure"], safe=True)


def test_new_style_passes_variables_as_keywords():
    assert gettext_call("Hi {{ a }}", newstyle=True) == call("gettext", ["Hi %(a)s"], keywords=["a"])
    assert gettext_call("100% sure", newstyle=True) == call("gettext", ["100%% sure"])


def test_context_and_plural():
    assert gettext_call("One {{ x }}{% pluralize %}{{ count }} {{ x }}s", context="menu", count="count") == call(
        "npgettext", ["menu", "One %(x)s", "%(count)s %(x)ss"], count="count", format=["count", "x"], safe=True)
    assert gettext_call("Open", context="menu") == call("pgettext", ["menu", "Open"], safe=True)


def test_the_first_variable_counts_when_no_count_is_given():
    assert gettext_call("{{ a }}{% pluralize %}{{ b }}") == call("ngettext", ["%(a)s", "%(b)s"], count="a", format=["a", "b"], safe=True)
    with pytest.raises(ValueError):
        gettext_call("one{% pluralize %}many")


def test_a_count_named_num_is_not_passed_twice():
    assert gettext_call("One{% pluralize %}{{ num }} items", count="num", newstyle=True) == call(
        "ngettext", ["One", "%(num)s items"], count="num")
    assert gettext_call("One {{ x }}{% pluralize %}{{ n }} items", count="n", newstyle=True) == call(
        "ngettext", ["One %(x)s", "%(n)s items"], count="n", keywords=["n", "x"])


def test_a_count_the_text_does_not_print_leaves_percent_signs_single():
    assert gettext_call("100% one{% pluralize %}100% many", count="n") == call(
        "ngettext", ["100% one", "100% many"], count="n", format=["n"], safe=True)


def test_installed_catalog_old_style():
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    install_catalog(env, CATALOG)
    source = ('{% trans %}Hello {{ name }}{% endtrans %}|{% trans num=n %}{{ num }} apple{% pluralize %}{{ num }} apples{% endtrans %}'
              '|{{ pgettext("menu", "Open") }}|{{ _("Open") }}|{{ _("Nope") }}|{{ _("100%% sure") }}')
    assert env.from_string(source).render(name="<b>", n=3) == "Hallo &lt;b&gt;|3 Äpfel|Öffnen|Offen|Nope|100%% sicher"


def test_installed_catalog_new_style():
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
    install_catalog(env, CATALOG, newstyle=True)
    source = '{% trans %}Hello {{ name }}{% endtrans %}|{{ _("Hello %(name)s", name="<i>") }}|{{ ngettext("%(num)s apple", "%(num)s apples", 1) }}|{{ _("100%% sure") }}'
    assert env.from_string(source).render(name="<b>") == "Hallo &lt;b&gt;|Hallo &lt;i&gt;|1 Apfel|100% sicher"
    install_catalog(env, {})
    assert env.from_string('{{ _("a %(x)s", x=1) }}').render() == "a 1"
    assert isinstance(env.globals["gettext"](env.from_string("").new_context(), "x"), Markup)


def test_environment_without_the_extension():
    with pytest.raises(ValueError):
        install_catalog(Environment(), CATALOG)
