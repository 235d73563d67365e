from rich.table import Table

from table_fit.board import board_lines, pane_boxes

SPEC = {"name": "root", "split": "row", "children": [
    {"name": "left", "size": 14},
    {"name": "right", "children": [{"name": "top", "ratio": 2}, {"name": "bottom", "minimum": 5}]},
]}


def table(*columns, rows=()):
    made = Table(*columns)
    for row in rows:
        made.add_row(*row)
    return made


def small():
    return table("k", "v", rows=[("a", "1"), ("b", "2")])


def test_panes_of_a_nested_split():
    assert pane_boxes(SPEC, 40, 12) == {"left": (0, 0, 14, 12), "top": (14, 0, 26, 7), "bottom": (14, 7, 26, 5)}
    assert list(pane_boxes(SPEC, 40, 12)) == ["left", "top", "bottom"]


def test_a_single_pane_is_the_whole_screen():
    assert pane_boxes({"name": "only"}, 10, 3) == {"only": (0, 0, 10, 3)}


def test_ratios_share_the_room_in_whole_cells():
    spec = {"split": "row", "children": [{"name": "a", "ratio": 1}, {"name": "b", "ratio": 2}, {"name": "c", "ratio": 1}]}
    assert pane_boxes(spec, 10, 3) == {"a": (0, 0, 2, 3), "b": (2, 0, 5, 3), "c": (7, 0, 3, 3)}


def test_minimums_and_sizes_may_overflow_the_screen():
    assert pane_boxes(SPEC, 40, 4) == {"left": (0, 0, 14, 4), "top": (14, 0, 26, 1), "bottom": (14, 1, 26, 5)}
    spec = {"split": "row", "children": [{"name": "p", "size": 30}, {"name": "q"}]}
    assert pane_boxes(spec, 20, 2) == {"p": (0, 0, 30, 2), "q": (30, 0, 1, 2)}


def test_board_with_tables_and_an_empty_pane():
    two = [small(), table("key", "value", rows=[("long", "x")])]
    assert board_lines({"left": small(), "top": two}, SPEC, 40, 12) == [
        "┏━━━┳━━━┓     ┏━━━━━━┳━━━━━━━┓          ",
        "┃ k ┃ v ┃     ┃ k    ┃ v     ┃          ",
        "┡━━━╇━━━┩     ┡━━━━━━╇━━━━━━━┩          ",
        "│ a │ 1 │     │ a    │ 1     │          ",
        "│ b │ 2 │     │ b    │ 2     │          ",
        "└───┴───┘     └──────┴───────┘          ",
        "              ┏━━━━━━┳━━━━━━━┓          ",
        "              ╭── 'bottom' (26 x 5) ───╮",
        "              │   Layout(              │",
        "              │       name='bottom',   │",
        "              │       minimum_size=5   │",
        "              ╰────────────────────────╯",
    ]


def test_a_table_is_cut_to_its_pane():
    assert board_lines({"only": small()}, {"name": "only"}, 12, 4) == ["┏━━━┳━━━┓   ", "┃ k ┃ v ┃   ", "┡━━━╇━━━┩   ", "│ a │ 1 │   "]


def test_empty_panes():
    assert board_lines({}, {"name": "only"}, 16, 3) == ["╭─ 'only' (16 ─╮", "│ Layout(      │", "╰──────────────╯"]
    spec = {"split": "row", "children": [{"name": "a"}, {"name": "b"}]}
    assert board_lines({"a": None}, spec, 24, 3) == ["╭─ 'a' (12─╮╭─ 'b' (12─╮", "│ Layout(  ││ Layout(  │", "╰──────────╯╰──────────╯"]


def test_a_narrow_pane_wraps_its_table():
    assert board_lines({"x": table("n", rows=[("one two three",)])}, {"name": "x"}, 9, 6) == [
        "┏━━━━━━━┓", "┃ n     ┃", "┡━━━━━━━┩", "│ one   │", "│ two   │", "│ three │"]


def test_panes_below_the_screen_are_cut():
    spec = {"split": "column", "children": [{"name": "x", "size": 2}, {"name": "y", "size": 3}]}
    assert pane_boxes(spec, 10, 4) == {"x": (0, 0, 10, 2), "y": (0, 2, 10, 3)}
    assert board_lines({"x": small()}, spec, 10, 4) == ["┏━━━┳━━━┓ ", "┃ k ┃ v ┃ ", "╭─ 'y' (─╮", "│ Layout │"]


def test_board_size():
    lines = board_lines({}, SPEC, 33, 7)
    assert len(lines) == 7
    assert {len(line) for line in lines} == {33}


def test_a_split_other_than_row_or_column_is_refused():
    import pytest

    with pytest.raises(ValueError):
        pane_boxes({"split": "grid", "children": [{"name": "a"}]}, 10, 3)
    with pytest.raises(ValueError):
        board_lines({}, {"children": [{"name": "a", "split": "diagonal", "children": [{"name": "b"}]}]}, 10, 3)
