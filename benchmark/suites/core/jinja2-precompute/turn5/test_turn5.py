import pytest
from jinja2 import DictLoader, Environment, pass_context
from jinja2.exceptions import UndefinedError

from precompute.report import suite_report

TEMPLATES = {
    "b.html": "{% block main %}{{ x|title }}{{ 1 }}{% endblock %}",
    "A.html": "Hi {{ [1, 2]|sum }}",
    "a.txt": "{{ y }}{{ z }}",
}


def environment(templates=TEMPLATES, **options):
    return Environment(loader=DictLoader(dict(templates)), **options)


def test_the_whole_report():
    assert suite_report(environment()).splitlines() == [
        "templates: 3",
        "busiest: a.txt",
        "quietest: A.html",
        "== A.html (10 tokens; blocks: none) ==",
        "line 1: {{ [ 1 , 2 ] | sum }} -> 3",
        "template -> 'Hi 3'",
        "== a.txt (6 tokens; blocks: none) ==",
        "line 1: {{ y }} -> at render",
        "line 1: {{ z }} -> at render",
        "template -> at render (2 pieces; filters: none)",
        "== b.html (15 tokens; blocks: main) ==",
        "line 1: {{ x | title }} -> at render",
        "line 1: {{ 1 }} -> 1",
        "template -> at render (1 pieces; filters: title)",
    ]


def test_chosen_templates_once_each_in_name_order_regardless_of_case():
    report = suite_report(environment(), names=["b.html", "A.html", "b.html"]).splitlines()
    assert report[0] == "templates: 2"
    assert [line for line in report if line.startswith("==")] == [
        "== A.html (10 tokens; blocks: none) ==",
        "== b.html (15 tokens; blocks: main) ==",
    ]
    assert report[1:3] == ["busiest: b.html", "quietest: A.html"]


def test_no_templates():
    assert suite_report(environment({})) == "templates: 0\nbusiest: -\nquietest: -"
    assert suite_report(environment(), names=[]) == "templates: 0\nbusiest: -\nquietest: -"


def test_ties_go_to_the_first_template_in_name_order():
    env = environment({"x.html": "{{ a }}", "W.html": "{{ b }}", "y.html": "{{ c }}"})
    assert suite_report(env).splitlines()[1:3] == ["busiest: W.html", "quietest: W.html"]


def test_ranking_by_another_figure():
    env = environment({"B.html": "{% block Top %}{{ x }}{% endblock %}{% block z %}{% endblock %}",
                       "a.html": "{% block main %}{{ 1 }}{% endblock %}"})
    assert suite_report(env, rank_by="tokens").splitlines()[1:3] == ["busiest: B.html", "quietest: a.html"]
    assert suite_report(env, rank_by="name").splitlines()[1:3] == ["busiest: B.html", "quietest: a.html"]


def test_ranking_by_a_path_into_a_figure():
    env = environment({"B.html": "{% block Top %}{{ x }}{% endblock %}{% block z %}{% endblock %}",
                       "a.html": "{% block main %}{{ 1 }}{% endblock %}"})
    report = suite_report(env, rank_by="blocks.0").splitlines()
    assert report[1:3] == ["busiest: B.html", "quietest: a.html"]
    assert "== B.html (17 tokens; blocks: Top, z) ==" in report


def test_a_path_missing_from_a_template_is_an_error():
    with pytest.raises(UndefinedError):
        suite_report(environment(), rank_by="blocks.0")


def test_watched_expressions():
    env = environment()
    env.filters["shout"] = lambda value: value.upper() + "!"
    report = suite_report(env, names=["A.html"], watch=["'a'|shout", "[1]|random", "3 is odd"]).splitlines()
    assert report[3:6] == ["watch: 'a'|shout -> folded 'A!'", "watch: [1]|random -> at render", "watch: 3 is odd -> folded True"]


def test_the_environment_finalize_applies():
    env = environment({"n.html": "{{ 2 }}"}, finalize=lambda v: v * 10)
    assert suite_report(env).splitlines()[3:] == [
        "== n.html (3 tokens; blocks: none) ==",
        "line 1: {{ 2 }} -> 20",
        "template -> 20",
    ]
    env = environment({"n.html": "{{ 2 }}"}, finalize=pass_context(lambda c, v: v))
    assert suite_report(env).splitlines()[-1] == "template -> at render (1 pieces; filters: none)"


def test_templates_are_loaded_into_the_environment_cache():
    env = environment()
    suite_report(env, names=["A.html", "a.txt"])
    assert len(env.cache) == 2
    first = env.get_template("A.html")
    suite_report(env)
    assert env.get_template("A.html") is first
    assert len(env.cache) == 3
