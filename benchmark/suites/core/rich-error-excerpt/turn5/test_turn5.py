import json

from excerpt.report import error_report, hint


class JobError(Exception):
    """A job failed
    while it ran.

    More details here."""


class StepError(JobError):
    pass


class Spaced(Exception):
    """First paragraph.
    
    Second paragraph."""


class Blank(JobError):
    """   """


def load(text):
    return json.loads(text)


def run(text):
    try:
        load(text)
    except ValueError as error:
        raise StepError("job 'x' failed") from error


def failure():
    try:
        run("{")
    except StepError as error:
        return error


def source():
    with open(__file__, encoding="utf-8") as handle:
        return handle.read()


def test_a_report_of_a_chain():
    number = run.__code__.co_firstlineno + 4
    assert number == 35
    assert error_report(failure(), {"test_turn5.py": source()}, 60) == [
        "{",
        " ▲",
        "JSONDecodeError: Expecting property name enclosed in double quotes",
        "raised JSONDecodeError: Expecting property name enclosed in…",
        "hint: Subclass of ValueError with the following additional …",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "File test_turn5.py, line 35, in run",
        "34 │     except ValueError as error:",
        "35 │         raise StepError(\"job 'x' failed\") from error",
        "   │         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "36 │",
        "locals:",
        "  text = '{' [builtins.str]",
        "raised StepError: job 'x' failed",
        "hint: A job failed while it ran.",
    ]


def test_an_exception_raised_while_handling_another():
    try:
        try:
            {}["k"]
        except KeyError:
            raise Spaced("second")
    except Spaced as error:
        report = error_report(error, {}, 72)
    link = report.index("During handling of the above exception, another exception occurred:")
    assert report[link - 2:link] == ["hint: Mapping key not found.", ""]
    assert report[-2:] == ["raised Spaced: second", "hint: First paragraph. Second paragraph."]


def test_a_suppressed_context_is_not_reported():
    try:
        try:
            {}["k"]
        except KeyError:
            raise JobError("plain") from None
    except JobError as error:
        report = error_report(error, {}, 72)
    assert "hint: Mapping key not found." not in report
    assert report[-2:] == ["raised JobError: plain", "hint: A job failed while it ran."]


def test_hints_of_builtin_exceptions():
    assert hint(KeyError("k")) == "Mapping key not found."
    assert hint(ValueError()) == "Inappropriate argument value (of correct type)."


def test_hints_come_from_the_nearest_documented_class():
    assert hint(StepError()) == "A job failed while it ran."
    assert hint(Blank()) == "A job failed while it ran."


def test_a_paragraph_ends_only_at_an_empty_line():
    assert hint(Spaced()) == "First paragraph. Second paragraph."
    assert hint(JobError()) == "A job failed while it ran."


def test_a_file_without_source_gives_just_the_place():
    lines = error_report(failure(), {}, 60)
    assert lines[8] == "File test_turn5.py, line 35, in run"
    assert lines[9] == "locals:"


def test_an_exception_never_raised():
    assert error_report(StepError("x"), {}, 40) == ["raised StepError: x", "hint: A job failed while it ran."]


def test_a_narrow_report_cuts_its_hints():
    assert error_report(ValueError("bad"), {}, 20) == ["raised ValueError: …", "hint: Inappropriate…"]


def test_a_syntax_error_alone():
    error = SyntaxError("invalid syntax", ("<config>", 1, 5, "x = = 2"))
    assert error_report(error, {}, 60) == [
        "x = = 2", "    ▲", "SyntaxError: invalid syntax", "raised SyntaxError: invalid syntax (<config>, line 1)",
        "hint: Invalid syntax."]
