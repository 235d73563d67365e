from click_helptext.reflow import reflow


def test_single_paragraph_is_refilled():
    text = "The quick brown fox jumps over the lazy dog and keeps running far away."
    assert reflow(text, 20) == "The quick brown fox\njumps over the lazy\ndog and keeps\nrunning far away."


def test_default_width_is_78():
    text = (
        "one two three four five six seven eight nine ten eleven twelve "
        "thirteen fourteen fifteen sixteen seventeen"
    )
    assert reflow(text) == (
        "one two three four five six seven eight nine ten eleven twelve thirteen\n"
        "fourteen fifteen sixteen seventeen"
    )


def test_lines_of_a_paragraph_are_joined_and_blank_runs_collapse():
    text = "First paragraph line one\ncontinues here.\n\n\n\nSecond paragraph."
    assert reflow(text, 30) == "First paragraph line one\ncontinues here.\n\nSecond paragraph."


def test_no_rewrap_block_is_kept_verbatim_and_indented():
    text = "\b\nkeep   this\n  exactly as is\n\nthen wrap this paragraph please"
    assert reflow(text, 15, 2) == (
        "  keep   this\n    exactly as is\n\n  then wrap\n  this\n  paragraph\n  please"
    )


def test_indentation_of_the_marker_line_applies_to_the_block():
    assert reflow("  \b\nfoo bar\n  baz\n\nnext one here", 10) == "  foo bar\n    baz\n\nnext one\nhere"


def test_paragraph_indent_comes_from_its_first_line():
    text = "    indented paragraph that is long enough to wrap\n  second line"
    assert reflow(text, 26) == (
        "    indented paragraph\n    that is long enough to\n    wrap   second line"
    )


def test_indent_counts_towards_width():
    text = (
        "Options are read from the configuration file first, then from the "
        "environment, and finally from the command line."
    )
    assert reflow(text, 40, 4) == (
        "    Options are read from the\n"
        "    configuration file first, then from\n"
        "    the environment, and finally from\n"
        "    the command line."
    )


def test_tabs_are_expanded():
    assert reflow("col\tcol\tcol", 30) == "col     col     col"


def test_ansi_sequences_take_no_room():
    assert reflow("\x1b[1mbold\x1b[0m word word word", 14) == "\x1b[1mbold\x1b[0m word word\nword"
    assert reflow("\x1b[31mred\x1b[0m and \x1b[32mgreen\x1b[0m words", 10, 2) == (
        "  \x1b[31mred\x1b[0m and\n  \x1b[32mgreen\x1b[0m\n  words"
    )


def test_long_words_are_split():
    assert reflow("supercalifragilisticexpialidocious", 10) == "supercalif\nragilistic\nexpialidoc\nious"


def test_inner_spaces_are_kept_and_empty_text_is_empty():
    assert reflow("x  y   z", 10) == "x  y   z"
    assert reflow("", 10, 4) == ""
    assert reflow("a\n\n\n", 10) == "a"
