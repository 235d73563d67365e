import pytest

from tables.html import header_cells, render_rows

COLUMNS = {"cat": "cat", "qty": "qty", "total": "{{ row.qty * row.price }}"}
RECORDS = [{"cat": "Pens", "qty": 2, "price": 1.5}, {"cat": "<ink>", "qty": 1, "price": 10}]
PAGE = ('{% macro row(r) %}<tr><td>{{ r.cat }}</td><td>{{ r.total }}</td></tr>{% endmacro %}'
        '{% macro total(t, label="Sum") %}<tr><th>{{ label }} {{ t.group }}</th><td>{{ t.n }}</td></tr>{% endmacro %}')


def test_plain_and_computed_headers():
    cells = header_cells(COLUMNS, {"cat": "Category", "qty": '{{ "qty"|upper }}', "total": "Total ({{ currency }})"}, {"currency": "EUR"})
    assert cells == [
        ("cat", "Category", True, ["cat"]),
        ("qty", "QTY", True, ["qty"]),
        ("total", "Total (EUR)", False, ["qty", "price"]),
    ]


def test_columns_without_a_header_use_their_name():
    assert header_cells({"a": "x.y"}, {}) == [("a", "a", True, ["x.y"])]
    assert header_cells({}, {"a": "A"}) == []


def test_headers_with_filters_the_compiler_applies_in_advance():
    assert header_cells({"q": "q"}, {"q": '{{ "%.1f"|format(2) }} {{ [3, 1]|sort|join(",") }}'}) == [("q", "2.0 1,3", True, ["q"])]


def test_headers_left_to_the_render():
    assert header_cells({"c": "c"}, {"c": '{{ ["A"]|random }}'}) == [("c", "A", False, ["c"])]
    assert header_cells({"c": "c"}, {"c": "{% if true %}A{% endif %}"}) == [("c", "A", False, ["c"])]
    assert header_cells({"c": "c"}, {"c": "{{ n|default(0) }}"}) == [("c", "0", False, ["c"])]


def test_a_header_whose_value_is_undefined_is_still_known_in_advance():
    assert header_cells({"t": "t"}, {"t": '{{ "x"|attr("y") }}!'}) == [("t", "!", True, ["t"])]


def test_a_header_failing_at_render_raises():
    with pytest.raises(ZeroDivisionError):
        header_cells({"t": "t"}, {"t": "{{ 1/0 }}"})


def test_rows_are_drawn_by_the_row_macro_escaped():
    assert render_rows(PAGE, RECORDS, COLUMNS) == [
        "<tr><td>Pens</td><td>3.0</td></tr>",
        "<tr><td>&lt;ink&gt;</td><td>10</td></tr>",
    ]


def test_rows_without_escaping():
    assert render_rows(PAGE, RECORDS, COLUMNS, autoescape=False)[1] == "<tr><td><ink></td><td>10</td></tr>"


def test_group_totals_follow_the_rows():
    lines = render_rows(PAGE, RECORDS, COLUMNS, by="cat", totals={"n": ("qty", "sum")})
    assert lines[2:] == ["<tr><th>Sum &lt;ink&gt;</th><td>1</td></tr>", "<tr><th>Sum Pens</th><td>2</td></tr>"]
    assert render_rows(PAGE, [], COLUMNS, by="cat", totals={"n": ("qty", "sum")}) == []


def test_a_page_without_a_row_macro():
    with pytest.raises(AttributeError):
        render_rows("no macros here", RECORDS, COLUMNS)
