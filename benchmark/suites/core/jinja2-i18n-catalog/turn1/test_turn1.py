import pytest
from jinja2.exceptions import TemplateSyntaxError

from catalog.messages import extract_messages, trans_msgid

PAGE = """{# NOTE: greeting #}
{{ _("Hello") }}
{% trans count=n %}One apple{% pluralize %}{{ count }} apples{% endtrans %}
{# NOTE: menu #}{{ pgettext("menu", "Open") }} {{ gettext("A %(x)s", x=1) }}
{% trans %}  spaced
   out {% endtrans %}{{ ngettext("a", "b", 3) }}"""


def test_extracts_calls_and_blocks_with_their_lines():
    assert extract_messages(PAGE) == [
        (2, "_", "Hello", []),
        (3, "ngettext", ("One apple", "%(count)s apples", None), []),
        (4, "pgettext", ("menu", "Open"), []),
        (4, "gettext", ("A %(x)s", None), []),
        (5, "gettext", "  spaced\n   out ", []),
        (6, "ngettext", ("a", "b", None), []),
    ]


def test_translator_comments_are_attached_to_the_next_messages():
    comments = [row[3] for row in extract_messages(PAGE, tags=["NOTE:"])]
    assert comments == [["greeting"], [], ["menu"], [], [], []]


def test_trimmed_extraction_and_chosen_keywords():
    assert extract_messages(PAGE, trimmed=True)[4] == (5, "gettext", "spaced out", [])
    assert extract_messages(PAGE, keywords=["pgettext"]) == [(4, "pgettext", ("menu", "Open"), [])]


def test_templates_with_syntax_errors_give_no_messages():
    assert extract_messages("{{ _( }}") == []
    assert extract_messages("") == []


def test_msgid_with_variables_is_a_format_string():
    assert trans_msgid("Hello {{ name }}, 100% sure") == ("Hello %(name)s, 100%% sure", None, ["name"])
    assert trans_msgid("{{ a }} and {{ b }} and {{ a }}") == ("%(a)s and %(b)s and %(a)s", None, ["a", "b"])


def test_msgid_without_variables_keeps_its_percent_signs_unless_newstyle():
    assert trans_msgid("100% sure") == ("100% sure", None, [])
    assert trans_msgid("100% sure", newstyle=True) == ("100%% sure", None, [])
    assert trans_msgid("open") == ("open", None, [])


def test_plural_part():
    assert trans_msgid("One {{ x }}{% pluralize %}{{ count }} {{ x }}s") == ("One %(x)s", "%(count)s %(x)ss", ["x", "count"])
    assert trans_msgid("One%{% pluralize %}Many%") == ("One%", "Many%", [])


def test_trimmed_collapses_line_breaks_only():
    assert trans_msgid("  Hello\n     {{ name }}   there  \n  ", trimmed=True) == ("Hello %(name)s   there", None, ["name"])
    assert trans_msgid("  a\n b  ", trimmed=False) == ("  a\n b  ", None, [])


def test_agrees_with_extraction():
    body = "Dear {{ who }},\n  50% off{% pluralize %}Dears,\n  50% off"
    singular, plural, _ = trans_msgid(body, trimmed=True)
    extracted = extract_messages("{% trans who=w %}" + body + "{% endtrans %}", trimmed=True)
    assert extracted == [(1, "ngettext", (singular, plural, None), [])]


def test_bodies_a_block_cannot_hold():
    for body in ["{{ user.name }}", "{% if x %}a{% endif %}", "a{% pluralize %}b{% pluralize %}c", "{% trans %}x"]:
        with pytest.raises(TemplateSyntaxError):
            trans_msgid(body)
