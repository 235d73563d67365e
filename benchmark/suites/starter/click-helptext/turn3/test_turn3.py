from click_helptext.usage import help_page, usage_line


def test_short_usage_line():
    assert usage_line("tool", "[OPTIONS] SRC DST") == "Usage: tool [OPTIONS] SRC DST\n"


def test_usage_without_arguments_has_no_trailing_space():
    assert usage_line("tool") == "Usage: tool\n"
    assert usage_line("tool", "") == "Usage: tool\n"


def test_long_argument_list_aligns_under_first_argument():
    args = "[OPTIONS] " + " ".join(f"FILE{i}" for i in range(12))
    assert usage_line("tool", args, 40) == (
        "Usage: tool [OPTIONS] FILE0 FILE1 FILE2\n"
        "            FILE3 FILE4 FILE5 FILE6\n"
        "            FILE7 FILE8 FILE9 FILE10\n"
        "            FILE11\n"
    )


def test_long_program_name_moves_arguments_to_next_line():
    assert usage_line("a-program-with-a-rather-long-name", "[OPTIONS] INPUT OUTPUT", 50) == (
        "Usage: a-program-with-a-rather-long-name \n           [OPTIONS] INPUT OUTPUT\n"
    )
    args = "[OPTIONS] " + " ".join(f"ARG{i}" for i in range(10))
    assert usage_line("a-program-with-a-rather-long-name", args, 40) == (
        "Usage: a-program-with-a-rather-long-name \n"
        "           [OPTIONS] ARG0 ARG1 ARG2 ARG3\n"
        "           ARG4 ARG5 ARG6 ARG7 ARG8 ARG9\n"
    )


def test_threshold_for_moving_arguments():
    args = "[OPTIONS] A B C D E F G H"
    assert usage_line("tool", args, 32) == "Usage: tool [OPTIONS] A B C D E\n            F G H\n"
    assert usage_line("tool", args, 31) == "Usage: tool \n           [OPTIONS] A B C D E\n           F G H\n"
    assert usage_line("p", "[OPTIONS]", 20) == "Usage: p \n           [OPTIONS]\n"


def test_styled_program_name_is_measured_by_visible_width():
    assert usage_line("\x1b[1mtool\x1b[0m", "[OPTIONS] A B C D E F G H", 32) == (
        "Usage: \x1b[1mtool\x1b[0m [OPTIONS] A B C D E\n            F G H\n"
    )


def test_full_page():
    page = help_page(
        "tool",
        "[OPTIONS] SRC",
        "Copy SRC somewhere else, keeping its permissions and timestamps.",
        [("-f, --force", "Overwrite."), ("--help", "Show this message and exit.")],
        40,
    )
    assert page == (
        "Usage: tool [OPTIONS] SRC\n\n"
        "  Copy SRC somewhere else, keeping its\n  permissions and timestamps.\n\n"
        "Options:\n  -f, --force  Overwrite.\n  --help       Show this message and\n               exit.\n"
    )


def test_page_with_usage_only():
    assert help_page("tool", "", "", []) == "Usage: tool\n"


def test_page_without_options():
    assert help_page("tool", "[OPTIONS]", "Only a description.", []) == (
        "Usage: tool [OPTIONS]\n\n  Only a description.\n"
    )


def test_page_without_description():
    assert help_page("tool", "[OPTIONS]", "", [("--help", "Show help.")]) == (
        "Usage: tool [OPTIONS]\n\nOptions:\n  --help  Show help.\n"
    )


def test_description_paragraphs_on_a_narrow_page():
    page = help_page("tool", "[OPTIONS]", "\b\nline one\nline two\n\nTail paragraph.", [], 30)
    assert page == "Usage: tool \n           [OPTIONS]\n\n  line one\n  line two\n\n  Tail paragraph.\n"
