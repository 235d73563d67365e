import pytest
from jinja2.exceptions import TemplateRuntimeError

from tables.totals import column_fields, group_totals

RECORDS = [{"cat": "Pens", "qty": 2, "price": 1.5}, {"cat": "ink", "qty": 1, "price": 10}, {"cat": "pens", "qty": 5, "price": 1}]
COLUMNS = {"cat": "cat", "qty": "qty", "total": "{{ row.qty * row.price }}"}


def test_fields_of_paths_and_simple_templates():
    assert column_fields("qty") == ["qty"]
    assert column_fields("{{ row.qty * row.price }}") == ["qty", "price"]
    assert column_fields("{{ row.a.b|upper }} {{ row.a.b }}") == ["a.b"]


def test_subscripts_and_positions():
    assert column_fields('{{ row["unit price"] }}{{ row.tags.0 }}{{ row.tags[1] }}') == ["unit price", "tags.0", "tags.1"]


def test_keys_are_read_as_the_parser_reads_them():
    assert column_fields('{{ row["a\\tb"] }}') == ["a\tb"]
    assert column_fields("{{ row[0x1f] }}{{ row[1_000] }}") == ["31", "1000"]


def test_reads_that_are_not_fields():
    assert column_fields("{{ row[k] }}") == []
    assert column_fields("{{ row }} {{ other.x }}") == []
    assert column_fields("{% for t in row.tags %}{{ t }}{% endfor %}") == ["tags"]


def test_groups_as_the_groupby_filter_makes_them():
    groups = group_totals(RECORDS, COLUMNS, "cat", {"n": ("qty", "sum")})
    assert groups == [{"group": "ink", "rows": 1, "n": 1}, {"group": "Pens", "rows": 2, "n": 7}]


def test_totals_by_named_filters_with_arguments():
    groups = group_totals(RECORDS, COLUMNS, "cat", {"money": ("total", "sum"), "most": ("qty", "max"), "list": ("qty", "join", "+")})
    assert groups[1] == {"group": "Pens", "rows": 2, "money": 8.0, "most": 5, "list": "2+5"}


def test_the_top_row_of_each_group():
    groups = group_totals(RECORDS, COLUMNS, "cat", {}, top="total")
    assert [g["top"] for g in groups] == [{"cat": "ink", "qty": 1, "total": 10}, {"cat": "pens", "qty": 5, "total": 5}]


def test_grouping_by_a_computed_column_and_no_records():
    groups = group_totals(RECORDS, COLUMNS, "total", {"n": ("qty", "length")})
    assert [(g["group"], g["n"]) for g in groups] == [(3.0, 1), (5, 1), (10, 1)]
    assert group_totals([], COLUMNS, "cat", {"n": ("qty", "sum")}) == []


def test_filters_that_need_a_template_context_are_refused():
    with pytest.raises(TemplateRuntimeError):
        group_totals(RECORDS, COLUMNS, "cat", {"odd": ("qty", "select", "odd")})


def test_unknown_filters_are_refused():
    with pytest.raises(TemplateRuntimeError):
        group_totals(RECORDS, COLUMNS, "cat", {"x": ("qty", "no_such")})
