import pytest

from excerpt.stack import exception_chain, frames_of, span_lines


def inner(data):
    return data["missing"]


def outer():
    try:
        inner({})
    except KeyError as error:
        raise ValueError("bad config") from error


def handled():
    try:
        outer()
    except ValueError:
        items = [1, 2]
        return items[5]


def quiet():
    try:
        inner({})
    except KeyError:
        raise RuntimeError("quiet") from None


def helper(data):
    _rich_traceback_omit = True
    return inner(data)


def through_helper():
    return helper({})


class ConfigError(Exception):
    pass


def caught(function):
    try:
        function()
    except BaseException as error:
        return error
    raise AssertionError("nothing raised")


def line(function, offset):
    return function.__code__.co_firstlineno + offset


def test_a_cause_is_printed_first():
    assert exception_chain(caught(outer)) == [("KeyError", "'missing'", "cause"), ("ValueError", "bad config", "")]


def test_an_exception_raised_while_handling_another():
    assert exception_chain(caught(handled)) == [
        ("KeyError", "'missing'", "cause"),
        ("ValueError", "bad config", "context"),
        ("IndexError", "list index out of range", ""),
    ]


def test_a_suppressed_context_is_left_out():
    assert exception_chain(caught(quiet)) == [("RuntimeError", "quiet", "")]


def test_a_lone_exception_of_our_own():
    def fail():
        raise ConfigError("no such key: port")

    assert exception_chain(caught(fail)) == [("ConfigError", "no such key: port", "")]


def test_frames_of_the_last_exception_only():
    error = caught(handled)
    assert frames_of(error) == [
        ("test_turn1.py", line(caught, 2), "caught", "function()"),
        ("test_turn1.py", line(handled, 5), "handled", "return items[5]"),
    ]


def test_frames_of_a_cause():
    cause = caught(outer).__cause__
    assert frames_of(cause) == [
        ("test_turn1.py", line(outer, 2), "outer", "inner({})"),
        ("test_turn1.py", line(inner, 1), "inner", 'return data["missing"]'),
    ]


def test_frames_that_ask_to_be_left_out():
    error = caught(through_helper)
    assert frames_of(error) == [
        ("test_turn1.py", line(caught, 2), "caught", "function()"),
        ("test_turn1.py", line(through_helper, 1), "through_helper", "return helper({})"),
        ("test_turn1.py", line(inner, 1), "inner", 'return data["missing"]'),
    ]


def test_exceptions_never_raised_have_no_frames():
    assert frames_of(ValueError("x")) == []
    with pytest.raises(TypeError):
        frames_of("not an exception")


def test_regions_on_one_line_and_over_several():
    assert span_lines((3, 4), (3, 9)) == [(3, 4, 9)]
    assert span_lines((3, 4), (3, 4)) == [(3, 4, 4)]
    assert span_lines((2, 8), (5, 3)) == [(2, 8, -1), (3, 0, -1), (4, 0, -1), (5, 0, 3)]
    assert span_lines((7, 1), (8, 0)) == [(7, 1, -1), (8, 0, 0)]


def test_a_region_that_ends_before_it_starts():
    with pytest.raises(ValueError):
        span_lines((5, 0), (4, 9))
    with pytest.raises(ValueError):
        span_lines((5, 6), (5, 2))
