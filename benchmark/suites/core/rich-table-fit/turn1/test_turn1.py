from rich.table import Column, Table

from table_fit.measure import column_bounds, column_widths


def table(*columns, rows=(), **options):
    made = Table(*columns, **options)
    for row in rows:
        made.add_row(*row)
    return made


def test_a_cell_that_wraps_and_one_that_does_not():
    t = table("name", "description", rows=[("alpha", "a fairly long description that wraps")])
    assert column_bounds(t) == [(7, 7), (13, 38)]
    assert column_widths(t) == [7, 38]


def test_a_narrow_console_wraps_the_widest_column():
    t = table("name", "description", rows=[("alpha", "a fairly long description that wraps")])
    assert column_bounds(t, 30) == [(7, 7), (13, 27)]
    assert column_widths(t, 30) == [7, 20]


def test_headers_count_unless_hidden():
    assert column_widths(table("a", "bb", rows=[("x", "y")])) == [3, 4]
    assert column_bounds(table("a", "bb", rows=[("x", "y")], show_header=False)) == [(3, 3), (3, 3)]


def test_footers_count_when_shown():
    t = table("a", "b", rows=[("one", "two")], show_footer=True)
    t.columns[0].footer = "total footer"
    assert column_bounds(t) == [(8, 14), (5, 5)]
    assert column_widths(t) == [14, 5]


def test_fixed_minimum_and_maximum_column_widths():
    t = table(Column("id", width=6), Column("text", min_width=12), Column("note", max_width=5),
              rows=[("1", "hi", "a long note here")])
    assert column_bounds(t) == [(8, 8), (14, 14), (6, 7)]
    assert column_widths(t) == [8, 14, 7]
    assert column_widths(t, 20) == [8, 14, 4]


def test_padding_settings():
    assert column_widths(table("a", "b", "c", rows=[("one two", "three four", "five six")], collapse_padding=True)) == [9, 11, 9]
    assert column_bounds(table("a", "b", rows=[("one", "two")], pad_edge=False)) == [(4, 4), (4, 4)]
    assert column_widths(table("a", "b", rows=[("one", "two")], padding=(0, 3))) == [9, 9]


def test_expanded_tables_share_the_spare_room():
    assert column_widths(table("a", "b", rows=[("one", "two")], expand=True), 40) == [19, 18]
    t = table(Column("a", ratio=1), Column("b", ratio=3), rows=[("one", "two")], expand=True)
    assert column_widths(t, 40) == [10, 27]


def test_table_width_and_minimum_width():
    assert column_widths(table("a", "b", rows=[("one", "two")], width=30)) == [14, 13]
    assert column_widths(table("a", "b", rows=[("one", "two")], width=30), 10) == [14, 13]
    assert column_widths(table("a", "b", rows=[("one", "two")], min_width=30)) == [14, 13]


def test_borderless_tables_and_wide_characters():
    assert column_widths(table("a", "b", rows=[("one", "two")], box=None), 10) == [5, 5]
    t = table("名前", "値", rows=[("日本語テキスト", "ok")])
    assert column_bounds(t) == [(16, 16), (4, 4)]


def test_a_column_that_must_not_wrap_starves_the_others():
    t = table(Column("key", no_wrap=True), "value", rows=[("a-very-long-key", "some words to wrap here")])
    assert column_bounds(t, 20) == [(17, 17), (7, 17)]
    assert column_widths(t, 20) == [17, 0]


def test_too_little_room_and_no_columns():
    t = table("x", "y", rows=[("aaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbb")])
    assert column_widths(t, 12) == [5, 4]
    assert column_widths(t, 5) == [1, 1]
    assert column_bounds(t, 3) == [(0, 0), (0, 0)]
    assert column_widths(Table()) == []
    assert column_bounds(Table()) == []
