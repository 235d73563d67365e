import pytest
from jinja2 import DictLoader, Environment
from jinja2.exceptions import UndefinedError

from lint.report import lint_report

TEMPLATES = {
    "home.html": '{# NOTE: hi #}{{ _("Hi %(n)s", n=1) }}{{ "x" }}\n{{ a|nope }}',
    "About.html": "{{ 1 + 1 }}",
    "mail.txt": '{% trans count=n %}1%{% pluralize %}2%{% endtrans %}{{ _("a %(b)s") }}',
    "bad.html": "{% trans %}{{ a.b }}{% endtrans %}",
}


def environment(templates=TEMPLATES):
    return Environment(loader=DictLoader(dict(templates)), extensions=["jinja2.ext.i18n"])


def test_the_whole_report():
    assert lint_report(environment()).splitlines() == [
        "templates: 4",
        "worst: home.html",
        "best: About.html",
        "== About.html (1 findings) ==",
        "line 1: constant-print: '2'",
        "== bad.html (2 findings) ==",
        "line 1: bad-block: \"expected token 'end of print statement', got '.'\"",
        "line 1: compile-error: \"expected token 'end of print statement', got '.'\"",
        "== home.html (3 findings) ==",
        "line 1: literal-print: 'x'",
        "line 2: unknown-filter: 'nope'",
        "line 2: compile-error: \"No filter named 'nope'.\"",
        "== mail.txt (2 findings) ==",
        "line 1: percent-format: '1%'",
        "line 1: missing-note: 'a %(b)s'",
    ]


def test_chosen_templates_once_each():
    report = lint_report(environment(), names=["mail.txt", "About.html", "mail.txt"]).splitlines()
    assert report[:3] == ["templates: 2", "worst: mail.txt", "best: About.html"]
    assert [line for line in report if line.startswith("==")] == ["== About.html (1 findings) ==", "== mail.txt (2 findings) =="]


def test_ranking_by_other_figures():
    assert lint_report(environment(), rank_by="constants", names=["About.html", "mail.txt"]).splitlines()[1:3] == [
        "worst: About.html", "best: mail.txt"]
    assert lint_report(environment(), rank_by="notes").splitlines()[1:3] == ["worst: mail.txt", "best: About.html"]


def test_ranking_by_a_position_in_a_figure():
    assert lint_report(environment(), rank_by="rules.0").splitlines()[1:3] == ["worst: mail.txt", "best: bad.html"]


def test_ranking_by_the_compile_figure_and_name():
    assert lint_report(environment(), rank_by="compiles").splitlines()[1:3] == ["worst: About.html", "best: bad.html"]
    assert lint_report(environment(), rank_by="name").splitlines()[1:3] == ["worst: mail.txt", "best: About.html"]


def test_a_missing_figure_is_an_error():
    with pytest.raises(UndefinedError):
        lint_report(environment({"a.html": "x", "b.html": "{{ 1 }}"}), rank_by="rules.0")


def test_no_templates():
    assert lint_report(environment({})) == "templates: 0\nworst: -\nbest: -"


def test_clean_templates():
    assert lint_report(environment({"ok.html": "{{ a|upper }}"})) == "templates: 1\nworst: ok.html\nbest: ok.html\n== ok.html (0 findings) =="


def test_templates_that_compile_are_left_in_the_cache():
    env = environment()
    lint_report(env)
    assert sorted(key[1] for key in env.cache.keys()) == ["About.html", "mail.txt"]
    assert env.get_template("About.html") is env.get_template("About.html")


def test_the_environment_filters_and_tags_apply():
    env = environment({"t.html": "{{ a|shout }}{# TODO: x #}{{ _('%(a)s') }}"})
    env.filters["shout"] = str.upper
    assert lint_report(env, tags=("TODO:",)).splitlines()[3:] == ["== t.html (0 findings) =="]
