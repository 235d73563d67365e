import fractions
from decimal import Decimal

import pytest

from click_params.scalars import coerce


def error(*args, **kwargs):
    with pytest.raises(ValueError) as info:
        coerce(*args, **kwargs)
    return str(info.value)


def test_without_type_or_default_values_stay_text():
    assert coerce("42") == "42"
    assert coerce(42, str) == "42"


def test_numbers():
    assert coerce("42", int) == 42
    assert coerce(" 7 ", int) == 7
    assert coerce("1e3", float) == 1000.0
    assert error("1.5", int) == "'1.5' is not a valid integer."
    assert error("abc", float) == "'abc' is not a valid float."


def test_booleans_accept_click_spellings():
    assert [coerce(v, bool) for v in ["yes", " On ", "T", "TRUE"]] == [True, True, True, True]
    assert [coerce(v, bool) for v in ["n", "", "0"]] == [False, False, False]


def test_boolean_error_lists_recognised_values():
    assert error("maybe", bool) == (
        "'maybe' is not a valid boolean. Recognized values: , 0, 1, f, false, n, no, off, on, t, true, y, yes"
    )


def test_type_inferred_from_default():
    assert coerce("5", default=3) == 5
    assert coerce("5", default=3.0) == 5.0
    assert error("5", default=True) == (
        "'5' is not a valid boolean. Recognized values: , 0, 1, f, false, n, no, off, on, t, true, y, yes"
    )


def test_sequence_default_gives_its_first_item_type():
    assert coerce("7", default=[2, 3]) == 7
    assert error("x", default=(1, "a")) == "'x' is not a valid integer."
    assert coerce("7", default=[]) == "7"


def test_tuple_types():
    assert coerce(("1", "x"), default=[(1, "a")]) == (1, "x")
    assert error(("1", "x", "y"), (int, str)) == "2 values are required, but 3 were given."
    assert error(("1",), (int, str)) == "2 values are required, but 1 was given."
    assert error(("a", "2"), (int, str)) == "'a' is not a valid integer."


def test_default_of_another_type_keeps_text():
    assert coerce("3.25", default=Decimal("1")) == "3.25"


def test_other_types_are_called():
    assert coerce("3.25", Decimal) == Decimal("3.25")
    assert coerce("1/3", fractions.Fraction) == fractions.Fraction(1, 3)
    assert error("x/y", fractions.Fraction) == "Invalid literal for Fraction: 'x/y'"


def test_callable_errors():
    def positive(value):
        number = int(value)
        if number <= 0:
            raise ValueError("must be positive")
        return number

    def silent(value):
        raise ValueError()

    assert coerce("3", positive) == 3
    assert error("-2", positive) == "must be positive"
    assert error("zz", silent) == "zz"
