from click_helptext.commands import command_summary, group_help


def test_first_sentence_only():
    assert command_summary("Initialise a new repository. Creates the folder when needed.") == (
        "Initialise a new repository."
    )


def test_abbreviation_does_not_end_the_sentence():
    text = "Compare two trees vs. the index and print a summary of every change found."
    assert command_summary(text) == "Compare two trees vs. the index and print..."
    assert command_summary(text, limit=30) == "Compare two trees vs. the..."
    assert command_summary("Version 2.0 is here. Enjoy.") == "Version 2.0 is here."
    assert command_summary("Ends with e.g. Something") == "Ends with e.g."


def test_only_first_paragraph_and_no_rewrap_marker_dropped():
    assert command_summary("\b\nShow the log\nof the branch. More text.") == "Show the log of the branch."
    assert command_summary("First paragraph without a period\n\nSecond paragraph. More.") == (
        "First paragraph without a period"
    )


def test_shortening_keeps_whole_words():
    assert command_summary("Remove files from the working tree and from the index", limit=20) == (
        "Remove files from..."
    )
    assert command_summary("A well-known-hyphenated-word sentence that runs long", limit=30) == "A..."


def test_tiny_limit():
    assert command_summary("Anything at all", limit=2) == "..."


def test_deprecated_label():
    assert command_summary("Push changes. Upload.", deprecated=True) == "Push changes. (DEPRECATED)"
    assert command_summary("Push changes. Upload.", deprecated="use sync") == (
        "Push changes. (DEPRECATED: use sync)"
    )
    assert command_summary("", deprecated=True) == "(DEPRECATED)"


def test_explicit_short_text_is_dedented_not_shortened():
    short = "\n    Short text\n    on two lines.\n"
    assert command_summary("Long help. Ignored.", limit=5, short=short) == "Short text\non two lines."


def test_empty_help():
    assert command_summary("") == ""


def test_group_page_limits_summaries_by_longest_name():
    commands = {
        "sync": "Synchronise the local cache with the remote server and report every conflict found.",
        "init": "Create a new project in the current folder.",
        "a-very-long-command": "Do something that takes a long explanation to describe properly.",
    }
    page = group_help("proj", "Manage projects.", [("--help", "Show this message and exit.")], commands, 60)
    assert page == (
        "Usage: proj [OPTIONS] COMMAND [ARGS]...\n\n  Manage projects.\n\n"
        "Options:\n  --help  Show this message and exit.\n\n"
        "Commands:\n"
        "  a-very-long-command  Do something that takes a long...\n"
        "  init                 Create a new project in the...\n"
        "  sync                 Synchronise the local cache with...\n"
    )


def test_group_page_without_commands():
    assert group_help("proj", "", [], {}, 60) == "Usage: proj [OPTIONS] COMMAND [ARGS]...\n"


def test_group_page_with_commands_only():
    assert group_help("proj", "", [], {"x": "Short. Two."}, 40) == (
        "Usage: proj [OPTIONS] COMMAND [ARGS]...\n\nCommands:\n  x  Short.\n"
    )
