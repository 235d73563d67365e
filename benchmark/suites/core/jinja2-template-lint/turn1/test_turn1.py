from jinja2 import Environment
from jinja2.ext import Extension

from lint.tokens import token_findings, token_summary

PAGE = """{{ "Hello" }} {{ name|titel }}{% if x is evn %}{{ y is not definedd }}{% endif %}
{{ "a" ~ b }}{{ 'x'|upper|shout }}{{ "esc\\n" }}"""


class Brackets(Extension):
    def preprocess(self, source, name, filename=None):
        return source.replace("[[", "{{").replace("]]", "}}")


def test_unknown_filters_and_tests():
    findings = token_findings(PAGE)
    assert [f for f in findings if f[1] != "literal-print"] == [
        (1, "unknown-filter", "titel"), (1, "unknown-test", "evn"), (1, "unknown-test", "definedd"), (2, "unknown-filter", "shout"),
    ]


def test_printed_literals_as_the_parser_reads_them():
    findings = token_findings(PAGE)
    assert [f for f in findings if f[1] == "literal-print"] == [(1, "literal-print", "Hello"), (2, "literal-print", "esc\n")]
    assert token_findings("{{ 'a' ~ b }}{{ 1 }}{{ '' }}") == [(1, "literal-print", "")]


def test_the_environment_filters_and_syntax_apply():
    env = Environment(line_statement_prefix="#")
    env.filters["shout"] = str.upper
    assert token_findings("# if a is odd\n{{ a|shout }}\n# endif", env) == []
    assert token_findings("# if a is od\n{{ a|whisper }}\n# endif", env) == [(1, "unknown-test", "od"), (2, "unknown-filter", "whisper")]


def test_extensions_preprocess_the_source():
    env = Environment(extensions=[Brackets])
    assert token_findings('[[ "x" ]]', env) == [(1, "literal-print", "x")]
    assert token_findings('[[ "x" ]]') == []


def test_filters_inside_blocks_and_raw_sections():
    assert token_findings("{% for i in l|srot %}{% endfor %}{% raw %}{{ a|nope }}{% endraw %}") == [(1, "unknown-filter", "srot")]
    assert token_findings("{% filter uppr %}x{% endfilter %}") == []


def test_nothing_to_report():
    assert token_findings("") == []
    assert token_findings("plain {{ a|upper }} {% if a is odd %}{% endif %}") == []


def test_summary_counts_kinds_by_their_description():
    assert token_summary(PAGE) == {
        "begin of print statement": 6, "begin of statement block": 2, "end of print statement": 6,
        "end of statement block": 2, "name": 14, "string": 4, "template data / text": 2, "|": 3, "~": 1,
    }


def test_summary_of_operators_and_numbers():
    assert token_summary("{{ (1 + 2.5) * x[0] }}") == {
        "(": 1, ")": 1, "*": 1, "+": 1, "[": 1, "]": 1, "begin of print statement": 1,
        "end of print statement": 1, "float": 1, "integer": 2, "name": 1,
    }


def test_summary_leaves_out_comments_and_white_space():
    assert token_summary("{# note #}  {{ a }}") == {"begin of print statement": 1, "end of print statement": 1, "name": 1, "template data / text": 1}
    assert token_summary("") == {}


def test_summary_of_line_statements():
    env = Environment(line_statement_prefix="#")
    assert token_summary("# if a\nx\n# endif\n", env) == {
        "begin of statement block": 2, "end of statement block": 2, "name": 3, "template data / text": 1,
    }
