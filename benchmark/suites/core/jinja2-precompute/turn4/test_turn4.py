from jinja2 import Environment, pass_context
from jinja2.ext import Extension
from jinja2.lexer import Token

from precompute.source import tag_report, token_list


class Shout(Extension):
    """Rewrites ``!name`` into ``name|upper`` and reads ``[[ ]]`` as print tags."""

    def preprocess(self, source, name, filename=None):
        return source.replace("[[", "{{").replace("]]", "}}")

    def filter_stream(self, stream):
        for token in stream:
            if token.type == "name" and token.value.startswith("shout_"):
                yield Token(token.lineno, "name", token.value[6:])
                yield Token(token.lineno, "pipe", "|")
                yield Token(token.lineno, "name", "upper")
            else:
                yield token


def test_tokens_of_a_print_tag():
    assert token_list("Hi {{ user.name|title }}!") == [
        (1, "template data / text", "Hi "),
        (1, "begin of print statement", "{{"),
        (1, "name", "user"),
        (1, ".", "."),
        (1, "name", "name"),
        (1, "|", "|"),
        (1, "name", "title"),
        (1, "end of print statement", "}}"),
        (1, "template data / text", "!"),
    ]


def test_literals_arrive_as_values():
    assert token_list('{{ [2_000, 0x1f, 1.5e3, "a\\tb"] }}')[1:-1] == [
        (1, "[", "["), (1, "integer", 2000), (1, ",", ","), (1, "integer", 31), (1, ",", ","),
        (1, "float", 1500.0), (1, ",", ","), (1, "string", "a\tb"), (1, "]", "]"),
    ]


def test_statements_comments_and_raw_blocks():
    tokens = token_list("{# note #}{% if x %}\n{%- raw %}{{ y }}{% endraw %}{% endif %}")
    assert tokens == [
        (1, "begin of statement block", "{%"), (1, "name", "if"), (1, "name", "x"), (1, "end of statement block", "%}"),
        (2, "template data / text", "{{ y }}"),
        (2, "begin of statement block", "{%"), (2, "name", "endif"), (2, "end of statement block", "%}"),
    ]


def test_line_statements_and_custom_delimiters():
    env = Environment(line_statement_prefix="#", variable_start_string="[=", variable_end_string="=]")
    tokens = token_list("# if x\n[= x =]\n# endif\n", env)
    assert tokens == [
        (1, "begin of statement block", "#"), (1, "name", "if"), (1, "name", "x"), (1, "end of statement block", "\n"),
        (2, "begin of print statement", "[="), (2, "name", "x"), (2, "end of print statement", "=]"),
        (2, "template data / text", "\n"),
        (3, "begin of statement block", "#"), (3, "name", "endif"), (3, "end of statement block", ""),
    ]


def test_extensions_take_part():
    env = Environment(extensions=[Shout])
    assert token_list("[[ shout_who ]]", env) == [
        (1, "begin of print statement", "{{"), (1, "name", "who"), (1, "|", "|"), (1, "name", "upper"),
        (1, "end of print statement", "}}"),
    ]
    assert token_list("") == []


def test_tag_report_one_line_per_print_tag():
    source = "Hi {{ user.name|title }}!\n{% for i in [1, 2_000] %}{{ 'a\\tb' ~ i }}{% endfor %}\n{{- 1.5e3 is number -}} {{ [1, 2]|sum }}"
    assert tag_report(source) == [
        "line 1: {{ user . name | title }} -> at render",
        "line 2: {{ 'a\\tb' ~ i }} -> at render",
        "line 3: {{ 1500.0 is number }} -> True",
        "line 3: {{ [ 1 , 2 ] | sum }} -> 3",
        "template -> at render (2 pieces; filters: title)",
    ]


def test_tag_report_of_a_settled_template():
    assert tag_report("{{ 1 }}{{ 2 }}") == ["line 1: {{ 1 }} -> 1", "line 1: {{ 2 }} -> 2", "template -> 12"]
    assert tag_report("{{ '<b>'|e }}") == ["line 1: {{ '<b>' | e }} -> Markup('&lt;b&gt;')", "template -> Markup('&lt;b&gt;')"]


def test_tag_report_of_templates_without_print_tags():
    assert tag_report("") == ["template -> None"]
    assert tag_report("{% raw %}{{ x }}{% endraw %}") == ["template -> '{{ x }}'"]


def test_tag_report_with_values_kept_only_at_render():
    assert tag_report("{{ 'x'|attr('y') }}{{ [3]|random }}") == [
        "line 1: {{ 'x' | attr ( 'y' ) }} -> at render",
        "line 1: {{ [ 3 ] | random }} -> at render",
        "template -> at render (1 pieces; filters: random)",
    ]


def test_tag_report_with_a_finalize():
    assert tag_report("{{ 2 }}", finalize=lambda v: v * 10) == ["line 1: {{ 2 }} -> 20", "template -> 20"]
    assert tag_report("{{ 2 }}", finalize=pass_context(lambda c, v: v)) == [
        "line 1: {{ 2 }} -> at render",
        "template -> at render (1 pieces; filters: none)",
    ]
