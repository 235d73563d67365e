import math

import pytest

from click_params.numbers import parse_number


def error(value, spec):
    with pytest.raises(ValueError) as info:
        parse_number(value, spec)
    return str(info.value)


def test_value_inside_the_range():
    assert parse_number("5", {"min": 0, "max": 10}) == 5
    assert parse_number(" 8 ", {"min": 0, "max": None}) == 8


def test_closed_range_messages():
    assert error("12", {"min": 0, "max": 10}) == "12 is not in the range 0<=x<=10."
    assert error("-1", {"min": 0}) == "-1 is not in the range x>=0."


def test_open_bounds():
    assert error("10", {"max": 10, "max_open": True}) == "10 is not in the range x<10."
    assert error("0", {"min": 0, "min_open": True, "max": 5}) == "0 is not in the range 0<x<=5."


def test_integer_conversion_error_names_the_range_type():
    assert error("3.5", {"min": 0, "max": 10}) == "'3.5' is not a valid integer range."
    assert error("x", {"min": 0.0}) == "'x' is not a valid float range."


def test_clamping_integers():
    assert parse_number("12", {"min": 0, "max": 10, "clamp": True}) == 10
    assert parse_number("-4", {"min": 0, "max": 10, "min_open": True, "clamp": True}) == 1
    assert parse_number("99", {"max": 10, "max_open": True, "clamp": True}) == 9


def test_float_ranges():
    assert error("2.5", {"min": 0, "max": 1.5}) == "2.5 is not in the range 0<=x<=1.5."
    assert error("2.5", {"min": 0, "max": 2, "type": float}) == "2.5 is not in the range 0<=x<=2."
    assert error("1e2", {"max": 50.0}) == "100.0 is not in the range x<=50.0."
    assert parse_number("2.5", {"min": 0.0, "max": 1.5, "clamp": True}) == 1.5


def test_clamping_an_open_float_bound_is_refused():
    with pytest.raises(TypeError):
        parse_number("1", {"min": 0.0, "min_open": True, "clamp": True})


def test_nan_is_not_out_of_range():
    assert math.isnan(parse_number("nan", {"min": 0.0, "max": 1.0}))


def test_specs_without_bounds_behave_as_before():
    assert parse_number("7", {"type": int}) == 7
    assert parse_number("7", {"choices": ["7", "8"]}) == "7"
    assert error("9", {"choices": ["7", "8"]}) == "'9' is not one of '7', '8'."


def test_missing_value_gives_the_default():
    assert parse_number(None, {"min": 0, "default": 4}) == 4
