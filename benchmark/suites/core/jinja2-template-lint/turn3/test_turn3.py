import pytest
from jinja2 import Environment
from jinja2.exceptions import TemplateSyntaxError

from lint.trans import lint_all, trans_findings


def i18n(trimmed=False):
    env = Environment(extensions=["jinja2.ext.i18n"])
    env.policies["ext.i18n.trimmed"] = trimmed
    return env


def test_a_count_only_block_with_a_percent_sign_will_fail_to_format():
    source = "{% trans count=n %}100% one{% pluralize %}100% many{% endtrans %}"
    assert trans_findings(source) == [(1, "percent-format", "100% one")]
    env = i18n()
    env.install_null_translations()
    with pytest.raises(ValueError):
        env.from_string(source).render(n=2)


def test_percent_signs_that_are_safe():
    assert trans_findings("{% trans %}100% sure{% endtrans %}") == []
    assert trans_findings('{% trans "menu" %}50% off{% endtrans %}') == []
    assert trans_findings("{% trans n %}{{ n }}% done{% pluralize %}{{ n }}% done{% endtrans %}") == []


def test_a_context_and_a_count():
    assert trans_findings('{% trans "ctx" n=1 %}5% {% pluralize %}x{% endtrans %}') == [(1, "percent-format", "5% ")]


def test_ids_with_line_breaks():
    assert trans_findings("{% trans %}Dear\n  reader{% endtrans %}") == [(1, "untrimmed-id", "Dear\n  reader")]
    assert trans_findings("{% trans trimmed %}Dear\n  reader{% endtrans %}") == []


def test_the_trimmed_policy_of_the_environment():
    assert trans_findings("{% trans %}Dear\n  reader{% endtrans %}", i18n(trimmed=True)) == []
    assert trans_findings("{% trans notrimmed %}a\nb{% endtrans %}", i18n(trimmed=True)) == [(1, "untrimmed-id", "a\nb")]
    assert trans_findings('{% trans "ctx" n=1 %}5%\n{% pluralize %}x{% endtrans %}', i18n(trimmed=True)) == [(1, "percent-format", "5%")]


def test_blocks_the_extension_cannot_read():
    source = "ok\n{% trans %}{{ user.name }}{% endtrans %}"
    assert trans_findings(source) == [(2, "bad-block", "expected token 'end of print statement', got '.'")]
    assert trans_findings("{% trans %}{% if a %}x{% endif %}{% endtrans %}")[0][1] == "bad-block"


def test_lines_of_several_blocks():
    source = "{% trans %}Hello {{ name }}{% endtrans %}\n{% trans count=n %}1%{% pluralize %}2%{% endtrans %}\n{% trans %}a\nb{% endtrans %}"
    assert trans_findings(source) == [(2, "percent-format", "1%"), (3, "untrimmed-id", "a\nb")]


def test_templates_without_blocks():
    assert trans_findings("") == []
    assert trans_findings("{{ _('100%') }}") == []


def test_lint_all_merges_by_line():
    source = '{% trans count=n %}1%{% pluralize %}2%{% endtrans %}{{ "x" }}{{ a|nope }}\n{% trans %}a\nb{% endtrans %}'
    assert lint_all(source)["findings"] == [
        (1, "literal-print", "x"), (1, "unknown-filter", "nope"), (1, "percent-format", "1%"), (2, "untrimmed-id", "a\nb"),
    ]
    assert lint_all("{% trans %}x{% endtrans %}")["tokens"]["name"] == 2


def test_lint_all_of_a_template_with_a_syntax_error():
    with pytest.raises(TemplateSyntaxError):
        lint_all("{% trans %}{{ user.name }}{% endtrans %}")
