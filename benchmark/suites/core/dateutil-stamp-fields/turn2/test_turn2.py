from decimal import Decimal

import pytest

from stamps.units import clock_fields, marked_values, number_of, total_seconds


def test_numbers():
    assert number_of("12") == Decimal("12")
    assert number_of("1.5") == Decimal("1.5")
    assert number_of(" 7 ") == Decimal("7")
    assert number_of("-3") == Decimal("-3")


def test_numbers_written_unusually():
    assert number_of("1e3") == Decimal("1000")
    assert number_of("1_000") == Decimal("1000")


def test_what_is_not_a_number():
    for bad in ("inf", "NaN", "abc", ""):
        with pytest.raises(ValueError):
            number_of(bad)


def test_fractional_hours_and_minutes():
    assert clock_fields("1.5", "h") == {"hour": 1, "minute": 30, "second": None, "microsecond": None}
    assert clock_fields("12.51", "h") == {"hour": 12, "minute": 30, "second": None, "microsecond": None}
    assert clock_fields("2.25", "minutes") == {"hour": None, "minute": 2, "second": 15, "microsecond": None}


def test_fractional_seconds():
    assert clock_fields("4.5", "s") == {"hour": None, "minute": None, "second": 4, "microsecond": 500000}
    assert clock_fields("4.1234567", "s")["microsecond"] == 123456


def test_unit_words():
    assert clock_fields("7", "hours")["hour"] == 7
    assert clock_fields("1.5", "H")["minute"] == 30
    with pytest.raises(ValueError):
        clock_fields("30", "sec")


def test_marked_values():
    assert marked_values("1h30m") == [(Decimal(1), "h"), (Decimal(30), "m")]
    assert marked_values("1h 30m 15.5s") == [(Decimal(1), "h"), (Decimal(30), "m"), (Decimal("15.5"), "s")]
    assert marked_values("2.5 h") == [(Decimal("2.5"), "h")]


def test_numbers_after_a_marked_one():
    assert marked_values("12h04") == [(Decimal(12), "h"), (Decimal(4), "m")]
    assert marked_values("5m 2") == [(Decimal(5), "m"), (Decimal(2), "s")]
    assert marked_values("h 12") == [(Decimal(12), "m")]
    assert marked_values("at 3 pm") == [] and marked_values("3") == []


def test_total_seconds():
    assert total_seconds("1h30m") == 5400
    assert total_seconds("12h04") == 43440
    assert total_seconds("1h 30m 15.5s") == Decimal("5415.5")
    assert total_seconds("10 hours 5") == 36300


def test_total_seconds_of_fractions():
    assert total_seconds("1.5h30") == 7200
    assert total_seconds("0.51h") == 1800
    assert total_seconds("no numbers") == 0
