import enum

import pytest

from click_params.options import parse_option


class Color(enum.Enum):
    RED = "r"
    GREEN = "g"


def error(value, spec):
    with pytest.raises(ValueError) as info:
        parse_option(value, spec)
    return str(info.value)


def test_exact_choice():
    assert parse_option("fast", {"choices": ["fast", "slow"]}) == "fast"
    assert error("FAST", {"choices": ["fast", "slow"]}) == "'FAST' is not one of 'fast', 'slow'."


def test_case_insensitive_returns_the_original_choice():
    assert parse_option("FAST", {"choices": ["fast", "slow"], "case_sensitive": False}) == "fast"
    assert parse_option("Slow", {"choices": ("fast", "SLOW"), "case_sensitive": False}) == "SLOW"


def test_case_insensitive_uses_full_case_folding():
    assert parse_option("STRASSE", {"choices": ["straße", "weg"], "case_sensitive": False}) == "straße"


def test_case_insensitive_error_shows_normalised_choices():
    assert error("X", {"choices": ["A", "b"], "case_sensitive": False}) == "'X' is not one of 'a', 'b'."


def test_enum_members_match_by_name():
    assert parse_option("RED", {"choices": Color}) is Color.RED
    assert parse_option("red", {"choices": list(Color), "case_sensitive": False}) is Color.RED
    assert error("r", {"choices": Color}) == "'r' is not one of 'RED', 'GREEN'."


def test_non_text_choices_match_their_text():
    assert parse_option("2", {"choices": [1, 2, 3]}) == 2
    assert error("2.0", {"choices": [1, 2, 3]}) == "'2.0' is not one of '1', '2', '3'."


def test_first_matching_choice_wins():
    assert parse_option("A", {"choices": ["a", "A"], "case_sensitive": False}) == "a"
    assert parse_option("1", {"choices": [True, 1, "1"]}) is True
    assert parse_option("a", {"choices": iter(["a", "b"])}) == "a"


def test_single_choice_message():
    assert error("x", {"choices": ["only"]}) == "'x' is not 'only'."


def test_missing_value_gives_the_default():
    assert parse_option(None, {"choices": ["a"], "default": "a"}) == "a"
    assert parse_option(None, {"type": int}) is None


def test_without_choices_values_are_converted():
    assert parse_option("12", {"type": int, "default": 3}) == 12
    assert error("zz", {"default": 3}) == "'zz' is not a valid integer."
