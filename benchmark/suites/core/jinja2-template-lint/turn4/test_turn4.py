from lint.notes import note_findings, review

PAGE = """{# NOTE: greeting on the home page #}

{% trans %}Hello {{ name }}{% endtrans %}
{{ _("Total: %(n)s", n=3) }}
{# NOTE: nobody reads this #}
{{ _("Plain") }}{# NOTE: after #}
{{ ngettext("%(num)s item", "%(num)s items", 2) }}
{# TODO: not a note #}"""


def test_messages_with_placeholders_need_a_note():
    assert note_findings('{{ _("Total: %(n)s", n=3) }}') == [(1, "missing-note", "Total: %(n)s")]
    assert note_findings('{{ _("Plain") }}') == []


def test_the_whole_page():
    assert note_findings(PAGE) == [
        (4, "missing-note", "Total: %(n)s"),
        (5, "orphan-note", "nobody reads this"),
        (7, "missing-note", "%(num)s item"),
    ]


def test_a_note_later_on_the_line_of_a_message_is_attached_to_it():
    assert note_findings('{{ _("Plain %(x)s") }}{# NOTE: after #}') == []


def test_messages_with_a_context():
    source = '{{ pgettext("menu", "Open %(x)s") }}{{ npgettext("c", "%(num)s a", "%(num)s b", 2) }}{{ _(x) }}'
    assert note_findings(source) == [(1, "missing-note", "Open %(x)s"), (1, "missing-note", "%(num)s a")]


def test_other_tags():
    assert note_findings("{# TODO: check #}{{ _('a %(b)s') }}", tags=("TODO:",)) == []
    assert note_findings("{# TODO: check #}{{ _('a %(b)s') }}") == [(1, "missing-note", "a %(b)s")]
    assert note_findings("{# NOTE: x #}", tags=()) == []


def test_orphan_notes():
    assert note_findings("{# NOTE: lonely #}\ntext") == [(1, "orphan-note", "lonely")]
    assert note_findings("") == []


def test_only_real_comments_are_notes():
    assert note_findings("{% raw %}{# NOTE: shown as text #}{% endraw %}") == []
    assert note_findings("{{ '{# NOTE: in a string #}' }}") == []


def test_review_collects_every_rule_by_line():
    source = PAGE + '\n{{ "lit" }}{% trans count=n %}1%{% pluralize %}2%{% endtrans %}'
    assert review(source)["findings"] == [
        (4, "missing-note", "Total: %(n)s"),
        (5, "orphan-note", "nobody reads this"),
        (7, "missing-note", "%(num)s item"),
        (9, "literal-print", "lit"),
        (9, "percent-format", "1%"),
    ]


def test_review_gives_the_token_summary():
    assert review("{{ a|nope }}") == {"findings": [(1, "unknown-filter", "nope")], "tokens": {
        "begin of print statement": 1, "end of print statement": 1, "name": 2, "|": 1}}


def test_review_of_a_template_with_an_unreadable_block():
    assert review("x\n{% trans %}{{ a.b }}{% endtrans %}") == {
        "findings": [(2, "bad-block", "expected token 'end of print statement', got '.'")], "tokens": {}}
