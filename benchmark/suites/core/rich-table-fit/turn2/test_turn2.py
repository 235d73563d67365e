import pytest
from rich import box
from rich.table import Column, Table

from table_fit.align import common_widths, render_aligned


def table(*columns, rows=(), **options):
    made = Table(*columns, **options)
    for row in rows:
        made.add_row(*row)
    return made


def sizes():
    return table("name", "size", rows=[("alpha", "12 kB"), ("beta", "3 MB")])


def files():
    return table("file", "bytes", rows=[("a-much-longer-file-name.txt", "1")])


def test_each_column_takes_the_widest_tables_width():
    assert common_widths([sizes(), files()]) == [29, 7]
    assert common_widths([sizes()]) == [7, 7]
    assert common_widths([]) == []


def test_too_wide_columns_are_narrowed_widest_first():
    assert common_widths([sizes(), files()], 30) == [20, 7]
    assert common_widths([sizes(), files()], 20) == [10, 7]
    assert common_widths([sizes(), sizes(), files()], 12) == [5, 4]


def test_columns_that_cannot_wrap_keep_their_width():
    fixed = table(Column("id", width=12), "x", rows=[("1", "2")])
    free = table("id", "label", rows=[("7", "one two three four five six")])
    assert common_widths([fixed, free]) == [14, 29]
    assert common_widths([fixed, free], 30) == [14, 13]
    assert common_widths([fixed, free], 20) == [14, 3]


def test_tables_must_have_as_many_columns():
    with pytest.raises(ValueError):
        common_widths([sizes(), table("x")])


def test_render_with_shared_widths():
    widths = common_widths([sizes(), files()], 30)
    assert render_aligned(sizes(), widths, 30) == [
        "┏━━━━━━━━━━━━━━━━━━━━┳━━━━━━━┓",
        "┃ name               ┃ size  ┃",
        "┡━━━━━━━━━━━━━━━━━━━━╇━━━━━━━┩",
        "│ alpha              │ 12 kB │",
        "│ beta               │ 3 MB  │",
        "└────────────────────┴───────┘",
    ]
    assert render_aligned(files(), widths, 30)[3] == "│ a-much-longer-fil… │ 1     │"


def test_render_with_the_tables_own_widths():
    assert render_aligned(sizes()) == [
        "┏━━━━━━━┳━━━━━━━┓",
        "┃ name  ┃ size  ┃",
        "┡━━━━━━━╇━━━━━━━┩",
        "│ alpha │ 12 kB │",
        "│ beta  │ 3 MB  │",
        "└───────┴───────┘",
    ]


def test_narrow_columns_wrap_their_cells():
    narrow = table("x", "y", rows=[("short", "a b c d")])
    assert render_aligned(narrow, [6, 3], 40) == [
        "┏━━━━━━┳━━━┓", "┃ x    ┃ y ┃", "┡━━━━━━╇━━━┩",
        "│ sho… │ a │", "│      │ b │", "│      │ c │", "│      │ d │", "└──────┴───┘",
    ]


def test_title_and_caption_are_left_out():
    t = table("a", "b", rows=[("1", "2")], box=box.ASCII, title="T", caption="C")
    assert render_aligned(t, [5, 5]) == ["+-----------+", "| a   | b   |", "|-----+-----|", "| 1   | 2   |", "+-----------+"]


def test_borderless_and_edgeless_tables():
    bare = table("a", "b", rows=[("1", "2")], box=None, show_header=False)
    assert render_aligned(bare, [4, 4]) == [" 1   2  "]
    assert common_widths([bare, bare], 10) == [3, 3]
    assert render_aligned(table("a", "b", rows=[("1", "2")], show_edge=False), [3, 3]) == [" a ┃ b ", "━━━╇━━━", " 1 │ 2 "]


def test_wide_characters_and_bad_widths():
    wide = table("名前", "値", rows=[("日本語テキスト", "ok")])
    assert render_aligned(wide, [8, 4])[3] == "│ 日本 … │ ok │"
    assert render_aligned(Table()) == []
    with pytest.raises(ValueError):
        render_aligned(sizes(), [3])
