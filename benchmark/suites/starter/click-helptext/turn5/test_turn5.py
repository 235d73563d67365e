from click_helptext.epilog import full_help

OPTIONS = [("--help", "Show this message and exit.")]
COMMANDS = {"run": "Run the pipeline. Slow.", "check": "Validate the configuration."}
PAGE = (
    "Usage: proj [OPTIONS] COMMAND [ARGS]...\n\n  Manage.\n\n"
    "Options:\n  --help  Show this message and exit.\n\n"
    "Commands:\n  check  Validate the configuration.\n  run    Run the pipeline.\n"
)


def page(epilog, width=50):
    return full_help("proj", "Manage.", OPTIONS, COMMANDS, epilog, width)


def test_without_epilog_the_group_page_is_unchanged():
    assert page("") == PAGE
    assert full_help("proj", "Manage.", OPTIONS, COMMANDS) == PAGE


def test_simple_epilog_is_indented_after_a_blank_line():
    assert page("See https://example.org for more.") == PAGE + "\n  See https://example.org for more.\n"


def test_epilog_is_dedented_like_a_docstring():
    epilog = """
        Examples:

            proj run --fast
            proj check

        Report bugs to the issue tracker of the project, please include the version.
        """
    assert page(epilog) == PAGE + (
        "\n  Examples:\n\n      proj run --fast     proj check\n\n"
        "  Report bugs to the issue tracker of the project,\n  please include the version.\n"
    )


def test_first_line_does_not_count_for_the_common_indentation():
    epilog = "First line not indented\n    second line indented\n    third line"
    assert page(epilog) == PAGE + "\n  First line not indented second line indented\n  third line\n"


def test_tabs_in_the_epilog():
    assert page("\tTabbed\n\tlines here", 40) == PAGE + "\n  Tabbed lines here\n"


def test_no_rewrap_block_in_an_indented_epilog():
    assert page("    \b\n    keep\n      these\n    lines", 40) == PAGE + "\n  keep\n    these\n  lines\n"


def test_blank_epilog_still_adds_its_block():
    assert page("\n\n   \n") == PAGE + "\n\n"


def test_epilog_wraps_at_the_page_width():
    epilog = "Every command accepts the global options shown above, before its own options."
    assert page(epilog, 30) == (
        "Usage: proj \n           [OPTIONS] COMMAND\n           [ARGS]...\n\n  Manage.\n\n"
        "Options:\n  --help  Show this message\n          and exit.\n\n"
        "Commands:\n  check  Validate the...\n  run    Run the pipeline.\n\n"
        "  Every command accepts the\n  global options shown above,\n  before its own options.\n"
    )


def test_minimal_page_with_epilog():
    assert full_help("proj", "", [], {}, "Bye.") == "Usage: proj [OPTIONS] COMMAND [ARGS]...\n\n  Bye.\n"


def test_common_indentation_of_later_paragraphs_is_removed():
    epilog = "Notes:\n\n  - first point that is rather long and wraps\n\n  - second point"
    assert page(epilog, 40) == PAGE + (
        "\n  Notes:\n\n  - first point that is rather long and\n  wraps\n\n  - second point\n"
    )
