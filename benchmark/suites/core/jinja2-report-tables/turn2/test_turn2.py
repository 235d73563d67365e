from tables.cells import column_kind, table_rows

RECORDS = [
    {"qty": 2, "price": 1.5, "name": "pen", "tags": ["a"]},
    {"qty": 1, "price": 10, "name": "ink", "tags": []},
]


def test_paths_are_field_columns():
    assert column_kind("qty") == ("field", "qty")
    assert column_kind("tags.0") == ("field", "tags.0")


def test_constant_templates_are_python_values():
    assert column_kind("{{ 1 + 2 }}") == ("constant", 3)
    assert column_kind("{{ [1, 2] }}") == ("constant", [1, 2])
    assert column_kind("{{ none }}") == ("constant", None)


def test_constant_text_is_read_back_as_a_literal_when_it_is_one():
    assert column_kind('{{ "1" }}') == ("constant", 1)
    assert column_kind("{{ 1 }}{{ 2 }}") == ("constant", 12)
    assert column_kind("EUR {{ 2 }}") == ("constant", "EUR 2")
    assert column_kind('{{ "a" }} ') == ("constant", "a ")


def test_templates_computed_per_row():
    assert column_kind("{{ row.qty * row.price }}") == ("per row", None)
    assert column_kind("{% if true %}1{% endif %}") == ("per row", None)


def test_values_with_no_literal_form_and_context_filters_are_per_row():
    assert column_kind("{{ [1, 2]|random }}") == ("per row", None)
    assert column_kind('{{ "x"|attr("y") }}') == ("per row", None)


def test_rows_of_field_columns():
    assert table_rows(RECORDS, {"n": "name", "tag": "tags.0"}) == [{"n": "pen", "tag": "a"}, {"n": "ink", "tag": None}]


def test_rows_of_template_columns_are_typed():
    rows = table_rows(RECORDS, {"total": "{{ row.qty * row.price }}", "num": "{{ row.qty }}{{ 0 }}"})
    assert rows == [{"total": 3.0, "num": 20}, {"total": 10, "num": 10}]
    assert type(rows[1]["total"]) is int


def test_rows_mix_all_kinds_in_column_order():
    rows = table_rows(RECORDS, {"cur": '{{ "EUR" }}', "label": "{{ row.name|upper }}-{{ row.qty }}", "n": "name", "one": '{{ "1" }}'})
    assert rows == [
        {"cur": "EUR", "label": "PEN-2", "n": "pen", "one": 1},
        {"cur": "EUR", "label": "INK-1", "n": "ink", "one": 1},
    ]
    assert list(rows[0]) == ["cur", "label", "n", "one"]


def test_no_records_or_no_columns():
    assert table_rows([], {"n": "name"}) == []
    assert table_rows(RECORDS, {}) == [{}, {}]


def test_a_template_column_reading_a_missing_field():
    value = table_rows([{}], {"x": "{{ row.missing }}"})[0]["x"]
    assert str(value) == "" and not value
