from rich.table import Table
from rich.text import Text

from table_fit.printout import printout


def table(*columns, rows=()):
    made = Table(*columns)
    for row in rows:
        made.add_row(*row)
    return made


def sizes():
    return table("name", "size", rows=[("alpha", "12 kB")])


def files():
    return table("file", "bytes", rows=[("longer-file-name", "1")])


def test_text_and_a_run_of_aligned_tables():
    assert printout("Sizes [bold]now[/bold]:", sizes(), files(), "done", width=40) == [
        "Sizes now:",
        "┏━━━━━━━━━━━━━━━━━━┳━━━━━━━┓",
        "┃ name             ┃ size  ┃",
        "┡━━━━━━━━━━━━━━━━━━╇━━━━━━━┩",
        "│ alpha            │ 12 kB │",
        "└──────────────────┴───────┘",
        "┏━━━━━━━━━━━━━━━━━━┳━━━━━━━┓",
        "┃ file             ┃ bytes ┃",
        "┡━━━━━━━━━━━━━━━━━━╇━━━━━━━┩",
        "│ longer-file-name │ 1     │",
        "└──────────────────┴───────┘",
        "done",
    ]


def test_plain_values_join_the_text_around_them():
    assert printout("count", 3, "items", None) == ["count 3 items None"]


def test_separator_and_ending():
    assert printout("a", "b", sep=", ", end="!") == ["a, b!"]


def test_containers_are_pretty_printed_on_their_own_lines():
    assert printout("values:", list(range(12)), {"k": [1, 2]}, width=20) == [
        "values:", "[", "    0,", "    1,", "    2,", "    3,", "    4,", "    5,", "    6,",
        "    7,", "    8,", "    9,", "    10,", "    11", "]", "{'k': [1, 2]}"]
    assert printout([1, 2], width=20) == ["[1, 2]"]


def test_objects_that_render_themselves():
    class Rich:
        def __rich__(self):
            return "[i]rich[/i] thing"

    assert printout(Rich(), "x") == ["rich thing x"]
    assert printout(Text("plain [x]"), "[red]r[/red]") == ["plain [x] r"]


def test_a_sheet_section():
    section = {"title": "Disk", "spec": {"name": "d"}, "panes": {"d": sizes()}, "size": 4}
    assert printout("t", section, width=20) == ["t", "Disk ───────────────", "┏━━━━━━━┳━━━━━━━┓", "┃ name  ┃ size  ┃", "┡━━━━━━━╇━━━━━━━┩"]


def test_tables_of_different_shapes_keep_their_own_widths():
    assert printout(sizes(), table("x"), width=30) == [
        "┏━━━━━━━┳━━━━━━━┓", "┃ name  ┃ size  ┃", "┡━━━━━━━╇━━━━━━━┩", "│ alpha │ 12 kB │", "└───────┴───────┘",
        "┏━━━┓", "┃ x ┃", "┡━━━┩", "└───┘"]


def test_text_between_tables_breaks_the_run():
    lines = printout(sizes(), "and", files(), width=40)
    assert lines[1] == "┃ name  ┃ size  ┃"
    assert lines[5] == "and"
    assert lines[7] == "┃ file             ┃ bytes ┃"


def test_long_text_wraps_at_the_width():
    assert printout("a" * 25, width=10) == ["aaaaaaaaaa", "aaaaaaaaaa", "aaaaa"]
    assert printout("one two three four", width=9) == ["one two", "three", "four"]


def test_nothing_prints_nothing():
    assert printout() == []


def test_a_line_of_dashes_is_a_divider():
    assert printout("above", "---", "below", width=12) == ["above", "────────────", "below"]
    assert printout(sizes(), "-----", files(), width=20)[5] == "────────────────────"
    assert printout("--", "x") == ["-- x"]
