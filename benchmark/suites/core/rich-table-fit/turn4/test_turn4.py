import pytest
from rich.table import Table

from table_fit.sheet import divider, sheet_lines


def small():
    made = Table("k", "v")
    made.add_row("a", "1")
    return made


def test_divider_repeats_its_characters_to_the_width():
    assert divider(7) == "───────"
    assert divider(7, "=-") == "=-=-=-="
    assert divider(3, "abcd") == "abc"
    assert divider(5, "·") == "·····"


def test_wide_characters_that_do_not_fit_leave_a_space():
    assert divider(6, "🟦") == "🟦🟦🟦"
    assert divider(7, "🟦") == "🟦🟦🟦 "


def test_divider_edge_cases():
    assert divider(0) == ""
    assert divider(-2) == ""
    with pytest.raises(ValueError):
        divider(4, "")


def test_sections_with_a_fixed_size_and_the_rest():
    sections = [
        {"title": "Disk", "panes": {"d": small()}, "spec": {"name": "d"}, "size": 5},
        {"title": "Net", "spec": {"split": "row", "children": [{"name": "a"}, {"name": "b"}]}},
    ]
    assert sheet_lines(sections, 24, 10) == [
        "Disk ───────────────────",
        "┏━━━┳━━━┓               ",
        "┃ k ┃ v ┃               ",
        "┡━━━╇━━━┩               ",
        "│ a │ 1 │               ",
        "Net ────────────────────",
        "╭─ 'a' (12─╮╭─ 'b' (12─╮",
        "│ Layout(  ││ Layout(  │",
        "│     name ││     name │",
        "╰──────────╯╰──────────╯",
    ]


def test_ratios_share_the_height_and_long_titles_give_a_plain_divider():
    sections = [{"title": "A long title here", "spec": {"name": "x"}, "ratio": 1}, {"title": "B", "spec": {"name": "y"}, "ratio": 3}]
    assert sheet_lines(sections, 12, 6) == [
        "────────────", "B ──────────", "╭─ 'y' (12─╮", "│ Layout(  │", "│     name │", "╰──────────╯"]


def test_minimums_that_do_not_fit_are_cut_at_the_bottom():
    sections = [{"title": "x", "spec": {"name": "d"}, "minimum": 4}, {"title": "y", "spec": {"name": "e"}, "minimum": 4}]
    assert sheet_lines(sections, 10, 5) == ["x ────────", "╭─ 'd' (─╮", "│ Layout │", "╰────────╯", "y ────────"]


def test_no_sections_give_a_blank_sheet():
    assert sheet_lines([], 5, 2) == ["     ", "     "]


def test_an_untitled_section():
    lines = sheet_lines([{"spec": {"name": "d"}, "panes": {"d": small()}}], 9, 3)
    assert lines == ["─────────", "┏━━━┳━━━┓", "┃ k ┃ v ┃"]


def test_a_pane_the_spec_does_not_have_is_refused():
    with pytest.raises(ValueError):
        sheet_lines([{"title": "x", "panes": {"zz": small()}, "spec": {"name": "d"}}], 10, 3)


def test_every_line_fills_the_width():
    sections = [{"title": "Disk", "panes": {"d": small()}, "spec": {"name": "d"}}, {"title": "Net", "spec": {"name": "n"}}]
    lines = sheet_lines(sections, 21, 9)
    assert len(lines) == 9
    assert {len(line) for line in lines} == {21}
    assert lines[0] == "Disk ────────────────"
    assert lines[4] == "Net ─────────────────"
