import pytest
from rich.table import Table

from text_fold.grid import cell_padding, grid_lines, padding_widths

ROWS = [["Name", "rich"], ["Summary", "Render rich text in the terminal"], ["License", "MIT"]]


def three(**options):
    table = Table("a", "b", "c", **options)
    table.add_row("1", "2", "3")
    table.add_row("4", "5", "6")
    return table


def test_default_padding_of_every_cell():
    assert cell_padding(three()) == [[(0, 1, 0, 1)] * 3] * 3
    assert padding_widths(three()) == [2, 2, 2]


def test_collapsed_padding():
    table = three(padding=(1, 2, 0, 3), collapse_padding=True)
    assert cell_padding(table) == [
        [(1, 2, 1, 3), (1, 2, 1, 3), (1, 2, 0, 3)],
        [(1, 2, 1, 1), (1, 2, 1, 1), (1, 2, 0, 1)],
        [(1, 2, 1, 1), (1, 2, 1, 1), (1, 2, 0, 1)],
    ]
    assert padding_widths(table) == [5, 3, 3]


def test_no_padding_on_the_edges():
    table = Table("a", "b", "c", padding=(1, 2), pad_edge=False)
    table.add_row("1", "2", "3")
    assert cell_padding(table) == [[(0, 2, 1, 0), (1, 2, 0, 0)], [(0, 2, 1, 2), (1, 2, 0, 2)], [(0, 0, 1, 2), (1, 0, 0, 2)]]
    assert padding_widths(table) == [4, 4, 4]


def test_grids_footers_and_empty_tables():
    grid = Table.grid("a", "b")
    grid.add_row("1", "2")
    assert cell_padding(grid) == [[(0, 0, 0, 0)], [(0, 0, 0, 0)]]
    assert padding_widths(grid) == [0, 0]
    table = Table("a", show_footer=True)
    table.add_row("1")
    assert cell_padding(table) == [[(0, 1, 0, 1)] * 3]
    assert cell_padding(Table()) == [] and padding_widths(Table()) == []


def test_grid_of_folded_cells():
    assert grid_lines(ROWS, 24) == [
        " Name        rich       ",
        " Summary     Render     ",
        "             rich text  ",
        "             in the     ",
        "             terminal   ",
        " License     MIT        ",
    ]


def test_grid_with_space_above_each_row():
    assert grid_lines(ROWS[:2], 24, padding=(1, 2, 0, 1)) == [
        "                        ",
        " Name        rich       ",
        "                        ",
        " Summary     Render     ",
        "             rich text  ",
        "             in the     ",
        "             terminal   ",
    ]


def test_grid_with_collapsed_padding():
    assert grid_lines([["a", "b"], ["c", "d"]], 10, padding=(1, 2, 0, 1), collapse=True) == [
        "          ", " a    b   ", "          ", "          ", " c    d   ",
    ]


def test_grid_without_edge_padding():
    assert grid_lines(ROWS, 24, padding=(0, 2), edges=False) == [
        "Name          rich      ",
        "Summary       Render    ",
        "              rich text ",
        "              in the    ",
        "              terminal  ",
        "License       MIT       ",
    ]


def test_ragged_or_cramped_grids_are_refused():
    with pytest.raises(ValueError):
        grid_lines([["a", "b"], ["c"]], 20)
    with pytest.raises(ValueError):
        grid_lines([["a", "b", "c"]], 7)
    assert grid_lines([], 20) == []


def test_collapsed_padding_without_edges_or_header():
    table = Table("a", "b", padding=(1, 2, 3, 4), pad_edge=False, show_header=False, collapse_padding=True)
    for _ in range(3):
        table.add_row("1", "2")
    assert cell_padding(table) == [[(0, 2, 0, 0), (1, 2, 0, 0), (1, 2, 0, 0)], [(0, 0, 0, 2), (1, 0, 0, 2), (1, 0, 0, 2)]]
    assert padding_widths(table) == [6, 4]
