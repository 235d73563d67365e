from tables.export import export

COLUMNS = {"cat": "cat", "qty": "qty", "total": "{{ row.qty * row.price }}", "cur": '{{ "EUR" }}'}
RECORDS = [{"cat": "Pens", "qty": 2, "price": 1.5}, {"cat": "<ink>, blue", "qty": 1, "price": 10}]
PAGE = (
    "{% macro row(r) %}<tr><td>{{ r.cat }}</td><td>{{ r.total }}</td></tr>{% endmacro %}"
    "{% macro total(t) %}<tr><th>{{ t.group }}</th><td>{{ t.n }}</td></tr>{% endmacro %}"
    "<h1>{{ title }}{% if constants %} ({{ constants.cur }}){% endif %}</h1>\n"
    "<table>{% for h in headers %}<th>{{ h }}</th>{% endfor %}\n"
    "{% for r in rows %}{{ r }}{% endfor %}</table>"
)


def test_csv_has_the_header_texts_then_one_line_per_row():
    result = export(PAGE, RECORDS, COLUMNS, {"qty": '{{ "qty"|upper }}'})
    assert result["csv"] == 'cat,QTY,total,cur\nPens,2,3.0,EUR\n"<ink>, blue",1,10,EUR\n'


def test_csv_writes_none_as_an_empty_cell():
    result = export(PAGE, [{"cat": None, "qty": 0, "price": 1}], COLUMNS)
    assert result["csv"] == "cat,qty,total,cur\n,0,0,EUR\n"


def test_html_page_with_rows_totals_and_constants():
    result = export(PAGE, RECORDS, COLUMNS, {"qty": '{{ "qty"|upper }}'}, by="cat", totals={"n": ("qty", "sum")}, variables={"title": "Stock"})
    assert result["html"] == (
        "<h1>Stock (EUR)</h1>\n"
        "<table><th>cat</th><th>QTY</th><th>total</th><th>cur</th>\n"
        "<tr><td>Pens</td><td>3.0</td></tr><tr><td>&lt;ink&gt;, blue</td><td>10</td></tr>"
        "<tr><th>&lt;ink&gt;, blue</th><td>1</td></tr><tr><th>Pens</th><td>2</td></tr></table>"
    )


def test_html_of_a_page_variable_that_is_none_is_empty():
    result = export("[{{ missing_value }}]", [], {}, variables={"missing_value": None})
    assert result["html"] == "[]"


def test_headers_are_escaped_in_the_page():
    page = "{% macro row(r) %}{% endmacro %}{% for h in headers %}{{ h }}{% endfor %}"
    assert export(page, [], {"a": "a"}, {"a": "<A & B>"})["html"] == "&lt;A &amp; B&gt;"


def test_static_text_of_the_page():
    result = export(PAGE, RECORDS, COLUMNS)
    assert result["static"] == [
        "<tr><td>", "</td><td>", "</td></tr>", "<tr><th>", "</th><td>", "</td></tr>",
        "<h1>", " (", ")", "</h1>\n<table>", "<th>", "</th>", "\n", "</table>",
    ]


def test_static_text_of_constant_expressions_is_escaped():
    assert export('{{ "<&>" }}{{ 1 + 1 }}{{ x }}', [], {})["static"] == ["&lt;&amp;&gt;", "2"]


def test_a_constant_none_is_written_before_the_empty_cell_rule_can_see_it():
    assert export("a{{ none }}b", [], {})["static"] == ["a", "None", "b"]
    assert export("a{{ none }}b", [], {})["html"] == "aNoneb"


def test_values_only_known_at_render_are_not_static():
    assert export("{{ [1, 2]|random }}{{ title|upper }}!", [], {})["static"] == ["!"]


def test_an_empty_report():
    assert export("x", [], {}) == {"csv": "\n", "html": "x", "static": ["x"]}
