from code_view.marks import mark_offsets, numbered_lines

CODE = "def f(x):\n    return x + 1\n"
PLAIN = "not bold not italic not underline #656660 on #272822"
MARKED = "bold not italic not underline #e3e3dd on #272822"


def test_marks_within_a_line_and_across_lines():
    assert mark_offsets(CODE, [("bold", (1, 4), (1, 5)), ("italic", (1, 0), (2, 0))]) == [(4, 5, "bold"), (0, 10, "italic")]


def test_columns_past_the_end_of_a_line_stop_there():
    assert mark_offsets(CODE, [("red", (2, 4), (2, 99))]) == [(14, 26, "red")]
    assert mark_offsets("a\nb", [("s", (2, 0), (2, 5))]) == [(2, 3, "s")]


def test_marks_outside_the_code_or_empty_are_dropped():
    assert mark_offsets(CODE, [("u", (3, 0), (3, 1)), ("x", (1, 3), (1, 3)), ("z", (9, 0), (9, 1))]) == []
    assert mark_offsets(CODE, [("y", (0, 2), (1, 2)), ("b", (2, 11), (1, 0))]) == []
    assert mark_offsets("", [("s", (1, 0), (1, 5))]) == []
    assert mark_offsets(CODE, []) == []


def test_numbered_lines_with_a_highlighted_line():
    assert numbered_lines("a\n\tb\nc", start_line=9, highlight=[10]) == [
        {"number": 9, "gutter": "   9 ", "style": PLAIN, "color": "#656660", "code": "a"},
        {"number": 10, "gutter": "❱ 10 ", "style": MARKED, "color": "#e3e3dd", "code": "    b"},
        {"number": 11, "gutter": "  11 ", "style": PLAIN, "color": "#656660", "code": "c"},
    ]


def test_dedent_and_a_terminal_theme():
    assert numbered_lines("    x = 1\n    y = 2", dedent=True, theme="ansi_dark") == [
        {"number": 1, "gutter": "  1 ", "style": "dim", "color": None, "code": "x = 1"},
        {"number": 2, "gutter": "  2 ", "style": "dim", "color": None, "code": "y = 2"},
    ]


def test_tabs_and_a_background_of_our_own():
    assert numbered_lines("a\tb", tabs=8, theme="github-dark", background="#000000", highlight={1}) == [
        {"number": 1, "gutter": "❱ 1 ", "style": "bold not italic not underline #cfd5da on #000000", "color": "#cfd5da", "code": "a       b"},
    ]


def test_the_gutter_is_as_wide_as_rich_makes_it():
    assert [r["gutter"] for r in numbered_lines("a\n" * 8 + "a")][-2:] == ["  8 ", "  9 "]
    assert [r["gutter"] for r in numbered_lines("a\n" * 9)][-2:] == ["   9 ", "  10 "]
    assert [r["gutter"] for r in numbered_lines("x\ny", start_line=98)] == ["  98 ", "  99 "]


def test_a_trailing_newline_is_one_more_empty_line():
    assert [r["code"] for r in numbered_lines("x\ny\n")] == ["x", "y", ""]
    assert [r["code"] for r in numbered_lines("x\ny")] == ["x", "y"]


def test_empty_code_is_one_empty_line():
    assert numbered_lines("") == [{"number": 1, "gutter": "  1 ", "style": PLAIN, "color": "#656660", "code": ""}]
    assert [r["gutter"] for r in numbered_lines("\n")] == ["  1 ", "  2 "]


def test_highlight_outside_the_code_changes_nothing():
    assert numbered_lines("a", highlight=[5]) == numbered_lines("a")
